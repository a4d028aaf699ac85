// ApplePaySession as WebKit implements it (ApplePaySession.cpp): its states, the order of its events,
// what each method refuses in which state, and the sheet's clocks. The environment (the page, the
// wallet origin's server, the sheet's frame, the clock) is injected, so tests drive it without a
// browser; apple-pay-sdk.ts wires the real one.

import type { AuthorizedPayment, LineItemView, PaymentMethodView } from './messages.ts';
import {
  bindRequest,
  bindUpdate,
  domString,
  invalidAccess,
  supportsVersion,
  typeError,
  unsignedLong,
  unsignedShort,
  validateRequest,
  validateUpdate,
  type ValidatedRequest,
} from './request.ts';

/** What `ApplePaySession.canMakePayments()` and its kin answer, chosen by the test. */
export type Availability = 'available' | 'no-active-card' | 'unsupported';

export interface StandInConfig {
  availability: Availability;
  /** Each `complete*` must come within this many milliseconds (Apple: 30 s), else `oncancel`. */
  timeoutMs: number;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

/** One line of `window.__applePayStandIn.log`: what the page called and what the stand-in fired. */
export interface StandInRecord {
  kind: 'call' | 'event';
  name: string;
  detail?: Record<string, unknown>;
}

export type SheetOpening =
  { ok: true; sheetId: string; sheetUrl: string } | { ok: false; reason: string; message: string };

export interface SheetHandlers {
  methodSelected(paymentMethod: PaymentMethodView): void;
  authorized(payment: AuthorizedPayment): void;
  cancel(): void;
}

export interface SheetHandle {
  update(total: LineItemView, lineItems: LineItemView[]): void;
  result(final: boolean, success: boolean): void;
  close(): void;
}

export interface StandInEnv {
  config: StandInConfig;
  /** The validationURL `onvalidatemerchant` carries: the stand-in gateway on the wallet origin. */
  validationUrl: string;
  record(entry: StandInRecord): void;
  /** Transient user activation (`navigator.userActivation.isActive`): WebKit's "processing a user gesture". */
  hasUserActivation(): boolean;
  isSecureContext(): boolean;
  /** Safari's check of a merchant session; opens a sheet when it passes. */
  openSheet(merchantSession: unknown, request: ValidatedRequest): Promise<SheetOpening>;
  /** Shows the sheet's frame. */
  showSheet(opening: { sheetId: string; sheetUrl: string }, handlers: SheetHandlers): SheetHandle;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** PaymentError codes (ApplePayErrorCode.idl). */
const ERROR_CODES = [
  'unknown',
  'shippingContactInvalid',
  'billingContactInvalid',
  'addressUnserviceable',
  'couponCodeInvalid',
  'couponCodeExpired',
] as const;
type ApplePayErrorCode = (typeof ERROR_CODES)[number];

/** `new ApplePayError(code, contactField?, message?)`: what completePayment's `errors` holds. */
export class ApplePayError extends Error {
  readonly code: ApplePayErrorCode;
  readonly contactField: string | undefined;

