import { beforeEach, describe, expect, it } from 'vitest';
import { BOLETO_PAYER, futureYear, inReais, MERCHANT_ORIGIN, VISA } from '../test/harness.ts';
import { fileSandbox } from '../test/file-sandbox.ts';

let order = 0;
const sb = fileSandbox();
beforeEach(() => {
  order += 1;
});

const orderId = () => `order-${String(order)}`;
const card = (cardInfo: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  paymentMethodType: '1',
  amount: 100,
  cardInfo,
  ...extra,
});
const init = (
  body: Record<string, unknown>,
  options: { account?: string; server?: 'sandbox' | 'engine' } = {},
) =>
  sb.backend(
    options.server ?? 'sandbox',
    '/api/Payment/Init',
    inReais({ partnerUniqueId: orderId(), ...body }),
    { account: options.account ?? 'demo' },
  );
const status = (body: Record<string, unknown>) => sb.backend('sandbox', '/api/Payment/Status', body);

describe('Payment/Init: tokenized card', () => {
  it('authorizes, stores the record and answers it from the status query', async () => {
    const sessionId = await sb.session();
    const token = await sb.tokenize(sessionId);
    const reply = await init({
      tokenSession: sessionId,
      customer: {
        id: 'cus-1',
        name: 'Ada',
        email: 'ada@example.test',
        document: '12345678909',
        documentType: 'CPF',
        data: { isCorporate: false },
      },
      paymentItems: {
        items: [
          {
            amount: 100,
            detailUniqueId: 'sku-1',
            productDescription: 'Book',
            itemQuantity: 1,
            antiFraud: { isEmailConfirmed: true },
          },
        ],
      },
      paymentData: {
        amount: 100,
        currency: 'BRL',
        countryCode: 'BR',
        paymentMethods: [
          card(
            {
              token,
              tokenProvider: 'Service',
              cardHolderName: 'Ada',
              brandName: 'Visa',
              tokenSingleUse: 0,
              saveCard: false,
            },
            { installments: 3 },
          ),
        ],
      },
      frontData: { userAgent: 'UA', javaEnabled: 'N', javaScriptEnabled: 'Y' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      status: 'authorized',
      amount: 100,
      currency: 'BRL',
      environment: 'sandbox',
      isTest: true,
      paymentMethods: [
        {
          kind: 'card',
          status: 'authorized',
          installments: 3,
          card: { tokenProvider: 'Service', brand: 'Visa', last4: '1111' },
        },
      ],
    });
    const paymentId = reply.body['paymentId'] as string;
    expect(paymentId).toMatch(/^pay_/);
    const byId = await status({ paymentId });
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(reply.body);
    expect((await status({ partnerUniqueId: orderId() })).body['paymentId']).toBe(paymentId);
  });

  it.each([
    ['4000000000000002', 'do_not_honor'],
    ['5105105105105100', 'do_not_honor'],
    ['4000000000009995', 'insufficient_funds'],
    ['4000000000009987', 'card_blocked'],
  ])('declines the sandbox decline card %s with %s', async (cardNumber, declineReason) => {
    const sessionId = await sb.session();
    const token = await sb.tokenize(sessionId, { cardNumber });
    const reply = await init({
      tokenSession: sessionId,
      paymentData: { paymentMethods: [card({ token, tokenProvider: 'Service' })] },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      status: 'declined',
      paymentMethods: [{ status: 'declined', declineReason }],
    });
  });

  it('needs tokenSession', async () => {
    const token = await sb.tokenize(await sb.session());
    const reply = await init({
      paymentData: { paymentMethods: [card({ token, tokenProvider: 'service' })] },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error?.code).toBe('token_session_required');
  });

  it('refuses a full card number or a CVV', async () => {
    const sessionId = await sb.session();
    const token = await sb.tokenize(sessionId);
    const withPan = await init({
      tokenSession: sessionId,
      paymentData: {
        paymentMethods: [card({ token, tokenProvider: 'Service', cardNumber: '4111111111111111' })],
      },
    });
    expect(withPan.status).toBe(400);
    expect(withPan.body.error).toMatchObject({
      code: 'full_card_data_not_allowed',
      field: 'paymentData.paymentMethods.0.cardInfo.cardNumber',
    });
    const withCvv = await init({
      tokenSession: sessionId,
      paymentData: { paymentMethods: [card({ token, tokenProvider: 'Service', cvv: '123' })] },
    });
    expect(withCvv.body.error?.code).toBe('full_card_data_not_allowed');
    expect(JSON.stringify(withPan.body)).not.toContain('4111111111111111');
  });

  it('refuses a second payment for the same partnerUniqueId and says which one exists', async () => {
    const reply = await init({ paymentData: { paymentMethods: [{ paymentMethodType: '3', amount: 5 }] } });
    const again = await init({ paymentData: { paymentMethods: [{ paymentMethodType: '3', amount: 5 }] } });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'duplicate_order',
      details: { paymentId: reply.body['paymentId'] },
    });
  });

  it('refuses methods that do not add up to the total', async () => {
    const reply = await init({
      paymentData: {
        amount: 100,
        paymentMethods: [
          { paymentMethodType: '3', amount: 60 },
          { paymentMethodType: '2', amount: 30 },
        ],
      },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error?.code).toBe('amount_mismatch');
  });
});

describe('Payment/Init: network token', () => {
  const base = {
    token: '4895370012003478',
    tokenProvider: 'networktoken',
    cryptogram: 'AgAAAAAABk4DWZ4C28yUQAAAAAA=',
    networkTokenExpirationMonth: '12',
    networkTokenExpirationYear: String(futureYear()),
    brandName: 'Visa',
  };

  it('authorizes without a session', async () => {
    const reply = await init({ paymentData: { paymentMethods: [card(base)] } });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      status: 'authorized',
      paymentMethods: [{ kind: 'network_token', card: { tokenProvider: 'networktoken' } }],
    });
  });

  it.each([
    ['month as a number', { networkTokenExpirationMonth: 7 }, 201],
    ['a two-digit year', { networkTokenExpirationYear: futureYear() % 100 }, 201],
    ['month 0', { networkTokenExpirationMonth: '0' }, 400],
    ['month 13', { networkTokenExpirationMonth: 13 }, 400],
    ['a non-numeric month', { networkTokenExpirationMonth: 'ab' }, 400],
    ['a three-digit year', { networkTokenExpirationYear: '203' }, 400],
    ['no cryptogram', { cryptogram: undefined }, 400],
    ['no month', { networkTokenExpirationMonth: undefined }, 400],
    ['no year', { networkTokenExpirationYear: undefined }, 400],
  ])('with %s answers %i', async (_name, change, expected) => {
    const reply = await init({ paymentData: { paymentMethods: [card({ ...base, ...change })] } });
    expect(reply.status).toBe(expected);
    if (expected === 400)
      expect(reply.body.error?.field).toMatch(/^paymentData\.paymentMethods\.0\.cardInfo\./);
  });
});

