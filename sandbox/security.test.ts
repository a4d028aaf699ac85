import { describe, expect, it } from 'vitest';
import { account, EVIL_ORIGIN, futureYear, MERCHANT_ORIGIN, VISA } from './test/harness.ts';
import { fileSandbox } from './test/file-sandbox.ts';

const sb = fileSandbox();

const json = { 'content-type': 'application/json' };
const demo = account('demo');

describe('the app token', () => {
  it.each([
    ['no headers', {}, 'missing_credentials'],
    ['the account only', { 'x-service-account': 'demo' }, 'missing_credentials'],
    [
      'an unknown account',
      { 'x-service-account': 'nobody', 'x-service-apptoken': demo.appToken },
      'invalid_app_token',
    ],
    [
      'a wrong token',
      { 'x-service-account': 'demo', 'x-service-apptoken': 'sbx_app_wrong_0000000000' },
      'invalid_app_token',
    ],
    [
      'another account’s token',
      { 'x-service-account': 'demo', 'x-service-apptoken': account('demo-pci').appToken },
      'invalid_app_token',
    ],
  ])('NewSession with %s is 401', async (_name, headers, code) => {
    const reply = await sb.raw('token', '/api/Token/NewSession', {
      method: 'POST',
      headers: { ...json, ...headers },
      body: JSON.stringify({ customer: { id: 'c' } }),
    });
    expect(reply.status).toBe(401);
    expect(reply.body.error?.code).toBe(code);
  });

  it.each([
    ['token', '/api/Token/NewSession'],
    ['sandbox', '/api/Payment/Status'],
    ['token', '/api/integrations/pci/init'],
  ] as const)(
    '%s %s refuses a browser even with valid credentials, and sends no CORS header',
    async (server, path) => {
      const reply = await sb.backend(
        server,
        path,
        { customer: { id: 'c' } },
        { headers: { origin: MERCHANT_ORIGIN } },
      );
      expect(reply.status).toBe(403);
      expect(reply.body.error?.code).toBe('browser_call_forbidden');
      expect(reply.headers.get('access-control-allow-origin')).toBeNull();
    },
  );

  it('is refused when a browser sends it to a browser-facing endpoint', async () => {
    const sessionId = await sb.session();
    const reply = await sb.browser(
      'token',
      '/api/Token/Generate',
      { sessionId, card: { ...VISA, expirationYear: futureYear() } },
      { headers: { 'x-service-apptoken': demo.appToken } },
    );
    expect(reply.status).toBe(403);
    expect(reply.body.error?.code).toBe('app_token_from_browser');
  });

  it('is never allowed by a CORS preflight', async () => {
    const reply = await sb.raw('token', '/api/Token/Generate', {
      method: 'OPTIONS',
      headers: {
        origin: MERCHANT_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-service-apptoken',
      },
    });
    expect(reply.headers.get('access-control-allow-headers')).not.toContain('x-service-apptoken');
  });
});

describe('no account enumeration', () => {
  it.each([
    ['token', '/api/Token/NewSession'],
    ['token', '/api/Token/List'],
    ['sandbox', '/api/Payment/Status'],
  ] as const)('%s %s answers an unknown account exactly as a wrong app token', async (server, path) => {
    const call = (name: string) =>
      sb.raw(server, path, {
        method: 'POST',
        headers: { ...json, 'x-service-account': name, 'x-service-apptoken': 'sbx_app_guess_000000000000' },
        body: '{}',
      });
    const [unknown, known] = await Promise.all([call('nobody-at-all'), call('demo')]);
    expect(unknown.status).toBe(401);
    expect(known.status).toBe(401);
    const { requestId: _a, ...unknownError } = unknown.body.error as unknown as Record<string, unknown>;
    const { requestId: _b, ...knownError } = known.body.error as unknown as Record<string, unknown>;
    expect(unknownError).toEqual(knownError);
  });
});

