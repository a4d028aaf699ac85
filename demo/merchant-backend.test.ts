import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  account,
  BOLETO_PAYER,
  futureYear,
  MERCHANT_ORIGIN,
  startTestSandbox,
  type TestSandbox,
} from '../sandbox/test/harness.ts';
import { TEST_CARDS } from '../sandbox/three-ds/test-cards.ts';
import { threeDsSteps } from '../sandbox/three-ds/test-support.ts';
import { signWebhook } from '../src/server/webhooks.ts';
import type { MerchantConfig } from './config.ts';
import { createMerchantBackend } from './merchant-backend.ts';

let sb: TestSandbox;
let app: ReturnType<typeof createMerchantBackend>;
let config: MerchantConfig;
const demo = account('demo');
const WEBHOOK_SECRET = demo.webhook?.secret ?? '';

beforeAll(async () => {
  // The sandbox's webhooks reach this backend in-process, as they would over HTTP.
  sb = await startTestSandbox({
    webhookFetch: (url, init) => Promise.resolve(app.request(new URL(url).pathname, init)),
  });
  config = {
    account: 'demo',
    appToken: demo.appToken,
    environment: 'sandbox',
    tokenUrl: sb.urls.tokenUrl,
    tokenApiUrl: sb.url('token', ''),
    engineApiUrl: sb.url('sandbox', ''),
    engineUrl: sb.urls.sandboxUrl,
    threeDsUrl: sb.urls.threeDsUrl,
    port: 4173,
    webhookSecret: WEBHOOK_SECRET,
  };
  app = createMerchantBackend(config, [MERCHANT_ORIGIN]);
});
afterAll(() => sb.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: MERCHANT_ORIGIN, ...headers },
    body: JSON.stringify(body),
  });

