// A card as tokenized: read from the service's answer by api/service.ts, handed from the card frame to
// the page as it is (messaging/decode.ts checks it there), and turned into the merchant's CardResult by
// the authentication flow. One shape from the service to the merchant.

import type { Authentication } from '../three-ds/authentication.ts';

export interface TokenizedCard {
  token: string;
  /** Network name as Payment/Init's brandName wants it (`Visa`, `Elo`, …). */
  brand: string;
  last4: string;
  /** First six and last four digits with asterisks between; never more digits. */
  maskedNumber: string;
  expirationMonth: number;
  expirationYear: number;
  singleUse: boolean;
  /** The spec's frontData as the service received it (Token/Generate completes it). */
  frontData: Record<string, string>;
  /** Token/Generate's 3DS block, when the request carried an authentication code. */
  authentication?: Authentication;
}