describe('Payment/Init: direct non-card methods', () => {
  it.each([
    ['2', 'boleto', 'pending'],
    ['3', 'pix', 'pending'],
    ['4', 'bitcoin', 'pending'],
    ['5', 'nupay', 'pending'],
    ['6', 'split', 'pending'],
    ['8', 'gift_card', 'authorized'],
  ])('type %s is %s without a session', async (type, method, expected) => {
    const reply = await init({
      paymentData: {
        amount: 50,
        currency: 'BRL',
        // A Boleto names its payer (sandbox/payments/boleto.test.ts has its rules).
        paymentMethods: [
          { paymentMethodType: type, amount: 50, ...(type === '2' ? { payer: BOLETO_PAYER } : {}) },
        ],
      },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ status: expected, paymentMethods: [{ kind: 'direct', method }] });
  });

  it('refuses an unknown method type', async () => {
    const reply = await init({ paymentData: { paymentMethods: [{ paymentMethodType: '99', amount: 5 }] } });
    expect(reply.status).toBe(400);
    expect(reply.body.error?.field).toBe('paymentData.paymentMethods.0.paymentMethodType');
  });
});

describe('Payment/Init: antifraud-only', () => {
  const masked = {
    cardNumber: '411111******1111',
    cardHolderName: 'Ada',
    saveCard: false,
    expirationMonth: 12,
    expirationYear: 2030,
    brandName: 'Visa',
  };

  it.each([
    ['ada@example.test', 'approve'],
    ['ada+review@example.test', 'review'],
    ['ada+reject@example.test', 'reject'],
  ])('analyzes a masked card for %s: %s', async (email, decision) => {
    const reply = await init({
      customer: { id: 'c', email },
      paymentData: {
        amount: 100,
        paymentMethods: [card(masked)],
        antiFraud: {
          deliveryAddressee: 'Ada',
          data: { travel: { type: 'air', numberOfConnections: 1 }, returnOriginalResponse: true },
        },
      },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      status: 'analyzed',
      antiFraud: { decision, originalResponse: { decision } },
      paymentMethods: [
        { kind: 'antifraud', card: { maskedNumber: '411111******1111', brand: 'Visa', last4: '1111' } },
      ],
    });
  });

  it('omits the original response unless asked', async () => {
    const reply = await init({ paymentData: { paymentMethods: [card(masked)] } });
    expect(reply.body['antiFraud']).toEqual({ decision: 'approve' });
  });

  it.each([['4111111111111111'], ['41111******1111'], ['411111111111'], ['411111**1111*']])(
    'refuses %s as the card number',
    async (cardNumber) => {
      const reply = await init({ paymentData: { paymentMethods: [card({ ...masked, cardNumber })] } });
      expect(reply.status).toBe(400);
      expect(reply.body.error?.field).toBe('paymentData.paymentMethods.0.cardInfo.cardNumber');
    },
  );
});