describe('the demo merchant backend', () => {
  it('creates a session and hands the page what the checkout needs, never the app token', async () => {
    const response = await post('/api/session', {});
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      sessionId: expect.stringMatching(/^ses_/) as string,
      account: 'demo',
      environment: 'sandbox',
      tokenUrl: sb.urls.tokenUrl,
      engineUrl: sb.urls.sandboxUrl,
    });
    expect(text).not.toContain(demo.appToken);
  });

  it('pays a wallet token unparsed through Payment/Init’s wallet variant, once per order, with the installments offered', async () => {
    const { sessionId } = (await (await post('/api/session', { cart: 'wallets' })).json()) as {
      sessionId: string;
    };
    const sealed = await sb.control('/__sandbox/wallets/google-pay/token', {
      testCard: 'elo',
      gatewayMerchantId: 'demo',
    });
    const token = sealed.body['token'] as string;
    expect(
      (await post('/api/pay-wallet', { sessionId, token, walletProvider: 'WalletAPay', installments: 5 }))
        .status,
    ).toBe(409);
    const paid = await post('/api/pay-wallet', {
      sessionId,
      token,
      walletProvider: 'WalletAPay',
      installments: 3,
    });
    expect(paid.status).toBe(201);
    const record = (await paid.json()) as {
      status: string;
      paymentMethods: { installments?: number; card?: { brand: string } }[];
    };
    expect(record.status).toBe('authorized');
    expect(record.paymentMethods[0]).toMatchObject({
      installments: 3,
      card: { brand: 'Elo' },
      // Without a name from the wallet, the shop's customer.
      billingInfo: { name: 'Ada Lovelace', billedAmount: 150 },
    });
    const again = await post('/api/pay-wallet', {
      sessionId,
      token,
      walletProvider: 'WalletAPay',
      installments: 3,
    });
    expect([again.status, ((await again.json()) as { error: { code: string } }).error.code]).toEqual([
      409,
      'order_already_paid',
    ]);
  });

  it('bills the wallet’s card holder when the wallet gave a name', async () => {
    const { sessionId } = (await (await post('/api/session', { cart: 'wallets' })).json()) as {
      sessionId: string;
    };
    const sealed = await sb.control('/__sandbox/wallets/google-pay/token', {
      testCard: 'visa',
      gatewayMerchantId: 'demo',
    });
    const paid = await post('/api/pay-wallet', {
      sessionId,
      token: sealed.body['token'],
      walletProvider: 'WalletAPay',
      billingName: ' Grace Hopper ',
    });
    expect(paid.status).toBe(201);
    const record = (await paid.json()) as { paymentMethods: { billingInfo?: unknown }[] };
    expect(record.paymentMethods[0]?.billingInfo).toEqual({
      name: 'Grace Hopper',
      taxedAmount: 0,
      billedAmount: 150,
    });
  });

  it('serves the Apple Pay domain association file under /.well-known/', async () => {
    const response = await app.request('/.well-known/apple-developer-merchantid-domain-association');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Apple');
  });

  it('pays with a token through Payment/Init and reads the status', async () => {
    const { sessionId } = (await (await post('/api/session', { cart: 'card' })).json()) as {
      sessionId: string;
    };
    const token = await sb.tokenize(sessionId);
    const paid = await post('/api/pay', { sessionId, token, amount: 120, installments: 2, brand: 'Visa' });
    expect(paid.status).toBe(201);
    const record = (await paid.json()) as {
      paymentId: string;
      status: string;
      paymentMethods: { installments: number }[];
    };
    expect(record).toMatchObject({
      status: 'authorized',
      amount: 120,
      currency: 'BRL',
      paymentMethods: [{ installments: 2 }],
    });
    const status = await post('/api/payment-status', { paymentId: record.paymentId });
    expect(await status.json()).toMatchObject({ paymentId: record.paymentId, status: 'authorized' });
  });

  it('creates a Pix with its app token and hands the page only the session, whose status read sees it paid once settled', async () => {
    const response = await post('/api/pix', {});
    expect(response.status).toBe(200);
    const text = await response.text();
    const { sessionId } = JSON.parse(text) as { sessionId: string };
    expect(JSON.parse(text)).toEqual({ sessionId: expect.stringMatching(/^ses_/) as string });
    expect(text).not.toContain(demo.appToken);
    // What the page's checkout.showPayment() reads: the session's own payment, from the browser.
    const read = () =>
      sb.browser('sandbox', '/api/Payment/SessionStatus', { tokenSession: sessionId }, { account: 'demo' });
    const pending = await read();
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({ status: 'pending', amount: 60, currency: 'BRL' });
    const [method] = pending.body['paymentMethods'] as { method: string; pix?: { brCode: string } }[];
    expect(method).toMatchObject({
      method: 'pix',
      pix: { brCode: expect.stringMatching(/^000201/) as string },
    });
    expect(await (await post('/api/order', { sessionId })).json()).toMatchObject({
      status: 'pending',
      paymentId: pending.body['paymentId'],
    });
    await sb.control('/__sandbox/payments/settle', { paymentId: pending.body['paymentId'] });
    expect((await read()).body['status']).toBe('paid');
  });

  it('offers parcelas sem juros on orders from R$ 100, pays only a count it offers, and forwards the CPF', async () => {
    const card = (await (await post('/api/session', { cart: 'card' })).json()) as {
      sessionId: string;
      installments?: unknown;
    };
    expect(card.installments).toEqual({
      plans: [
        { count: 1, amount: 120, interestFree: true },
        { count: 2, amount: 60, interestFree: true },
        { count: 3, amount: 40, interestFree: true },
      ],
      currency: 'BRL',
    });
    const small = (await (await post('/api/session', { cart: 'plain' })).json()) as object;
    expect(small).not.toHaveProperty('installments');
    const token = await sb.tokenize(card.sessionId);
    const twelve = await post('/api/pay', { sessionId: card.sessionId, token, installments: 12 });
    expect(twelve.status).toBe(409);
    expect(await twelve.json()).toEqual({ error: { code: 'installments_not_offered' } });
    const paid = await post('/api/pay', {
      sessionId: card.sessionId,
      token,
      installments: 3,
      document: '52998224725',
      documentType: 'CPF',
    });
    expect(await paid.json()).toMatchObject({
      status: 'authorized',
      customer: { document: '52998224725', documentType: 'CPF' },
      paymentMethods: [{ installments: 3 }],
    });
  });

  it('lists the sandbox’s 3DS test cards for the scenario picker, with the expiry they need', async () => {
    const response = await app.request('/api/test-cards');
    const body = (await response.json()) as {
      expiry: { month: number; year: number };
      scenarios: { scenario: string; cards: { brand: string; number: string }[] }[];
    };
    expect(body.expiry).toEqual({ month: 1, year: new Date().getUTCFullYear() + 3 });
    expect(body.scenarios).toHaveLength(8);
    expect(body.scenarios[0]).toEqual({
      scenario: 'frictionless_success',
      cards: [
        { cardType: '001', brand: 'Visa', number: '4000000000002701' },
        { cardType: '002', brand: 'Mastercard', number: '5200000000002235' },
        { cardType: '054', brand: 'Elo', number: '6505290000002000' },
      ],
    });
  });

  it('passes the service’s error through when a token is reused', async () => {
    const { sessionId } = (await (await post('/api/session', {})).json()) as { sessionId: string };
    // A declined payment leaves the order payable, so the second call reaches the service.
    const token = await sb.tokenize(sessionId, {
      cardNumber: '4000000000000002',
      expirationYear: futureYear(2),
    });
    expect(await (await post('/api/pay', { sessionId, token })).json()).toMatchObject({ status: 'declined' });
    const again = await post('/api/pay', { sessionId, token });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: 'token_already_used' } });
  });

  it('pays its own order: amount, currency and customer from its store, never from the page', async () => {
    const created = await post('/api/session', { cart: 'plain', customer: { id: 'shopper-7' } });
    const { sessionId } = (await created.json()) as { sessionId: string };
    const token = await sb.tokenize(sessionId, {}, 'demo');
    // The page may say what it showed; a different number is refused, not paid.
    const cheaper = await post('/api/pay', { sessionId, token, amount: 1 });
    expect(cheaper.status).toBe(409);
    expect(await cheaper.json()).toEqual({ error: { code: 'order_amount_mismatch' } });
    // Nor can it name another customer or currency.
    for (const extra of [{ customer: { id: 'someone-else' } }, { currency: 'USD' }]) {
      expect((await post('/api/pay', { sessionId, token, ...extra })).status).toBe(400);
    }
    const paid = (await (await post('/api/pay', { sessionId, token })).json()) as { partnerUniqueId: string };
    expect(paid).toMatchObject({
      status: 'authorized',
      amount: 10,
      currency: 'BRL',
      customer: { id: 'shopper-7' },
    });
    // A second payment for the same order is refused, however the page asks: buying again is a new session.
    const again = await post('/api/pay', { sessionId, token: await sb.tokenize(sessionId) });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error: { code: 'order_already_paid', paymentId: (paid as unknown as { paymentId: string }).paymentId },
    });
    expect((await post('/api/pay', { sessionId: 'ses_unknown', token })).status).toBe(404);
    expect((await post('/api/session', { cart: 'free' })).status).toBe(400);
  });

  it('forwards the authentication the token came with', async () => {
    const steps = threeDsSteps(sb);
    const { sessionId } = (await (await post('/api/session', {})).json()) as { sessionId: string };
    const { token, authentication } = await steps.enroll(sessionId, TEST_CARDS['001'].frictionless_success);
    // A page that drops it gets the service's refusal: the card ran 3DS.
    const without = await post('/api/pay', { sessionId, token });
    expect(await without.json()).toMatchObject({ error: { code: 'authentication_required' } });
    const paid = await post('/api/pay', {
      sessionId,
      token,
      authentication: {
        code: authentication['code'],
        referenceId: authentication['referenceId'],
        transactionId: authentication['transactionId'],
      },
    });
    expect(paid.status).toBe(201);
    expect(await paid.json()).toMatchObject({
      amount: 42.5,
      paymentMethods: [{ method: 'card_3ds', authentication: { status: 'Y' } }],
    });
  });

  it('hands a financed order’s page the service’s plans, and pays a combo card by debit in one installment', async () => {
    const steps = threeDsSteps(sb);
    const session = (await (await post('/api/session', { cart: 'financed' })).json()) as {
      sessionId: string;
      installments: {
        amount: number;
        plans: { installments: number; totalAmount: number; cetYearly: number }[];
      };
    };
    // Payment/InstallmentPlans' answer as it came: 12 plans of R$ 1.000,00, with interest after 3.
    expect(session.installments).toMatchObject({ amount: 1000, currency: 'BRL', funding: 'credit' });
    expect(session.installments.plans).toHaveLength(12);
    expect(session.installments.plans[9]).toMatchObject({
      installments: 10,
      totalAmount: 1112.7,
      cetYearly: 26.68,
    });
    const { sessionId } = session;
    const { token, authentication } = await steps.enroll(sessionId, '4000170000000003');
    const information = {
      code: authentication['code'],
      referenceId: authentication['referenceId'],
      transactionId: authentication['transactionId'],
    };
    // A debit in installments is the service's refusal, passed through.
    const refused = await post('/api/pay', {
      sessionId,
      token,
      funding: 'debit',
      installments: 3,
      authentication: information,
    });
    expect(await refused.json()).toMatchObject({ error: { code: 'invalid_request' } });
    expect(
      (await post('/api/pay', { sessionId, token, installments: 13, authentication: information })).status,
    ).toBe(400);
    const paid = await post('/api/pay', { sessionId, token, funding: 'debit', authentication: information });
    expect(paid.status).toBe(201);
    expect(await paid.json()).toMatchObject({
      status: 'authorized',
      amount: 1000,
      paymentMethods: [{ funding: 'debit', installments: 1, authentication: { status: 'Y' } }],
    });
  });

  it('plays the shopper’s bank for its own boleto in the sandbox, and for nothing else', async () => {
    const orderSession = (await (await post('/api/session', { cart: 'boleto' })).json()) as {
      sessionId: string;
    };
    const reply = await sb.browser('sandbox', '/api/Payment/Init', {
      tokenSession: orderSession.sessionId,
      paymentData: {
        paymentMethods: [
          {
            paymentMethodType: '2',
            payer: BOLETO_PAYER,
          },
        ],
      },
    });
    expect(reply.body).toMatchObject({ status: 'pending' });
    const paymentId = reply.body['paymentId'] as string;
    expect((await post('/api/sandbox/settle', { paymentId: 'pay_unknown' })).status).toBe(404);
    const settled = await post('/api/sandbox/settle', { paymentId });
    expect(settled.status).toBe(200);
    const record = await post('/api/payment-status', { paymentId });
    expect(await record.json()).toMatchObject({ status: 'paid' });
    // Outside the sandbox there is no bank to play.
    const production = createMerchantBackend({ ...config, environment: 'production' }, [MERCHANT_ORIGIN]);
    const closed = await production.request('/api/sandbox/expire', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: MERCHANT_ORIGIN },
      body: JSON.stringify({ paymentId }),
    });
    expect(closed.status).toBe(404);
  });

  it('pays a card saved with 3DS, then the saved card on the next order (the card page’s flow)', async () => {
    const steps = threeDsSteps(sb);
    const newSession = async () =>
      ((await (await post('/api/session', { cart: 'card' })).json()) as { sessionId: string }).sessionId;
    const sessionId = await newSession();
    const { token, authentication } = await steps.enroll(sessionId, TEST_CARDS['002'].frictionless_success, {
      card: { singleUse: false },
    });
    const first = await post('/api/pay', {
      sessionId,
      token,
      amount: 120,
      authentication: {
        code: authentication['code'],
        referenceId: authentication['referenceId'],
        transactionId: authentication['transactionId'],
      },
    });
    expect(await first.json()).toMatchObject({ status: 'authorized' });
    // The order is paid: the same session pays nothing more. Buying again is a new order and session.
    expect((await post('/api/pay', { sessionId, token, amount: 120 })).status).toBe(409);
    const next = await newSession();
    const bound = await sb.browser('token', '/api/Token/Bind', { sessionId: next, token, cvv: '123' });
    expect(bound.status).toBe(200);
    const second = await post('/api/pay', { sessionId: next, token, amount: 120 });
    expect(await second.json()).toMatchObject({ status: 'authorized', amount: 120 });
  });

  it('refuses other origins, other content types and bad input', async () => {
    expect((await post('/api/session', {}, { origin: 'http://127.0.0.1:4173.evil.test' })).status).toBe(403);
    const form = await app.request('/api/session', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: MERCHANT_ORIGIN },
      body: '{}',
    });
    expect(form.status).toBe(415);
    expect((await post('/api/pay', { sessionId: 's', token: 't', amount: -1 })).status).toBe(400);
    expect((await post('/api/session', { amount: 1 })).status).toBe(400);
    expect(
      (await post('/api/pay', { sessionId: 's', token: 't', amount: 1, cardNumber: '4111111111111111' }))
        .status,
    ).toBe(400);
  });

  it('renders the shop’s checkout settings into a page, so it starts the form before the session; never the app token', async () => {
    const html = await (await app.request('/plain.html')).text();
    const json = /<script type="application\/json" id="checkout-options">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json ?? '')).toEqual({
      account: 'demo',
      environment: 'sandbox',
      tokenUrl: sb.urls.tokenUrl,
      engineUrl: sb.urls.sandboxUrl,
    });
    expect(html).not.toContain(demo.appToken);
    // A page that names its cart also gets the installments the shop offers for it, as the session would.
    const card = await (await app.request('/card.html')).text();
    const settings = JSON.parse(/id="checkout-options">([^<]*)<\/script>/.exec(card)?.[1] ?? '') as unknown;
    expect(settings).toEqual({
      account: 'demo',
      environment: 'sandbox',
      tokenUrl: sb.urls.tokenUrl,
      engineUrl: sb.urls.sandboxUrl,
      installments: {
        currency: 'BRL',
        plans: [
          { count: 1, amount: 120, interestFree: true },
          { count: 2, amount: 60, interestFree: true },
          { count: 3, amount: 40, interestFree: true },
        ],
      },
    });
    // A setting with "<" in it cannot end the script element (escaped as \u003c, which JSON reads back).
    const odd = createMerchantBackend({ ...config, account: '</script><script>alert(1)</script>' }, [
      MERCHANT_ORIGIN,
    ]);
    const page = await (await odd.request('/plain.html')).text();
    expect(page).not.toContain('</script><script>alert(1)');
    const embedded = /id="checkout-options">([^<]*)<\/script>/.exec(page)?.[1];
    expect((JSON.parse(embedded ?? '') as { account: string }).account).toBe(
      '</script><script>alert(1)</script>',
    );
  });

  it("renders the card form's markup into the plain page, a new nonce for each view, for the page's origin", async () => {
    const frameOf = async () => {
      const html = await (await app.request(`${MERCHANT_ORIGIN}/plain.html`)).text();
      const src =
        /<svc-card-form mode="card"><template shadowrootmode="open"><iframe part="frame" src="([^"]+)"/.exec(
          html,
        )?.[1];
      return new URL((src ?? '').replaceAll('&amp;', '&'));
    };
    const [one, two] = [await frameOf(), await frameOf()];
    expect(one.origin).toBe(sb.urls.tokenUrl);
    expect(one.searchParams.get('account')).toBe('demo');
    const boot = new URLSearchParams(one.hash.slice(1));
    expect(boot.get('o')).toBe(MERCHANT_ORIGIN);
    expect(boot.get('n')).toMatch(/^[0-9a-f]{32}$/);
    expect(new URLSearchParams(two.hash.slice(1)).get('n')).not.toBe(boot.get('n'));
  });

  it('serves its pages with a strict policy and nothing outside the pages folder', async () => {
    const page = await app.request('/');
    expect(page.status).toBe(200);
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).toContain(`frame-src ${sb.urls.tokenUrl}`);
    // Exactly what the checkout's CSP helper asks for each page's features.
    expect(policy).toContain("connect-src 'self';");
    const card = (await app.request('/card.html')).headers.get('content-security-policy') ?? '';
    expect(card).toContain(`connect-src 'self' ${sb.urls.tokenUrl};`);
    const manual = (await app.request('/manual.html')).headers.get('content-security-policy') ?? '';
    expect(manual).toContain(`connect-src 'self' ${sb.urls.tokenUrl};`);
    const everything = (await app.request('/everything.html')).headers.get('content-security-policy') ?? '';
    expect(everything).toContain(`connect-src 'self' ${sb.urls.sandboxUrl};`);
    // And a Permissions-Policy, as a shop that sends one: the helper's (e2e/spc.spec.ts pays under it).
    expect(page.headers.get('permissions-policy')).toContain(`payment=(self "${sb.urls.tokenUrl}")`);
    expect((await app.request('/..%2f..%2fpackage.json')).status).toBe(404);
    expect((await app.request('/../sandbox/accounts.json')).status).toBe(404);
  });
});

