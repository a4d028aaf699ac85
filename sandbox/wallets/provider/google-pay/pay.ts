// The stand-in for Google Pay's pay.js (https://pay.google.com/gp/p/js/pay.js), served by the sandbox's
// wallet origin at /gp/p/js/pay.js and bundled on serve (../scripts.ts). It defines
// google.payments.api.PaymentsClient with Google's four methods, checks, errors and user-gesture rule,
// and shows its sheet (a frame of the wallet origin) in a modal dialog on the page. Every call is
// recorded in window.__googlePayStandIn.calls, so a test can assert the exact request the page built.

import { buildButton, BUTTON_TYPES, buttonLocale, injectStyles, type ButtonType } from './button.ts';
import {
  AUTHORIZATION_TIMEOUT_MS,
  authorizationError,
  authorizationResult,
  decodeSheetMessage,
  MESSAGE,
  type AuthorizationResult,
  type PaymentData,
  type SheetRequest,
} from './protocol.ts';
import {
  checkIsReadyToPayRequest,
  checkPaymentDataRequest,
  environmentOf,
  isRecord,
  SECURE_CONTEXT_MESSAGE,
  type AuthMethod,
  type BillingAddressFormat,
  type CardNetwork,
  type Environment,
  type Json,
} from './request-checks.ts';

/** Google's statusMessage when the buyer closes the sheet. */
const USER_CLOSED = 'User closed the Payment Request UI.';

interface PaymentsError {
  statusCode: string;
  statusMessage: string;
}

interface StandInCall {
  method:
    | 'PaymentsClient'
    | 'isReadyToPay'
    | 'createButton'
    | 'loadPaymentData'
    | 'prefetchPaymentData'
    | 'onPaymentAuthorized';
  /** The arguments as plain data: functions become "[Function]", DOM nodes "[ShadowRoot]" and so on. */
  args: unknown[];
  outcome?: { resolved: unknown } | { rejected: unknown } | { threw: string } | { returned: unknown };
  /** createButton: how its styles went in ("nonce": a <style> with PaymentOptions.nonce). */
  styles?: 'nonce' | 'constructed';
}

/** window.__googlePayStandIn: what tests read, and the switches they may set. */
export interface GooglePayStandIn {
  readonly calls: StandInCall[];
  /** What isReadyToPay's `result` says (false: a browser or buyer Google Pay does not support). */
  readyToPay: boolean;
  /** What `paymentMethodPresent` says when existingPaymentMethodRequired is asked. */
  paymentMethodPresent: boolean;
  /** The sheet's wait for onPaymentAuthorized, in milliseconds (50 to 120 000). */
  authorizationTimeoutMs: number;
  /** The wallet origin this pay.js came from: where its sheet is. */
  readonly walletsOrigin: string;
}

const global = window as unknown as Json;

/** The wallet origin: where this script was loaded from (a classic script knows itself). */
function walletsOrigin(): string {
  const script =
    document.currentScript instanceof HTMLScriptElement
      ? document.currentScript
      : document.querySelector<HTMLScriptElement>('script[src*="/gp/p/js/pay.js"]');
  return new URL(script?.src ?? location.href).origin;
}

const existing = global['__googlePayStandIn'];
const standIn: GooglePayStandIn = isRecord(existing)
  ? (existing as unknown as GooglePayStandIn)
  : {
      calls: [],
      readyToPay: true,
      paymentMethodPresent: true,
      authorizationTimeoutMs: AUTHORIZATION_TIMEOUT_MS,
      walletsOrigin: walletsOrigin(),
    };
global['__googlePayStandIn'] = standIn;
const WALLETS_ORIGIN = standIn.walletsOrigin;