// Wallet payments (WalletAPay, WalletBPay) have their own file: sandbox/wallet-payments.test.ts.

describe('Payment/Init: 3DS card', () => {
  const seed = (sessionId: string, token: string, status: 'Y' | 'N' | 'C') => {
    const code = `code-${status}-${String(order)}`;
    sb.sandbox.ctx.store.authentications.set(code, {
      code,
      referenceId: `ref-${code}`,
      transactionId: `txn-${code}`,
      token,
      sessionId,
      status,
      eci: status === 'Y' ? '05' : '07',
    });
    return { Code: code, ReferenceId: `ref-${code}`, TransactionId: `txn-${code}` };
  };

  it('accepts the authentication of this session and card, and records it', async () => {
    const sessionId = await sb.session();
    const token = await sb.tokenize(sessionId);
    const auth = seed(sessionId, token, 'Y');
    const reply = await init({
      tokenSession: sessionId,
      isTest: true,
      isFromFrontend: false,
      paymentData: {
        paymentMethods: [
          card(
            { token, tokenProvider: 'Service' },
            { paymentMethodType: '7', AuthenticationInformation: auth },
          ),
        ],
      },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      status: 'authorized',
      paymentMethods: [
        { method: 'card_3ds', authentication: { status: 'Y', eci: '05', referenceId: auth.ReferenceId } },
      ],
    });
  });

  it('refuses a failed authentication, a pending challenge and mismatched data', async () => {
    const sessionId = await sb.session();
    const token = await sb.tokenize(sessionId, { singleUse: false });
    const pay = (AuthenticationInformation: Record<string, string>, id: string) =>
      sb.backend('sandbox', '/api/Payment/Init', {
        tokenSession: sessionId,
        partnerUniqueId: id,
        paymentData: {
          currency: 'BRL',
          paymentMethods: [card({ token, tokenProvider: 'Service' }, { AuthenticationInformation })],
        },
      });
    expect((await pay(seed(sessionId, token, 'N'), `${orderId()}-n`)).body.error?.code).toBe(
      'authentication_failed',
    );
    expect((await pay(seed(sessionId, token, 'C'), `${orderId()}-c`)).body.error?.code).toBe(
      'authentication_invalid',
    );
    const good = seed(sessionId, token, 'Y');
    expect((await pay({ ...good, TransactionId: 'forged' }, `${orderId()}-t`)).body.error?.code).toBe(
      'authentication_invalid',
    );
    expect((await pay({ ...good, Code: 'unknown' }, `${orderId()}-u`)).status).toBe(422);
  });
});

