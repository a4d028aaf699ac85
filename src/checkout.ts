// The Checkout: what merchants construct with the shopper's session. A facade: it checks the options,
// picks the locale, hands every result to the merchant's callback, and leaves each use case to its flow
// (flows/): the card form, stored cards, headless tokenization, the wallets.

import { resolveTokenOrigin } from './api/hosts.ts';
import { serviceClient, type ServiceClient } from './api/service.ts';
import { collectFrontData, type FrontData } from './browser-data/index.ts';
import type { SvcCardForm } from './elements/card-form.ts';
import { ERROR_CODES } from './errors.ts';
import { CardFormFlow } from './flows/card-form.ts';
import type { ChallengeSource } from './flows/authentication.ts';
import { LazyFlow } from './flows/lazy-flow.ts';
import { loadBrowserPayment, loadHeadless } from './flows/load-full.ts';
import { listStoredCards } from './flows/stored-cards.ts';
import { walletsFlow, type WalletsFlow } from './flows/wallets.ts';
import { loadLocale, messagesFor, resolveLocale, type Locale } from './i18n/index.ts';
import { validateOptions } from './options.ts';
import { Session } from './session.ts';
import type {
  AuthenticationResult,
  CallOptions,
  CardResult,
  CheckoutOptions,
  HeadlessCard,
  HeadlessOptions,
  PaymentResult,
  PayOptions,
  PreparationResult,
  StoredCard,
  StoredCardsResult,
} from './types.ts';
import type { ApplePayOptions, GooglePayOptions } from './wallets/types.ts';

/**
 * The checkout for one shopper's session. It mounts the secure card form (or a stored card's security
 * code), submits it, lists the shopper's stored cards, collects front data and, for SAQ A-EP pages,
 * tokenizes a card from the merchant's own form. Failures a page must expect resolve as
 * `{ok: false, error}` with a {@link CheckoutError}; the `callback` option receives every card result too.
 */
