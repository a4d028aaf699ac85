// Pure card logic (no DOM): brands, formatting and validation for the card frame and headless mode.

export { BRAND_IDS, BRANDS, detectBrand, type Brand, type BrandId, type CardTypeCode } from './brands.ts';
export {
  digitsOnly,
  formatCardNumber,
  formatWithCaret,
  maxCardNumberLength,
  validateCardNumber,
  type CardNumberError,
  type CardNumberValidation,
} from './number-rules.ts';
export { maxCvvLength, validateCvv, type CvvValidation } from './cvv.ts';
export {
  formatExpiryInput,
  parseExpiry,
  validateExpiry,
  type Expiry,
  type ExpiryValidation,
} from './expiry.ts';
export { luhnValid } from './luhn.ts';
export { last4, maskCardNumber } from './mask.ts';
export {
  checkCardData,
  checkCardNumber,
  type CardCheck,
  type CardCheckError,
  type CardData,
} from './check-card.ts';