describe('Payment/Init: vendor routing and environments', () => {
  it('records the vendor', async () => {
    const reply = await init({
      vendor: {
        name: 'Shop',
        email: 's@x.test',
        phone: '1',
        websiteUrl: 'https://x.test',
        code: 'V-1',
        mCC: '5732',
        document: '11222333000181',
        documentType: 'CNPJ',
        address: {
          street: 'R',
          number: '1',
          neighborhood: 'N',
          city: 'C',
          state: 'SP',
          country: 'BR',
          postalCode: '01000-000',
        },
      },
      paymentData: { paymentMethods: [{ paymentMethodType: '3', amount: 1 }] },
    });
    expect(reply.status).toBe(201);
    expect(reply.body['vendor']).toEqual({ code: 'V-1', name: 'Shop' });
  });

  it('refuses a malformed merchant category code', async () => {
    const reply = await init({
      vendor: { mCC: '57' },
      paymentData: { paymentMethods: [{ paymentMethodType: '3' }] },
    });
    expect(reply.body.error?.field).toBe('vendor.mCC');
  });

  it('keeps sandbox accounts on {sandbox_url} and production accounts on {engine_url}', async () => {
    const body = { paymentData: { paymentMethods: [{ paymentMethodType: '3', amount: 5 }] } };
    expect((await init(body, { server: 'engine' })).body.error?.code).toBe('environment_mismatch');
    expect((await init(body, { server: 'sandbox', account: 'demo-live' })).body.error?.code).toBe(
      'environment_mismatch',
    );
    const live = await init(body, { server: 'engine', account: 'demo-live' });
    expect(live.status).toBe(201);
    expect(live.body).toMatchObject({ environment: 'production', isTest: false });
  });
});

describe('Payment/Init from the browser (client script for everything)', () => {
  // An account without 3DS: a browser's card payment on a 3DS account needs its authentication
  // (browser.test.ts), which these tests are not about.
  const account = 'demo-no3ds';
  const orderSession = () =>
    sb.session({
      account,
      body: { partnerUniqueId: orderId(), paymentData: { amount: 100, currency: 'BRL' } },
    });

  it('pays the order of the session once, without the app token', async () => {
    const sessionId = await orderSession();
    const token = await sb.tokenize(sessionId, {}, account);
    const pay = (id: string) =>
      sb.browser(
        'sandbox',
        '/api/Payment/Init',
        {
          tokenSession: sessionId,
          partnerUniqueId: id,
          paymentData: {
            amount: 100,
            currency: 'BRL',
            paymentMethods: [card({ token, tokenProvider: 'Service' })],
          },
        },
        { account },
      );
    const reply = await pay(orderId());
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ status: 'authorized', isFromFrontend: true });
    expect(reply.headers.get('access-control-allow-origin')).toBe(MERCHANT_ORIGIN);
    expect((await pay(orderId())).body.error?.code).toBe('order_already_paid');
  });

  it('refuses another amount than the order, and a session without an order', async () => {
    const sessionId = await orderSession();
    const token = await sb.tokenize(sessionId, {}, account);
    const other = await sb.browser(
      'sandbox',
      '/api/Payment/Init',
      {
        tokenSession: sessionId,
        partnerUniqueId: orderId(),
        paymentData: {
          amount: 1,
          currency: 'BRL',
          paymentMethods: [card({ token, tokenProvider: 'Service' }, { amount: 1 })],
        },
      },
      { account },
    );
    expect(other.status).toBe(403);
    expect(other.body.error?.code).toBe('session_order_mismatch');
    const plain = await sb.session();
    const none = await sb.browser('sandbox', '/api/Payment/Init', {
      tokenSession: plain,
      partnerUniqueId: `${orderId()}-x`,
      paymentData: {
        amount: 100,
        currency: 'BRL',
        paymentMethods: [{ paymentMethodType: '3', amount: 100 }],
      },
    });
    expect(none.body.error?.code).toBe('session_order_mismatch');
  });
});

