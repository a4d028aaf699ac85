// The token vault's card checks: what Token/Generate, Token/Bind and pci/init refuse. The same pure card
// module the card fields use (src/card) decides brand, length, Luhn and expiry, so browser and service agree.

import { detectBrand, luhnValid, maskCardNumber, validateExpiry } from '../src/card/index.ts';
import { ServiceError } from './errors.ts';
import type { CardRequest } from './schemas.ts';

export interface CheckedCard {
  brand: string;
  bin: string;
  last4: string;
  maskedNumber: string;
  expirationMonth: number;
  expirationYear: number;
  holderName: string | undefined;
  cvvLength: number;
  /** A sandbox test card whose payments are declined. */
  declines: boolean;
}

/** Sandbox test cards that tokenize but whose payments are declined (documented in the README). */
export const DECLINED_TEST_CARDS: readonly string[] = ['4000000000000002', '5105105105105100'];

export function checkCard(card: CardRequest, now: Date, field = 'card'): CheckedCard {
  const digits = card.cardNumber;
  if (!/^\d{12,19}$/.test(digits)) {
    throw new ServiceError('card_number_invalid', {
      field: `${field}.cardNumber`,
      message: 'The card number must be 12 to 19 digits.',
    });
  }
  const brand = detectBrand(digits);
  if (brand === undefined) throw new ServiceError('card_brand_unsupported', { field: `${field}.cardNumber` });
  if (!brand.lengths.includes(digits.length) || !luhnValid(digits)) {
    throw new ServiceError('card_number_invalid', { field: `${field}.cardNumber` });
  }
  const { expirationMonth: month, expirationYear: year } = card;
  if (year < 1000 || year > 9999) {
    throw new ServiceError('card_expiry_invalid', {
      field: `${field}.expirationYear`,
      message: 'expirationYear must have four digits.',
    });
  }
  const expiry = validateExpiry(month, year, now);
  if (expiry === 'expired') throw new ServiceError('card_expired', { field: `${field}.expirationYear` });
  if (expiry !== 'valid') {
    throw new ServiceError('card_expiry_invalid', {
      field: expiry === 'invalid_month' ? `${field}.expirationMonth` : `${field}.expirationYear`,
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
    declines: DECLINED_TEST_CARDS.includes(digits),
  };
}