export class Checkout {
  #options: CheckoutOptions;
  readonly #client: ServiceClient;
  readonly #locale: Locale;
  readonly #cardForm: CardFormFlow;
  readonly #session: Session;
  /** What every flow's 3DS challenge needs of the Checkout. */
  readonly #source: ChallengeSource;
  readonly #wallets: WalletsFlow;
  /** Headless tokenization, loaded at its first call (full build). */
  readonly #headless = new LazyFlow(() =>
    loadHeadless().then(
      ({ HeadlessFlow }) =>
        new HeadlessFlow({
          client: this.#client,
          sessionId: () => this.#session.ready,
          source: this.#source,
        }),
    ),
  );
  /** Paying from the browser, loaded at the first pay() (full build); its flow hands results to onPayment. */
  readonly #payments = new LazyFlow(() =>
    loadBrowserPayment().then(({ browserPayments }) =>
      browserPayments({
        options: this.#options,
        sessionId: () => this.#session.ready,
        cardForm: this.#cardForm,
        deliver: (result) => void hand(this.#options.onPayment, result),
      }),
    ),
  );

  /**
   * Checks the options and picks the locale; it touches no DOM until something is mounted.
   *
   * @param options - The session from the merchant backend, the account, the environment and settings.
   * @throws {@link CheckoutError} `invalid_option` when an option is missing, of the wrong type or
   * unknown, or `tokenUrl` is missing in production or not https; the message names it.
   */
  constructor(options: CheckoutOptions) {
    this.#options = validateOptions(options);
    this.#session = new Session(options.sessionId);
    const origin = resolveTokenOrigin(options.environment, options.tokenUrl);
    const target = { origin, account: options.account };
    this.#client = serviceClient(target, ERROR_CODES);
    this.#locale = resolveLocale(
      options.locale ?? (typeof navigator === 'undefined' ? undefined : navigator.languages),
    );
    // Its strings start loading now, beside the session, unless the script has them (i18n/tables.ts).
    void loadLocale(this.#locale);
    const source = {
      target,
      session: this.#session,
      options: this.#options,
      locale: this.#locale,
      messages: () => messagesFor(this.#locale, this.#options.messages),
    };
    this.#source = source;
    this.#cardForm = new CardFormFlow({
      ...source,
      deliver: (run) => this.#deliver(run),
      onEnter: options.onPayment && (() => void this.pay()),
    });
    this.#wallets = walletsFlow({
      ...source,
      client: this.#client,
      fail: (error) => void hand(this.#options.callback, { ok: false, error }),
    });
  }

  /** The locale the fields are shown in, after fallback (`pt-PT` → `pt-BR` → `en`). */
  get locale(): Locale {
    return this.#locale;
  }

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
  mountCardForm(target: string | Element): SvcCardForm {
    return this.#cardForm.mount(target);
  }

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
    card: Pick<StoredCard, 'token' | 'brand' | 'last4'> & Partial<Pick<StoredCard, 'passkey'>>,
  ): SvcCardForm {
    return this.#cardForm.mount(target, card);
  }

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
  submit(options: CallOptions = {}): Promise<CardResult> {
    return this.#cardForm.submit(options.signal);
  }

  /**
   * The cards the session's customer saved (Token/List), masked, expired ones included and marked.
   * The page calls the token host itself, so its CSP needs `connect-src` for it.
   *
   * @param options - `signal` to abort the request (code `aborted`).
   * @returns The cards, or `{ok: false, error}` (`session_expired`, `network_error`, `aborted`, …).
   */
  listStoredCards(options: CallOptions = {}): Promise<StoredCardsResult> {
    return listStoredCards(this.#client, this.#session.ready, options.signal);
  }

  /**
   * The spec's frontData for this browser, shaped as EMV 3DS wants it, for a backend that needs it
   * without a card form (which sends it itself). It never throws.
   */
  collectFrontData(): FrontData {
    return collectFrontData(window);
  }

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
  tokenizeCard(card: HeadlessCard, options: HeadlessOptions = {}): Promise<CardResult> {
    return this.#deliver(this.#headless.call((flow) => flow.tokenize(card, options)));
  }

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
  prepareAuthentication(cardNumber: string, options: HeadlessOptions = {}): Promise<PreparationResult> {
    return this.#headless.call((flow) => flow.prepare(cardNumber, options));
  }

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
  authenticate(authentication: unknown, options: HeadlessOptions = {}): Promise<AuthenticationResult> {
    return this.#headless.call((flow) => flow.authenticate(authentication, options));
  }

  /**
   * Continues with a new session from the merchant backend when the old one expired
   * (`session_expired`): the mounted form keeps what the shopper typed, and the next submit uses it.
   *
   * @param sessionId - The new session's id.
   * @throws {@link CheckoutError} `invalid_option` when it is not a non-empty string of at most 128.
   */
  updateSession(sessionId: string): void {
    this.#options = validateOptions({ ...this.#options, sessionId });
    // The card form flow holds the same session, and sets it.
    this.#cardForm.updateSession(sessionId);
  }

  /**
   * Tells the shopper, inside the card form, that the payment with its last result was declined
   * (Payment/Init's `declineReason`, e.g. `insufficient_funds`), in their language; the form opens
   * again with what they typed, and the next submit tokenizes anew.
   *
   * @param reason - The declined payment method's `declineReason`; unknown or none reads as a generic decline.
   * @throws {@link CheckoutError} `not_mounted` when no card form is mounted.
   */
  showDecline(reason?: string): void {
    this.#cardForm.showDecline(reason);
  }

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
  useGooglePay(options: GooglePayOptions): Promise<boolean> {
    return this.#wallets.useGooglePay(options);
  }

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
  useApplePay(options: ApplePayOptions): Promise<boolean> {
    return this.#wallets.useApplePay(options);
  }

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
  pay(options: PayOptions = {}): Promise<PaymentResult> {
    return this.#payments.call(
      (flow) => flow.pay(options),
      (failure) => hand(this.#options.onPayment, failure),
    );
  }

  /**
   * Removes the mounted form with its frame, port and listeners, and the wallets' buttons (an open
   * Apple Pay sheet is aborted); an open 3DS challenge ends as `challenge_cancelled`, and a running
   * submit resolves with `destroyed`. The Checkout can mount again.
   */
  destroy(): void {
    this.#cardForm.destroy();
    void this.#payments.loaded?.then((flow) => {
      flow.destroy();
    });
    this.#wallets.destroy();
  }

  #deliver(run: Promise<CardResult>): Promise<CardResult> {
    return run.then((result) => hand(this.#options.callback, result));
  }
}

/** Gives the merchant's callback a result; its failing must not turn into ours: it surfaces as theirs. */
function hand<T>(callback: ((result: T) => void) | undefined, result: T): T {
  try {
    callback?.(result);
  } catch (error) {
    queueMicrotask(() => {
      throw error;
    });
  }
  return result;
}
