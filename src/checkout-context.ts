// What the Checkout hands its flows: one object, built once by its constructor (checkout.ts). Each flow
// takes the part it needs (`Pick<CheckoutContext, ...>`) and at most one thing of its own.

import type { ServiceClient, ServiceTarget } from './api/service.ts';
import type { Locale, MessageOverrides, Messages } from './i18n/index.ts';
import type { Session } from './session.ts';
import type { CardResult, CheckoutOptions, PaymentResult } from './types.ts';

/** The merchant's options as the flows read them: checked, frozen, and without the session (`session`). */
export type CheckoutSettings = Readonly<Omit<CheckoutOptions, 'sessionId'>>;

export interface CheckoutContext {
  /** The token host and the account: where the card frame comes from and the service client goes. */
  readonly target: ServiceTarget;
  /** The shopper's session, known or on its way: the one holder of its id (`updateSession` sets it). */
  readonly session: Session;
  readonly options: CheckoutSettings;
  /** The locale the Checkout picked (after fallback). */
  readonly locale: Locale;
  /**
   * The locale's strings with the merchant's `messages`, as they are now (a table may load later); the
   * overrides of a chunk's strings too (the Pix code's, the wallets'), which it lays over its own table.
   */
  readonly messages: () => Messages & MessageOverrides;
  /** The token host's service client. */
  readonly client: ServiceClient;
  /** Hands a card result (a token, or why there is none) to `callback`; a throwing callback stays the merchant's error. */
  readonly deliver: <T extends CardResult>(result: T) => T;
  /** Hands a payment's result to `onPayment`, the same way. */
  readonly deliverPayment: (result: PaymentResult) => PaymentResult;
}
