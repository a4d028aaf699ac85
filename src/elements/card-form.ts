// <svc-card-form>: the merchant-side host of one card frame. It creates the frame on the token host,
// runs the handshake, sizes the frame to its content and relays events, never values.

import type { TokenizedCard } from '../card/tokenized-card.ts';
import { type CheckoutError, configurationError, failure, type Result } from '../errors.ts';
import {
  fieldEvent,
  SvcErrorEvent,
  SvcPasskeyEvent,
  SvcReadyEvent,
  SvcResultEvent,
  SvcThreeDsEvent,
} from '../events.ts';
import { decodeFrameMessage } from '../messaging/decode.ts';
import { acceptFrame, createNonce, frameUrl, type HostHandshake } from '../messaging/handshake.ts';
import {
  FRAMES_BASE,
  PROTOCOL_VERSION,
  type FrameConfig,
  type FrameMessage,
  type HostToFrame,
} from '../messaging/protocol.ts';
import type { CardFormState } from '../types.ts';
import { cardFormStyles } from './card-form.styles.ts';
import { attachStyledShadow, element, ElementBase } from './shadow.ts';

/** The frame documents' path on the token host. */
export const FRAME_PATH = `${FRAMES_BASE}/card.html`;
/** The card frame's permissions: passkeys run in it (the `passkeys` option), and a cross-origin frame needs both delegated. */
export const FRAME_ALLOW = 'payment; publickey-credentials-get; publickey-credentials-create';
/** How long a frame may take to say hello and be ready before the host reports it. */
export const FRAME_READY_TIMEOUT_MS = 15_000;
/**
 * How long after the frame's `load` its hello may still come. The frame says hello from its inline
 * module, before its document's load; a load with no hello is a page that is not the card frame (the
 * browser's error page when nothing answers at the token host, or when the page's CSP refuses it).
 */
export const FRAME_HELLO_GRACE_MS = 1_000;
/** How long one submit may take end to end (the service call itself times out sooner). */
export const SUBMIT_TIMEOUT_MS = 60_000;

/** The frame's title, in the strings it is configured with. */
const titleOf = (config: FrameConfig): string =>
  config.messages[config.mode === 'cvv' ? 'cvcFrameTitle' : 'frameTitle'] ?? '';

export interface CardFormSetup {
  tokenOrigin: string;
  config: FrameConfig;
  /** The session on its way: the frame loads meanwhile, and is configured once it comes. */
  session?: Promise<string>;
  /** The strings, once the locale's are in: the frame is configured with them, and titled. */
  messages?: Promise<FrameConfig['messages']>;
  /** Enter in a field: the owner runs its submit flow. */
  onSubmitRequest: () => void;
}

/**
 * Hosts the secure card frame: the card fields live in an iframe on the token host, and this element
 * relays their events, never their values. `checkout.mountCardForm()` and `mountStoredCard()` create
 * it; it is not made by hand. A `<label for>` pointing at it focuses the card number. The events
 * bubble and cross shadow roots.
 *
 * @tag svc-card-form
 * @event {SvcReadyEvent} svc-ready - The fields are shown and usable.
 * @event {SvcChangeEvent} svc-change - A field changed: `field` names it, `state` has the brand, each
 * field's flags and error codes (never values).
 * @event {SvcFocusEvent} svc-focus - A field got the focus: `field` names it.
 * @event {SvcBlurEvent} svc-blur - A field lost the focus: `field` names it.
 * @event {SvcSubmitEvent} svc-submit - The shopper pressed Enter; the checkout submits.
 * @event {SvcResultEvent} svc-result - `result`: how a submit ended, however it started (the merchant's
 * `submit()` or Enter); the same value the `callback` option and `submit()` get.
 * @event {SvcErrorEvent} svc-error - `error`: the card form cannot be shown, and the form says so to
 * the shopper: the token host does not know the account (`unknown_account`) or the account does not
 * allow this page's origin (`origin_not_allowed`, also for a `file://` page), told within moments; or
 * the frame did not load (`frame_unavailable`): within a second when something other than the card
 * frame loaded (nothing answered at the token host, or the page's CSP refused it), else after 15 s.
 * @event {SvcPasskeyEvent} svc-passkey - `outcome`: how the shopper answered the offer of a passkey
 * (the `passkeys` option): `enrolled`, `declined`, `cancelled` or `failed`.
 * @event {SvcThreeDsEvent} svc-3ds - `step`: `collection-started`, then `collection-finished` or
 * `collection-timed-out`; `challenge-shown`, then `challenge-finished`.
 * @csspart frame - The iframe holding the fields; it takes the height the frame reports.
 * @csspart unavailable - What the shopper reads instead of the fields when they cannot be shown.
 * @cssproperty [--svc-frame-initial-height=352px] - The height reserved before the frame reports its
 * own, so the page does not jump: 352px (99px in `cvv` mode), and 35px more with the save-card box,
 * 99px more with the CPF field, 81px more with the installments.
 */
