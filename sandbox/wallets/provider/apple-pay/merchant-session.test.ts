// Apple Pay merchant validation and the stand-in's sheet over HTTP: the token host's
// POST /api/Wallet/MerchantSession and each of its refusals, the wallet origin's check of a merchant
// session (signed, unexpired, single use, for the page's domain), and a sheet that mints a token which
// Payment/Init opens and pays, with a clock the tests move.
import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { holdsCardNumber } from '../../../card-data.ts';
import { EVIL_ORIGIN, MERCHANT_ORIGIN, type Reply } from '../../../test/harness.ts';
import { fileSandbox } from '../../../test/file-sandbox.ts';
import { WALLET_TEST_CARDS } from '../../test-cards.ts';
import { walletPaymentBody } from '../../test-support.ts';
import { MERCHANT_SESSION_LIFETIME_MS } from './gateway.ts';
import { checkValidationUrl } from './validation-url.ts';

const START = Date.UTC(2026, 10, 22, 22, 0, 0);
let clock = START;
let order = 0;
const MERCHANT_ID = 'merchant.com.demo.shop';
const ENDPOINT = '/api/Wallet/MerchantSession';

const sb = fileSandbox({ now: () => clock });
beforeEach(() => {
  clock = START;
  order += 1;
});

const walletOrigin = () => sb.urls.walletsUrl;
const standInUrl = () => `${walletOrigin()}/paymentservices/startSession`;

async function ask(body: Record<string, unknown> = {}, options: { account?: string; origin?: string } = {}) {
  const sessionId = await sb.session({ account: options.account ?? 'demo' });
  return sb.browser(
    'token',
    ENDPOINT,
    {
      sessionId,
      validationURL: standInUrl(),
      merchantIdentifier: MERCHANT_ID,
      displayName: 'Loja Demo',
      domainName: '127.0.0.1',
      ...body,
    },
    options,
  );
}

async function merchantSession(body: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const reply = await ask(body);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

const REQUEST = {
  version: 14,
  countryCode: 'BR',
  currencyCode: 'BRL',
  supportedNetworks: ['visa', 'masterCard'],
  merchantCapabilities: ['supports3DS'],
  total: { label: 'Loja Demo', amount: '150.00', type: 'final' },
  lineItems: [{ label: 'Frete', amount: '0.00', type: 'final' }],
};

/** What the stand-in posts from the merchant's page at completeMerchantValidation. */
function openSheet(session: unknown, origin = MERCHANT_ORIGIN, request: Record<string, unknown> = REQUEST) {
  return sb.raw('wallets', '/apple-pay/sheets', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ merchantSession: session, request, lang: 'pt-BR' }),
  });
}

const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

async function sheetPage(sheetUrl: string) {
  const response = await fetch(sheetUrl);
  const html = await response.text();
  const data = /data-sheet="([^"]*)"/.exec(html)?.[1];
  return {
    response,
    html,
    data:
      data === undefined ? undefined : (JSON.parse(unescapeHtml(data)) as { nonce: string; sheetId: string }),
  };
}

function pay(body: Record<string, unknown>, origin: string) {
  return sb.raw('wallets', '/apple-pay/sheet/pay', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(body),
  });
}

/** Merchant session, sheet, Pay: the payment as `onpaymentauthorized` carries it. */
async function authorize(
  options: { request?: Record<string, unknown>; card?: string; amount?: string } = {},
) {
  const opened = await openSheet(await merchantSession(), MERCHANT_ORIGIN, options.request ?? REQUEST);
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  const page = await sheetPage(opened.body['sheetUrl'] as string);
  const reply = await pay(
    {
      sheetId: page.data?.sheetId,
      nonce: page.data?.nonce,
      card: options.card ?? 'visa',
      amount: options.amount ?? '150.00',
    },
    walletOrigin(),
  );
  return reply;
}

function paymentInit(token: string): Promise<Reply> {
  return sb.backend(
    'sandbox',
    '/api/Payment/Init',
    walletPaymentBody(
      `apple-sheet-${String(order)}-${String(Math.random()).slice(2, 8)}`,
      'WalletBPay',
      token,
      {
        installments: 1,
      },
    ),
  );
}

