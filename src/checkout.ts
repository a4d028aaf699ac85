// The Checkout: what merchants construct with the shopper's session. It mounts the secure card frame,
// submits it, lists stored cards, collects front data and, for SAQ A-EP integrations, tokenizes a card
// from the merchant's own form. Every async method resolves to {ok: true, ...} | {ok: false, error} and
// calls the merchant's callback with the same value.

import { generateToken, listTokens, type ServiceTarget } from './api/service.ts';
import { resolveTokenOrigin } from './api/hosts.ts';
import { collectFrontData, type FrontData } from './browser-data/index.ts';
import { checkCardData, type CardCheckError } from './card/index.ts';
import { defineElements } from './define.ts';
import type { SvcCardForm } from './elements/card-form.ts';
import { SvcChallengeCancelEvent, type SvcChallengeDialog } from './elements/challenge-dialog.ts';
import { CheckoutError } from './errors.ts';
import { messagesFor, resolveLocale, type Locale } from './i18n/index.ts';
import type { FrameConfig, WireTokenResult } from './messaging/protocol.ts';
import { CHALLENGE_TIMEOUT_MS, validateOptions } from './options.ts';
import { decodeAuthentication, type Authentication } from './api/three-ds-decode.ts';
import { SvcThreeDsEvent } from './events.ts';
import type { MessageKey } from './i18n/en.ts';
import { runChallenge } from './three-ds/challenge.ts';
import type { CardResult, CheckoutOptions, StoredCard, StoredCardsResult } from './types.ts';

/** A card from the merchant's own form (headless mode, SAQ A-EP). */
export interface HeadlessCard {
  cardNumber: string;
  expirationMonth: number;
  expirationYear: number;
  cvv: string;
  cardHolderName?: string;
  /** The shopper consented to save the card. */
  saveCard?: boolean;
}

/** What headless mode says when it refuses a card locally (never the card's data). */
const HEADLESS_MESSAGES: Readonly<Record<CardCheckError, string>> = {
  card_number_invalid: 'The card number is not valid.',
  card_brand_unsupported: 'The card brand is not supported.',
  card_expiry_invalid: 'The expiry date is not valid.',
  card_expired: 'The card has expired.',
  cvv_invalid: 'The security code does not have the length the card brand needs.',
};

/** What the frame shows the shopper for a failed submit; undefined when the fields already show it. */
function alertKey(error: CheckoutError): MessageKey | undefined {
  switch (error.code) {
    case 'validation_failed':
    case 'submit_in_progress':
    case 'not_ready':
    case 'destroyed':
      return undefined;
    case 'cvv_mismatch':
      return 'errorCvcMismatch';
    case 'challenge_cancelled':
      return 'errorChallengeCancelled';
    case 'challenge_timeout':
      return 'errorChallengeTimeout';
  }
  if (error.type === 'authentication') return 'errorAuthentication';
  return error.type === 'network' ? 'errorNetwork' : 'errorSubmit';
}

/** N and R (and a challenge the shopper cancelled at the issuer) end the card payment: another method is needed. */
function refusalOf(authentication: Authentication): CheckoutError | undefined {
  if (authentication.cancelled) {
    return new CheckoutError('challenge_cancelled', 'cancelled', 'The shopper cancelled the 3DS challenge.');
  }
  if (authentication.status === 'N') {
    return new CheckoutError(
      'authentication_failed',
      'authentication',
      'The card issuer did not authenticate the shopper (3DS status N): ask for another payment method.',
    );
  }
  if (authentication.status === 'R') {
    return new CheckoutError(
      'authentication_rejected',
      'authentication',
      'The card issuer rejected the authentication (3DS status R): ask for another payment method.',
    );
  }
  return undefined;
}

function failure(error: CheckoutError): CardResult {
  return { ok: false, error };
}

export class Checkout {
  readonly #options: CheckoutOptions;
  readonly #target: ServiceTarget;
  readonly #locale: Locale;
  #form: SvcCardForm | undefined;
  #inFlight: Promise<CardResult> | undefined;
  #dialog: SvcChallengeDialog | undefined;

