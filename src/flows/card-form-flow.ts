// The card form, on the merchant page: mount the secure frame (new card or a stored card's security
// code), submit it (the merchant's call or Enter in a field), authenticate the token, show the shopper
// why a submit failed, and take it all down again. One form at a time; one submit at a time; a form
// that produced a payment's token stays completed (locked, same result) until it is cleared.

import { linkSignals } from '../api/service.ts';
import { collectFrontData } from '../browser-data/index.ts';
import { installmentsConfig } from '../brazil/installments.ts';
import type { CheckoutContext } from '../checkout-context.ts';
import { defineElements } from '../define.ts';
import type { SvcCardForm } from '../elements/card-form.ts';
import { CheckoutError, configurationError } from '../errors.ts';
import { SvcResultEvent, SvcThreeDsEvent } from '../events.ts';
import type { MessageKey } from '../i18n/en.ts';
import { loadLocale } from '../i18n/tables.ts';
import type { FrameConfig } from '../messaging/protocol.ts';
import type { CardResult, Failure, StoredCard } from '../types.ts';
import { abortError, authenticate, challengeSettings } from './authentication.ts';

/** What the frame shows the shopper for a failed submit; undefined when the fields already show it. */
export function alertKey(error: CheckoutError): MessageKey | undefined {
  // The card frame's passkey chunk says it itself, in its own words, and shows the security code.
  if (error.code.startsWith('passkey_')) return undefined;
  switch (error.code) {
    case 'validation_failed':
    case 'submit_in_progress':
    case 'not_ready':
    case 'destroyed':
    case 'aborted':
      return undefined;
    case 'cvv_mismatch':
      return 'errorCvcMismatch';
    case 'challenge_cancelled':
      return 'errorChallengeCancelled';
    case 'challenge_timeout':
      return 'errorChallengeTimeout';
    // Checking the card again cannot help: the merchant needs a new session (updateSession).
    case 'session_expired':
    case 'session_not_found':
      return 'errorSessionExpired';
  }
  if (error.type === 'authentication') return 'errorAuthentication';
  return error.type === 'network' ? 'errorNetwork' : 'errorSubmit';
}

/**
 * What the shopper reads for each `declineReason` the service gives a declined payment method
 * (docs/service-contract.md); a reason not listed, or none, reads as the generic decline.
 */
export const DECLINE_MESSAGES: Readonly<Record<string, MessageKey>> = {
  do_not_honor: 'declineGeneric',
  insufficient_funds: 'declineInsufficientFunds',
  card_blocked: 'declineCardBlocked',
};

/** What the card form needs of the Checkout; `deliver` hands each submit's result to the callback, once. */
type Needs = Pick<CheckoutContext, 'target' | 'session' | 'options' | 'locale' | 'messages' | 'deliver'>;

const destroyedError = () =>
  new CheckoutError('destroyed', 'cancelled', 'The card form was removed before the submit ended.');

export class CardFormFlow {
  #context: Needs;
  /** What Enter in a field runs instead of a submit (`pay()`, when the script pays). */
  #onEnter: (() => void) | undefined;
  #form: SvcCardForm | undefined;
  /** Aborted when the form goes: ends its open challenge, and a submit still on its way. */
  #lifetime = new AbortController();
  #inFlight: Promise<CardResult> | undefined;
  /** The merchant's own submit() asked for the running submit's result (it did not only come from Enter). */
  #claimed = false;
  /** The result that completed the mounted form (destroy() drops it); it holds while the form stays completed. */
  #completed: CardResult | undefined;

  constructor(context: Needs, onEnter?: () => void) {
    this.#context = context;
    this.#onEnter = onEnter;
  }

