// The card frame: served from the token host, embedded by <svc-card-form>. Card data lives only here
// and leaves only in the body of Token/Generate (and the CVV in Token/Bind's).

// First: Lit and the fields open the bundle, the order that gzips smallest (the frame's budget,
// .size-limit.ts, fails on a larger one).
import { defineCardFields } from '../fields/define-fields.ts';
import type { FrameMessages as Messages } from '../../i18n/en.ts';
import type { ThreeDsPreparer } from '../../three-ds/collection/preparer.ts';
import laterChunk from 'virtual:chunk/card-later';
import extrasChunk from 'virtual:chunk/card-extras';
import passkeyChunk from 'virtual:chunk/card-passkey';
import { format } from '../../i18n/messages.ts';
import { decodeHostMessage } from '../../messaging/decode.ts';
import {
  PROTOCOL_VERSION,
  type FrameConfig,
  type FrameToHost,
  type WireError,
} from '../../messaging/protocol.ts';
import type { BrandId } from '../../card/index.ts';
import { BRANDS } from '../../card/index.ts';
import type { SvcCardFields } from '../fields/card-fields.ts';
import { applyAppearance, lazy, painted, startFrame } from '../frame-runtime.ts';
import type * as Later from './later.ts';
import type * as Extras from '../fields/extras.ts';
import type * as PasskeyChunk from './passkey.ts';
import { SvcField } from '../fields/field.ts';
import { html, LitElement } from 'lit';

function brandIdOf(name: string): BrandId | undefined {
  return Object.values(BRANDS).find((brand) => brand.name.toLowerCase() === name.toLowerCase())?.id;
}

const loadLater = lazy<typeof Later>(laterChunk);
const loadExtras = lazy<typeof Extras>(extrasChunk);
const loadPasskeys = lazy<typeof PasskeyChunk>(passkeyChunk);

const clientFor = (later: typeof Later, config: FrameConfig) =>
  later.serviceClient({ origin: window.location.origin, account: config.account });

/**
 * The card frame once its page is connected: configured once (the fields as the page's options show
 * them), then each message on the port handled by its own method. Card data stays in the fields and
 * in the submit's request.
 */
class CardFrame {
  /** Posts to the page, on the port. */
  readonly #post: (message: FrameToHost) => void;
  readonly #root: HTMLElement;
  /** What the shopper hears of a failed submit or a declined payment. */
  readonly #alert = document.createElement('p');
  /** Set once by configure: the page's configuration (its session id may change: `session`). */
  #config: FrameConfig | undefined;
  #fields: SvcCardFields | undefined;
  /** A submit is running. */
  #busy = false;
  /** The 3DS preparer of the session, loading or loaded: the `session` message drops it. */
  #preparing: Promise<ThreeDsPreparer> | undefined;
  /** With the merchant's `passkeys` option: a stored card's passkey, and the offer of one. */
  #passkeys: PasskeyChunk.Passkeys | undefined;

