// What a Checkout does once constructed, documented: its methods' TSDoc lives here, so that checkout.ts
// stays the facade that hands each method to a flow. `Checkout` implements it, and the API reference
// (TypeDoc) and the editor's hover show these comments on `Checkout`'s methods.

import type { FrontData } from './browser-data/index.ts';
import type { SvcCardForm } from './elements/card-form.ts';
import type * as types from './types.ts';
import type { ApplePayOptions, GooglePayOptions } from './wallets/wallet-options.ts';

/**
 * The methods of a {@link Checkout}, as it implements them: a type for a page's own wrappers and test
 * doubles of it.
 */
export interface CheckoutApi {
  /**
   * Renders the card fields (number, expiry, security code, name; the CPF or CNPJ with `documentField`,
   * the installments with `installments`, and the "save this card" box with `saveCard`) in a frame from
   * the token host. A form mounted before is removed first.
   *
   * @param target - The element to append the form to, or a selector for it.
   * @returns The `<svc-card-form>` element, for its events and `state`.
   * @throws {@link CheckoutError} `invalid_target` (type `configuration`) when no element matches, or
   * the element holds another Checkout's form (one Checkout per element: `destroy()` that one first).
   */
  mountCardForm(target: string | Element): SvcCardForm;

  /**
   * Renders a frame with the security code (and the installments, with `installments`) for a card from
   * {@link Checkout.listStoredCards};
   * `submit()` then checks the code with Token/Bind and resolves with the stored card's token. A form
   * mounted before is removed first.
   *
   * @param target - The element to append the form to, or a selector for it.
   * @param card - The stored card (its token, brand and last four digits).
   * @returns The `<svc-card-form>` element, in `cvv` mode; throws `invalid_target` as mountCardForm.
   */
  mountStoredCard(
    target: string | Element,
    card: Pick<types.StoredCard, 'token' | 'brand' | 'last4'> & Partial<Pick<types.StoredCard, 'passkey'>>,
  ): SvcCardForm;

  /**
   * Tokenizes what the mounted form holds (Token/Generate, or Token/Bind for a stored card) and runs
   * 3DS when the account has it, challenge included. Enter in a field does the same. A second call
   * while one runs returns the same promise: one request, one callback.
   *
   * @param options - `signal` to stop waiting (code `aborted`; an open challenge is cancelled).
   * @returns The token and card details, or `{ok: false, error}`: `not_mounted`, `not_ready`,
   * `validation_failed` (the fields show why), a code from the service (`card_expired`, `cvv_mismatch`,
   * `session_expired`, …), `network_error`, `timeout`, `destroyed`, `aborted`, `authentication_failed`,
   * `authentication_rejected`, `challenge_cancelled` or `challenge_timeout`.
   */
  submit(options?: types.CallOptions): Promise<types.CardResult>;

  /**
   * The cards the session's customer saved (Token/List), masked, expired ones included and marked.
   * The page calls the token host itself, so its CSP needs `connect-src` for it.
   *
   * @param options - `signal` to abort the request (code `aborted`).
   * @returns The cards, or `{ok: false, error}` (`session_expired`, `network_error`, `aborted`, …).
   */
  listStoredCards(options?: types.CallOptions): Promise<types.StoredCardsResult>;

  /**
   * The spec's frontData for this browser, shaped as EMV 3DS wants it, for a backend that needs it
   * without a card form (which sends it itself). It never throws.
   */
  collectFrontData(): FrontData;

