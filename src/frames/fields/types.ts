// State the card fields expose to the frame script: field names, error codes and flags, never a value.

import type { BrandId } from '../../card/index.ts';

export const FIELD_NAMES = ['number', 'expiry', 'cvc', 'holder'] as const;
export type FieldName = (typeof FIELD_NAMES)[number];

export type FieldError = 'required' | 'incomplete' | 'invalid' | 'unsupported' | 'expired';

export interface FieldState {
  /** Nothing typed. */
  empty: boolean;
  /**
   * As many characters as the format needs: a length the detected brand allows, `MM / YY`, the
   * brand's CVC length, a non-blank name. A complete value can still be invalid (Luhn, expired).
   */
  complete: boolean;
  /** The value would be accepted now. */
  valid: boolean;
  /**
   * The error the shopper sees: set on blur or by validateAll(), cleared as soon as the value is
   * valid, so it mirrors the screen rather than every keystroke.
   */
  error: FieldError | undefined;
}

export interface FieldsState {
  /** Detected brand (card mode) or the stored card's brand (cvv mode). */
  brand: BrandId | undefined;
  /** Every required field is valid: readCard() (or readCvv() in cvv mode) returns the data. */
  complete: boolean;
  fields: Record<FieldName, FieldState>;
}

/** What Token/Generate needs from the shopper. Only the frame script ever holds it. */
export interface CardData {
  /** Digits only. */
  cardNumber: string;
  expirationMonth: number;
  /** Four digits. */
  expirationYear: number;
  cvv: string;
  /** Trimmed. */
  cardHolderName: string;
}
