// Payment/Init from a browser (the client-script-for-everything mode): the page may pay only the order
// its session was created with, once it is authorized, with a card of that session. Everything the
// browser could otherwise choose (order reference, amount, instrument, test flag) comes from the session
// or is refused. Every choice the spec leaves open is here, and in docs/service-contract.md.

import { ServiceError } from './errors.ts';
import type { PaymentInitRequest } from './schemas.ts';
import type { Session } from './store.ts';

/** What a browser may pay with: a card token of its session (Service). The engine checks the token. */
const BROWSER_TOKEN_PROVIDER = 'service';
const BROWSER_METHOD_TYPES: readonly string[] = ['1', '7'];

function backendOnly(field: string, message: string): ServiceError {
  return new ServiceError('browser_call_forbidden', { field, message });
}

/**
 * Network tokens, wallet tokens, direct methods such as a gift card, and antifraud-only entries are not an
 * instrument of the session: a browser cannot pay with them; the merchant backend can (the spec's wallet
 * flow, 4.7, has the backend call Payment/Init with the wallet's token).
 */
function refuseForeignInstruments(body: PaymentInitRequest): void {
  body.paymentData.paymentMethods.forEach((method, index) => {
    const field = `paymentData.paymentMethods.${String(index)}`;
    const provider = method.cardInfo?.tokenProvider?.toLowerCase();
    if (!BROWSER_METHOD_TYPES.includes(method.paymentMethodType) || method.cardInfo === undefined) {
      throw backendOnly(
        `${field}.paymentMethodType`,
        `${field}: a browser pays only with a card token of its session; call this method from your backend.`,
      );
    }
    if (provider !== BROWSER_TOKEN_PROVIDER) {
      throw backendOnly(
        `${field}.cardInfo.tokenProvider`,
        `${field}.cardInfo: a browser pays only with a card token of its session (tokenProvider Service); network and wallet tokens go through your backend.`,
      );
    }
  });
}

/** All the checks of a browser Payment/Init, before anything else is planned. */
export function checkBrowserPayment(
  session: Session | undefined,
  body: PaymentInitRequest,
  environment: 'sandbox' | 'production',
): asserts session is Session {
  if (session?.order === undefined)
    throw new ServiceError('session_order_mismatch', { field: 'tokenSession' });
  if (session.orderPaid) throw new ServiceError('order_already_paid', { field: 'tokenSession' });
  // The order reference is the session's: a body naming another would file the payment elsewhere.
  if (body.partnerUniqueId !== session.partnerUniqueId) {
    throw new ServiceError('session_order_mismatch', { field: 'partnerUniqueId' });
  }
  if (
    body.paymentData.amount !== session.order.amount ||
    body.paymentData.currency !== session.order.currency
  ) {
    throw new ServiceError('session_order_mismatch', { field: 'paymentData.amount' });
  }
  if (body.isTest === true && environment === 'production') {
    throw backendOnly('isTest', 'isTest: a browser cannot mark a production payment as a test.');
  }
  refuseForeignInstruments(body);
}

/** Only an authorized payment pays the order: after a decline the shopper can try another card. */
export function paysTheOrder(status: string): boolean {
  return status === 'authorized';
}

/** NewSession: order data (what lets a browser pay) comes with the order's reference, which the payment takes. */
export function requireOrderReference(request: {
  partnerUniqueId?: string | undefined;
  paymentData?: unknown;
}): void {
  if (request.paymentData !== undefined && request.partnerUniqueId === undefined) {
    throw new ServiceError('invalid_request', {
      field: 'partnerUniqueId',
      message: 'partnerUniqueId: a session with order data (paymentData) needs the order reference',
    });
  }
}