  constructor(errorCode: unknown, contactField?: unknown, message?: unknown) {
    if (!(ERROR_CODES as readonly unknown[]).includes(errorCode)) throw typeError();
    super(message === undefined ? '' : domString(message));
    this.name = 'ApplePayError';
    this.code = errorCode as ApplePayErrorCode;
    this.contactField = contactField === undefined ? undefined : domString(contactField);
  }
}

export class ApplePayValidateMerchantEvent extends Event {
  readonly validationURL: string;
  constructor(validationURL: string) {
    super('validatemerchant');
    this.validationURL = validationURL;
  }
}

export class ApplePayPaymentMethodSelectedEvent extends Event {
  readonly paymentMethod: PaymentMethodView;
  constructor(paymentMethod: PaymentMethodView) {
    super('paymentmethodselected');
    this.paymentMethod = paymentMethod;
  }
}

export class ApplePayPaymentAuthorizedEvent extends Event {
  readonly payment: AuthorizedPayment;
  constructor(payment: AuthorizedPayment) {
    super('paymentauthorized');
    this.payment = payment;
  }
}

/** Every cancel carries `sessionError`; PassKit gives no detail on the web, so `code` is "unknown". */
export class ApplePayCancelEvent extends Event {
  readonly sessionError: { code: 'unknown'; info: Record<string, string> };
  constructor() {
    super('cancel');
    this.sessionError = { code: 'unknown', info: {} };
  }
}

type State =
  'idle' | 'active' | 'paymentMethodSelected' | 'authorized' | 'completed' | 'aborted' | 'canceled';

type Stage = 'merchantValidation' | 'paymentMethodSelection' | 'paymentAuthorization';

/** Why the stand-in cancelled: in the log only (the page sees what Safari shows it, a bare cancel). */
type CancelReason = 'user' | `timeout:${Stage}` | 'merchantSessionInvalid' | 'walletUnreachable';

type Handler = ((this: unknown, event: Event) => unknown) | null;

const EVENT_TYPES = [
  'validatemerchant',
  'paymentmethodselected',
  'paymentauthorized',
  'shippingmethodselected',
  'shippingcontactselected',
  'couponcodechanged',
  'cancel',
] as const;
type EventType = (typeof EVENT_TYPES)[number];

/** A fresh ApplePaySession class for one page (the "one active session per page" rule is per class). */
export function createApplePaySession(env: StandInEnv) {
  /** The page's one active session, by its id. */
  let activeSession: symbol | undefined;

  const availability = () => env.config.availability;

  class ApplePaySession extends EventTarget {
    static readonly STATUS_SUCCESS = 0;
    static readonly STATUS_FAILURE = 1;
    static readonly STATUS_INVALID_BILLING_POSTAL_ADDRESS = 2;
    static readonly STATUS_INVALID_SHIPPING_POSTAL_ADDRESS = 3;
    static readonly STATUS_INVALID_SHIPPING_CONTACT = 4;
    static readonly STATUS_PIN_REQUIRED = 5;
    static readonly STATUS_PIN_INCORRECT = 6;
    static readonly STATUS_PIN_LOCKOUT = 7;

    static supportsVersion(version: unknown): boolean {
      const n = unsignedLong(version);
      if (n === 0) throw invalidAccess();
      return supportsVersion(n);
    }

    static canMakePayments(): boolean {
      env.record({ kind: 'call', name: 'canMakePayments' });
      return availability() !== 'unsupported';
    }

    /** Deprecated; WebKit resolves it on a later turn. */
    static canMakePaymentsWithActiveCard(merchantIdentifier: unknown): Promise<boolean> {
      env.record({ kind: 'call', name: 'canMakePaymentsWithActiveCard', detail: { merchantIdentifier } });
      return new Promise((resolve) => {
        env.setTimeout(() => {
          resolve(availability() === 'available');
        }, 0);
      });
    }

    static applePayCapabilities(merchantIdentifier: unknown): Promise<{ paymentCredentialStatus: string }> {
      env.record({ kind: 'call', name: 'applePayCapabilities', detail: { merchantIdentifier } });
      const status = {
        available: 'paymentCredentialsAvailable',
        'no-active-card': 'paymentCredentialsUnavailable',
        unsupported: 'applePayUnsupported',
      }[availability()];
      return new Promise((resolve) => {
        env.setTimeout(() => {
          resolve({ paymentCredentialStatus: status });
        }, 0);
      });
    }

    /** Apple's "set up Apple Pay" screen: the sandbox has none, so it resolves false (not opened). */
    static openPaymentSetup(merchantIdentifier: unknown): Promise<boolean> {
      if (!env.hasUserActivation()) {
        throw invalidAccess('Must call ApplePaySession.openPaymentSetup from a user gesture handler.');
      }
      env.record({ kind: 'call', name: 'openPaymentSetup', detail: { merchantIdentifier } });
      return Promise.resolve(false);
    }

    readonly #request: ValidatedRequest;
    readonly #id = Symbol('ApplePaySession');
    #state: State = 'idle';
    #merchantValidation: 'idle' | 'validating' | 'complete' = 'idle';
    #clock: unknown;
    #sheet: SheetHandle | undefined;
    readonly #handlers = new Map<EventType, Handler>();
    readonly #listeners = new Map<string, number>();

    constructor(...args: unknown[]) {
      if (args.length < 2) throw typeError('Not enough arguments');
      const version = unsignedLong(args[0]);
      const bound = bindRequest(args[1]);
      if (!env.isSecureContext()) {
        throw invalidAccess('Trying to start an Apple Pay session from an insecure document.');
      }
      if (!env.hasUserActivation()) {
        throw invalidAccess('Must create a new ApplePaySession from a user gesture handler.');
      }
      const request = validateRequest(version, bound);
      super();
      this.#request = request;
      for (const type of EVENT_TYPES) {
        super.addEventListener(type, (event) => {
          const handler = this.#handlers.get(type);
          if (typeof handler === 'function') handler.call(this, event);
        });
      }
      env.record({
        kind: 'call',
        name: 'constructor',
        detail: { version, total: request.total, currencyCode: request.currencyCode },
      });
    }

    override addEventListener(
      type: string,
      listener: EventListenerOrEventListenerObject | null,
      options?: AddEventListenerOptions | boolean,
    ): void {
      if (listener !== null) this.#listeners.set(type, (this.#listeners.get(type) ?? 0) + 1);
      super.addEventListener(type, listener, options);
    }

    override removeEventListener(
      type: string,
      listener: EventListenerOrEventListenerObject | null,
      options?: EventListenerOptions | boolean,
    ): void {
      if (listener !== null) this.#listeners.set(type, Math.max(0, (this.#listeners.get(type) ?? 0) - 1));
      super.removeEventListener(type, listener, options);
    }

    #hasListeners(type: EventType): boolean {
      return typeof this.#handlers.get(type) === 'function' || (this.#listeners.get(type) ?? 0) > 0;
    }

    #setHandler(type: EventType, value: unknown): void {
      this.#handlers.set(type, typeof value === 'function' ? (value as Handler) : null);
    }

