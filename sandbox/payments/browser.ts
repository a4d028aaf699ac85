// Payment/Init from a browser (the client-script-for-everything mode): the page may pay only the order
// its session was created with, once it is authorized, with a card of that session. Everything the
// browser could otherwise choose (order reference, amount, instrument, subacquirer, test flag) comes
// from the session or is refused; 3DS, where the account runs it, is not the page's to skip
// (authentications.ts). Every choice the spec leaves open is here, and in docs/service-contract.md.

import type { Account } from '../accounts.ts';
import { ServiceError } from '../errors.ts';
import type { SandboxContext } from '../http/context.ts';
import { withConnectionAddress } from '../http/front-data.ts';
import { checkAmount, checkCurrency, sameAmount } from './money.ts';
import type { BrowserPaymentInitRequest, PaymentInitRequest } from '../schemas.ts';
import type { BoletoRecord, Payment, PaymentMethodRecord, Session } from '../records.ts';

/** What a browser may pay with: a card token of its session (Service). The engine checks the token. */
const BROWSER_TOKEN_PROVIDER = 'service';
const BROWSER_METHOD_TYPES: readonly string[] = ['1', '7'];
/**
 * PIX (code 3) and Boleto (code 2, with the shopper's own payer data) need no instrument: the shopper
 * pays the order's BR Code or boleto from their bank, so a browser may start them for its session's
 * order. The other direct methods stay with the backend.
 */
const BROWSER_DIRECT_METHOD_TYPES: readonly string[] = ['3', '2'];
/**
 * How long a session may read its payment's status: a day, past the session's 30 minutes, so a PIX
 * (which the shopper may pay up to its expiry) can still be followed from the page that started it.
 */
export const SESSION_STATUS_TTL_MS = 24 * 60 * 60_000;

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
    if (BROWSER_DIRECT_METHOD_TYPES.includes(method.paymentMethodType) && method.cardInfo === undefined)
      return;
    if (!BROWSER_METHOD_TYPES.includes(method.paymentMethodType) || method.cardInfo === undefined) {
      throw backendOnly(
        `${field}.paymentMethodType`,
        `${field}: a browser pays only with a card token of its session, by PIX or by Boleto; call this method from your backend.`,
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
    body.paymentData.currency !== session.order.currency ||
    body.paymentData.amount === undefined ||
    !sameAmount(body.paymentData.amount, session.order.amount, session.order.currency)
  ) {
    throw new ServiceError('session_order_mismatch', { field: 'paymentData.amount' });
  }
  // Installments cost the merchant (interest-free ones above all): a browser chooses only up to what
  // the backend's session allows.
  body.paymentData.paymentMethods.forEach((method, index) => {
    const max = session.order?.installments.max ?? 1;
    if ((method.installments ?? 1) > max) {
      throw new ServiceError('session_order_mismatch', {
        field: `paymentData.paymentMethods.${String(index)}.installments`,
        message: `paymentData.paymentMethods.${String(index)}.installments: the session allows at most ${String(max)}.`,
      });
    }
  });
  if (body.isTest === true && environment === 'production') {
    throw backendOnly('isTest', 'isTest: a browser cannot mark a production payment as a test.');
  }
  refuseForeignInstruments(body);
}

/** Only an authorized (or paid) payment pays the order: after a decline the shopper can try another card. */
export function paysTheOrder(status: string): boolean {
  return status === 'authorized' || status === 'paid';
}

/**
 * NewSession's order data (what lets a browser pay): it comes with the order's reference, which the
 * payment takes, and its amount is money as Payment/Init takes it (sandbox/payments/money.ts).
 */
export function checkOrderData(request: {
  partnerUniqueId?: string | undefined;
  paymentData?: { amount: number; currency: string } | undefined;
}): void {
  if (request.paymentData === undefined) return;
  if (request.partnerUniqueId === undefined) {
    throw new ServiceError('invalid_request', {
      field: 'partnerUniqueId',
      message: 'partnerUniqueId: a session with order data (paymentData) needs the order reference',
    });
  }
  const currency = checkCurrency(request.paymentData.currency, 'paymentData.currency');
  checkAmount(request.paymentData.amount, currency, 'paymentData.amount');
}