describe('the demo backend’s webhooks', () => {
  const order = async (sessionId: string) =>
    (await (await post('/api/order', { sessionId })).json()) as {
      orderId: string;
      status: string;
      paid: boolean;
      paymentId?: string;
    };
  const newOrder = async () => {
    const { sessionId } = (await (await post('/api/session', { cart: 'plain' })).json()) as {
      sessionId: string;
    };
    return { sessionId, orderId: (await order(sessionId)).orderId };
  };
  /** A PIX payment of the order, as the shop's backend would start it. */
  const pix = async (orderId: string) => {
    const reply = await sb.backend('sandbox', '/api/Payment/Init', {
      partnerUniqueId: orderId,
      paymentData: { amount: 10, currency: 'BRL', paymentMethods: [{ paymentMethodType: '3', amount: 10 }] },
    });
    expect(reply.status).toBe(201);
    return reply.body['paymentId'] as string;
  };
  const deliver = async (body: string, headers: Record<string, string>) => {
    const response = await app.request('/api/webhooks', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const event = (orderId: string, type: string, id = `evt_test_${type}_${orderId}`) =>
    JSON.stringify({
      id,
      type,
      createdAt: new Date().toISOString(),
      data: { payment: { paymentId: 'pay_test', partnerUniqueId: orderId, status: type.slice(8) } },
    });

  it('follows a PIX order from the sandbox’s signed events: pending, then paid', async () => {
    const { sessionId, orderId } = await newOrder();
    expect(await order(sessionId)).toMatchObject({ orderId, status: 'open', paid: false });
    const paymentId = await pix(orderId);
    await sb.sandbox.ctx.webhooks.idle();
    expect(await order(sessionId)).toMatchObject({ status: 'pending', paid: false, paymentId });
    await sb.control('/__sandbox/payments/settle', { paymentId });
    await sb.sandbox.ctx.webhooks.idle();
    expect(await order(sessionId)).toMatchObject({ status: 'paid', paid: true, paymentId });
    const deliveries = (await sb.control('/__sandbox/webhooks', { paymentId })).body['deliveries'];
    expect(deliveries).toEqual([
      expect.objectContaining({ type: 'payment.pending', state: 'delivered', lastStatus: 200 }),
      expect.objectContaining({ type: 'payment.paid', state: 'delivered', lastStatus: 200 }),
    ]);
  });

  it('marks an order expired, and a paid order stays paid whatever comes late', async () => {
    const first = await newOrder();
    await sb.control('/__sandbox/payments/expire', { paymentId: await pix(first.orderId) });
    await sb.sandbox.ctx.webhooks.idle();
    expect((await order(first.sessionId)).status).toBe('expired');
    const second = await newOrder();
    const paid = event(second.orderId, 'payment.paid');
    expect(
      (
        await deliver(paid, {
          'x-service-signature': await signWebhook({ payload: paid, secret: WEBHOOK_SECRET }),
        })
      ).status,
    ).toBe(200);
    const late = event(second.orderId, 'payment.declined');
    await deliver(late, {
      'x-service-signature': await signWebhook({ payload: late, secret: WEBHOOK_SECRET }),
    });
    expect(await order(second.sessionId)).toMatchObject({ status: 'paid', paid: true });
  });

  it('refuses a bad signature and an old timestamp with 400, and changes nothing', async () => {
    const { sessionId, orderId } = await newOrder();
    const body = event(orderId, 'payment.declined');
    const forged = await signWebhook({ payload: body, secret: 'whsec_not_the_demo_secret' });
    expect(await deliver(body, { 'x-service-signature': forged })).toEqual({
      status: 400,
      body: { error: { code: 'bad_signature' } },
    });
    const old = await signWebhook({
      payload: body,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    expect(await deliver(body, { 'x-service-signature': old })).toEqual({
      status: 400,
      body: { error: { code: 'too_old' } },
    });
    expect((await deliver(body, {})).body).toEqual({ error: { code: 'malformed_signature' } });
    expect((await order(sessionId)).status).toBe('open');
  });

  it('answers 500 when its own secret is empty (a blank DEMO_WEBHOOK_SECRET), logs why, changes nothing', async () => {
    const { sessionId, orderId } = await newOrder();
    const body = event(orderId, 'payment.declined');
    const misconfigured = createMerchantBackend({ ...config, webhookSecret: '' }, [MERCHANT_ORIGIN]);
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const response = await misconfigured.request('/api/webhooks', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-service-signature': await signWebhook({ payload: body, secret: WEBHOOK_SECRET }),
        },
        body,
      });
      expect([response.status, await response.json()]).toEqual([
        500,
        { error: { code: 'webhooks_misconfigured' } },
      ]);
      expect(log).toHaveBeenCalledWith(expect.stringMatching(/^\/api\/webhooks: secret must be/));
    } finally {
      log.mockRestore();
    }
    expect((await order(sessionId)).status).toBe('open');
  });

  it('ignores an event it already processed (at-least-once delivery): 200, no change', async () => {
    const { sessionId, orderId } = await newOrder();
    // #region sign-offline
    const payload = JSON.stringify({
      id: 'evt_replayed',
      type: 'payment.pending',
      createdAt: new Date().toISOString(),
      data: { payment: { paymentId: 'pay_1', partnerUniqueId: orderId, status: 'pending' } },
    });
    const signature = await signWebhook({ payload, secret: WEBHOOK_SECRET });
    const response = await app.request('/api/webhooks', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-signature': signature },
      body: payload,
    });
    // #endregion sign-offline
    expect([response.status, await response.json()]).toEqual([200, { received: true }]);
    const expired = event(orderId, 'payment.expired', 'evt_expired');
    await deliver(expired, {
      'x-service-signature': await signWebhook({ payload: expired, secret: WEBHOOK_SECRET }),
    });
    expect((await order(sessionId)).status).toBe('expired');
    // The same event again (a retry whose first 200 was lost): acknowledged, not applied again.
    expect(await deliver(payload, { 'x-service-signature': signature })).toEqual({
      status: 200,
      body: { received: true, duplicate: true },
    });
    expect((await order(sessionId)).status).toBe('expired');
  });

  it('pays a card order from Payment/Init’s answer, and its authorized event agrees', async () => {
    const { sessionId } = (await (await post('/api/session', { cart: 'plain' })).json()) as {
      sessionId: string;
    };
    const token = await sb.tokenize(sessionId);
    expect((await post('/api/pay', { sessionId, token })).status).toBe(201);
    expect(await order(sessionId)).toMatchObject({ status: 'paid', paid: true });
    await sb.sandbox.ctx.webhooks.idle();
    expect(await order(sessionId)).toMatchObject({ status: 'paid', paid: true });
  });

  it('answers 404 when the shop has no webhook secret', async () => {
    const bare = createMerchantBackend(
      {
        account: 'demo',
        appToken: demo.appToken,
        environment: 'sandbox',
        tokenUrl: '',
        tokenApiUrl: '',
        engineApiUrl: '',
        engineUrl: '',
        threeDsUrl: '',
        port: 4173,
      },
      [MERCHANT_ORIGIN],
    );
    const response = await bare.request('/api/webhooks', { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
  });
});