export class SvcCardForm extends ElementBase {
  /** Labelable, so a merchant's `<label for>` focuses the card number. */
  static formAssociated = true;

  /**
   * `card` for the card fields, `cvv` for a stored card's security code. The Checkout sets it; it is
   * reflected to the attribute for styling (`svc-card-form[mode='cvv']`).
   */
  get mode(): 'card' | 'cvv' {
    return this.getAttribute('mode') === 'cvv' ? 'cvv' : 'card';
  }
  /** Set by the Checkout when it mounts the form. */
  set mode(mode: 'card' | 'cvv') {
    this.setAttribute('mode', mode);
  }

  /**
   * True once a submit ended in a token the merchant can charge: the fields are locked, `submit()`
   * returns that result again without a request, and `clear()` starts over. Reflected to the attribute
   * for styling (`svc-card-form[completed]`).
   */
  get completed(): boolean {
    return this.hasAttribute('completed');
  }
  /** Set by the Checkout when a submit ends in a token, and unset by `clear()`. */
  set completed(completed: boolean) {
    this.toggleAttribute('completed', completed);
  }

  /** The page's HTML brought this form with its frame (cardFormHtml()): the first start adopts it. */
  #fromHtml = this.shadowRoot !== null;
  readonly #root = attachStyledShadow(this, cardFormStyles);
  #setup: CardFormSetup | undefined;
  #nonce = '';
  #handshake: HostHandshake | undefined;
  #port: MessagePort | undefined;
  #ready = false;
  #readyWaiters: ((ready: boolean) => void)[] = [];
  #readyTimer: ReturnType<typeof setTimeout> | undefined;
  #pending = new Map<
    number,
    { resolve: (outcome: Result<TokenizedCard>) => void; timer: ReturnType<typeof setTimeout> }
  >();
  #nextId = 1;
  #state: CardFormState | undefined;
  #resultHeard = false;
  /** The frame refused this page or never came: the form says it is unavailable. */
  #unavailable = false;

  constructor() {
    super();
    this.attachInternals();
    this.addEventListener('click', (event) => {
      // A label's activation clicks the host itself; clicks inside the frame never reach this document.
      if (event.composedPath()[0] === this) this.focus();
    });
  }

  /**
   * @internal True for a form the page's HTML holds (cardFormHtml()) until the Checkout mounts it: its
   * frame is loading already.
   */
  get fromHtml(): boolean {
    return this.#fromHtml;
  }

  /** @internal Called once by the Checkout before or after the element is connected. */
  setup(setup: CardFormSetup): void {
    this.#setup = setup;
    this.mode = setup.config.mode;
    // The frame is taller with the "save this card" box, the CPF field or the installments: the reserved
    // height follows (card-form.styles.ts).
    this.toggleAttribute('save-card', setup.config.showSaveCard);
    this.toggleAttribute(
      'document',
      setup.config.documentField !== undefined && setup.config.mode === 'card',
    );
    this.toggleAttribute('installments', setup.config.installments !== undefined);
    // Labels wrap by language: the reservation follows it too.
    this.setAttribute('locale', setup.config.locale);
    if (this.isConnected) this.#start(setup);
  }