  constructor(port: MessagePort, root: HTMLElement) {
    this.#post = (message) => {
      port.postMessage(message);
    };
    this.#root = root;
    this.#alert.className = 'svc-alert';
    this.#alert.setAttribute('role', 'alert');
  }

  /**
   * The 3DS preparer for `config`'s session. Only after configure: the fields, and so their events,
   * exist from then on. A chunk that failed to load is asked for again by the next submit.
   */
  #preparer(config: FrameConfig): Promise<ThreeDsPreparer> {
    return (this.#preparing ??= loadLater().then(
      (later) =>
        later.cardFramePreparer(window, clientFor(later, config), config.sessionId, (step) => {
          this.#post({ v: PROTOCOL_VERSION, type: '3ds', step });
        }),
      (cause: unknown) => {
        this.#preparing = undefined;
        throw cause;
      },
    ));
  }

  /** What the page sent; anything the decoder refuses is dropped. */
  receive(data: unknown): void {
    const message = decodeHostMessage(data);
    if (message === undefined) return;
    const fields = this.#fields;
    switch (message.type) {
      case 'configure':
        // Configured once: a second configure cannot swap the session or account under the shopper.
        if (this.#config === undefined) void this.#configure(message.config);
        break;
      case 'submit':
        void this.#submit(message.id, message.frontData);
        break;
      case 'focus':
        fields?.focusField(message.field);
        break;
      case 'session':
        // The page's new session, after the old one expired: the next setup and submit use it.
        if (this.#config !== undefined) {
          this.#config = { ...this.#config, sessionId: message.sessionId };
          this.#preparing = undefined;
        }
        break;
      // An alert (a failed submit, a declined payment) opens a completed form again, keeping its values.
      case 'complete':
      case 'clear':
      case 'alert':
        // A submit ended in a payment: the fields stay disabled until the page clears them.
        if (fields !== undefined) fields.disabled = message.type === 'complete';
        if (message.type === 'clear') {
          fields?.clear();
          this.#passkeys?.reset();
        }
        this.#alert.textContent = message.type === 'alert' ? message.text : '';
        break;
    }
  }

  async #configure(next: FrameConfig): Promise<void> {
    const alert = this.#alert;
    this.#config = next;
    // The page sends every string resolved (its locale, the merchant's overrides, English for any gap:
    // i18n/messages.ts), and frames are served per script version, so the page's keys are the frame's.
    // The frame keeps no English copy of its own.
    const messages = next.messages as Messages;
    document.documentElement.lang = next.locale;
    document.title = next.mode === 'cvv' ? messages.cvcFrameTitle : messages.frameTitle;
    applyAppearance(document, next.appearance as Record<string, string>);
    const element = document.createElement('svc-card-fields');
    element.strings = messages;
    element.mode = next.mode;
    element.showSaveCard = next.showSaveCard;
    if (next.documentField !== undefined || next.installments !== undefined) {
      // Tried twice; without it the form never says ready, and the page reports frame_unavailable.
      const extras = await loadExtras().catch(loadExtras);
      extras.defineExtras(SvcField, { LitElement, html }, format);
      element.documentField = next.documentField;
      if (next.installments)
        element.installments = extras.installmentChoices(next.installments, next.locale, messages, format);
    }
    if (next.storedCard !== undefined) {
      const brand = brandIdOf(next.storedCard.brand);
      if (brand !== undefined) element.brand = brand;
      element.cvcLabel = format(messages.storedCardCvcLabel, {
        brand: next.storedCard.brand,
        last4: next.storedCard.last4,
      });
    }
    // Only flags, brand ids and error codes cross to the page; the BIN event stays in this frame.
    element.addEventListener('svc-fields', ({ relay }) => {
      this.#post({ v: PROTOCOL_VERSION, type: 'field', relay });
      // Setup and device data collection start as soon as the number is valid, not at submit.
      const number = element.readNumber();
      // On an account without 3DS the preparer answers at once, with no request (threeDsOn, preparer.ts).
      // With the session as it is now: the page may have sent a new one (the `session` message).
      if (relay.kind === 'change' && relay.field === 'number' && number !== undefined && this.#config)
        void this.#preparer(this.#config).then((p) => p.prepare(number));
    });
    // A new BIN drops the setups of others in a task of its own: their collection iframe's teardown
    // (6 to 10 ms) is not the keystroke's to wait for, and a stale setup cannot be spent meanwhile (the
    // preparer's take() matches the card at submit).
    element.addEventListener('svc-fields-bin', ({ bin }) => {
      setTimeout(() => {
        void this.#preparing?.then((p) => {
          p.keepOnly(bin);
        });
      });
      // The `debit` option: a combo card asks "Crédito ou débito?" until another BIN is typed.
      if (next.debit)
        void loadLater()
          .then((later) =>
            later.askFunding(element, bin, clientFor(later, next), this.#config?.sessionId ?? '', {
              LitElement,
              html,
            }),
          )
          .catch(() => undefined);
    });
    this.#root.replaceChildren(element, alert);
    // Only now that the skeleton is gone (card.html): its elements have the fields' tag names, and
    // defining them would render fields without strings inside it. Defining upgrades the form, which
    // keeps the properties set above.
    defineCardFields();
    this.#fields = element;
    // A stored card with a passkey shows "Pay with passkey" in place of its code: ready waits for the
    // chunk. Otherwise it is only needed for the offer after a result, and ready does not wait. Without
    // the chunk the form still works, with the code.
    const attaching =
      next.passkeys === true
        ? loadPasskeys()
            .then((chunk) =>
              chunk.attachPasskeys(next, () => this.#config?.sessionId ?? '', element, alert, this.#post),
            )
            .catch(() => undefined)
        : undefined;
    if (next.mode === 'cvv' && next.storedCard?.passkey === true) this.#passkeys = await attaching;
    else void attaching?.then((attached) => (this.#passkeys = attached));
    // The skeleton has painted by now as a rule; on a busy machine the frame may not have painted yet.
    await Promise.all([element.updateComplete, painted(window)]);
    new ResizeObserver(() => {
      this.#post({
        v: PROTOCOL_VERSION,
        type: 'resize',
        height: Math.ceil(document.documentElement.getBoundingClientRect().height),
      });
    }).observe(document.documentElement);
    // On the frame's clock, for whoever checks that the fields painted first (e2e/first-paint.spec.ts).
    performance.mark('svc-ready');
    this.#post({ v: PROTOCOL_VERSION, type: 'ready' });
    // The shopper can type now; what a submit needs comes meanwhile (a failure is retried at submit).
    // A stored card's 3DS setup needs nothing the shopper types: it starts now, as a new card's starts
    // once the number is valid.
    const stored = next.mode === 'cvv' ? next.storedCard : undefined;
    if (stored === undefined) loadLater().catch(() => undefined);
    else
      void this.#preparer(next).then(
        (p) => p.prepare({ token: stored.token }),
        () => undefined,
      );
  }

  /** A submit's failure, field by field: only what the page may see crosses (the decoders built these objects). */
  #fail(id: number, { code, type, message }: WireError): void {
    this.#post({ v: PROTOCOL_VERSION, type: 'failure', id, error: { code, type, message } });
  }

  async #submit(id: number, frontData: Record<string, string>): Promise<void> {
    const form = this.#fields;
    if (!this.#config || !form || this.#busy) {
      this.#fail(
        id,
        this.#busy
          ? { code: 'submit_in_progress', type: 'validation', message: 'A submit is already running.' }
          : { code: 'not_ready', type: 'configuration', message: 'The card form is not configured yet.' },
      );
      return;
    }
    this.#alert.textContent = '';
    this.#busy = true;
    // What this submit runs with: a session the page sends meanwhile is the next submit's.
    const submitted = this.#config;
    const authenticationReader = () => loadLater().then((later) => later.decodeAuthentication);
    const outcome = await loadLater()
      .then((later) => {
        const unlock = later.lockForm(form);
        return (
          this.#passkeys?.active === true
            ? this.#passkeys.bind({
                frontData,
                preparer: () => this.#preparer(submitted),
                authenticationReader,
              })
            : later.submitCard(
                {
                  config: submitted,
                  client: clientFor(later, submitted),
                  fields: form,
                  preparer: () => this.#preparer(submitted),
                  authenticationReader,
                },
                frontData,
              )
        ).finally(unlock);
      })
      // The chunk failing to load; the submit itself always ends in a Result.
      .catch(() => undefined);
    this.#busy = false;
    if (outcome?.ok !== true)
      this.#fail(
        id,
        outcome?.error ?? {
          code: 'network_error',
          type: 'network',
          message: "The card frame's code did not load.",
        },
      );
    else {
      this.#passkeys?.offer(outcome.value);
      this.#post({ v: PROTOCOL_VERSION, type: 'result', id, result: outcome.value });
    }
  }
}

async function main(): Promise<void> {
  const port = await startFrame(window);
  const root = document.getElementById('root');
  if (port === undefined || root === null) return;
  const frame = new CardFrame(port, root);
  port.onmessage = (event: MessageEvent) => {
    frame.receive(event.data);
  };
}

void main();
