// A browser payment is filed only under its own order, with an instrument of its session: Payment/Init
// from the merchant's origin over real HTTP (sandbox/payments/browser.ts).
import { describe, expect, it } from 'vitest';
import { EVIL_ORIGIN, futureYear, MERCHANT_ORIGIN, VISA, type Reply } from '../test/harness.ts';
import { fileSandbox } from '../test/file-sandbox.ts';
import { authenticationInformation, threeDsSteps } from '../three-ds/test-support.ts';

const sb = fileSandbox();
const steps = threeDsSteps(sb);

let orders = 0;
const ORDER = { amount: 100, currency: 'BRL' };
/**
 * An account without 3DS, for the rules that hold whatever 3DS does; on a 3DS account a browser's card
 * payment needs its authentication ('on an account with 3DS', below).
 */
const ACCOUNT = 'demo-no3ds';

/** A session made by the backend for one order, as the client-script-for-everything mode needs. */
async function orderSession(account = ACCOUNT) {
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
    { account: options.account ?? ACCOUNT },
  );
}

const service = (token: string) => ({ cardInfo: { token, tokenProvider: 'Service' } });

/**
 * A card as the card frame tokenizes it on a 3DS account: setup, device data collection, Token/Generate
 * with the setup's code (a card outside the 3DS test table authenticates frictionlessly, Y). Answers the
 * method that pays with it (type 7 with its AuthenticationInformation) and the token.
 */
