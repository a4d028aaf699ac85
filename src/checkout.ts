// The Checkout: what merchants construct with the shopper's session. A facade: it checks the options,
// picks the locale, hands every result to the merchant's callback, and leaves each use case to its flow
// (flows/): the card form, stored cards, headless tokenization and pay(), the wallets.

import { resolveTokenOrigin } from './api/hosts.ts';
import { serviceClient } from './api/service.ts';
import { collectFrontData, type FrontData } from './browser-data/index.ts';
import type { CheckoutApi } from './checkout-api.ts';
import type { CheckoutContext } from './checkout-context.ts';
import type { SvcCardForm } from './elements/card-form.ts';
import { ERROR_CODES } from './errors.ts';
import { CardFormFlow } from './flows/card-form-flow.ts';
import { listStoredCards } from './flows/stored-cards.ts';
import { headlessFlow, payFlow, walletsFlow } from '#build';
import { loadLocale, messagesFor, resolveLocale, type Locale } from './i18n/index.ts';
import { validateOptions } from './options.ts';
import { Session } from './session.ts';
import type * as types from './types.ts';
import type { ApplePayOptions, GooglePayOptions } from './wallets/wallet-options.ts';

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

/**
 * The checkout for one shopper's session. It mounts the secure card form (or a stored card's security
 * code), submits it, lists the shopper's stored cards, collects front data and, for SAQ A-EP pages,
 * tokenizes a card from the merchant's own form. Failures a page must expect resolve as
 * `{ok: false, error}` with a {@link CheckoutError}; the `callback` option receives every card result too.
 */
export class Checkout implements CheckoutApi {
  /** What every flow is handed a part of, built once here. */
  readonly #context: CheckoutContext;
  readonly #cardForm: CardFormFlow;
  /** The wallets, headless tokenization and pay(): each loaded at its first call, as the build wires it. */
  readonly #wallets: ReturnType<typeof walletsFlow>;
  readonly #headless: ReturnType<typeof headlessFlow>;
  readonly #pay: ReturnType<typeof payFlow>;

  /**
   * Checks the options and picks the locale; it touches no DOM until something is mounted.
   *
   * @param options - The session from the merchant backend, the account, the environment and settings.
   * @throws {@link CheckoutError} `invalid_option` when an option is missing, of the wrong type or
   * unknown, or `tokenUrl` is missing in production or not https; the message names it.
   */
  constructor(options: types.CheckoutOptions) {
    // The session is held once, by `session`; the flows read the rest, which no one changes.
    const { sessionId, ...checked } = validateOptions(options);
    const settings = Object.freeze(checked);
    const session = new Session(sessionId);
    const target = {
      origin: resolveTokenOrigin(settings.environment, settings.tokenUrl),
      account: settings.account,
    };
    const client = serviceClient(target, ERROR_CODES);
    const locale = resolveLocale(
      settings.locale ?? (typeof navigator === 'undefined' ? undefined : navigator.languages),
    );
    // Its strings start loading now, beside the session, unless the script has them (i18n/tables.ts).
    void loadLocale(locale);
    const context: CheckoutContext = (this.#context = {
      target,
      session,
      options: settings,
      locale,
      messages: () => messagesFor(locale, settings.messages),
      client,
      deliver: (result) => hand(settings.callback, result),
      deliverPayment: (result) => hand(settings.onPayment, result),
    });
    this.#cardForm = new CardFormFlow(context, settings.onPayment && (() => void this.pay()));
    this.#wallets = walletsFlow(context);
    this.#headless = headlessFlow(context);
    this.#pay = payFlow(context, this.#cardForm);
  }

  /** The locale the fields are shown in, after fallback (`pt-PT` → `pt-BR` → `en`). */
  get locale(): Locale {
    return this.#context.locale;
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
    return listStoredCards(this.#context.client, this.#context.session.ready, options.signal);
  }

  collectFrontData(): FrontData {
    return collectFrontData(window);
  }

  tokenizeCard(card: types.HeadlessCard, options: types.HeadlessOptions = {}): Promise<types.CardResult> {
    return this.#headless.tokenizeCard(card, options);
  }

  prepareAuthentication(
    cardNumber: string,
    options: types.HeadlessOptions = {},
  ): Promise<types.PreparationResult> {
    return this.#headless.prepareAuthentication(cardNumber, options);
  }

  authenticate(
    authentication: unknown,
    options: types.HeadlessOptions = {},
  ): Promise<types.AuthenticationResult> {
    return this.#headless.authenticate(authentication, options);
  }

  updateSession(sessionId: string): void {
    // Checked as the constructor checks it; the options stay as they are.
    validateOptions({ ...this.#context.options, sessionId });
    // The card form flow sets the session, which every flow reads, and tells the mounted form.
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
    return this.#pay.pay(options);
  }

  showPayment(options: types.ShowPaymentOptions = {}): Promise<types.PaymentResult> {
    return this.#pay.showPayment(options);
  }

  destroy(): void {
    this.#cardForm.destroy();
    this.#pay.destroy();
    this.#wallets.destroy();
  }
}
