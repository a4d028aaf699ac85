// Headless tokenization, for the spec's "pure JS" and "manual tokenization" modes: the card comes from
// the merchant's own form (PCI SAQ A-EP). Local checks first, so an invalid card costs no request.

import { generateToken, type ServiceClient } from '../api/service.ts';
import { collectFrontData } from '../browser-data/index.ts';
import { checkCardData, type CardCheckError } from '../card/index.ts';
import { CheckoutError } from '../errors.ts';
import type { CardResult } from '../types.ts';
import { authenticate } from './authentication.ts';

/** A card from the merchant's own form (headless mode, SAQ A-EP). */
export interface HeadlessCard {
  /** The card number; spaces and dashes are ignored. */
  cardNumber: string;
  /** The expiry month, 1 to 12. */
  expirationMonth: number;
  /** The expiry year, four digits. */
  expirationYear: number;
  /** The security code, as long as the brand needs (3 digits, 4 for Amex). */
  cvv: string;
  /** The name on the card. */
  cardHolderName?: string;
  /** The shopper consented to save the card. */
  saveCard?: boolean;
}

/** What headless mode says when it refuses a card locally (never the card's data). */
const HEADLESS_MESSAGES: Readonly<Record<CardCheckError, string>> = {
  card_number_invalid: 'The card number is not valid.',
  card_brand_unsupported: 'The card brand is not supported.',
  card_expiry_invalid: 'The expiry date is not valid.',
  card_expired: 'The card has expired.',
  cvv_invalid: 'The security code does not have the length the card brand needs.',
};

export async function tokenizeCard(
  client: ServiceClient,
  sessionId: string,
  card: HeadlessCard,
  signal?: AbortSignal,
): Promise<CardResult> {
  const digits = typeof card.cardNumber === 'string' ? card.cardNumber.replace(/[\s-]/g, '') : '';
  const check = checkCardData({ ...card, cardNumber: digits }, new Date());
  if (!check.ok) {
    return { ok: false, error: new CheckoutError(check.error, 'validation', HEADLESS_MESSAGES[check.error]) };
  }
  const reply = await generateToken(
    client,
    {
      sessionId,
      card: {
        cardNumber: digits,
        expirationMonth: card.expirationMonth,
        expirationYear: card.expirationYear,
        cvv: card.cvv,
        ...(card.cardHolderName === undefined ? {} : { cardHolderName: card.cardHolderName }),
        singleUse: card.saveCard !== true,
      },
      frontData: { ...collectFrontData(window) },
    },
    undefined,
    signal,
  );
  // No 3DS here yet (the request carries no authentication code), so no challenge can come.
  return reply.ok ? authenticate(reply.value) : reply;
}