async function authenticatedCard(sessionId: string, account: string, cardNumber = VISA.cardNumber) {
  const setup = await steps.setupOk(sessionId, cardNumber, account);
  await steps.collect(setup.accessToken, cardNumber.slice(0, 8));
  const reply = await steps.generate(
    sessionId,
    { cardNumber, expirationMonth: 12, expirationYear: futureYear() },
    setup.code,
    { account },
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const token = reply.body['token'] as string;
  const authentication = reply.body['authentication'] as Record<string, unknown>;
  return {
    token,
    authentication,
    method: {
      paymentMethodType: '7',
      ...service(token),
      AuthenticationInformation: authenticationInformation(authentication),
    },
  };
}

async function storedUnder(partnerUniqueId: string, account = ACCOUNT): Promise<Reply> {
  return sb.backend('sandbox', '/api/Payment/Status', { partnerUniqueId }, { account });
}

describe('the order reference comes from the session', () => {
  it('refuses a body that names another partnerUniqueId, and files nothing there', async () => {
    const { sessionId, partnerUniqueId } = await orderSession();
    const token = await sb.tokenize(sessionId, {}, ACCOUNT);
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
    const declining = await sb.tokenize(sessionId, { cardNumber: '4000000000000002' }, ACCOUNT);
    const declined = await browserPay(sessionId, partnerUniqueId, service(declining));
    expect(declined.status).toBe(201);
    expect(declined.body['status']).toBe('declined');
    const approving = await sb.tokenize(sessionId, {}, ACCOUNT);
    const paid = await browserPay(sessionId, partnerUniqueId, service(approving));
    expect(paid.status).toBe(201);
    expect(paid.body['status']).toBe('authorized');
    expect((await storedUnder(partnerUniqueId)).body['paymentId']).toBe(paid.body['paymentId']);
    const third = await sb.tokenize(sessionId, {}, ACCOUNT);
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
    ['a Bitcoin payment', { paymentMethodType: '4' }],
    ['an antifraud-only entry', { cardInfo: { cardNumber: '411111******1111' } }],
  ])('refuses %s, stores nothing, and the order stays payable', async (_name, method) => {
    const { sessionId, partnerUniqueId } = await orderSession();
    const reply = await browserPay(sessionId, partnerUniqueId, method);
    expect(reply.status).toBe(403);
    expect(reply.body.error?.code).toBe('browser_call_forbidden');
    expect((await storedUnder(partnerUniqueId)).status).toBe(404);
    const token = await sb.tokenize(sessionId, {}, ACCOUNT);
    expect((await browserPay(sessionId, partnerUniqueId, service(token))).status).toBe(201);
  });

  it('refuses a made-up token and another session’s token', async () => {
    const { sessionId, partnerUniqueId } = await orderSession();
    const made = await browserPay(sessionId, partnerUniqueId, service('tok_madeup'));
    expect(made.body.error?.code).toBe('token_not_found');
    const otherSession = await sb.session({ account: ACCOUNT });
    const foreign = await sb.tokenize(otherSession, { singleUse: false }, ACCOUNT);
    expect((await browserPay(sessionId, partnerUniqueId, service(foreign))).body.error?.code).toBe(
      'token_requires_bind',
    );
    expect((await storedUnder(partnerUniqueId)).status).toBe(404);
  });
});

describe('isTest from a browser', () => {
  it('cannot mark a payment on the production engine as a test', async () => {
    // demo-live runs 3DS, as a browser payment there must.
    const { sessionId, partnerUniqueId } = await orderSession('demo-live');
    const { method } = await authenticatedCard(sessionId, 'demo-live');
    const options = { account: 'demo-live', server: 'engine' } as const;
    const test = await browserPay(sessionId, partnerUniqueId, method, {
      ...options,
      extra: { isTest: true },
    });
    expect(test.status).toBe(403);
    expect(test.body.error).toMatchObject({ code: 'browser_call_forbidden', field: 'isTest' });
    const live = await browserPay(sessionId, partnerUniqueId, method, options);
    expect(live.status).toBe(201);
    expect(live.body).toMatchObject({ isTest: false, environment: 'production' });
  });
});

/** Payment/Init as the script sends it: nothing the session holds, only the instrument. */
function scriptPay(
  sessionId: string,
  methods: Record<string, unknown>[],
  extra: Record<string, unknown> = {},
) {
  return sb.browser(
    'sandbox',
    '/api/Payment/Init',
    { tokenSession: sessionId, paymentData: { paymentMethods: methods }, ...extra },
    { account: ACCOUNT },
  );
}

const sessionStatus = (sessionId: string, options: { account?: string; origin?: string } = {}) =>
  sb.browser(
    'sandbox',
    '/api/Payment/SessionStatus',
    { tokenSession: sessionId },
    {
      account: options.account ?? ACCOUNT,
      ...(options.origin === undefined ? {} : { headers: { origin: options.origin } }),
    },
  );

describe('what is paid comes from the session', () => {
  it('files a payment that names only its instrument under the session’s order, amount, currency and customer', async () => {
    const { sessionId, partnerUniqueId } = await orderSession();
    const token = await sb.tokenize(sessionId, {}, ACCOUNT);
    const paid = await scriptPay(sessionId, [{ paymentMethodType: '1', ...service(token) }]);
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ partnerUniqueId, amount: 100, currency: 'BRL', status: 'authorized' });
    const stored = await storedUnder(partnerUniqueId);
    expect(stored.body).toMatchObject({
      paymentId: paid.body['paymentId'],
      amount: 100,
      isFromFrontend: true,
    });
    expect(stored.body['customer']).toMatchObject({ id: expect.any(String) as string });
    expect(stored.body['paymentMethods']).toMatchObject([{ amount: 100 }]);
  });

  it('refuses a customer sent by the browser', async () => {
    const { sessionId } = await orderSession();
    const token = await sb.tokenize(sessionId, {}, ACCOUNT);
    const reply = await scriptPay(sessionId, [{ paymentMethodType: '1', ...service(token) }], {
      customer: { id: 'someone-else' },
    });
    expect(reply.status).toBe(403);
    expect(reply.body.error).toMatchObject({ code: 'browser_call_forbidden', field: 'customer' });
  });

  it('refuses another amount for the order even when the reference is left out', async () => {
    const { sessionId } = await orderSession();
    const token = await sb.tokenize(sessionId, {}, ACCOUNT);
    const cheaper = await sb.browser(
      'sandbox',
      '/api/Payment/Init',
      {
        tokenSession: sessionId,
        paymentData: {
          amount: 1,
          currency: 'BRL',
          paymentMethods: [{ paymentMethodType: '1', ...service(token) }],
        },
      },
      { account: ACCOUNT },
    );
    expect(cheaper.status).toBe(403);
    expect(cheaper.body.error).toMatchObject({ code: 'session_order_mismatch', field: 'paymentData.amount' });
  });

  it('starts a PIX for the order: pending, nothing to pay with from the page', async () => {
    const { sessionId, partnerUniqueId } = await orderSession();
    const pix = await scriptPay(sessionId, [{ paymentMethodType: '3' }]);
    expect(pix.status).toBe(201);
    expect(pix.body).toMatchObject({ partnerUniqueId, status: 'pending', amount: 100 });
    expect(pix.body['paymentMethods']).toMatchObject([{ method: 'pix', status: 'pending' }]);
  });
});

