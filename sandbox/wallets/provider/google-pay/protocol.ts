// The messages between the stand-in pay.js (on the merchant's page) and its sheet (a frame of the
// wallet origin), and the pure checks each side runs on every message it receives: the exact origin,
// the exact window, and the shape. Whatever fails a check is dropped without a word, as a page must
// drop what any other frame or tab posts.

import { isRecord } from './request-checks.ts';
import type { AuthMethod, BillingAddressFormat, CardNetwork, Environment, Json } from './request-checks.ts';

const PREFIX = 'gpay-sandbox:';
export const MESSAGE = {
  /** sheet → page: loaded, send the request. */
  ready: `${PREFIX}ready`,
  /** page → sheet: the request to show. */
  open: `${PREFIX}open`,
  /** sheet → page: the buyer paid; call onPaymentAuthorized with this PaymentData (attempt n). */
  authorize: `${PREFIX}authorize`,
  /** page → sheet: what onPaymentAuthorized answered for attempt n. */
  authorization: `${PREFIX}authorization`,
  /** sheet → page: resolve loadPaymentData with this PaymentData. */
  done: `${PREFIX}done`,
  /** sheet → page: the buyer closed the sheet. */
  cancel: `${PREFIX}cancel`,
  /** sheet → page: reject loadPaymentData with this status. */
  error: `${PREFIX}error`,
} as const;

/**
 * How long the sheet waits for onPaymentAuthorized before it shows REQUEST_TIMEOUT. Google documents no
 * figure (its sheet is seen to time out: adyen-web #3113); the stand-in takes Apple's documented 30 s,
 * the one wallet clock on record. Tests shorten it (GooglePayStandIn.authorizationTimeoutMs).
 */
export const AUTHORIZATION_TIMEOUT_MS = 30_000;

/** The errors a tester can end a sheet with (developers.google.com/pay/api/web/reference/error-objects). */
export const SHEET_ERRORS = ['BUYER_ACCOUNT_ERROR', 'MERCHANT_ACCOUNT_ERROR', 'INTERNAL_ERROR'] as const;
export type SheetError = (typeof SHEET_ERRORS)[number];

export interface Address {
  name: string;
  postalCode: string;
  countryCode: string;
  phoneNumber?: string;
  address1?: string;
  address2?: string;
  address3?: string;
  locality?: string;
  administrativeArea?: string;
  sortingCode?: string;
}

/** What loadPaymentData resolves with and onPaymentAuthorized receives. */
export interface PaymentData {
  apiVersion: 2;
  apiVersionMinor: 0;
  paymentMethodData: {
    type: 'CARD';
    description: string;
    info: {
      cardNetwork: string;
      cardDetails: string;
      cardFundingSource: 'UNKNOWN' | 'CREDIT' | 'DEBIT' | 'PREPAID';
      assuranceDetails?: { accountVerified: boolean; cardHolderAuthenticated: boolean };
      billingAddress?: Address;
    };
    tokenizationData: { type: 'PAYMENT_GATEWAY'; token: string };
  };
  email?: string;
  shippingAddress?: Address;
}

export type AuthorizationResult =
  | { transactionState: 'SUCCESS' }
  | {
      transactionState: 'ERROR';
      error: { reason: string; intent: string; message: string };
    };

/** The request as the sheet needs it: plain data (pay.js strips functions before posting). */
export interface SheetRequest {
  merchantName: string | undefined;
  totalPrice: string | undefined;
  totalPriceLabel: string | undefined;
  currencyCode: string;
  checkoutOption: string | undefined;
  gateway: string | undefined;
  gatewayMerchantId: string | undefined;
  allowedAuthMethods: AuthMethod[];
  allowedCardNetworks: CardNetwork[];
  assuranceDetailsRequired: boolean;
  billingAddressRequired: boolean;
  billingAddressFormat: BillingAddressFormat;
  phoneNumberRequired: boolean;
  emailRequired: boolean;
  shippingAddressRequired: boolean;
  /** PAYMENT_AUTHORIZATION is in callbackIntents: the page calls onPaymentAuthorized before closing. */
  authorizes: boolean;
}

/** A card of the sandbox wallet as the sheet shows it: never its number, only the last four. */
export interface SheetCard {
  /** The wallet test card's id (sandbox/wallets/test-cards.ts). */
  id: string;
  brand: string;
  network: CardNetwork;
  last4: string;
  authMethod: AuthMethod;
  /** What the sandbox issuer answers a payment with this card: "approved", or the decline reason. */
  outcome: string;
}

/** Whether the sheet may offer a card for a request: its network and its auth method are allowed. */
export const fits = (
  card: Pick<SheetCard, 'network' | 'authMethod'>,
  request: Pick<SheetRequest, 'allowedCardNetworks' | 'allowedAuthMethods'>,
): boolean =>
  request.allowedCardNetworks.includes(card.network) && request.allowedAuthMethods.includes(card.authMethod);

