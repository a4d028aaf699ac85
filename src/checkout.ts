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
import { CheckoutError } from './errors.ts';
import { messagesFor, resolveLocale, type Locale } from './i18n/index.ts';
import type { FrameConfig, WireTokenResult } from './messaging/protocol.ts';
import { CHALLENGE_TIMEOUT_MS, validateOptions } from './options.ts';
import { decodeAuthentication, type Authentication } from './api/three-ds-decode.ts';
import { SvcThreeDsEvent } from './events.ts';
import type { MessageKey } from './i18n/en.ts';
import type * as ChallengeModule from './three-ds/challenge.ts';
import { loadChallenge } from './three-ds/load-challenge.ts';
import type { CardResult, CheckoutOptions, StoredCard, StoredCardsResult } from './types.ts';

/** A card from the merchant's own form (headless mode, SAQ A-EP). */
export interface HeadlessCard {
  /** The card number; spaces and dashes are ignored. */
  cardNumber: string;
  /** The expiry month, 1 to 12. */
  expirationMonth: number;
  /** The expiry year, four digits. */
  expirationYear: number;
  /** The security code, as long as the brand needs (3 digits, 4 for Amex). */
  cvv: string;
  /** The name on the card. */
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

/**
 * The checkout for one shopper's session. It mounts the secure card form (or a stored card's security
 * code), submits it, lists the shopper's stored cards, collects front data and, for SAQ A-EP pages,
 * tokenizes a card from the merchant's own form. Failures a page must expect resolve as
 * `{ok: false, error}` with a {@link CheckoutError}; the `callback` option receives every result too.
 */
export class Checkout {
  readonly #options: CheckoutOptions;
  readonly #target: ServiceTarget;
  readonly #locale: Locale;
  #form: SvcCardForm | undefined;
  #inFlight: Promise<CardResult> | undefined;
  /** Ends the open 3DS challenge, if one is open. */
  #cancelChallenge: (() => void) | undefined;

  /**
   * Checks the options and picks the locale; it touches no DOM until something is mounted.
   *
   * @param options - The session from the merchant backend, the account, the environment and settings.
   * @throws {@link CheckoutError} `invalid_option` (type `configuration`) when an option is missing, of
   * the wrong type, unknown, or `tokenUrl` is missing in production or not https; the message names it.
   */
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

  /**
   * Renders the card fields (number, expiry, security code, name, and the "save this card" box with
   * `saveCard`) in a frame from the token host. A form mounted before is removed first.
   *
   * @param target - The element to append the form to, or a selector for it.
   * @returns The `<svc-card-form>` element, for its events and `state`.
   * @throws {@link CheckoutError} `invalid_target` (type `configuration`) when no element matches.
   */
  mountCardForm(target: string | Element): SvcCardForm {
    return this.#mount(target, { mode: 'card', showSaveCard: this.#options.saveCard ?? false });
  }

  /**
   * Renders a frame with the security code only, for a card from {@link Checkout.listStoredCards};
   * `submit()` then checks the code with Token/Bind and resolves with the stored card's token. A form
   * mounted before is removed first.
   *
   * @param target - The element to append the form to, or a selector for it.
   * @param card - The stored card (its token, brand and last four digits).
   * @returns The `<svc-card-form>` element, in `cvv` mode.
   * @throws {@link CheckoutError} `invalid_target` (type `configuration`) when no element matches.
   */
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

  /**
   * Tokenizes what the mounted form holds (Token/Generate, or Token/Bind for a stored card) and runs
   * 3DS when the account has it, challenge included. Enter in a field does the same. A second call
   * while one runs returns the same promise: one request, one callback.
   *
   * @returns The token and card details, or `{ok: false, error}`: `not_mounted`, `not_ready`,
   * `validation_failed` (the fields show why), a code from the service (`card_expired`, `cvv_mismatch`,
   * `session_expired`, …), `network_error`, `timeout`, `destroyed`, `authentication_failed`,
   * `authentication_rejected`, `challenge_cancelled` or `challenge_timeout`.
   */
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

  /**
   * The cards the session's customer saved (Token/List), masked, expired ones included and marked.
   * The page calls the token host itself, so its CSP needs `connect-src` for it.
   *
   * @returns The cards, or `{ok: false, error}` (`session_expired`, `network_error`, …).
   */
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

  /**
   * The spec's frontData for this browser, for a merchant backend that needs it without a card form.
   * The card form sends it itself; the service adds the IP address and Accept header.
   *
   * @returns The browser fields, shaped as EMV 3DS wants them. It never throws.
   */
  collectFrontData(): FrontData {
    return collectFrontData(window);
  }

  /**
   * Headless tokenization for the spec's "pure JS" and "manual tokenization" modes: the card comes from
   * the merchant's own form, so the page handles card data and the merchant is in PCI SAQ A-EP.
   * Invalid input fails locally without a request. Prefer the card form, which keeps the page in SAQ A.
   *
   * @param card - The card as the shopper typed it, and whether they consented to save it.
   * @returns The token and card details, or `{ok: false, error}`: `card_number_invalid`,
   * `card_brand_unsupported`, `card_expiry_invalid`, `card_expired` or `cvv_invalid` without a
   * request; otherwise a code from the service, `network_error` or `timeout`.
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

  /**
   * Removes the mounted form with its frame, port and listeners; an open 3DS challenge ends as
   * `challenge_cancelled`, and a running submit resolves with `destroyed`. The Checkout can mount again.
   */
  destroy(): void {
    // A challenge still open ends as cancelled, and its dialog goes with the form.
    this.#cancelChallenge?.();
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
      const { challenge } = authentication;
      const messages = this.#messages();
      // A chunk of its own in the ESM build: most payments never need it.
      let module: Pick<typeof ChallengeModule, 'cancelChallenge' | 'openChallengeDialog' | 'runChallenge'>;
      try {
        module = await loadChallenge();
      } catch (cause) {
        return failure(
          new CheckoutError('network_error', 'network', 'The 3DS challenge could not be loaded.', { cause }),
        );
      }
      if (this.#form !== form) {
        return failure(
          new CheckoutError('destroyed', 'cancelled', 'The card form was removed before the challenge.'),
        );
      }
      const dialog = module.openChallengeDialog();
      this.#cancelChallenge = () => {
        module.cancelChallenge(dialog);
      };
      const challenged = await module
        .runChallenge({
          dialog,
          tokenOrigin: this.#target.origin,
          sessionId: this.#options.sessionId,
          account: this.#options.account,
          locale: this.#locale,
          title: messages.challengeTitle,
          closeLabel: messages.challengeClose,
          challenge,
          timeoutMs: this.#options.challengeTimeoutMs ?? CHALLENGE_TIMEOUT_MS,
          onShown: () => form.dispatchEvent(new SvcThreeDsEvent('challenge-shown')),
        })
        .finally(() => {
          dialog.remove();
          this.#cancelChallenge = undefined;
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