describe('POST /api/Payment/SessionStatus: the page follows its own payment', () => {
  it('answers the session’s payment as the browser saw it, without customer, front data or antifraud', async () => {
    const { sessionId, partnerUniqueId } = await orderSession();
    expect((await sessionStatus(sessionId)).body.error?.code).toBe('payment_not_found');
    const token = await sb.tokenize(sessionId, {}, ACCOUNT);
    const paid = await scriptPay(sessionId, [{ paymentMethodType: '1', ...service(token) }], {
      frontData: { userAgent: 'test' },
    });
    const status = await sessionStatus(sessionId);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      paymentId: paid.body['paymentId'],
      partnerUniqueId,
      status: 'authorized',
    });
    for (const hidden of ['customer', 'frontData', 'vendor', 'antiFraud', 'tokenSession']) {
      expect(status.body).not.toHaveProperty(hidden);
      expect(paid.body).not.toHaveProperty(hidden);
    }
    expect(status.headers.get('access-control-allow-origin')).toBe(MERCHANT_ORIGIN);
  });

  it('shows the newest try after a decline', async () => {
    const { sessionId } = await orderSession();
    const declining = await sb.tokenize(sessionId, { cardNumber: '4000000000000002' }, ACCOUNT);
    await scriptPay(sessionId, [{ paymentMethodType: '1', ...service(declining) }]);
    expect((await sessionStatus(sessionId)).body['status']).toBe('declined');
    const approving = await sb.tokenize(sessionId, {}, ACCOUNT);
    await scriptPay(sessionId, [{ paymentMethodType: '1', ...service(approving) }]);
    expect((await sessionStatus(sessionId)).body['status']).toBe('authorized');
  });

  it('does not show a payment its session did not make, another account’s session, or a session without an order', async () => {
    const { sessionId, partnerUniqueId } = await orderSession();
    const backendSession = await sb.session({ account: ACCOUNT });
    const backendToken = await sb.tokenize(backendSession, {}, ACCOUNT);
    const byBackend = await sb.backend(
      'sandbox',
      '/api/Payment/Init',
      {
        tokenSession: backendSession,
        partnerUniqueId,
        paymentData: { ...ORDER, paymentMethods: [{ paymentMethodType: '1', ...service(backendToken) }] },
      },
      { account: ACCOUNT },
    );
    expect(byBackend.status).toBe(201);
    expect((await sessionStatus(sessionId)).body.error?.code).toBe('payment_not_found');
    expect((await sessionStatus(sessionId, { account: 'demo' })).body.error?.code).toBe('session_not_found');
    expect((await sessionStatus(backendSession)).body.error?.code).toBe('session_order_mismatch');
    expect((await sessionStatus(sessionId, { origin: EVIL_ORIGIN })).body.error?.code).toBe(
      'origin_not_allowed',
    );
  });

  it('answers a PIX the backend made with the session (its app token, the session’s order), paid once settled', async () => {
    const { sessionId, partnerUniqueId } = await orderSession();
    const made = await sb.backend(
      'sandbox',
      '/api/Payment/Init',
      {
        tokenSession: sessionId,
        partnerUniqueId,
        paymentData: { ...ORDER, paymentMethods: [{ paymentMethodType: '3' }] },
      },
      { account: ACCOUNT },
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const pending = await sessionStatus(sessionId);
    expect(pending.body).toMatchObject({ paymentId: made.body['paymentId'], status: 'pending' });
    const [method] = pending.body['paymentMethods'] as { pix?: { brCode: string } }[];
    expect(method?.pix?.brCode).toMatch(/^000201/);
    expect(pending.body).not.toHaveProperty('customer');
    await sb.control('/__sandbox/payments/settle', { paymentId: made.body['paymentId'] });
    expect((await sessionStatus(sessionId)).body['status']).toBe('paid');
  });

  it('takes nothing but the session: no payment id, no order reference', async () => {
    const { sessionId, partnerUniqueId } = await orderSession();
    const reply = await sb.browser(
      'sandbox',
      '/api/Payment/SessionStatus',
      { tokenSession: sessionId, partnerUniqueId },
      { account: ACCOUNT },
    );
    expect(reply.status).toBe(400);
    expect(reply.body.error?.code).toBe('invalid_request');
  });
});