  /**
   * Headless tokenization for the spec's "pure JS" and "manual tokenization" modes (full build): the
   * card comes from the merchant's own form, so the page handles card data and the merchant is in PCI
   * SAQ A-EP. Invalid input fails locally without a request. On an account with 3DS it runs the setup
   * and device data collection (those {@link Checkout.prepareAuthentication} started for this BIN, or
   * new ones), sends the setup's code with Token/Generate, and opens the challenge dialog when the
   * issuer asks. Prefer the card form, which keeps the page in SAQ A.
   *
   * @param card - The card as the shopper typed it, and whether they consented to save it.
   * @param options - `signal` to abort (code `aborted`), `onThreeDsStep` to show 3DS progress.
   * @returns The token and card details (with the 3DS fields when it ran), or `{ok: false, error}`:
   * `card_number_invalid`, `card_brand_unsupported`, `card_expiry_invalid`, `card_expired` or
   * `cvv_invalid` without a request; otherwise a code from the service, `network_error`, `timeout`,
   * `aborted`, `authentication_failed`, `authentication_rejected`, `challenge_cancelled`,
   * `challenge_timeout`, or `full_build_required` in the essentials build.
   */
  tokenizeCard(card: types.HeadlessCard, options?: types.HeadlessOptions): Promise<types.CardResult>;

  /**
   * Starts 3DS for a card in the merchant's own form (full build): the setup, with the number's BIN
   * only, and the device data collection in a hidden iframe on this page. Call it as soon as the number
   * is complete; a call with another BIN replaces the running one (which resolves `aborted`), and
   * {@link Checkout.tokenizeCard} spends it. A page that calls Token/Generate itself sends the `code`
   * as `authenticationInformation.code`.
   *
   * @param cardNumber - The card number; spaces and dashes are ignored.
   * @param options - `onThreeDsStep` hears the collection's steps.
   * @returns `{ok: true, code}` (no `code` when the account runs no 3DS), or `{ok: false, error}`:
   * `card_number_invalid` or `card_brand_unsupported` without a request, a code from the service,
   * `network_error`, `timeout`, `aborted`, or `full_build_required` in the essentials build.
   */
  prepareAuthentication(
    cardNumber: string,
    options?: types.HeadlessOptions,
  ): Promise<types.PreparationResult>;

  /**
   * Finishes 3DS for a page that called Token/Generate itself (manual tokenization, full build): takes
   * the answer's `authentication` object, opens the challenge dialog when its status is C, and gives
   * the verdict.
   *
   * @param authentication - The `authentication` object of the Token/Generate answer, as it came.
   * @param options - `signal` to cancel an open challenge (code `aborted`), `onThreeDsStep`.
   * @returns `{ok: true, code, referenceId, transactionId, status, eci, liabilityShift}` for
   * Payment/Init's AuthenticationInformation, or `{ok: false, error}`: `authentication_failed`,
   * `authentication_rejected`, `challenge_cancelled`, `challenge_timeout`, `invalid_option` (not such
   * an object), `aborted`, or `full_build_required` in the essentials build.
   */
  authenticate(authentication: unknown, options?: types.HeadlessOptions): Promise<types.AuthenticationResult>;

  /**
   * Continues with a new session from the merchant backend when the old one expired
   * (`session_expired`): the mounted form keeps what the shopper typed, and the next submit uses it.
   *
   * @param sessionId - The new session's id.
   * @throws {@link CheckoutError} `invalid_option` when it is not a non-empty string of at most 128.
   */
  updateSession(sessionId: string): void;

  /**
   * Tells the shopper, inside the card form, that the payment with its last result was declined
   * (Payment/Init's `declineReason`, e.g. `insufficient_funds`), in their language; the form opens
   * again with what they typed, and the next submit tokenizes anew.
   *
   * @param reason - The declined payment method's `declineReason`; unknown or none reads as a generic decline.
   * @throws {@link CheckoutError} `not_mounted` when no card form is mounted.
   */
  showDecline(reason?: string): void;

  /**
   * Shows the Google Pay button (WalletAPay, spec §4.9) in `options.selector` when the shopper can pay
   * with it here (full build). The shopper's click opens Google's sheet; once they authorize,
   * `checkoutCallbackFunction` gets the wallet token for your backend's Payment/Init, and its answer
   * closes the sheet as paid or keeps it open with your message. A cancel, a wallet failure or a callback
   * too slow reaches the `callback` as `{ok: false, error}`.
   *
   * @param options - The container, merchantInfo, transactionInfo, the button's look, installments and
   *   your callback; see {@link GooglePayOptions}.
   * @returns `true` once the button is shown, `false` when Google Pay cannot be used here (why goes to
   *   `onUnavailable` as a `wallet_unavailable` error with its `reason`, never to `callback`). Rejects with `invalid_option` or `invalid_target` when an option is wrong, and
   *   with `full_build_required` in the essentials build.
   */
  useGooglePay(options: GooglePayOptions): Promise<boolean>;

