// The token vault's card checks: what Token/Generate, Token/Bind, ThreeDS/Setup and pci/init refuse. The
// service's own rules (brands in card-brands.ts, Luhn, expiry, masking), written apart from the card
// fields' so the two can disagree, and a test against published test numbers can tell which one is wrong.

import { detectBrand, type CardBrand } from './card-brands.ts';
import { cardFunding } from './card-funding.ts';
import { ServiceError } from './errors.ts';
import { luhnValid } from './luhn.ts';
import type { CheckedCard } from './records.ts';
import type { CardRequest } from './schemas.ts';

/** Issuers print at most a few years ahead; a later year is almost surely a typo. */
const MAX_YEARS_AHEAD = 20;

/** First six and last four digits with '*' between, the length of the number: 411111******1111. */
export function maskCardNumber(digits: string): string {
  return digits.slice(0, 6) + '*'.repeat(Math.max(0, digits.length - 10)) + digits.slice(-4);
}

export type ExpiryCheck = 'valid' | 'expired' | 'invalid_month' | 'invalid_year';

/**
 * A four-digit expiry is good through the last day of its month (UTC); a month past is 'expired', a
 * year of another shape or more than twenty years ahead is 'invalid_year'.
 */
export function checkExpiry(month: number, year: number, now: Date): ExpiryCheck {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) return 'invalid_year';
  if (!Number.isInteger(month) || month < 1 || month > 12) return 'invalid_month';
  // Date.UTC's month is 0-based, so `month` is the month after expiry: its first instant is too late.
  if (now.getTime() >= Date.UTC(year, month, 1)) return 'expired';
  return year - now.getUTCFullYear() > MAX_YEARS_AHEAD ? 'invalid_year' : 'valid';
}

/**
 * The network of a card number the service accepts: 12 to 19 digits (`card_number_invalid`), a network
 * it supports (`card_brand_unsupported`), a length that network issues and a passing Luhn check
 * (`card_number_invalid`).
 */
export function checkCardNumber(digits: string, field: string): CardBrand {
  if (!/^\d{12,19}$/.test(digits)) {
    throw new ServiceError('card_number_invalid', {
      field,
      message: 'The card number must be 12 to 19 digits.',
    });
  }
  const brand = detectBrand(digits);
  if (brand === undefined) throw new ServiceError('card_brand_unsupported', { field });
  if (!brand.supported) {
    throw new ServiceError('card_brand_unsupported', {
      field,
      message: `${brand.name} cards are not supported.`,
    });
  }
  if (!brand.lengths.includes(digits.length) || !luhnValid(digits)) {
    throw new ServiceError('card_number_invalid', { field });
  }
  return brand;
}

export function checkCard(card: CardRequest, now: Date, field = 'card'): CheckedCard {
  const digits = card.cardNumber;
  const brand = checkCardNumber(digits, `${field}.cardNumber`);
  const { expirationMonth: month, expirationYear: year } = card;
  const expiry = checkExpiry(month, year, now);
  if (expiry === 'expired') throw new ServiceError('card_expired', { field: `${field}.expirationYear` });
  if (expiry !== 'valid') {
    throw new ServiceError('card_expiry_invalid', {
      field: `${field}.${expiry === 'invalid_month' ? 'expirationMonth' : 'expirationYear'}`,
    });
  }
  if (!/^\d+$/.test(card.cvv) || card.cvv.length !== brand.cvvLength) {
    throw new ServiceError('cvv_invalid', {
      field: `${field}.cvv`,
      message: `The security code of a ${brand.name} card has ${String(brand.cvvLength)} digits.`,
    });
  }
  return {
    brand: brand.name,
    bin: digits.slice(0, 6),
    last4: digits.slice(-4),
    maskedNumber: maskCardNumber(digits),
    expirationMonth: month,
    expirationYear: year,
    holderName: card.cardHolderName,
    cvvLength: brand.cvvLength,
    funding: cardFunding(digits),
  };
}