  /**
   * Mounts a new form in `target`, after removing the one mounted before: the card fields as the options
   * show them (the "save this card" box, the CPF or CNPJ), or the security code of `card`, a stored card.
   */
  mount(
    target: string | Element,
    card?: Pick<StoredCard, 'token' | 'brand' | 'last4'> & Partial<Pick<StoredCard, 'passkey'>>,
  ): SvcCardForm {
    const container = typeof target === 'string' ? document.querySelector(target) : target;
    if (container === null) {
      throw configurationError(
        'invalid_target',
        `No element matches "${typeof target === 'string' ? target : 'the target'}".`,
      );
    }
    defineElements();
    this.destroy();
    // The form the page's HTML holds (cardFormHtml()), its frame loading already: this one, adopted.
    const held = container.querySelector(':scope > svc-card-form');
    const adopted = (held as SvcCardForm | null)?.fromHtml === true ? (held as SvcCardForm) : undefined;
    // Two forms stacked in one element would both take the shopper's card: one Checkout per element.
    if (held !== null && adopted === undefined) {
      throw configurationError(
        'invalid_target',
        'This element already holds the card form of another Checkout: call destroy() on that one first, or mount into another element.',
      );
    }
    const { options, target: service, locale } = this.#context;
    const messages = this.#context.messages();
    const form = adopted ?? document.createElement('svc-card-form');
    const { session } = this.#context;
    const { saveCard = false, documentField } = options;
    const frame: Pick<FrameConfig, 'mode' | 'showSaveCard' | 'storedCard' | 'documentField'> =
      card === undefined
        ? { mode: 'card', showSaveCard: saveCard, ...(documentField === undefined ? {} : { documentField }) }
        : {
            mode: 'cvv',
            showSaveCard: false,
            storedCard: {
              token: card.token,
              brand: card.brand,
              last4: card.last4,
              ...(card.passkey === true ? { passkey: true } : {}),
            },
          };
    form.setup({
      tokenOrigin: service.origin,
      ...(session.current === undefined ? { session: session.ready } : {}),
      // The locale's strings, when the script does not carry them: the frame is configured once they
      // are in (at once when they are; started with the Checkout: i18n/tables.ts).
      messages: loadLocale(locale).then(() => this.#context.messages()),
      config: {
        sessionId: session.current ?? '',
        account: options.account,
        locale,
        messages,
        appearance: options.appearance ?? {},
        ...frame,
        ...(options.passkeys === true ? { passkeys: true } : {}),
        ...(options.debit === true ? { debit: true } : {}),
        ...(options.installments === undefined
          ? {}
          : { installments: installmentsConfig(options.installments) }),
      },
      onSubmitRequest: () => {
        if (this.#onEnter === undefined) void this.#start(undefined, false);
        else this.#onEnter();
      },
    });
    // Not moved when adopted: a frame taken out of the document starts loading again.
    if (adopted === undefined) container.append(form);
    this.#form = form;
    return form;
  }

  /**
   * Submits the mounted form; a second call while one runs returns the same promise, and a call on a
   * completed form returns its result again, without a request or a callback.
   */
  submit(signal?: AbortSignal): Promise<CardResult> {
    return this.#start(signal, true);
  }

  #start(signal: AbortSignal | undefined, byMerchant: boolean): Promise<CardResult> {
    const form = this.#form;
    if (this.#completed !== undefined && form?.completed === true) return Promise.resolve(this.#completed);
    if (this.#inFlight !== undefined) {
      this.#claimed ||= byMerchant;
      return this.#inFlight;
    }
    this.#claimed = byMerchant;
    if (form === undefined) {
      const run: Failure = {
        ok: false,
        error: configurationError('not_mounted', 'Mount a card form before calling submit().'),
      };
      return Promise.resolve(this.#context.deliver(run));
    }
    this.#inFlight = this.#run(form, signal).then((result) => {
      this.#context.deliver(result);
      this.#inFlight = undefined;
      if (result.ok) {
        this.#completed = result;
        form.complete();
      }
      form.dispatchEvent(new SvcResultEvent(result));
      if (!this.#claimed && this.#context.options.callback === undefined && !form.hasResultListener) {
        // A mistake in the merchant's integration, told to its developer; it names a code, no shopper data.
        // eslint-disable-next-line no-console
        console.warn(
          `service-checkout: a submit started with Enter ended (${result.ok ? 'with a token' : result.error.code}) and reached no one. Pass a callback to new Checkout() or listen for svc-result on the card form: docs/checkout-script.md#results`,
        );
      }
      return result;
    });
    return this.#inFlight;
  }

  /**
   * The merchant's new session (the old one expired): the mounted form keeps what the shopper typed
   * and submits with it; a completed form starts over.
   */
  updateSession(sessionId: string): void {
    this.#context.session.set(sessionId);
    const form = this.#form;
    if (form === undefined) return;
    form.updateSession(sessionId);
    if (form.completed) form.clear();
  }

  /**
   * The merchant's backend was declined paying with the last result: the form opens again (what the
   * shopper typed stays), shows why in their language, and the next submit tokenizes anew.
   */
  showDecline(reason: string | undefined): void {
    const form = this.#form;
    if (form === undefined)
      throw configurationError('not_mounted', 'Mount a card form before calling showDecline().');
    this.#completed = undefined;
    const key =
      reason !== undefined && Object.hasOwn(DECLINE_MESSAGES, reason) ? DECLINE_MESSAGES[reason] : undefined;
    form.reopen(this.#context.messages()[key ?? 'declineGeneric']);
  }

  /** Dispatches `event` on the mounted form, if there is one. */
  dispatch(event: Event): void {
    this.#form?.dispatchEvent(event);
  }

  /** Removes the form with its frame; an open challenge ends as cancelled, a running submit as destroyed. */
  destroy(): void {
    this.#lifetime.abort(destroyedError());
    this.#lifetime = new AbortController();
    this.#form?.remove();
    this.#form = undefined;
    this.#completed = undefined;
  }

  async #run(form: SvcCardForm, signal: AbortSignal | undefined): Promise<CardResult> {
    // The form's lifetime and the merchant's signal, whichever ends first, stop the submit.
    const { signal: stop, unlink } = linkSignals(this.#lifetime.signal, signal);
    try {
      return await this.#submit(form, stop);
    } finally {
      unlink();
    }
  }

  async #submit(form: SvcCardForm, stop: AbortSignal): Promise<CardResult> {
    const stopped = new Promise<Failure>((resolve) => {
      const end = () => {
        resolve({ ok: false, error: abortError(stop) });
      };
      if (stop.aborted) end();
      else stop.addEventListener('abort', end, { once: true });
    });
    const submitted = await Promise.race([form.submit({ ...collectFrontData(window) }), stopped]);
    const result = submitted.ok
      ? await authenticate(
          submitted.value,
          challengeSettings(
            this.#context,
            (step) => form.dispatchEvent(new SvcThreeDsEvent(step)),
            () => {
              // The dialog gave focus back to where it was; if that could not take it (a Pay button the
              // merchant disabled while paying, say), the card form does, so keyboard users are not lost.
              const active = document.activeElement;
              if (active === null || active === document.body) form.focus();
            },
            stop,
          ),
        )
      : submitted;
    // The shopper sees why, inside the frame; a validation failure already shows on its field.
    if (!result.ok) {
      const key = alertKey(result.error);
      if (key !== undefined) form.alert(this.#context.messages()[key]);
    }
    return result;
  }
}