  /** The last state the frame reported (no values); undefined until the first `svc-change`. */
  get state(): CardFormState | undefined {
    return this.#state;
  }

  /** True once the fields are shown and usable (`svc-ready`), until the element is removed. */
  get ready(): boolean {
    return this.#ready;
  }

  /** @internal */
  connectedCallback(): void {
    // Set here, not in the constructor: an element being created must not have attributes yet.
    if (!this.hasAttribute('mode')) this.mode = 'card';
    if (this.#setup !== undefined) this.#start(this.#setup);
  }

  /** @internal */
  disconnectedCallback(): void {
    this.#stop();
  }

  /** Focuses the card number (the security code in `cvv` mode). */
  override focus(): void {
    this.#frame()?.focus();
    this.#post({ v: PROTOCOL_VERSION, type: 'focus', field: undefined });
  }

  /** @internal Shows the shopper why the last submit failed, inside the frame (an empty text hides it). */
  alert(text: string): void {
    this.#post({ v: PROTOCOL_VERSION, type: 'alert', text });
  }

  /** @internal A payment with the completed form's result was declined: unlock it and say why. */
  reopen(text: string): void {
    this.completed = false;
    this.alert(text);
  }

  /**
   * Empties every field, unticks "save this card" and hides the form's message; a completed form is
   * unlocked, and the next submit tokenizes again.
   */
  clear(): void {
    this.completed = false;
    this.#post({ v: PROTOCOL_VERSION, type: 'clear' });
  }

  /** @internal The merchant's new session: the next submit (and 3DS setup) uses it. */
  updateSession(sessionId: string): void {
    this.#setup = this.#setup && { ...this.#setup, config: { ...this.#setup.config, sessionId } };
    this.#post({ v: PROTOCOL_VERSION, type: 'session', sessionId });
  }

  /** @internal The submit ended in a payment: lock the fields until `clear()`. */
  complete(): void {
    this.completed = true;
    this.#post({ v: PROTOCOL_VERSION, type: 'complete' });
  }

  /**
   * @internal Whether an `svc-result` listener was ever added (for the warning when a result reaches
   * no one; one removed since is not looked for: the warning is a help, not a guarantee).
   */
  get hasResultListener(): boolean {
    return this.#resultHeard;
  }

  // The DOM's own signatures, so listeners stay typed by HTMLElementEventMap.
  override addEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (this: HTMLElement, event: HTMLElementEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  override addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  override addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: boolean | AddEventListenerOptions,
  ): void {
    if (listener === null) return;
    if (type === SvcResultEvent.type) this.#resultHeard = true;
    super.addEventListener(type, listener, options);
  }

  /**
   * @internal Runs the frame's submit: validate, then tokenize (or bind, for a stored card). The frame
   * answers every submit at once; the timeout only covers a frame that is gone.
   */
  async submit(frontData: Readonly<Record<string, string>>): Promise<Result<TokenizedCard>> {
    const ready = await this.#whenReady();
    if (!ready || this.#port === undefined) {
      return {
        ok: false,
        error: configurationError(
          'not_ready',
          'The card form is not ready: mount it and wait for svc-ready.',
        ),
      };
    }
    const id = this.#nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        resolve(failure('timeout', 'network', 'The card form did not answer in time.'));
      }, SUBMIT_TIMEOUT_MS);
      this.#pending.set(id, { resolve, timer });
      this.#post({ v: PROTOCOL_VERSION, type: 'submit', id, frontData: { ...frontData } });
    });
  }

  /** Shows the frame for the current nonce, the unavailable state, or nothing. */
  #render(): void {
    const setup = this.#setup;
    if (setup === undefined) {
      this.#root.replaceChildren();
      return;
    }
    const { tokenOrigin, config } = setup;
    // The frame will not come: a calm sentence in the shopper's language, never a browser error page.
    if (this.#unavailable) {
      this.#root.replaceChildren(
        element('p', { part: 'unavailable', role: 'alert' }, config.messages.formUnavailable ?? ''),
      );
      return;
    }
    if (this.#nonce === '') {
      this.#root.replaceChildren();
      return;
    }
    this.#root.replaceChildren(
      element('iframe', {
        part: 'frame',
        src: this.#src(tokenOrigin, config, this.#nonce),
        title: titleOf(config),
        allow: FRAME_ALLOW,
        referrerpolicy: 'origin',
        loading: 'eager',
      }),
    );
  }

  #frame(): HTMLIFrameElement | null {
    return this.#root.querySelector('iframe');
  }

  #src(tokenOrigin: string, config: FrameConfig, nonce: string): string {
    return frameUrl(tokenOrigin, FRAME_PATH, { account: config.account, mode: config.mode }, nonce);
  }

  /**
   * The nonce of the frame the page's HTML brought, on the first start only, when it is the very frame
   * this form would load; otherwise the form loads its own (and says why in the console).
   */
  #adopt({ tokenOrigin, config }: CardFormSetup): string | undefined {
    const src = this.#fromHtml ? this.#frame()?.src : undefined;
    this.#fromHtml = false;
    if (!src) return;
    const nonce = /#n=([0-9a-f]{32})&/.exec(src)?.[1] ?? '';
    const expected = this.#src(tokenOrigin, config, nonce);
    if (src === expected) return nonce;
    // The account, token host, page origin or version differ: cardFormHtml() took other options.
    // eslint-disable-next-line no-console
    console.warn(`service-checkout: the page's card frame is ${src}, not ${expected}: loading that.`);
  }

  /** Loads the frame for `setup`, the form's own (the caller has set it). */
  #start(setup: CardFormSetup): void {
    this.#stop();
    this.#unavailable = false;
    // A file:// page (or a sandboxed one) has no origin the token host could allow, or a frame answer.
    const { origin, protocol } = window.location;
    if (origin === 'null' || protocol === 'file:') {
      const error = configurationError(
        'origin_not_allowed',
        `This page has no web origin (a ${protocol} page): serve it over http(s), from http://localhost for example, and allow that origin on the account.`,
      );
      // After the merchant's script that mounted the form has run, so its svc-error listener hears it.
      queueMicrotask(() => {
        this.#fail(error);
      });
      return;
    }
    const adopted = this.#adopt(setup);
    this.#nonce = adopted ?? createNonce();
    if (adopted === undefined) this.#render();
    const frame = this.#frame();
    if (frame === null) return;
    const nonce = this.#nonce;
    this.#handshake = acceptFrame(
      window,
      frame,
      setup.tokenOrigin,
      nonce,
      (refusal) => {
        const { account } = setup.config;
        this.#fail(
          refusal === 'unknown_account'
            ? configurationError(
                'unknown_account',
                `The token host ${setup.tokenOrigin} has no account "${account}": check the account option (and environment or tokenUrl).`,
              )
            : configurationError(
                'origin_not_allowed',
                `The account "${account}" does not allow pages of ${window.location.origin}: add this origin to the account's allowed origins.`,
              ),
        );
      },
      adopted !== undefined,
    );
    const unavailable = () => {
      this.#fail(
        configurationError(
          'frame_unavailable',
          `The card frame did not load from ${setup.tokenOrigin}: set the tokenUrl option to your token host (and allow it in your CSP's frame-src).`,
        ),
      );
    };
    // A wrong token host (tokenUrl left out, the host on another port) fails within a second, not 15.
    frame.onload = () =>
      setTimeout(() => {
        if (nonce === this.#nonce && !this.#port) unavailable();
      }, FRAME_HELLO_GRACE_MS);
    this.#readyTimer = setTimeout(unavailable, FRAME_READY_TIMEOUT_MS);
    void this.#handshake.port.then((port) => {
      if (nonce !== this.#nonce) {
        port.close();
        return;
      }
      this.#port = port;
      port.onmessage = (event: MessageEvent) => {
        const message = decodeFrameMessage(event.data);
        if (message !== undefined) this.#onMessage(message);
      };
      // Configured once the session and the strings are known; a session set by updateSession()
      // meanwhile wins.
      void Promise.all([setup.session, setup.messages]).then(
        ([id = '', messages]) => {
          if (nonce !== this.#nonce) return;
          const config = { ...(this.#setup?.config ?? setup.config), ...(messages && { messages }) };
          this.#setup = { ...setup, config };
          frame.title = titleOf(config);
          this.#post({
            v: PROTOCOL_VERSION,
            type: 'configure',
            config: { ...config, sessionId: config.sessionId || id },
          });
        },
        (error: unknown) => {
          if (nonce === this.#nonce) this.#fail(error as CheckoutError);
        },
      );
    });
  }

  #stop(): void {
    this.#handshake?.cancel();
    this.#handshake = undefined;
    this.#port?.close();
    this.#port = undefined;
    clearTimeout(this.#readyTimer);
    this.#settleReady(false);
    this.#ready = false;
    this.#nonce = '';
    for (const [id, pending] of this.#pending) {
      clearTimeout(pending.timer);
      pending.resolve(failure('destroyed', 'cancelled', 'The card form was removed before it answered.'));
      this.#pending.delete(id);
    }
  }

  /**
   * The frame will not come: the form shows the shopper it is unavailable, and the merchant's developer
   * reads why (`svc-error`, and the console, since a setup mistake must not pass unseen).
   */
  #fail(error: CheckoutError): void {
    this.#stop();
    this.#unavailable = true;
    this.#render();
    // Built apart: the elements manifest's analyzer would take the argument's name for an event's.
    const event = new SvcErrorEvent(error);
    this.dispatchEvent(event);
    // eslint-disable-next-line no-console
    console.error(`service-checkout: ${error.message}`);
  }

  #post(message: HostToFrame): void {
    this.#port?.postMessage(message);
  }

  #whenReady(): Promise<boolean> {
    if (this.#ready) return Promise.resolve(true);
    if (this.#setup === undefined || !this.isConnected) return Promise.resolve(false);
    return new Promise((resolve) => this.#readyWaiters.push(resolve));
  }

  #settleReady(ready: boolean): void {
    const waiters = this.#readyWaiters;
    this.#readyWaiters = [];
    for (const waiter of waiters) waiter(ready);
  }

  #onMessage(message: FrameMessage): void {
    switch (message.type) {
      case 'ready':
        this.#ready = true;
        clearTimeout(this.#readyTimer);
        this.#settleReady(true);
        this.dispatchEvent(new SvcReadyEvent());
        break;
      case 'resize': {
        const frame = this.#frame();
        if (frame !== null) frame.style.height = `${String(message.height)}px`;
        break;
      }
      case 'field':
        if (message.relay.kind === 'change') this.#state = message.relay.state;
        this.dispatchEvent(fieldEvent(message.relay));
        if (message.relay.kind === 'submit') this.#setup?.onSubmitRequest();
        break;
      case 'result':
      case 'failure': {
        const pending = this.#pending.get(message.id);
        if (pending === undefined) return;
        this.#pending.delete(message.id);
        clearTimeout(pending.timer);
        pending.resolve(
          message.type === 'result'
            ? { ok: true, value: message.result }
            : { ok: false, error: message.error },
        );
        break;
      }
      case '3ds':
        this.dispatchEvent(new SvcThreeDsEvent(message.step));
        break;
      case 'passkey':
        this.dispatchEvent(new SvcPasskeyEvent(message.outcome));
        break;
    }
  }
}
