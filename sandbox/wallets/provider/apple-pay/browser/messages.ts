// The messages between the stand-in (in the merchant's page) and its sheet (a frame on the wallet
// origin), and the two trust-boundary checks: each side accepts a message only from the exact origin
// and window it expects, for its own sheet, and of a known shape. Pure functions, tested as such.

export interface PaymentMethodView {
  displayName: string;
  network: string;
  type: string;
}

export interface LineItemView {
  label: string;
  amount?: string | undefined;
  type: 'final' | 'pending';
}

/** What `onpaymentauthorized` carries as `payment` (the token as Apple hands it to the page). */
export interface AuthorizedPayment {
  token: {
    paymentData: Record<string, unknown>;
    paymentMethod: PaymentMethodView;
    transactionIdentifier: string;
  };
  /** With `requiredBillingContactFields`: the `ApplePayPaymentContact` the sheet gives. */
  billingContact?: Record<string, unknown>;
}

export const SHEET_SOURCE = 'sandbox-apple-pay-sheet';
export const PAGE_SOURCE = 'sandbox-apple-pay-js';

/** Sheet to page. */
export type SheetMessage =
  | { source: typeof SHEET_SOURCE; sheetId: string; type: 'methodSelected'; paymentMethod: PaymentMethodView }
  | { source: typeof SHEET_SOURCE; sheetId: string; type: 'authorized'; payment: AuthorizedPayment }
  | { source: typeof SHEET_SOURCE; sheetId: string; type: 'cancel' };

/** Page to sheet: the page's update after a card was picked, and its result after authorization. */
export type PageMessage =
  | {
      source: typeof PAGE_SOURCE;
      sheetId: string;
      type: 'methodUpdate';
      total: LineItemView;
      lineItems: LineItemView[];
    }
  | { source: typeof PAGE_SOURCE; sheetId: string; type: 'result'; final: boolean; success: boolean };

interface Incoming {
  origin: string;
  source: unknown;
  data: unknown;
}

export interface Expected {
  origin: string;
  source: unknown;
  sheetId: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isString = (value: unknown): value is string => typeof value === 'string';

function isPaymentMethod(value: unknown): value is PaymentMethodView {
  return (
    isRecord(value) && isString(value['displayName']) && isString(value['network']) && isString(value['type'])
  );
}

function isLineItem(value: unknown): value is LineItemView {
  return (
    isRecord(value) &&
    isString(value['label']) &&
    (value['amount'] === undefined || isString(value['amount'])) &&
    (value['type'] === 'final' || value['type'] === 'pending')
  );
}

function isPayment(value: unknown): value is AuthorizedPayment {
  const token = isRecord(value) ? value['token'] : undefined;
  const contact = isRecord(value) ? value['billingContact'] : undefined;
  return (
    isRecord(token) &&
    isRecord(token['paymentData']) &&
    isPaymentMethod(token['paymentMethod']) &&
    isString(token['transactionIdentifier']) &&
    (contact === undefined || isRecord(contact))
  );
}

function fromExpected(
  event: Incoming,
  expected: Expected,
  source: string,
): Record<string, unknown> | undefined {
  if (event.origin !== expected.origin || event.source !== expected.source || event.source === null)
    return undefined;
  const { data } = event;
  if (!isRecord(data) || data['source'] !== source || data['sheetId'] !== expected.sheetId) return undefined;
  return data;
}

/** A message from the sheet, in the page: undefined unless it is one, from the sheet's frame and origin. */
export function decodeSheetMessage(event: Incoming, expected: Expected): SheetMessage | undefined {
  const data = fromExpected(event, expected, SHEET_SOURCE);
  if (data === undefined) return undefined;
  const base = { source: SHEET_SOURCE, sheetId: expected.sheetId } as const;
  switch (data['type']) {
    case 'methodSelected':
      return isPaymentMethod(data['paymentMethod'])
        ? { ...base, type: 'methodSelected', paymentMethod: data['paymentMethod'] }
        : undefined;
    case 'authorized':
      return isPayment(data['payment'])
        ? { ...base, type: 'authorized', payment: data['payment'] }
        : undefined;
    case 'cancel':
      return { ...base, type: 'cancel' };
    default:
      return undefined;
  }
}

/** A message from the page, in the sheet: undefined unless it is one, from the parent and its origin. */
export function decodePageMessage(event: Incoming, expected: Expected): PageMessage | undefined {
  const data = fromExpected(event, expected, PAGE_SOURCE);
  if (data === undefined) return undefined;
  const base = { source: PAGE_SOURCE, sheetId: expected.sheetId } as const;
  switch (data['type']) {
    case 'methodUpdate': {
      const { total, lineItems } = data;
      return isLineItem(total) && Array.isArray(lineItems) && lineItems.every(isLineItem)
        ? { ...base, type: 'methodUpdate', total, lineItems }
        : undefined;
    }
    case 'result':
      return typeof data['final'] === 'boolean' && typeof data['success'] === 'boolean'
        ? { ...base, type: 'result', final: data['final'], success: data['success'] }
        : undefined;
    default:
      return undefined;
  }
}