    get onvalidatemerchant(): Handler {
      return this.#handlers.get('validatemerchant') ?? null;
    }
    set onvalidatemerchant(value: Handler) {
      this.#setHandler('validatemerchant', value);
    }
    get onpaymentmethodselected(): Handler {
      return this.#handlers.get('paymentmethodselected') ?? null;
    }
    set onpaymentmethodselected(value: Handler) {
      this.#setHandler('paymentmethodselected', value);
    }
    get onpaymentauthorized(): Handler {
      return this.#handlers.get('paymentauthorized') ?? null;
    }
    set onpaymentauthorized(value: Handler) {
      this.#setHandler('paymentauthorized', value);
    }
    get onshippingmethodselected(): Handler {
      return this.#handlers.get('shippingmethodselected') ?? null;
    }
    set onshippingmethodselected(value: Handler) {
      this.#setHandler('shippingmethodselected', value);
    }
    get onshippingcontactselected(): Handler {
      return this.#handlers.get('shippingcontactselected') ?? null;
    }
    set onshippingcontactselected(value: Handler) {
      this.#setHandler('shippingcontactselected', value);
    }
    get oncouponcodechanged(): Handler {
      return this.#handlers.get('couponcodechanged') ?? null;
    }
    set oncouponcodechanged(value: Handler) {
      this.#setHandler('couponcodechanged', value);
    }
    get oncancel(): Handler {
      return this.#handlers.get('cancel') ?? null;
    }
    set oncancel(value: Handler) {
      this.#setHandler('cancel', value);
    }

    #fire(event: Event): void {
      env.record({ kind: 'event', name: event.type });
      this.dispatchEvent(event);
    }