/**
 * A browser's Payment/Init names nothing the session already holds: the order's reference, amount and
 * currency, the customer and the subacquirer come from the session. Values it does give must match
 * (checkBrowserPayment); a customer or a vendor it gives is refused, since the backend said who the
 * shopper is and under whom the order is filed. The cardholder's IP is the connection's (`ipAddress`).
 */
export function completeFromSession(
  ctx: SandboxContext,
  account: Account,
  body: BrowserPaymentInitRequest,
  ipAddress: string | undefined,
): PaymentInitRequest {
  if (body.customer !== undefined) {
    throw backendOnly(
      'customer',
      'customer: a browser payment is for the customer its session was created for.',
    );
  }
  if (body.vendor !== undefined) {
    throw backendOnly(
      'vendor',
      'vendor: the subacquirer is the order’s, set by your backend in NewSession; a browser cannot route a payment.',
    );
  }
  const session = body.tokenSession === undefined ? undefined : ctx.store.sessions.get(body.tokenSession);
  const owned = session?.account === account.name ? session : undefined;
  const order = owned?.order;
  const single = body.paymentData.paymentMethods.length === 1;
  const { vendor: _none, ...sent } = body;
  return {
    ...sent,
    partnerUniqueId: body.partnerUniqueId ?? owned?.partnerUniqueId ?? '',
    ...(owned === undefined ? {} : { customer: owned.customer }),
    ...(owned?.vendor === undefined ? {} : { vendor: owned.vendor }),
    ...(body.frontData === undefined && ipAddress === undefined
      ? {}
      : { frontData: withConnectionAddress(body.frontData, ipAddress) }),
    paymentData: {
      ...body.paymentData,
      amount: body.paymentData.amount ?? order?.amount,
      currency: body.paymentData.currency ?? order?.currency,
      paymentMethods: body.paymentData.paymentMethods.map((method) =>
        single && order !== undefined ? { ...method, amount: method.amount ?? order.amount } : method,
      ),
    },
  };
}

/**
 * The newest payment a session made for its order, for the page that made it (POST
 * /api/Payment/SessionStatus): not another session's, not another order's, and for a day at most.
 */
export function sessionPayment(ctx: SandboxContext, account: Account, sessionId: string): Payment {
  const session = ctx.store.sessions.get(sessionId);
  if (session?.account !== account.name) throw new ServiceError('session_not_found');
  if (ctx.now() >= session.createdAt + SESSION_STATUS_TTL_MS) throw new ServiceError('session_expired');
  if (session.order === undefined || session.partnerUniqueId === undefined) {
    throw new ServiceError('session_order_mismatch', { field: 'tokenSession' });
  }
  const payment = ctx.store.paymentByOrder(account.name, session.partnerUniqueId);
  if (payment?.tokenSession !== session.id) throw new ServiceError('payment_not_found');
  return ctx.lifecycle.refresh(payment);
}

/** A method as a browser sees it: a Boleto's boleto without its payer, who is personal data as the customer is. */
function browserMethodView(
  method: PaymentMethodRecord,
): Omit<PaymentMethodRecord, 'boleto'> & { boleto?: Omit<BoletoRecord, 'payer'> } {
  if (method.boleto === undefined) return method;
  const { payer: _payer, ...boleto } = method.boleto;
  return { ...method, boleto };
}

/**
 * What a browser sees of a payment: its state and what the shopper chose, never the customer (nor a
 * Boleto's payer), the front data, the vendor or the antifraud answer (which the merchant's backend
 * reads with Payment/Status).
 */
export function browserPaymentView(payment: Payment) {
  return {
    paymentId: payment.paymentId,
    environment: payment.environment,
    partnerUniqueId: payment.partnerUniqueId,
    status: payment.status,
    amount: payment.amount,
    currency: payment.currency,
    paymentMethods: payment.paymentMethods.map(browserMethodView),
    isTest: payment.isTest,
    isFromFrontend: payment.isFromFrontend,
    createdAt: payment.createdAt,
  };
}
