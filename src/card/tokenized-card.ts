// A card as tokenized: read from the service's answer by api/service.ts, handed from the card frame to
// the page as it is (messaging/decode.ts checks it there), and turned into the merchant's CardResult by
// the authentication flow. One shape from the service to the merchant.

import type { Authentication } from '../three-ds/model.ts';
import type { CardDetails, CardTokenResult } from '../types.ts';

/** What the shopper chose in the card form besides the card (the frame adds it to the service's answer). */
export type FormChoices = Pick<CardTokenResult, 'installments' | 'document' | 'documentType' | 'funding'>;

export interface TokenizedCard extends CardDetails, FormChoices {
  token: string;
  singleUse: boolean;
  /** The spec's frontData as the service received it (Token/Generate completes it). */
  frontData: Record<string, string>;
  /** How Token/Bind proved a stored card: its security code or its passkey. */
  verification?: 'cvv' | 'passkey';
  /** Token/Generate's 3DS block, when the request carried an authentication code. */
  authentication?: Authentication;
}