describe('sandbox controls', () => {
  const CONTROLS = ['/__sandbox/reset', '/__sandbox/three-ds/ddc', '/__sandbox/three-ds/challenge'];

  it.each(CONTROLS)('%s refuses a request without the control header', async (path) => {
    const reply = await sb.raw('token', path, { method: 'POST', headers: json, body: '{}' });
    expect(reply.status).toBe(403);
    expect(reply.body.error).toMatchObject({ code: 'sandbox_control_required', field: 'x-sandbox-control' });
  });

  it.each(CONTROLS)('%s refuses a simple text/plain post from another origin', async (path) => {
    // What a cross-site form or a no-preflight fetch can send: no custom header, a simple content type.
    const reply = await sb.raw('token', path, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: EVIL_ORIGIN },
      body: '{}',
    });
    expect(reply.status).toBe(403);
    expect(reply.body.error?.code).toBe('sandbox_control_required');
    expect(reply.headers.get('access-control-allow-origin')).toBeNull();
  });

  it.each(CONTROLS)('%s refuses a page even with the header, and grants no preflight', async (path) => {
    const withHeader = await sb.raw('token', path, {
      method: 'POST',
      headers: { ...json, origin: MERCHANT_ORIGIN, 'x-sandbox-control': '1' },
      body: '{}',
    });
    expect(withHeader.body.error?.code).toBe('sandbox_control_required');
    const preflight = await sb.raw('token', path, {
      method: 'OPTIONS',
      headers: {
        origin: MERCHANT_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-sandbox-control',
      },
    });
    expect(preflight.status).toBeGreaterThanOrEqual(400);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a text/plain body even with the header, and leaves the state alone', async () => {
    const sessionId = await sb.session();
    const reply = await sb.raw('token', '/__sandbox/reset', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-sandbox-control': '1' },
      body: '{}',
    });
    expect(reply.status).toBe(415);
    expect((await sb.browser('token', '/api/Token/List', { sessionId })).status).toBe(200);
  });

  it('runs for test code that sends the header', async () => {
    const sessionId = await sb.session();
    expect((await sb.control('/__sandbox/three-ds/challenge', { sessionId, windowSize: '03' })).status).toBe(
      200,
    );
    expect((await sb.raw('token', '/__sandbox/health', { method: 'GET' })).status).toBe(200);
  });
});