type SheetToPage =
  | { type: typeof MESSAGE.ready }
  | { type: typeof MESSAGE.authorize; attempt: number; paymentData: PaymentData }
  | { type: typeof MESSAGE.done; paymentData: PaymentData }
  | { type: typeof MESSAGE.cancel }
  | { type: typeof MESSAGE.error; statusCode: SheetError; statusMessage: string };

export type PageToSheet =
  | {
      type: typeof MESSAGE.open;
      request: SheetRequest;
      environment: Environment;
      authorizationTimeoutMs: number;
    }
  | { type: typeof MESSAGE.authorization; attempt: number; result: AuthorizationResult };

/** A message event as the trust boundary sees it. */
interface Envelope {
  origin: string;
  source: unknown;
  data: unknown;
}

function fromExpected(event: Envelope, expected: { origin: string; source: unknown }): Json | undefined {
  if (event.origin !== expected.origin || event.source !== expected.source || expected.source === null)
    return undefined;
  return isRecord(event.data) ? event.data : undefined;
}

const isPaymentData = (value: unknown): value is PaymentData =>
  isRecord(value) &&
  isRecord(value['paymentMethodData']) &&
  isRecord(value['paymentMethodData']['tokenizationData']) &&
  typeof value['paymentMethodData']['tokenizationData']['token'] === 'string';

const isAttempt = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** On the page: a message from its own sheet frame, or undefined. */
export function decodeSheetMessage(
  event: Envelope,
  expected: { origin: string; source: unknown },
): SheetToPage | undefined {
  const data = fromExpected(event, expected);
  switch (data?.['type']) {
    case MESSAGE.ready:
    case MESSAGE.cancel:
      return { type: data['type'] };
    case MESSAGE.authorize:
      return isAttempt(data['attempt']) && isPaymentData(data['paymentData'])
        ? { type: MESSAGE.authorize, attempt: data['attempt'], paymentData: data['paymentData'] }
        : undefined;
    case MESSAGE.done:
      return isPaymentData(data['paymentData'])
        ? { type: MESSAGE.done, paymentData: data['paymentData'] }
        : undefined;
    case MESSAGE.error:
      return (SHEET_ERRORS as readonly unknown[]).includes(data['statusCode']) &&
        typeof data['statusMessage'] === 'string'
        ? {
            type: MESSAGE.error,
            statusCode: data['statusCode'] as SheetError,
            statusMessage: data['statusMessage'],
          }
        : undefined;
    default:
      return undefined;
  }
}

/** In the sheet: a message from the page that framed it, or undefined. */
export function decodePageMessage(
  event: Envelope,
  expected: { origin: string; source: unknown },
): PageToSheet | undefined {
  const data = fromExpected(event, expected);
  switch (data?.['type']) {
    case MESSAGE.open:
      return isRecord(data['request']) &&
        typeof data['request']['currencyCode'] === 'string' &&
        Array.isArray(data['request']['allowedCardNetworks']) &&
        Array.isArray(data['request']['allowedAuthMethods']) &&
        (data['environment'] === 'TEST' || data['environment'] === 'PRODUCTION') &&
        typeof data['authorizationTimeoutMs'] === 'number'
        ? {
            type: MESSAGE.open,
            request: data['request'] as unknown as SheetRequest,
            environment: data['environment'],
            authorizationTimeoutMs: data['authorizationTimeoutMs'],
          }
        : undefined;
    case MESSAGE.authorization: {
      const result = authorizationResult(data['result']);
      return isAttempt(data['attempt']) && result !== undefined
        ? { type: MESSAGE.authorization, attempt: data['attempt'], result }
        : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * What onPaymentAuthorized answered, as the sheet takes it: SUCCESS, or ERROR with the message to show
 * (Google's sheet shows a generic one when the merchant gives none). Anything else is undefined.
 */
export function authorizationResult(value: unknown): AuthorizationResult | undefined {
  if (!isRecord(value)) return undefined;
  if (value['transactionState'] === 'SUCCESS') return { transactionState: 'SUCCESS' };
  if (value['transactionState'] !== 'ERROR') return undefined;
  const error = isRecord(value['error']) ? value['error'] : {};
  const text = (key: string) =>
    typeof error[key] === 'string' && error[key] !== '' ? error[key] : undefined;
  return authorizationError(text('message'), text('reason'), text('intent'));
}

/** An ERROR result, with Google's defaults for what the merchant left out. */
export const authorizationError = (
  message = 'The merchant could not complete this payment. Try again.',
  reason = 'OTHER_ERROR',
  intent = 'PAYMENT_AUTHORIZATION',
): AuthorizationResult => ({ transactionState: 'ERROR', error: { reason, intent, message } });
