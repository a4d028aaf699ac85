// The Checkout: what merchants construct with the shopper's session. A facade: it checks the options,
// picks the locale, hands every result to the merchant's callback, and leaves each use case to its flow
// (flows/): the card form, stored cards, headless tokenization and pay(), the wallets.

import { resolveTokenOrigin } from './api/hosts.ts';
import { serviceClient, type ServiceClient } from './api/service.ts';
import { collectFrontData, type FrontData } from './browser-data/index.ts';
import type { CheckoutApi } from './checkout-api.ts';
import type { SvcCardForm } from './elements/card-form.ts';
import { ERROR_CODES } from './errors.ts';
import { CardFormFlow } from './flows/card-form.ts';
import { hand } from './flows/hand.ts';
import { headlessAndPayFlow, type HeadlessAndPayFlow } from './flows/headless-and-pay.ts';
import { listStoredCards } from './flows/stored-cards.ts';
import { walletsFlow, type WalletsFlow } from './flows/wallets.ts';
import { loadLocale, messagesFor, resolveLocale, type Locale } from './i18n/index.ts';
import { validateOptions } from './options.ts';
import { Session } from './session.ts';
import type * as types from './types.ts';
import type { ApplePayOptions, GooglePayOptions } from './wallets/types.ts';

/**
 * The checkout for one shopper's session. It mounts the secure card form (or a stored card's security
 * code), submits it, lists the shopper's stored cards, collects front data and, for SAQ A-EP pages,
 * tokenizes a card from the merchant's own form. Failures a page must expect resolve as
 * `{ok: false, error}` with a {@link CheckoutError}; the `callback` option receives every card result too.
 */
export class Checkout implements CheckoutApi {
  #options: types.CheckoutOptions;
  readonly #client: ServiceClient;
  readonly #locale: Locale;
  readonly #cardForm: CardFormFlow;
  readonly #session: Session;
  readonly #wallets: WalletsFlow;
  /** Headless tokenization and pay(), each loaded at its first call (full build). */
  readonly #headlessAndPay: HeadlessAndPayFlow;

  /**
   * Checks the options and picks the locale; it touches no DOM until something is mounted.
   *
   * @param options - The session from the merchant backend, the account, the environment and settings.
   * @throws {@link CheckoutError} `invalid_option` when an option is missing, of the wrong type or
   * unknown, or `tokenUrl` is missing in production or not https; the message names it.
   */
  constructor(options: types.CheckoutOptions) {
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
    this.#cardForm = new CardFormFlow({
      ...source,
      deliver: (run) => run.then((result) => hand(this.#options.callback, result)),
      onEnter: options.onPayment && (() => void this.pay()),
    });
    this.#wallets = walletsFlow({
      ...source,
      client: this.#client,
      fail: (error) => void hand(this.#options.callback, { ok: false, error }),
    });
    this.#headlessAndPay = headlessAndPayFlow({ ...source, client: this.#client, cardForm: this.#cardForm });
  }

  /** The locale the fields are shown in, after fallback (`pt-PT` → `pt-BR` → `en`). */
  get locale(): Locale {
    return this.#locale;
  }

  mountCardForm(target: string | Element): SvcCardForm {
    return this.#cardForm.mount(target);
  }

  mountStoredCard(
    target: string | Element,
    card: Pick<types.StoredCard, 'token' | 'brand' | 'last4'> & Partial<Pick<types.StoredCard, 'passkey'>>,
  ): SvcCardForm {
    return this.#cardForm.mount(target, card);
  }

  submit(options: types.CallOptions = {}): Promise<types.CardResult> {
    return this.#cardForm.submit(options.signal);
  }

  listStoredCards(options: types.CallOptions = {}): Promise<types.StoredCardsResult> {
    return listStoredCards(this.#client, this.#session.ready, options.signal);
  }

  collectFrontData(): FrontData {
    return collectFrontData(window);
  }

  tokenizeCard(card: types.HeadlessCard, options: types.HeadlessOptions = {}): Promise<types.CardResult> {
    return this.#headlessAndPay.tokenizeCard(card, options);
  }

  prepareAuthentication(
    cardNumber: string,
    options: types.HeadlessOptions = {},
  ): Promise<types.PreparationResult> {
    return this.#headlessAndPay.prepareAuthentication(cardNumber, options);
  }

  authenticate(
    authentication: unknown,
    options: types.HeadlessOptions = {},
  ): Promise<types.AuthenticationResult> {
    return this.#headlessAndPay.authenticate(authentication, options);
  }

  updateSession(sessionId: string): void {
    this.#options = validateOptions({ ...this.#options, sessionId });
    // The card form flow holds the same session, and sets it.
    this.#cardForm.updateSession(sessionId);
  }

  showDecline(reason?: string): void {
    this.#cardForm.showDecline(reason);
  }

  useGooglePay(options: GooglePayOptions): Promise<boolean> {
    return this.#wallets.useGooglePay(options);
  }

  useApplePay(options: ApplePayOptions): Promise<boolean> {
    return this.#wallets.useApplePay(options);
  }

  pay(options: types.PayOptions = {}): Promise<types.PaymentResult> {
    return this.#headlessAndPay.pay(options);
  }

  destroy(): void {
    this.#cardForm.destroy();
    this.#headlessAndPay.destroy();
    this.#wallets.destroy();
  }
}