/** A deep copy as plain data, for the record: no functions, no DOM, no cycles. */
function snapshot(value: unknown, path = new WeakSet<object>()): unknown {
  if (typeof value === 'function') return '[Function]';
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof Node) return `[${value.constructor.name}]`;
  if (path.has(value)) return '[Circular]';
  path.add(value);
  const copy = Array.isArray(value)
    ? value.map((item) => snapshot(item, path))
    : Object.fromEntries(Object.entries(value).map(([key, item]) => [key, snapshot(item, path)]));
  path.delete(value);
  return copy;
}

function record(method: StandInCall['method'], args: unknown[]): StandInCall {
  const call: StandInCall = { method, args: args.map((arg) => snapshot(arg)) };
  standIn.calls.push(call);
  return call;
}

/** Runs `work` as the async method it stands for, and records how it settled. */
async function settle<T>(call: StandInCall, work: () => T | Promise<T>): Promise<T> {
  try {
    const value = await work();
    call.outcome = { resolved: snapshot(value) };
    return value;
  } catch (error) {
    call.outcome = { rejected: snapshot(error) };
    throw error;
  }
}

/**
 * A rejection with Google's PaymentsError: a plain object `{statusCode, statusMessage}`, not an Error.
 * Pages test `error.statusCode`, so the stand-in must reject with exactly this.
 */
const failed = (statusCode: string, statusMessage: string): Promise<never> =>
  // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
  Promise.reject({ statusCode, statusMessage } satisfies PaymentsError);

/** The one sheet a page may have open, whichever client opened it. */
let sheetOpen = false;

/** The focused element, inside shadow roots too: where focus goes back when the sheet closes. */
function deepActiveElement(): HTMLElement | undefined {
  let element = document.activeElement;
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
  return element instanceof HTMLElement ? element : undefined;
}

/** The part of a checked PaymentDataRequest the sheet shows and pays with: plain data only. */
function sheetRequest(request: Json, options: Json): SheetRequest {
  const [method] = request['allowedPaymentMethods'] as [Json];
  const parameters = method['parameters'] as Json;
  const tokenization = method['tokenizationSpecification'] as Json;
  const gatewayParameters = (tokenization['parameters'] ?? {}) as Json;
  const transaction = request['transactionInfo'] as Json;
  const merchant = (request['merchantInfo'] ?? options['merchantInfo'] ?? {}) as Json;
  const billing = (parameters['billingAddressParameters'] ?? {}) as Json;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return {
    merchantName: text(merchant['merchantName']),
    totalPrice: text(transaction['totalPrice']),
    totalPriceLabel: text(transaction['totalPriceLabel']),
    currencyCode: transaction['currencyCode'] as string,
    checkoutOption: text(transaction['checkoutOption']),
    gateway: tokenization['type'] === 'PAYMENT_GATEWAY' ? text(gatewayParameters['gateway']) : undefined,
    gatewayMerchantId: text(gatewayParameters['gatewayMerchantId']),
    allowedAuthMethods: parameters['allowedAuthMethods'] as AuthMethod[],
    allowedCardNetworks: parameters['allowedCardNetworks'] as CardNetwork[],
    assuranceDetailsRequired: parameters['assuranceDetailsRequired'] === true,
    billingAddressRequired: parameters['billingAddressRequired'] === true,
    billingAddressFormat: (text(billing['format']) ?? 'MIN') as BillingAddressFormat,
    phoneNumberRequired: billing['phoneNumberRequired'] === true,
    emailRequired: request['emailRequired'] === true,
    shippingAddressRequired: request['shippingAddressRequired'] === true,
    authorizes: Array.isArray(request['callbackIntents'])
      ? request['callbackIntents'].includes('PAYMENT_AUTHORIZATION')
      : false,
  };
}

/** The frame's URL: the page's origin (and its ancestors', where the browser tells them) frame it. */
function sheetUrl(): string {
  const url = new URL('/google-pay/sheet', WALLETS_ORIGIN);
  url.searchParams.set('origin', location.origin);
  const ancestors = [...((location.ancestorOrigins as DOMStringList | undefined) ?? [])];
  if (ancestors.length > 0) url.searchParams.set('ancestors', ancestors.join(' '));
  return url.href;
}

