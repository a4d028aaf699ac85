// A browser payment is filed only under its own order, with an instrument of its session: Payment/Init
// from the merchant's origin over real HTTP (sandbox/browser-payments.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type Reply, type TestSandbox } from './test/harness.ts';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

let orders = 0;
const ORDER = { amount: 100, currency: 'BRL' };

/** A session made by the backend for one order, as the client-script-for-everything mode needs. */
async function orderSession(account = 'demo') {
  orders += 1;
  const partnerUniqueId = `browser-order-${String(orders)}`;
  const sessionId = await sb.session({ account, body: { partnerUniqueId, paymentData: ORDER } });
  return { sessionId, partnerUniqueId };
}

function browserPay(
  sessionId: string,
  partnerUniqueId: string,
  method: Record<string, unknown>,
  options: { account?: string; server?: 'sandbox' | 'engine'; extra?: Record<string, unknown> } = {},
): Promise<Reply> {
  return sb.browser(
    options.server ?? 'sandbox',
    '/api/Payment/Init',
    {
      tokenSession: sessionId,
      partnerUniqueId,
      paymentData: { ...ORDER, paymentMethods: [{ paymentMethodType: '1', amount: 100, ...method }] },
      ...options.extra,
    },
    { account: options.account ?? 'demo' },
  );
}

const service = (token: string) => ({ cardInfo: { token, tokenProvider: 'Service' } });

async function storedUnder(partnerUniqueId: string, account = 'demo'): Promise<Reply> {
  return sb.backend('sandbox', '/api/Payment/Status', { partnerUniqueId }, { account });
}

describe('the order reference comes from the session', () => {
  it('refuses a body that names another partnerUniqueId, and files nothing there', async () => {
    const { sessionId, partnerUniqueId } = await orderSession();
    const token = await sb.tokenize(sessionId);
    const elsewhere = await browserPay(sessionId, 'someone-elses-order', service(token));
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.error).toMatchObject({ code: 'session_order_mismatch', field: 'partnerUniqueId' });
    expect((await storedUnder('someone-elses-order')).status).toBe(404);
    expect((await browserPay(sessionId, partnerUniqueId, service(token))).status).toBe(201);
  });

  it('needs the order reference when a session is created with order data', async () => {
    const reply = await sb.backend('token', '/api/Token/NewSession', {
      customer: { id: 'c' },
      paymentData: ORDER,
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error?.field).toBe('partnerUniqueId');
  });
});

describe('only an authorized payment pays the order', () => {
  it('lets the shopper try another card after a decline', async () => {
    const { sessionId, partnerUniqueId } = await orderSession();
    const declining = await sb.tokenize(sessionId, { cardNumber: '4000000000000002' });
    const declined = await browserPay(sessionId, partnerUniqueId, service(declining));
    expect(declined.status).toBe(201);
    expect(declined.body['status']).toBe('declined');
    const approving = await sb.tokenize(sessionId);
    const paid = await browserPay(sessionId, partnerUniqueId, service(approving));
    expect(paid.status).toBe(201);
    expect(paid.body['status']).toBe('authorized');
    expect((await storedUnder(partnerUniqueId)).body['paymentId']).toBe(paid.body['paymentId']);
    const third = await sb.tokenize(sessionId);
    expect((await browserPay(sessionId, partnerUniqueId, service(third))).body.error?.code).toBe(
      'order_already_paid',
    );
  });
});

describe('a browser pays only with an instrument of its session', () => {
  const WALLET_A = JSON.stringify({ protocolVersion: 'ECv2', signature: 'MEY', signedMessage: '{}' });
  const WALLET_B = JSON.stringify({ version: 'EC_v1', data: 'abc', signature: 'sig', header: {} });

  it.each([
    [
      'a made-up network token',
      {
        cardInfo: {
          token: '4895370012345678',
          tokenProvider: 'networktoken',
          cryptogram: 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=',
          networkTokenExpirationMonth: 12,
          networkTokenExpirationYear: 2030,
        },
      },
    ],
    ['a made-up WalletAPay token', { cardInfo: { token: WALLET_A, tokenProvider: 'WalletAPay' } }],
    ['a made-up WalletBPay token', { cardInfo: { token: WALLET_B, tokenProvider: 'WalletBPay' } }],
    ['an empty gift card', { paymentMethodType: '8' }],
    ['a PIX', { paymentMethodType: '3' }],
    ['an antifraud-only entry', { cardInfo: { cardNumber: '411111******1111' } }],
  ])('refuses %s, stores nothing, and the order stays payable', async (_name, method) => {
    const { sessionId, partnerUniqueId } = await orderSession();
    const reply = await browserPay(sessionId, partnerUniqueId, method);
    expect(reply.status).toBe(403);
    expect(reply.body.error?.code).toBe('browser_call_forbidden');
    expect((await storedUnder(partnerUniqueId)).status).toBe(404);
    const token = await sb.tokenize(sessionId);
    expect((await browserPay(sessionId, partnerUniqueId, service(token))).status).toBe(201);
  });

  it('refuses a made-up token and another session’s token', async () => {
    const { sessionId, partnerUniqueId } = await orderSession();
    const made = await browserPay(sessionId, partnerUniqueId, service('tok_madeup'));
    expect(made.body.error?.code).toBe('token_not_found');
    const otherSession = await sb.session();
    const foreign = await sb.tokenize(otherSession, { singleUse: false });
    expect((await browserPay(sessionId, partnerUniqueId, service(foreign))).body.error?.code).toBe(
      'token_requires_bind',
    );
    expect((await storedUnder(partnerUniqueId)).status).toBe(404);
  });
});

describe('isTest from a browser', () => {
  it('cannot mark a payment on the production engine as a test', async () => {
    const { sessionId, partnerUniqueId } = await orderSession('demo-live');
    const token = await sb.tokenize(sessionId, {}, 'demo-live');
    const options = { account: 'demo-live', server: 'engine' } as const;
    const test = await browserPay(sessionId, partnerUniqueId, service(token), {
      ...options,
      extra: { isTest: true },
    });
    expect(test.status).toBe(403);
    expect(test.body.error).toMatchObject({ code: 'browser_call_forbidden', field: 'isTest' });
    const live = await browserPay(sessionId, partnerUniqueId, service(token), options);
    expect(live.status).toBe(201);
    expect(live.body).toMatchObject({ isTest: false, environment: 'production' });
  });
});