describe('what a browser may choose', () => {
  it('chooses installments only up to what the session allows (1 when it says nothing)', async () => {
    const { sessionId } = await orderSession();
    const token = await sb.tokenize(sessionId, {}, ACCOUNT);
    const twelve = await scriptPay(sessionId, [
      { paymentMethodType: '1', installments: 12, ...service(token) },
    ]);
    expect(twelve.status).toBe(403);
    expect(twelve.body.error).toMatchObject({
      code: 'session_order_mismatch',
      field: 'paymentData.paymentMethods.0.installments',
    });
    orders += 1;
    const allowing = await sb.session({
      account: ACCOUNT,
      body: {
        partnerUniqueId: `browser-order-${String(orders)}`,
        paymentData: { ...ORDER, maxInstallments: 3 },
      },
    });
    const three = await sb.tokenize(allowing, {}, ACCOUNT);
    expect(
      (await scriptPay(allowing, [{ paymentMethodType: '1', installments: 3, ...service(three) }])).status,
    ).toBe(201);
  });

  it('answers order_already_paid once a PIX paid the order, and SessionStatus sees an expiry that is due', async () => {
    const { sessionId } = await orderSession();
    const pix = await scriptPay(sessionId, [{ paymentMethodType: '3' }]);
    const settled = await sb.control('/__sandbox/payments/settle', { paymentId: pix.body['paymentId'] });
    expect(settled.status).toBe(200);
    expect((await sessionStatus(sessionId)).body['status']).toBe('paid');
    const token = await sb.tokenize(sessionId, {}, ACCOUNT);
    expect(
      (await scriptPay(sessionId, [{ paymentMethodType: '1', ...service(token) }])).body.error?.code,
    ).toBe('order_already_paid');
  });
});

