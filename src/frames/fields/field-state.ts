// State the card fields expose to the frame script: field names, error codes and flags, never a value.

import type { BrandId, CardData as CardNumberData } from '../../card/index.ts';

import type { FieldName, FieldState } from '../../types.ts';

export type { FieldError, FieldName, FieldState } from '../../types.ts';

export interface FieldsState {
  /** Detected brand (card mode) or the stored card's brand (cvv mode). */
  brand: BrandId | undefined;
  /** Every required field is valid: readCard() (or readCvv() in cvv mode) returns the data. */
  complete: boolean;
  fields: Record<FieldName, FieldState>;
}

/** What Token/Generate needs from the shopper (the card rules' CardData and the name). Only the frame script ever holds it. */
export interface CardData extends CardNumberData {
  /** Trimmed. */
  cardHolderName: string;
}