describe('integrations/pci/init', () => {
  const pciBody = (cardInfo: Record<string, unknown>) => ({
    partnerUniqueId: orderId(),
    customer: { id: 'pci-customer', email: 'p@x.test' },
    paymentData: {
      amount: 100,
      currency: 'BRL',
      paymentMethods: [{ paymentMethodType: '1', amount: 100, cardInfo }],
    },
  });
  const full = {
    cardNumber: '5555555555554444',
    cardHolderName: 'Ada',
    expirationMonth: 12,
    expirationYear: futureYear(),
    cvv: '321',
    singleUse: true,
    saveCard: false,
  };

  it('takes full card data from a certified account and answers like Payment/Init', async () => {
    const reply = await sb.backend('token', '/api/integrations/pci/init', pciBody(full), {
      account: 'demo-pci',
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      status: 'authorized',
      paymentMethods: [{ kind: 'card', card: { brand: 'Mastercard', maskedNumber: '555555******4444' } }],
    });
    expect(JSON.stringify(reply.body)).not.toContain('5555555555554444');
  });

  it('refuses an uncertified account', async () => {
    const reply = await sb.backend('token', '/api/integrations/pci/init', pciBody(full));
    expect(reply.status).toBe(403);
    expect(reply.body.error?.code).toBe('pci_certification_required');
  });

  it('validates the card and leaves nothing behind on an error', async () => {
    const before = sb.sandbox.ctx.store.tokens.size;
    const sessions = sb.sandbox.ctx.store.sessions.size;
    const expired = await sb.backend(
      'token',
      '/api/integrations/pci/init',
      pciBody({ ...full, expirationYear: 2001 }),
      { account: 'demo-pci' },
    );
    expect(expired.body.error?.code).toBe('card_expired');
    const bad = pciBody(full);
    bad.paymentData.amount = 1;
    const mismatch = await sb.backend('token', '/api/integrations/pci/init', bad, { account: 'demo-pci' });
    expect(mismatch.body.error?.code).toBe('amount_mismatch');
    expect(sb.sandbox.ctx.store.tokens.size).toBe(before);
    expect(sb.sandbox.ctx.store.sessions.size).toBe(sessions);
  });

  it('saves the card for the customer when asked, so Token/List shows it later', async () => {
    const reply = await sb.backend(
      'token',
      '/api/integrations/pci/init',
      pciBody({ ...full, saveCard: true }),
      { account: 'demo-pci' },
    );
    expect(reply.status).toBe(201);
    const sessionId = await sb.session({ account: 'demo-pci', customerId: 'pci-customer' });
    const list = await sb.browser('token', '/api/Token/List', { sessionId }, { account: 'demo-pci' });
    expect(list.body['tokens']).toHaveLength(1);
  });
});

describe('Payment/Status', () => {
  it('does not show another account’s payment', async () => {
    const reply = await init({ paymentData: { paymentMethods: [{ paymentMethodType: '3', amount: 5 }] } });
    const other = await sb.backend(
      'sandbox',
      '/api/Payment/Status',
      { paymentId: reply.body['paymentId'] },
      { account: 'demo-no3ds' },
    );
    expect(other.status).toBe(404);
    expect(other.body.error?.code).toBe('payment_not_found');
  });

  it('needs an id', async () => {
    expect((await status({})).status).toBe(400);
  });
});

describe('nothing is half-written', () => {
  it('a refused second method leaves the first method’s single-use token unused', async () => {
    const sessionId = await sb.session();
    const token = await sb.tokenize(sessionId);
    const refused = await init({
      tokenSession: sessionId,
      paymentData: {
        paymentMethods: [card({ token, tokenProvider: 'Service' }), { paymentMethodType: '99', amount: 5 }],
      },
    });
    expect(refused.status).toBe(400);
    const retry = await sb.backend('sandbox', '/api/Payment/Init', {
      tokenSession: sessionId,
      partnerUniqueId: `${orderId()}-retry`,
      paymentData: { currency: 'BRL', paymentMethods: [card({ token, tokenProvider: 'Service' })] },
    });
    expect(retry.status).toBe(201);
    expect((await status({ partnerUniqueId: orderId() })).status).toBe(404);
  });

  it('the same single-use token twice in one request is refused', async () => {
    const sessionId = await sb.session();
    const token = await sb.tokenize(sessionId);
    const reply = await init({
      tokenSession: sessionId,
      paymentData: {
        paymentMethods: [
          card({ token, tokenProvider: 'Service' }),
          card({ token, tokenProvider: 'Service' }),
        ],
      },
    });
    expect(reply.body.error).toMatchObject({
      code: 'token_already_used',
      field: 'paymentData.paymentMethods.1.cardInfo.token',
    });
  });
});

it('keeps card data out of every stored record', () => {
  const dump = JSON.stringify([
    ...sb.sandbox.ctx.store.tokens.values(),
    ...sb.sandbox.ctx.store.payments.values(),
  ]);
  expect(dump).not.toMatch(/4111111111111111|5555555555554444/);
  expect(VISA.cvv).toBe('123');
});