  /**
   * Shows the Apple Pay button (WalletBPay, spec §4.9) in `options.button.selector` when the shopper can
   * pay with it here (full build). The click opens Apple's sheet at once; the service validates the
   * merchant (or your `onValidateMerchant`); once the shopper authorizes, `applePayCallback` gets the
   * wallet token for your backend's Payment/Init, and its answer completes the sheet. A cancel, a failed
   * validation, a failed payment or a callback too slow reaches the `callback` as `{ok: false, error}`.
   *
   * @param options - The button, merchantId, cart, installments and your callback; see
   *   {@link ApplePayOptions}.
   * @returns Whether Apple Pay is available here, the button then shown (spec §4.9); why not goes to
   *   `onUnavailable` as a `wallet_unavailable` error with its `reason`, never to `callback`. Rejects with `invalid_option` or `invalid_target` when an option is wrong, and with
   *   `full_build_required` in the essentials build.
   */
  useApplePay(options: ApplePayOptions): Promise<boolean>;

  /**
   * Client script for everything (full build): pays the session's order from the browser. By card (the
   * default) it submits the card form (tokenization and 3DS, as `submit()`); by `method: 'pix'` it needs
   * no form, and the `pending` progress step carries the BR Code for the shopper's bank app
   * (`payment.pix`). It calls Payment/Init on the payment engine and follows the payment until it is
   * final; the engine takes the amount, currency and order reference from the session, so the page
   * cannot change what is paid. A second call while one runs returns the
   * same promise; once paid, it answers the same result without a request. The `onPayment` option gets
   * every result; `svc-payment` events on the form tell where it is.
   *
   * @param options - `method` (`card` or `pix`), `signal` to stop (code `aborted`; following stops
   *   too), `onProgress`.
   * @returns `{ok: true, payment}` (status `authorized`, or `paid` for a PIX), or `{ok: false, error,
   *   payment?}`: the submit's errors, a code from the engine (`order_already_paid`,
   *   `session_order_mismatch`, …), `payment_declined` (the form opens again; pay again),
   *   `payment_expired` (a PIX not paid in time), `payment_status_unknown` (ask your backend), `aborted`, `destroyed`,
   *   `invalid_option` (no `engineUrl` in production) or `full_build_required` in the essentials build.
   */
  pay(options?: types.PayOptions): Promise<types.PaymentResult>;

  /**
   * Shows the payment your backend made for this session (full build): a PIX or a boleto it created with
   * Payment/Init, its app token and this session's `tokenSession` (the page never holds the app token).
   * The script reads the payment at `POST {engine}/api/Payment/SessionStatus` (a session may read its
   * own payment, and nothing else), shows the Pix code or the boleto in `target` and follows it until it
   * is final, as `pay()` follows its own. A second call while one runs returns the same promise; once
   * paid, it answers the same result without a request. The `onPayment` option gets the result.
   *
   * @param options - `target` (where the code shows), `signal` to stop (code `aborted`), `onProgress`.
   * @returns `{ok: true, payment}` (status `paid`, or the card payment's `authorized`), or `{ok: false,
   *   error, payment?}`: `payment_expired` (not paid in time), `payment_not_found` (no payment made with
   *   this session yet), `session_order_mismatch` (a session without the order), `session_expired`,
   *   `payment_status_unknown` (ask your backend), `aborted`, `destroyed`, `invalid_target`,
   *   `invalid_option` (no `engineUrl` in production) or `full_build_required` in the essentials build.
   */
  showPayment(options?: types.ShowPaymentOptions): Promise<types.PaymentResult>;

  /**
   * Removes the mounted form with its frame, port and listeners, and the wallets' buttons (an open
   * Apple Pay sheet is aborted); an open 3DS challenge ends as `challenge_cancelled`, and a running
   * submit resolves with `destroyed`. The Checkout can mount again.
   */
  destroy(): void;
}