describe('CORS', () => {
  const preflight = (origin: string, path = '/api/Token/Generate', server: 'token' | 'sandbox' = 'token') =>
    sb.raw(server, path, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });

  it('answers a preflight from an allowed origin, echoing that exact origin', async () => {
    const reply = await preflight(MERCHANT_ORIGIN);
    expect(reply.status).toBe(204);
    expect(reply.headers.get('access-control-allow-origin')).toBe(MERCHANT_ORIGIN);
    expect(reply.headers.get('access-control-allow-methods')).toBe('POST');
    expect(reply.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it.each([EVIL_ORIGIN, 'http://127.0.0.1:4174', 'http://localhost:4173', 'null', 'http://127.0.0.1'])(
    'refuses a preflight from %s',
    async (origin) => {
      const reply = await preflight(origin);
      expect(reply.status).toBe(403);
      expect(reply.headers.get('access-control-allow-origin')).toBeNull();
    },
  );

  it('sends no CORS headers on backend-only endpoints', async () => {
    const reply = await preflight(MERCHANT_ORIGIN, '/api/Token/NewSession');
    expect(reply.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a request from a forged look-alike origin', async () => {
    const sessionId = await sb.session();
    const reply = await sb.browser('token', '/api/Token/List', { sessionId }, { origin: EVIL_ORIGIN });
    expect(reply.status).toBe(403);
    expect(reply.body.error?.code).toBe('origin_not_allowed');
    expect(reply.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets an allowed origin read errors too', async () => {
    const reply = await sb.browser('token', '/api/Token/List', { sessionId: 'ses_unknown' });
    expect(reply.status).toBe(404);
    expect(reply.headers.get('access-control-allow-origin')).toBe(MERCHANT_ORIGIN);
  });
});

describe('tokens belong to their session', () => {
  it('a token cannot be paid with in another customer’s session', async () => {
    const token = await sb.tokenize(await sb.session({ customerId: 'a' }));
    const other = await sb.session({ customerId: 'b' });
    const reply = await sb.backend('sandbox', '/api/Payment/Init', {
      tokenSession: other,
      partnerUniqueId: 'steal-1',
      paymentData: {
        currency: 'BRL',
        paymentMethods: [
          { paymentMethodType: '1', amount: 10, cardInfo: { token, tokenProvider: 'Service' } },
        ],
      },
    });
    expect(reply.status).toBe(404);
    expect(reply.body.error?.code).toBe('token_not_found');
  });

  it('a stored token needs Token/Bind before a new session can pay with it', async () => {
    const token = await sb.tokenize(await sb.session({ customerId: 'bind-pay' }), { singleUse: false });
    const later = await sb.session({ customerId: 'bind-pay' });
    const pay = (id: string) =>
      sb.backend('sandbox', '/api/Payment/Init', {
        tokenSession: later,
        partnerUniqueId: id,
        paymentData: {
          currency: 'BRL',
          paymentMethods: [
            { paymentMethodType: '1', amount: 10, cardInfo: { token, tokenProvider: 'Service' } },
          ],
        },
      });
    const before = await pay('bind-pay-1');
    expect(before.status).toBe(409);
    expect(before.body.error?.code).toBe('token_requires_bind');
    expect(
      (await sb.browser('token', '/api/Token/Bind', { sessionId: later, token, cvv: '123' })).status,
    ).toBe(200);
    const after = await pay('bind-pay-2');
    expect(after.status).toBe(201);
    // A stored token stays usable.
    expect((await pay('bind-pay-3')).status).toBe(201);
  });

  it('a single-use token is refused the second time', async () => {
    const sessionId = await sb.session();
    const token = await sb.tokenize(sessionId);
    const pay = (id: string) =>
      sb.backend('sandbox', '/api/Payment/Init', {
        tokenSession: sessionId,
        partnerUniqueId: id,
        paymentData: {
          currency: 'BRL',
          paymentMethods: [
            { paymentMethodType: '1', amount: 10, cardInfo: { token, tokenProvider: 'Service' } },
          ],
        },
      });
    expect((await pay('once-1')).status).toBe(201);
    const second = await pay('once-2');
    expect(second.status).toBe(409);
    expect(second.body.error?.code).toBe('token_already_used');
  });
});

describe('server-side card data needs PCI certification', () => {
  it('Token/Generate from a server is refused for an uncertified account and accepted for a certified one', async () => {
    const card = { ...VISA, expirationYear: futureYear() };
    const plain = await sb.backend('token', '/api/Token/Generate', { sessionId: await sb.session(), card });
    expect(plain.status).toBe(403);
    expect(plain.body.error?.code).toBe('pci_certification_required');
    const certified = await sb.backend(
      'token',
      '/api/Token/Generate',
      { sessionId: await sb.session({ account: 'demo-pci' }), card },
      { account: 'demo-pci' },
    );
    expect(certified.status).toBe(200);
  });
});

describe('the token host’s own frames', () => {
  it('may call the token API same-origin, with the session', async () => {
    const sessionId = await sb.session();
    const reply = await sb.browser(
      'token',
      '/api/Token/Generate',
      { sessionId, card: { ...VISA, expirationYear: futureYear() } },
      { origin: sb.urls.tokenUrl },
    );
    expect(reply.status).toBe(200);
    expect(reply.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('are not a way around the engine’s origin rules', async () => {
    const reply = await sb.browser(
      'sandbox',
      '/api/Payment/Init',
      { partnerUniqueId: 'frame-origin', paymentData: { paymentMethods: [{ paymentMethodType: '3' }] } },
      { origin: sb.urls.tokenUrl },
    );
    expect(reply.status).toBe(403);
    expect(reply.body.error?.code).toBe('origin_not_allowed');
  });
});