    #startClock(stage: Stage): void {
      this.#stopClock();
      this.#clock = env.setTimeout(() => {
        this.#clock = undefined;
        this.#cancel(`timeout:${stage}`);
      }, env.config.timeoutMs);
    }

    #stopClock(): void {
      if (this.#clock !== undefined) env.clearTimeout(this.#clock);
      this.#clock = undefined;
    }

    #canCancel(): boolean {
      return ['active', 'paymentMethodSelected', 'authorized'].includes(this.#state);
    }

    #finish(state: 'completed' | 'aborted' | 'canceled'): void {
      this.#state = state;
      this.#stopClock();
      if (activeSession === this.#id) activeSession = undefined;
    }

    #closeSheet(): void {
      this.#sheet?.close();
      this.#sheet = undefined;
    }

    /** The sheet went away: the tester's Cancel, a clock that ran out, or a merchant session refused. */
    #cancel(reason: CancelReason): void {
      if (!this.#canCancel()) return;
      this.#finish('canceled');
      this.#closeSheet();
      env.record({ kind: 'event', name: 'cancel', detail: { reason } });
      this.dispatchEvent(new ApplePayCancelEvent());
    }

    begin(): void {
      env.record({ kind: 'call', name: 'begin' });
      if (this.#state !== 'idle') throw invalidAccess('Payment session is already active.');
      if (activeSession !== undefined) throw invalidAccess('Page already has an active payment session.');
      this.#state = 'active';
      activeSession = this.#id;
      // Safari shows its sheet, then asks the page to validate the merchant, on a later turn.
      env.setTimeout(() => {
        if (this.#state !== 'active') return;
        this.#merchantValidation = 'validating';
        this.#startClock('merchantValidation');
        this.#fire(new ApplePayValidateMerchantEvent(env.validationUrl));
      }, 0);
    }

    abort(): void {
      env.record({ kind: 'call', name: 'abort' });
      if (!this.#canCancel()) throw invalidAccess();
      this.#finish('aborted');
      this.#closeSheet();
    }

    completeMerchantValidation(merchantSession: unknown): void {
      env.record({ kind: 'call', name: 'completeMerchantValidation' });
      if (this.#state !== 'active' || this.#merchantValidation !== 'validating') throw invalidAccess();
      if (
        (typeof merchantSession !== 'object' && typeof merchantSession !== 'function') ||
        merchantSession === null
      ) {
        throw typeError();
      }
      let session: unknown;
      try {
        session = JSON.parse(JSON.stringify(merchantSession)) as unknown;
      } catch {
        throw invalidAccess();
      }
      this.#merchantValidation = 'complete';
      this.#stopClock();
      env
        .openSheet(session, this.#request)
        .then((opening) => {
          if (this.#state !== 'active') return;
          if (!opening.ok) {
            env.record({ kind: 'event', name: 'merchantSessionRefused', detail: { reason: opening.reason } });
            this.#cancel('merchantSessionInvalid');
            return;
          }
          this.#sheet = env.showSheet(opening, {
            methodSelected: (paymentMethod) => {
              this.#didSelectPaymentMethod(paymentMethod);
            },
            authorized: (payment) => {
              this.#didAuthorizePayment(payment);
            },
            cancel: () => {
              this.#cancel('user');
            },
          });
        })
        .catch(() => {
          // The wallet origin could not be asked, or the sheet could not be shown.
          this.#cancel('walletUnreachable');
        });
    }

    #didSelectPaymentMethod(paymentMethod: PaymentMethodView): void {
      if (this.#state !== 'active') return;
      if (!this.#hasListeners('paymentmethodselected')) {
        // WebKit completes it for a page that does not listen.
        this.#sheet?.update(this.#request.total, this.#request.lineItems);
        return;
      }
      this.#state = 'paymentMethodSelected';
      this.#startClock('paymentMethodSelection');
      this.#fire(new ApplePayPaymentMethodSelectedEvent(paymentMethod));
    }

    completePaymentMethodSelection(...args: unknown[]): void {
      env.record({ kind: 'call', name: 'completePaymentMethodSelection' });
      // The binding converts the arguments before WebKit looks at the state, then at the values.
      const update = bindUpdate(args);
      if (this.#state !== 'paymentMethodSelected') throw invalidAccess();
      validateUpdate(update);
      this.#state = 'active';
      this.#stopClock();
      this.#sheet?.update(
        { label: update.total.label ?? '', amount: update.total.amount, type: update.total.type },
        update.lineItems.map((item) => ({ ...item, label: item.label ?? '' })),
      );
    }

    #didAuthorizePayment(payment: AuthorizedPayment): void {
      if (this.#state !== 'active') return;
      this.#state = 'authorized';
      this.#startClock('paymentAuthorization');
      this.#fire(new ApplePayPaymentAuthorizedEvent(payment));
    }

    completePayment(...args: unknown[]): void {
      if (args.length === 0) throw typeError('Not enough arguments');
      const [result] = args;
      let status: number;
      let errors: ApplePayError[] = [];
      if (typeof result === 'object' && result !== null) {
        const dict = result as Record<string, unknown>;
        if (dict['errors'] !== undefined) {
          const list = dict['errors'];
          if (!Array.isArray(list) || !list.every((error) => error instanceof ApplePayError))
            throw typeError();
          errors = list;
        }
        if (dict['status'] === undefined) {
          throw typeError(
            'Member ApplePayPaymentAuthorizationResult.status is required and must be an instance of unsigned short',
          );
        }
        status = unsignedShort(dict['status']);
      } else {
        status = unsignedShort(result);
      }
      env.record({ kind: 'call', name: 'completePayment', detail: { status } });
      if (this.#state !== 'authorized') throw invalidAccess();
      const codes = errors.map((error) => error.code);
      if (status >= 2 && status <= 4)
        codes.push(status === 2 ? 'billingContactInvalid' : 'shippingContactInvalid');
      if (status > 7) throw invalidAccess();
      const pin = status >= 5;
      const failure = status !== ApplePaySession.STATUS_SUCCESS && !pin;
      const final =
        status === ApplePaySession.STATUS_SUCCESS ||
        (failure && (codes.length === 0 || codes.includes('unknown')));
      this.#stopClock();
      this.#sheet?.result(final, status === ApplePaySession.STATUS_SUCCESS);
      if (!final) {
        this.#state = 'active';
        return;
      }
      this.#finish('completed');
      // The sheet shows its check mark (or its failure) a moment, then goes away.
      const sheet = this.#sheet;
      this.#sheet = undefined;
      env.setTimeout(() => sheet?.close(), 600);
    }

    // Shipping and coupon updates: the sandbox's sheet asks for neither, so these are only ever
    // called out of state, which WebKit refuses.
    completeShippingMethodSelection(): void {
      throw invalidAccess();
    }
    completeShippingContactSelection(): void {
      throw invalidAccess();
    }
    completeCouponCodeChange(): void {
      throw invalidAccess();
    }
  }

  return ApplePaySession;
}

export type ApplePaySessionClass = ReturnType<typeof createApplePaySession>;