  constructor(options: CheckoutOptions) {
    this.#options = validateOptions(options);
    this.#target = {
      origin: resolveTokenOrigin(options.environment, options.tokenUrl),
      account: options.account,
    };
    this.#locale = resolveLocale(
      options.locale ?? (typeof navigator === 'undefined' ? undefined : navigator.languages),
    );
  }

  /** The locale the fields are shown in, after fallback (`pt-PT` → `pt-BR` → `en`). */
  get locale(): Locale {
    return this.#locale;
  }

  /** Renders the card fields into `target` (an element or a selector) and returns the host element. */
  mountCardForm(target: string | Element): SvcCardForm {
    return this.#mount(target, { mode: 'card', showSaveCard: this.#options.saveCard ?? false });
  }

  /** Renders a CVV-only frame for a stored card; submit() then validates it with Token/Bind. */
  mountStoredCard(
    target: string | Element,
    card: Pick<StoredCard, 'token' | 'brand' | 'last4'>,
  ): SvcCardForm {
    return this.#mount(target, {
      mode: 'cvv',
      showSaveCard: false,
      storedCard: { token: card.token, brand: card.brand, last4: card.last4 },
    });
  }

  /** Tokenizes what the mounted form holds. A second call while one is running returns the same promise. */
  submit(): Promise<CardResult> {
    if (this.#inFlight !== undefined) return this.#inFlight;
    const form = this.#form;
    if (form === undefined) {
      return this.#deliver(
        Promise.resolve(
          failure(
            new CheckoutError('not_mounted', 'configuration', 'Mount a card form before calling submit().'),
          ),
        ),
      );
    }
    const run = form
      .submit({ ...collectFrontData(window) })
      .then((outcome) => (outcome.ok ? this.#authenticate(form, outcome.result) : failure(outcome.error)))
      .then((result) => {
        // The shopper sees why, inside the frame; a validation failure already shows on its field.
        if (!result.ok) {
          const key = alertKey(result.error);
          if (key !== undefined) form.alert(this.#messages()[key]);
        }
        return result;
      });
    this.#inFlight = this.#deliver(run).finally(() => {
      this.#inFlight = undefined;
    });
    return this.#inFlight;
  }

  /** The session customer's saved cards (masked). */
  async listStoredCards(): Promise<StoredCardsResult> {
    const reply = await listTokens(this.#target, this.#options.sessionId);
    if (!reply.ok) return reply;
    return {
      ok: true,
      cards: reply.value.map((t) => ({
        token: t.token,
        brand: t.brand,
        last4: t.last4,
        maskedNumber: t.maskedNumber,
        expirationMonth: t.expirationMonth,
        expirationYear: t.expirationYear,
        ...(t.cardHolderName === undefined ? {} : { cardHolderName: t.cardHolderName }),
        expired: t.expired,
      })),
    };
  }

  /** The spec's frontData for this browser (the service adds IP address and Accept header). */
  collectFrontData(): FrontData {
    return collectFrontData(window);
  }

  /**
   * Headless tokenization for the spec's "pure JS" and "manual tokenization" modes: the card comes from
   * the merchant's own form, so the page handles card data and the merchant is in PCI SAQ A-EP.
   * Invalid input fails locally without a request.
   */
  tokenizeCard(card: HeadlessCard): Promise<CardResult> {
    const digits = typeof card.cardNumber === 'string' ? card.cardNumber.replace(/[\s-]/g, '') : '';
    const check = checkCardData({ ...card, cardNumber: digits }, new Date());
    if (!check.ok) {
      const message = HEADLESS_MESSAGES[check.error];
      return this.#deliver(Promise.resolve(failure(new CheckoutError(check.error, 'validation', message))));
    }
    const run = generateToken(this.#target, {
      sessionId: this.#options.sessionId,
      card: {
        cardNumber: digits,
        expirationMonth: card.expirationMonth,
        expirationYear: card.expirationYear,
        cvv: card.cvv,
        ...(card.cardHolderName === undefined ? {} : { cardHolderName: card.cardHolderName }),
        singleUse: card.saveCard !== true,
      },
      frontData: { ...collectFrontData(window) },
    }).then((reply): CardResult => {
      if (!reply.ok) return reply;
      const { token, singleUse, card: c, frontData } = reply.value;
      return {
        ok: true,
        token,
        brand: c.brand,
        last4: c.last4,
        maskedNumber: c.maskedNumber,
        expirationMonth: c.expirationMonth,
        expirationYear: c.expirationYear,
        singleUse,
        frontData,
      };
    });
    return this.#deliver(run);
  }

  /** Removes the frame, its port and listeners. The Checkout can mount again afterwards. */
  destroy(): void {
    // A challenge still open ends as cancelled, and its dialog goes with the form.
    this.#dialog?.dispatchEvent(new SvcChallengeCancelEvent());
    this.#form?.remove();
    this.#form = undefined;
  }

  #mount(
    target: string | Element,
    frame: Pick<FrameConfig, 'mode' | 'showSaveCard' | 'storedCard'>,
  ): SvcCardForm {
    const container = typeof target === 'string' ? document.querySelector(target) : target;
    if (container === null) {
      throw new CheckoutError(
        'invalid_target',
        'configuration',
        `No element matches "${typeof target === 'string' ? target : 'the target'}".`,
      );
    }
    defineElements();
    this.destroy();
    const messages = this.#messages();
    const form = document.createElement('svc-card-form');
    form.setup({
      tokenOrigin: this.#target.origin,
      title: frame.mode === 'cvv' ? messages.cvcFrameTitle : messages.frameTitle,
      config: {
        sessionId: this.#options.sessionId,
        account: this.#options.account,
        locale: this.#locale,
        messages,
        appearance: this.#options.appearance ?? {},
        ...frame,
      },
      onSubmitRequest: () => {
        void this.submit();
      },
    });
    container.append(form);
    this.#form = form;
    return form;
  }

  #messages() {
    return messagesFor(this.#locale, this.#options.messages);
  }

  /** A token with a 3DS block: run the challenge if the issuer asked for one, then read the verdict. */
  async #authenticate(form: SvcCardForm, wire: WireTokenResult): Promise<CardResult> {
    const { authentication: block, ...token } = wire;
    if (block === undefined) return { ok: true, ...token };
    let authentication = decodeAuthentication(block);
    if (authentication === undefined) {
      return failure(
        new CheckoutError('invalid_response', 'service', 'The card frame sent an unreadable 3DS block.'),
      );
    }
    if (authentication.challenge !== undefined) {
      const messages = this.#messages();
      const dialog = document.createElement('svc-challenge-dialog');
      document.body.append(dialog);
      this.#dialog = dialog;
      const challenged = await runChallenge({
        dialog,
        tokenOrigin: this.#target.origin,
        sessionId: this.#options.sessionId,
        account: this.#options.account,
        locale: this.#locale,
        title: messages.challengeTitle,
        closeLabel: messages.challengeClose,
        challenge: authentication.challenge,
        timeoutMs: this.#options.challengeTimeoutMs ?? CHALLENGE_TIMEOUT_MS,
        onShown: () => form.dispatchEvent(new SvcThreeDsEvent('challenge-shown')),
      }).finally(() => {
        dialog.remove();
        this.#dialog = undefined;
        // The dialog gave focus back to where it was; if that could not take it (a Pay button the
        // merchant disabled while paying, say), the card form does, so keyboard users are not lost.
        const active = document.activeElement;
        if (active === null || active === document.body) form.focus();
        form.dispatchEvent(new SvcThreeDsEvent('challenge-finished'));
      });
      if (!challenged.ok) return challenged;
      authentication = challenged.value;
    }
    const refused = refusalOf(authentication);
    if (refused !== undefined) return failure(refused);
    const { code, referenceId, transactionId, status, eci, liabilityShift } = authentication;
    if (status !== 'Y' && status !== 'A' && status !== 'U') {
      return failure(
        new CheckoutError('invalid_response', 'service', `The 3DS status ${status} cannot end a payment.`),
      );
    }
    return {
      ok: true,
      ...token,
      code,
      referenceId,
      transactionId,
      status,
      ...(eci === undefined ? {} : { eci }),
      liabilityShift,
    };
  }

  #deliver(run: Promise<CardResult>): Promise<CardResult> {
    return run.then((result) => {
      const callback = this.#options.callback;
      if (callback !== undefined) {
        try {
          callback(result);
        } catch (error) {
          // The merchant's callback failing must not turn into our failure; surface it as theirs.
          queueMicrotask(() => {
            throw error;
          });
        }
      }
      return result;
    });
  }
}