describe('amounts are money', () => {
  const pixOf = (paymentData: Record<string, unknown>) =>
    sb.backend('sandbox', '/api/Payment/Init', { partnerUniqueId: orderId(), paymentData });

  it.each([
    [
      'a total of 0',
      { amount: 0, currency: 'BRL', paymentMethods: [{ paymentMethodType: '3' }] },
      'paymentData.amount',
    ],
    [
      'a method of 0',
      { currency: 'BRL', paymentMethods: [{ paymentMethodType: '3', amount: 0 }] },
      'paymentData.paymentMethods.0.amount',
    ],
    [
      '0.001 BRL',
      { amount: 0.001, currency: 'BRL', paymentMethods: [{ paymentMethodType: '3' }] },
      'paymentData.amount',
    ],
    [
      '10.005 BRL',
      { amount: 10.005, currency: 'BRL', paymentMethods: [{ paymentMethodType: '3' }] },
      'paymentData.amount',
    ],
    [
      '40.004 BRL on a method',
      { currency: 'BRL', paymentMethods: [{ paymentMethodType: '3', amount: 40.004 }] },
      'paymentData.paymentMethods.0.amount',
    ],
    [
      '10.5 CLP (a currency without decimals)',
      { amount: 10.5, currency: 'CLP', paymentMethods: [{ paymentMethodType: '3' }] },
      'paymentData.amount',
    ],
    [
      'no amount at all',
      { currency: 'BRL', paymentMethods: [{ paymentMethodType: '3' }] },
      'paymentData.amount',
    ],
    [
      'a share left out of a split',
      {
        amount: 20,
        currency: 'BRL',
        paymentMethods: [{ paymentMethodType: '3', amount: 10 }, { paymentMethodType: '2' }],
      },
      'paymentData.paymentMethods.1.amount',
    ],
    ['no currency', { amount: 10, paymentMethods: [{ paymentMethodType: '3' }] }, 'paymentData.currency'],
    [
      'a currency that is not ISO 4217',
      { amount: 10, currency: 'XYZ', paymentMethods: [{ paymentMethodType: '3' }] },
      'paymentData.currency',
    ],
  ])('refuses %s, naming the field, and stores nothing', async (_name, paymentData, field) => {
    const reply = await pixOf(paymentData);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatchObject({ code: 'invalid_request', field });
    expect((await status({ partnerUniqueId: orderId() })).status).toBe(404);
  });

  it('takes whole cents, whole pesos and a total the methods add up to (0.1 + 0.2 is 0.30)', async () => {
    expect(
      (await pixOf({ amount: 10.01, currency: 'BRL', paymentMethods: [{ paymentMethodType: '3' }] })).status,
    ).toBe(201);
    order += 1;
    expect(
      (await pixOf({ amount: 1500, currency: 'CLP', paymentMethods: [{ paymentMethodType: '3' }] })).status,
    ).toBe(201);
    order += 1;
    const split = await pixOf({
      amount: 0.3,
      currency: 'BRL',
      paymentMethods: [
        { paymentMethodType: '3', amount: 0.1 },
        { paymentMethodType: '2', amount: 0.2, payer: BOLETO_PAYER },
      ],
    });
    expect(split.status).toBe(201);
    order += 1;
    const apart = await pixOf({
      amount: 0.31,
      currency: 'BRL',
      paymentMethods: [
        { paymentMethodType: '3', amount: 0.1 },
        { paymentMethodType: '2', amount: 0.2 },
      ],
    });
    expect(apart.body.error).toMatchObject({
      code: 'amount_mismatch',
      details: { methodsTotal: 0.3, amount: 0.31 },
    });
  });

  it('records the total of the methods when paymentData.amount is left out', async () => {
    const reply = await pixOf({
      currency: 'BRL',
      paymentMethods: [{ paymentMethodType: '3', amount: 12.5 }],
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ amount: 12.5, paymentMethods: [{ amount: 12.5 }] });
  });

  it('refuses an order of 0 or of a fraction of a cent at NewSession', async () => {
    for (const amount of [0, 10.005]) {
      const reply = await sb.backend('token', '/api/Token/NewSession', {
        customer: { id: 'money' },
        partnerUniqueId: `${orderId()}-${String(amount)}`,
        paymentData: { amount, currency: 'BRL' },
      });
      expect(reply.status).toBe(400);
      expect(reply.body.error?.field).toBe('paymentData.amount');
    }
  });
});