const clampTimeout = (ms: number) =>
  Number.isFinite(ms) ? Math.min(Math.max(ms, 50), 120_000) : AUTHORIZATION_TIMEOUT_MS;

/** Shows the sheet in a modal dialog and settles as the sheet ends. */
function showSheet(
  request: SheetRequest,
  environment: Environment,
  nonce: string | undefined,
  onPaymentAuthorized: ((data: PaymentData) => unknown) | undefined,
): Promise<PaymentData> {
  sheetOpen = true;
  const returnFocus = deepActiveElement();
  injectStyles(document, nonce);
  const dialog = document.createElement('dialog');
  dialog.className = 'gpay-sandbox-sheet';
  dialog.setAttribute('aria-label', 'Google Pay');
  const frame = document.createElement('iframe');
  frame.title = 'Google Pay';
  frame.src = sheetUrl();
  dialog.append(frame);
  document.body.append(dialog);
  dialog.showModal();

  return new Promise<PaymentData>((resolve) => {
    const post = (message: Json) => frame.contentWindow?.postMessage(message, WALLETS_ORIGIN);
    const end = () => {
      window.removeEventListener('message', onMessage);
      dialog.close();
      dialog.remove();
      sheetOpen = false;
      returnFocus?.focus();
    };
    const authorize = async (attempt: number, paymentData: PaymentData) => {
      const call = record('onPaymentAuthorized', [paymentData]);
      let result: AuthorizationResult;
      try {
        const answer: unknown = await onPaymentAuthorized?.(paymentData);
        call.outcome = { resolved: snapshot(answer) };
        result =
          authorizationResult(answer) ??
          authorizationError('onPaymentAuthorized must resolve {transactionState: "SUCCESS" | "ERROR"}.');
      } catch (error) {
        call.outcome = { rejected: snapshot(error) };
        result = authorizationError();
      }
      post({ type: MESSAGE.authorization, attempt, result });
    };
    const onMessage = (event: MessageEvent) => {
      const message = decodeSheetMessage(
        { origin: event.origin, source: event.source, data: event.data },
        { origin: WALLETS_ORIGIN, source: frame.contentWindow },
      );
      switch (message?.type) {
        case MESSAGE.ready:
          post({
            type: MESSAGE.open,
            request,
            environment,
            authorizationTimeoutMs: clampTimeout(standIn.authorizationTimeoutMs),
          });
          frame.focus();
          return;
        case MESSAGE.authorize:
          void authorize(message.attempt, message.paymentData);
          return;
        case MESSAGE.done:
          end();
          resolve(message.paymentData);
          return;
        case MESSAGE.cancel:
          end();
          resolve(failed('CANCELED', USER_CLOSED));
          return;
        case MESSAGE.error:
          end();
          resolve(failed(message.statusCode, message.statusMessage));
          return;
        case undefined:
          return;
      }
    };
    window.addEventListener('message', onMessage);
    // Escape while focus is on the page's side of the dialog (inside the frame, the sheet handles it).
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      end();
      resolve(failed('CANCELED', USER_CLOSED));
    });
  });
}

class PaymentsClient {
  readonly #environment: Environment;
  readonly #options: Json;

  constructor(options: unknown = {}) {
    const call = record('PaymentsClient', [options]);
    try {
      this.#environment = environmentOf(options);
    } catch (error) {
      call.outcome = { threw: (error as Error).message };
      throw error;
    }
    this.#options = isRecord(options) ? options : {};
  }