describe('on an account with 3DS, a browser payment runs 3DS', () => {
  it('refuses a new card tokenized without 3DS, stores nothing, and pays it once authenticated', async () => {
    const { sessionId, partnerUniqueId } = await orderSession('demo');
    const plain = await sb.tokenize(sessionId, {}, 'demo');
    const skipped = await browserPay(sessionId, partnerUniqueId, service(plain), { account: 'demo' });
    expect(skipped.status).toBe(422);
    expect(skipped.body.error).toMatchObject({
      code: 'three_ds_required',
      field: 'paymentData.paymentMethods.0.AuthenticationInformation',
    });
    expect((await storedUnder(partnerUniqueId, 'demo')).status).toBe(404);
    const { method } = await authenticatedCard(sessionId, 'demo');
    const paid = await browserPay(sessionId, partnerUniqueId, method, { account: 'demo' });
    expect(paid.status).toBe(201);
    expect((await storedUnder(partnerUniqueId, 'demo')).body).toMatchObject({
      status: 'authorized',
      paymentMethods: [{ method: 'card_3ds', authentication: { status: 'Y' } }],
    });
  });

  it('refuses a saved card bound with its code alone, and pays it bound with 3DS', async () => {
    const saved = await sb.tokenize(await sb.session(), { singleUse: false }, 'demo');
    const { sessionId, partnerUniqueId } = await orderSession('demo');
    expect((await steps.bind(sessionId, saved, undefined)).status).toBe(200);
    const skipped = await browserPay(sessionId, partnerUniqueId, service(saved), { account: 'demo' });
    expect(skipped.body.error?.code).toBe('three_ds_required');
    const { authentication } = await steps.enrollSaved(sessionId, saved);
    const paid = await browserPay(
      sessionId,
      partnerUniqueId,
      {
        paymentMethodType: '7',
        ...service(saved),
        AuthenticationInformation: authenticationInformation(authentication),
      },
      { account: 'demo' },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  });

  it('leaves a backend payment on the same account to the merchant: the app token decides', async () => {
    const sessionId = await sb.session({ account: 'demo' });
    const token = await sb.tokenize(sessionId, {}, 'demo');
    const reply = await sb.backend('sandbox', '/api/Payment/Init', {
      tokenSession: sessionId,
      partnerUniqueId: `backend-no-3ds-${String(orders)}`,
      paymentData: { ...ORDER, paymentMethods: [{ paymentMethodType: '1', ...service(token) }] },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ isFromFrontend: false, paymentMethods: [{ method: 'card' }] });
  });
});

describe('the subacquirer is the order’s', () => {
  const VENDOR = { code: 'SUBMERCHANT-7', name: 'Loja do Bairro' };

  it('refuses a vendor sent by the browser, naming the field, and stores nothing', async () => {
    const { sessionId, partnerUniqueId } = await orderSession();
    const token = await sb.tokenize(sessionId, {}, ACCOUNT);
    const evil = await browserPay(sessionId, partnerUniqueId, service(token), {
      extra: { vendor: { code: 'EVIL-SUBMERCHANT', name: 'Evil' } },
    });
    expect(evil.status).toBe(403);
    expect(evil.body.error).toMatchObject({ code: 'browser_call_forbidden', field: 'vendor' });
    expect((await storedUnder(partnerUniqueId)).status).toBe(404);
  });

  it('files a browser payment under the vendor the backend gave NewSession', async () => {
    orders += 1;
    const partnerUniqueId = `browser-order-${String(orders)}`;
    const sessionId = await sb.session({
      account: ACCOUNT,
      body: { partnerUniqueId, paymentData: ORDER, vendor: VENDOR },
    });
    const token = await sb.tokenize(sessionId, {}, ACCOUNT);
    expect((await scriptPay(sessionId, [{ paymentMethodType: '1', ...service(token) }])).status).toBe(201);
    expect((await storedUnder(partnerUniqueId)).body['vendor']).toEqual(VENDOR);
  });
});

describe('the cardholder’s IP is the connection’s', () => {
  const CLAIMED = '203.0.113.77';

  it('records the connection’s address for a browser payment, whatever frontData says', async () => {
    const { sessionId, partnerUniqueId } = await orderSession();
    const token = await sb.tokenize(sessionId, {}, ACCOUNT);
    const paid = await scriptPay(sessionId, [{ paymentMethodType: '1', ...service(token) }], {
      frontData: { ipAddress: CLAIMED, userAgent: 'test' },
    });
    expect(paid.status).toBe(201);
    const { frontData } = (await storedUnder(partnerUniqueId)).body as { frontData: Record<string, string> };
    expect(frontData).toMatchObject({ ipAddress: '127.0.0.1', userAgent: 'test' });
  });

  it('answers Token/Generate with the connection’s address, which the page passes on', async () => {
    const sessionId = await sb.session();
    const generated = await sb.browser('token', '/api/Token/Generate', {
      sessionId,
      card: { ...VISA, expirationYear: futureYear() },
      frontData: { ipAddress: CLAIMED },
    });
    expect(generated.status).toBe(200);
    expect(generated.body['frontData']).toMatchObject({ ipAddress: '127.0.0.1' });
  });
});