describe('POST /api/Wallet/MerchantSession', () => {
  it('answers a merchant session with Apple’s keys, valid for 5 minutes, to an allowed origin', async () => {
    const reply = await ask();
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.headers.get('access-control-allow-origin')).toBe(MERCHANT_ORIGIN);
    const session = reply.body;
    expect(Object.keys(session).sort()).toEqual(
      [
        'displayName',
        'domainName',
        'epochTimestamp',
        'expiresAt',
        'merchantIdentifier',
        'merchantSessionIdentifier',
        'nonce',
        'operationalAnalyticsIdentifier',
        'pspId',
        'retries',
        'signature',
      ].sort(),
    );
    expect(session).toMatchObject({
      epochTimestamp: START,
      expiresAt: START + 5 * 60_000,
      domainName: '127.0.0.1',
      displayName: 'Loja Demo',
      merchantIdentifier: createHash('sha256').update(MERCHANT_ID).digest('hex').toUpperCase(),
    });
    expect(session['merchantSessionIdentifier']).toMatch(/^SSH[0-9A-F]{32}$/);
    expect(session['signature']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers a CORS preflight for the account’s origins', async () => {
    const preflight = await sb.raw('token', ENDPOINT, {
      method: 'OPTIONS',
      headers: { origin: MERCHANT_ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(MERCHANT_ORIGIN);
  });

  it('serves the merchant backend too, with the app token', async () => {
    const sessionId = await sb.session();
    const reply = await sb.backend('token', ENDPOINT, {
      sessionId,
      validationURL: standInUrl(),
      merchantIdentifier: MERCHANT_ID,
      displayName: 'Loja Demo',
      domainName: '127.0.0.1',
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  });

  it.each([
    ['an unknown session', { sessionId: 'ses_nope' }, 404, 'session_not_found', undefined],
    [
      'a domain the account does not allow',
      { domainName: 'shop.example' },
      403,
      'origin_not_allowed',
      'domainName',
    ],
    ['a domain with a port', { domainName: '127.0.0.1:4173' }, 400, 'invalid_request', 'domainName'],
    [
      'a merchant id without "merchant."',
      { merchantIdentifier: 'com.demo.shop' },
      400,
      'invalid_request',
      'merchantIdentifier',
    ],
    [
      'a display name over 64 characters',
      { displayName: 'L'.repeat(65) },
      400,
      'invalid_request',
      'displayName',
    ],
    [
      'a look-alike Apple host',
      { validationURL: 'https://apple-pay-gateway.apple.com.evil.test/paymentservices/startSession' },
      400,
      'invalid_request',
      'validationURL',
    ],
    [
      'the cloud metadata address',
      { validationURL: 'http://169.254.169.254/paymentservices/startSession' },
      400,
      'invalid_request',
      'validationURL',
    ],
    [
      'Apple’s host over http',
      { validationURL: 'http://apple-pay-gateway.apple.com/paymentservices/startSession' },
      400,
      'invalid_request',
      'validationURL',
    ],
    [
      'Apple’s host with credentials',
      { validationURL: 'https://a:b@apple-pay-gateway.apple.com/paymentservices/startSession' },
      400,
      'invalid_request',
      'validationURL',
    ],
    [
      'Apple’s global gateway (offline)',
      { validationURL: 'https://apple-pay-gateway.apple.com/paymentservices/paymentSession' },
      502,
      'wallet_gateway_unreachable',
      'validationURL',
    ],
    [
      'an Apple pod (offline)',
      { validationURL: 'https://apple-pay-gateway-nc-pod5.apple.com/paymentservices/startSession' },
      502,
      'wallet_gateway_unreachable',
      'validationURL',
    ],
  ])('refuses %s', async (_what, body, status, code, field) => {
    const reply = await ask(body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(status);
    expect(reply.body.error?.code).toBe(code);
    if (field !== undefined) expect(reply.body.error?.field).toBe(field);
  });

  it('says which Apple host it would have called', async () => {
    const reply = await ask({
      validationURL: 'https://cn-apple-pay-gateway.apple.com/paymentservices/paymentSession',
    });
    expect(reply.body.error?.details).toEqual({ host: 'cn-apple-pay-gateway.apple.com' });
  });

  it('refuses an expired session, a page of another origin, and the app token from a browser', async () => {
    const sessionId = await sb.session();
    await sb.control('/__sandbox/sessions/expire', { sessionId });
    const expired = await sb.browser('token', ENDPOINT, {
      sessionId,
      validationURL: standInUrl(),
      merchantIdentifier: MERCHANT_ID,
      displayName: 'Loja Demo',
      domainName: '127.0.0.1',
    });
    expect(expired.body.error?.code).toBe('session_expired');
    expect((await ask({}, { origin: EVIL_ORIGIN })).body.error?.code).toBe('origin_not_allowed');
    const withToken = await sb.browser('token', ENDPOINT, {}, { headers: { 'x-service-apptoken': 'sbx' } });
    expect(withToken.body.error?.code).toBe('app_token_from_browser');
  });

  it('registers a merchant identifier to the first account that uses it', async () => {
    expect((await ask({ merchantIdentifier: 'merchant.com.first' })).status).toBe(200);
    const other = await ask({ merchantIdentifier: 'merchant.com.first' }, { account: 'demo-no3ds' });
    expect(other.status).toBe(403);
    expect(other.body.error).toMatchObject({ code: 'account_mismatch', field: 'merchantIdentifier' });
  });
});

describe('checkValidationUrl', () => {
  const wallets = 'http://127.0.0.1:4178';
  it.each([
    ['http://127.0.0.1:4178/paymentservices/startSession', 'stand-in'],
    ['http://127.0.0.1:4178/paymentservices/paymentSession', 'stand-in'],
    ['https://apple-pay-gateway.apple.com/paymentservices/paymentSession', 'apple'],
    ['https://APPLE-PAY-GATEWAY-cert.apple.com/paymentservices/startSession', 'apple'],
    ['https://cn-apple-pay-gateway-sh-pod2.apple.com/paymentservices/paymentSession', 'apple'],
    ['https://apple-pay-gateway.apple.com:8443/paymentservices/paymentSession', 'refused'],
    ['https://apple-pay-gateway.apple.com/paymentservices/paymentSession?x=1', 'refused'],
    ['https://apple-pay-gateway.apple.com/other', 'refused'],
    ['https://pay.apple.com/paymentservices/paymentSession', 'refused'],
    ['https://apple-pay-gateway.apple.com.evil.test/paymentservices/paymentSession', 'refused'],
    ['http://127.0.0.1:4179/paymentservices/startSession', 'refused'],
    ['file:///etc/passwd', 'refused'],
    ['not a url', 'refused'],
  ])('%s is %s', (url, kind) => {
    expect(checkValidationUrl(url, wallets).kind).toBe(kind);
  });
});

describe('completeMerchantValidation: the wallet origin checks the session', () => {
  it('opens a sheet once for a fresh session of the page’s domain, framed only by that page', async () => {
    const session = await merchantSession();
    const opened = await openSheet(session);
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(opened.headers.get('access-control-allow-origin')).toBe(MERCHANT_ORIGIN);
    const page = await sheetPage(opened.body['sheetUrl'] as string);
    expect(page.response.status).toBe(200);
    const csp = page.response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`frame-ancestors ${MERCHANT_ORIGIN}`);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe');
    expect(page.html).toContain('Visa 1111');
    expect(page.html).toContain('R$');
    for (const card of WALLET_TEST_CARDS) {
      expect(page.html).not.toContain(card.number);
      expect(page.html).not.toContain(card.deviceNumber);
    }
    // Single use.
    expect(await openSheet(session)).toMatchObject({ status: 403, body: { reason: 'used' } });
  });

  it('refuses a session that expired (5 minutes), was changed, or is for another domain', async () => {
    const stale = await merchantSession();
    clock += MERCHANT_SESSION_LIFETIME_MS;
    expect((await openSheet(stale)).body['reason']).toBe('expired');
    clock = START;
    const changed = { ...(await merchantSession()), displayName: 'Outra Loja' };
    expect((await openSheet(changed)).body['reason']).toBe('signature_invalid');
    expect((await openSheet({ hello: 'world' })).body['reason']).toBe('malformed');
    expect((await openSheet(await merchantSession(), 'http://localhost:4173')).body['reason']).toBe(
      'wrong_domain',
    );
    const noOrigin = await sb.raw('wallets', '/apple-pay/sheets', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ merchantSession: await merchantSession(), request: REQUEST }),
    });
    expect(noOrigin.status).toBe(403);
  });

  it('shows a closed sheet as an error page', async () => {
    const page = await sheetPage(`${walletOrigin()}/apple-pay/sheet?sheet=nope`);
    expect(page.response.status).toBe(404);
    expect(page.html).toContain('closed or unknown');
  });
});

describe('the sheet’s Pay', () => {
  it('seals a token that Payment/Init opens and pays, once', async () => {
    const reply = await authorize();
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const payment = reply.body['payment'] as {
      token: { paymentData: Record<string, unknown>; paymentMethod: unknown; transactionIdentifier: string };
    };
    expect(payment.token.paymentMethod).toEqual({
      displayName: 'Visa 1111',
      network: 'Visa',
      type: 'credit',
    });
    expect(payment.token.paymentData['version']).toBe('EC_v1');
    expect(holdsCardNumber(JSON.stringify(reply.body))).toBe(false);
    const token = JSON.stringify(payment.token.paymentData);
    const paid = await paymentInit(token);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body['status']).toBe('authorized');
    expect(paid.body['paymentMethods']).toMatchObject([{ method: 'WalletBPay', card: { brand: 'Visa' } }]);
    const again = await paymentInit(token);
    expect(again.body.error?.code).toBe('token_already_used');
  });

  it('gives the billing contact the request asks for, and none otherwise, as Apple does', async () => {
    const contact = async (fields?: string[]) => {
      const request = fields === undefined ? REQUEST : { ...REQUEST, requiredBillingContactFields: fields };
      const reply = await authorize({ request });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return (reply.body['payment'] as { billingContact?: Record<string, unknown> }).billingContact;
    };
    expect(await contact()).toBeUndefined();
    expect(await contact(['name'])).toEqual({ givenName: 'Grace', familyName: 'Hopper' });
    expect(await contact(['postalAddress', 'email'])).toMatchObject({
      givenName: 'Grace',
      familyName: 'Hopper',
      addressLines: ['Avenida Paulista, 1578'],
      postalCode: '01310-200',
      countryCode: 'BR',
    });
    expect(await contact(['email', 'phone'])).toEqual({});
    const shown = await openSheet(await merchantSession(), MERCHANT_ORIGIN, {
      ...REQUEST,
      requiredBillingContactFields: ['name'],
    });
    expect((await sheetPage(shown.body['sheetUrl'] as string)).html).toContain(
      'Contato de cobrança: Grace Hopper',
    );
    const refused = await openSheet(await merchantSession(), MERCHANT_ORIGIN, {
      ...REQUEST,
      requiredBillingContactFields: ['cpf'],
    });
    expect(refused.status).toBe(400);
  });

  it('puts the hash of applicationData in the token header', async () => {
    const applicationData = Buffer.from('{"sessionId":"ses_1"}').toString('base64');
    const reply = await authorize({ request: { ...REQUEST, applicationData } });
    const header = (reply.body['payment'] as { token: { paymentData: { header: Record<string, string> } } })
      .token.paymentData.header;
    expect(header['applicationData']).toBe(
      createHash('sha256').update(Buffer.from(applicationData, 'base64')).digest('hex'),
    );
  });

  it('seals for the amount the sheet shows: another amount does not pay 150', async () => {
    const reply = await authorize({ amount: '140.00' });
    const token = JSON.stringify(
      (reply.body['payment'] as { token: { paymentData: unknown } }).token.paymentData,
    );
    const paid = await paymentInit(token);
    expect(paid.body.error).toMatchObject({
      code: 'wallet_token_invalid',
      details: { reason: 'amount_mismatch' },
    });
  });

  it('refuses a card the merchant does not accept', async () => {
    const reply = await authorize({ card: 'elo' });
    expect(reply.status).toBe(403);
  });

  it('mints only for the sheet itself: not for the merchant’s page, not without the sheet’s nonce', async () => {
    const opened = await openSheet(await merchantSession());
    const page = await sheetPage(opened.body['sheetUrl'] as string);
    const body = { sheetId: page.data?.sheetId, nonce: page.data?.nonce, card: 'visa', amount: '150.00' };
    expect((await pay(body, MERCHANT_ORIGIN)).status).toBe(403);
    expect((await pay({ ...body, nonce: 'x'.repeat(32) }, walletOrigin())).status).toBe(403);
    const crossSite = await sb.raw('wallets', '/apple-pay/sheet/pay', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: walletOrigin(), 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify(body),
    });
    expect(crossSite.status).toBe(403);
    expect((await pay(body, walletOrigin())).status).toBe(200);
  });
});

describe('the wallet origin', () => {
  it('serves Apple Pay JS’s stand-in at Apple’s path, to any page', async () => {
    const response = await fetch(`${walletOrigin()}/jsapi/1.latest/apple-pay-sdk.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/javascript');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const code = await response.text();
    expect(code).toContain('Must create a new ApplePaySession from a user gesture handler.');
    expect(code).not.toMatch(/\beval\(|new Function\(/);
  });

  it('tells a backend that calls the stand-in gateway directly where merchant sessions come from', async () => {
    const reply = await sb.raw('wallets', '/paymentservices/paymentSession', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ merchantIdentifier: MERCHANT_ID }),
    });
    expect(reply.status).toBe(403);
    expect(reply.body['statusMessage']).toContain('/api/Wallet/MerchantSession');
  });
});
