// Public types of the checkout script: what merchants pass in and get back.

import type { CheckoutError } from './errors.ts';
import type { MessageKey } from './i18n/en.ts';

export type Environment = 'sandbox' | 'production';

export type FieldName = 'number' | 'expiry' | 'cvc' | 'holder';
export type FieldError = 'required' | 'incomplete' | 'invalid' | 'unsupported' | 'expired';

/** One field's state, as merchants see it: flags and an error code, never a value. */
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

export interface CardFormState {
  /** Brand id (`visa`, `mastercard`, `elo`, …) once detected. */
  brand: string | undefined;
  /** Every required field is valid: submit() would tokenize. */
  complete: boolean;
  fields: Record<FieldName, FieldState>;
}

/**
 * Variables applied inside the card frame as CSS custom properties. Colours are CSS colours, sizes CSS
 * lengths; anything the browser does not accept as such is ignored.
 */
export interface Appearance {
  colorText?: string;
  colorBackground?: string;
  colorBorder?: string;
  colorFocus?: string;
  colorError?: string;
  fontFamily?: string;
  fontSize?: string;
  radius?: string;
  spacing?: string;
}

/** What a successful tokenization hands the merchant: all their backend needs for Payment/Init. */
export interface CardTokenResult extends ThreeDsResult {
  ok: true;
  token: string;
  /** Network name as Payment/Init's brandName wants it (`Visa`, `Mastercard`, `Elo`, …). */
  brand: string;
  last4: string;
  /** First six and last four digits with asterisks between (antifraud-only variant). */
  maskedNumber: string;
  expirationMonth: number;
  expirationYear: number;
  /** False only when the shopper asked to save the card. */
  singleUse: boolean;
  /** The spec's frontData as the service received it, with ipAddress and acceptHeader it added: pass it to Payment/Init. */
  frontData: Readonly<Record<string, string>>;
}

/**
 * What a 3DS authentication adds to the result (accounts with 3DS on). `code`, `referenceId` and
 * `transactionId` are what the merchant backend sends in Payment/Init's AuthenticationInformation.
 */
export interface ThreeDsResult {
  code?: string;
  referenceId?: string;
  transactionId?: string;
  /**
   * The final EMV transStatus: Y (authenticated), A (attempted) or U (not available). N and R never
   * reach a result: they end in a CheckoutError of type authentication.
   */
  status?: 'Y' | 'A' | 'U';
  /** The Electronic Commerce Indicator, when the service sent one (e.g. 05 Visa, 02 Mastercard). */
  eci?: string;
  /** Who bears a fraud chargeback: `full` (Y) and `partial` (A) move it to the issuer; `none` (U). */
  liabilityShift?: 'full' | 'partial' | 'none';
}

export interface Failure {
  ok: false;
  error: CheckoutError;
}

export type CardResult = CardTokenResult | Failure;

/** A saved card from Token/List: masked data only. */
export interface StoredCard {
  token: string;
  brand: string;
  last4: string;
  maskedNumber: string;
  expirationMonth: number;
  expirationYear: number;
  cardHolderName?: string;
  expired: boolean;
}

export type StoredCardsResult = { ok: true; cards: StoredCard[] } | Failure;

export interface CheckoutOptions {
  /** From the merchant backend's Token/NewSession. */
  sessionId: string;
  /** The merchant account name. */
  account: string;
  environment: Environment;
  /** Called with every submit's outcome, the same value the promise resolves to. */
  callback?: (result: CardResult) => void;
  /** A BCP 47 tag; `pt-PT` falls back to `pt-BR`, anything unknown to English. Default: the browser's. */
  locale?: string;
  /** Replace any shipped string. */
  messages?: Partial<Record<MessageKey, string>>;
  appearance?: Appearance;
  /** Show a "save this card" checkbox; only a ticked box creates a reusable token. */
  saveCard?: boolean;
  /** The token host; defaults per environment (the local sandbox for `sandbox`). */
  tokenUrl?: string;
  /**
   * How long the shopper has for a 3DS challenge before it ends with `challenge_timeout`, in
   * milliseconds. Default 600 000 (10 minutes); at least 30 000.
   */
  challengeTimeoutMs?: number;
}