  get #callbacks(): Json {
    const callbacks = this.#options['paymentDataCallbacks'];
    return isRecord(callbacks) ? callbacks : {};
  }

  get #nonce(): string | undefined {
    const nonce = this.#options['nonce'];
    return typeof nonce === 'string' && nonce !== '' ? nonce : undefined;
  }

  isReadyToPay(request: unknown): Promise<{ result: boolean; paymentMethodPresent?: boolean }> {
    const call = record('isReadyToPay', [request]);
    return settle(call, () => {
      if (!window.isSecureContext) return failed('DEVELOPER_ERROR', SECURE_CONTEXT_MESSAGE);
      const problem = checkIsReadyToPayRequest(request);
      if (problem !== undefined) return failed('DEVELOPER_ERROR', problem);
      const result = standIn.readyToPay;
      return (request as Json)['existingPaymentMethodRequired'] === true
        ? { result, paymentMethodPresent: result && standIn.paymentMethodPresent }
        : { result };
    });
  }

  createButton(options: unknown): HTMLElement {
    const call = record('createButton', [options]);
    const given = isRecord(options) ? options : {};
    const onClick = given['onClick'];
    if (typeof onClick !== 'function') {
      const message = 'createButton: onClick is a required property';
      call.outcome = { threw: message };
      throw new Error(message);
    }
    const root = given['buttonRootNode'];
    const target = root instanceof ShadowRoot || root instanceof Document ? root : document;
    call.styles = injectStyles(target, this.#nonce);
    const type = (BUTTON_TYPES as readonly unknown[]).includes(given['buttonType'])
      ? (given['buttonType'] as ButtonType)
      : 'buy';
    const radius = given['buttonRadius'];
    const button = buildButton(target instanceof Document ? target : target.ownerDocument, {
      onClick: onClick as (event: Event) => void,
      color: typeof given['buttonColor'] === 'string' ? given['buttonColor'] : 'default',
      type,
      radius: typeof radius === 'number' ? radius : undefined,
      sizeMode: given['buttonSizeMode'] === 'fill' ? 'fill' : 'static',
      borderType: given['buttonBorderType'] === 'no_border' ? 'no_border' : 'default_border',
      locale: buttonLocale(given['buttonLocale'], navigator.language),
    });
    call.outcome = { returned: '[HTMLDivElement]' };
    return button;
  }

  loadPaymentData(request: unknown): Promise<PaymentData> {
    const call = record('loadPaymentData', [request]);
    // Read now: transient activation is what the click that called us left, not what is left later.
    const activated = navigator.userActivation.isActive;
    return settle(call, () => {
      if (!window.isSecureContext) return failed('CANCELED', SECURE_CONTEXT_MESSAGE);
      const callbacks = this.#callbacks;
      const problem = checkPaymentDataRequest(request, {
        environment: this.#environment,
        optionsMerchantId: isRecord(this.#options['merchantInfo'])
          ? this.#options['merchantInfo']['merchantId']
          : undefined,
        callbacks: {
          set: isRecord(this.#options['paymentDataCallbacks']),
          onPaymentAuthorized: typeof callbacks['onPaymentAuthorized'] === 'function',
          onPaymentDataChanged: typeof callbacks['onPaymentDataChanged'] === 'function',
        },
      });
      if (problem !== undefined) return failed('DEVELOPER_ERROR', problem);
      if (sheetOpen) return failed('CANCELED', 'A payment sheet is already open on this page.');
      if (!activated)
        return failed('CANCELED', 'loadPaymentData must be called in response to a user gesture.');
      const onPaymentAuthorized = callbacks['onPaymentAuthorized'] as
        ((data: PaymentData) => unknown) | undefined;
      return showSheet(
        sheetRequest(request as Json, this.#options),
        this.#environment,
        this.#nonce,
        onPaymentAuthorized,
      );
    });
  }

  prefetchPaymentData(request: unknown): void {
    record('prefetchPaymentData', [request]);
  }
}

const google = isRecord(global['google']) ? global['google'] : {};
const payments = isRecord(google['payments']) ? google['payments'] : {};
payments['api'] = { PaymentsClient };
google['payments'] = payments;
global['google'] = google;
