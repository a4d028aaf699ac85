// The token vault's card checks: what Token/Generate, Token/Bind and pci/init refuse. The same pure card
// module the card fields use (src/card) decides brand, length, Luhn and expiry, so browser and service agree.

import { checkCardData, maskCardNumber } from '../src/card/index.ts';
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
  const check = checkCardData(card, now);
  if (!check.ok) {
    const brand = check.brand;
    throw new ServiceError(check.error, {
      field: `${field}.${check.field}`,
      ...(brand === undefined
        ? {}
        : { message: `The security code of a ${brand.name} card has ${String(brand.cvvLength)} digits.` }),
    });
  }
  const { brand } = check;
  const digits = card.cardNumber;
  const { expirationMonth: month, expirationYear: year } = card;
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
