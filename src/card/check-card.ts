// The whole card check in one place, for the two callers that get a card in one piece: the token
// vault (the sandbox's Token/Generate) and headless tokenization on a merchant page. The card fields
// check field by field as the shopper types, with the same rules underneath.

import { detectBrand, type Brand } from './brands.ts';
import { validateCvv } from './cvv.ts';
import { validateExpiry } from './expiry.ts';
import { luhnValid } from './luhn.ts';

export interface CardData {
  cardNumber: string;
  expirationMonth: number;
  expirationYear: number;
  cvv: string;
}

export type CardCheckError =
  'card_number_invalid' | 'card_brand_unsupported' | 'card_expiry_invalid' | 'card_expired' | 'cvv_invalid';

export type CardCheck =
  | { ok: true; brand: Brand }
  | {
      ok: false;
      error: CardCheckError;
      field: 'cardNumber' | 'expirationMonth' | 'expirationYear' | 'cvv';
      brand?: Brand;
    };

/** Digits only, 12 to 19, of a supported brand of that length with a passing Luhn check. */
export function checkCardNumber(digits: string): Brand | 'card_number_invalid' | 'card_brand_unsupported' {
  if (!/^\d{12,19}$/.test(digits)) return 'card_number_invalid';
  const brand = detectBrand(digits);
  if (brand === undefined) return 'card_brand_unsupported';
  return brand.lengths.includes(digits.length) && luhnValid(digits) ? brand : 'card_number_invalid';
}

/** The number as checkCardNumber does; a four-digit year not past; the brand's CVV length. */
export function checkCardData(card: CardData, now: Date): CardCheck {
  const brand = checkCardNumber(card.cardNumber);
  if (typeof brand === 'string') return { ok: false, error: brand, field: 'cardNumber' };
  const { expirationMonth: month, expirationYear: year } = card;
  if (!Number.isInteger(month) || !Number.isInteger(year) || year < 1000 || year > 9999) {
    return {
      ok: false,
      error: 'card_expiry_invalid',
      field: Number.isInteger(month) ? 'expirationYear' : 'expirationMonth',
    };
  }
  const expiry = validateExpiry(month, year, now);
  if (expiry === 'expired') return { ok: false, error: 'card_expired', field: 'expirationYear' };
  if (expiry !== 'valid')
    return {
      ok: false,
      error: 'card_expiry_invalid',
      field: expiry === 'invalid_month' ? 'expirationMonth' : 'expirationYear',
    };
  if (
    !/^\d+$/.test(card.cvv) ||
    validateCvv(card.cvv, brand) !== 'valid' ||
    card.cvv.length !== brand.cvvLength
  ) {
    return { ok: false, error: 'cvv_invalid', field: 'cvv', brand };
  }
  return { ok: true, brand };
}
