// The README's minimal shop, paid through: its server against a sandbox on free ports, a 3DS card
// tokenized and authenticated as the page's card frame would, then paid with the shop's endpoints.
import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeFile, LOCALE_FILES, scriptFile } from '../../scripts/artifacts.ts';
import { account, startTestSandbox, type TestSandbox } from '../../sandbox/test/harness.ts';
import { TEST_CARDS } from '../../sandbox/three-ds/test-cards.ts';
import { postForm, threeDsSteps, type ThreeDsSteps } from '../../sandbox/three-ds/test-support.ts';

let sb: TestSandbox;
let steps: ThreeDsSteps;
let shop: Server;
let base = '';
const saved = { ...process.env };

beforeAll(async () => {
  sb = await startTestSandbox();
  steps = threeDsSteps(sb);
  // The shop's settings, as `npm run shop` would take them from its environment: a free port, this sandbox.
  Object.assign(process.env, { PORT: '0', TOKEN_URL: sb.urls.tokenUrl, ENGINE_URL: sb.urls.sandboxUrl });
  ({ server: shop } = await import('./server.ts'));
  if (!shop.listening) await once(shop, 'listening');
  const address = shop.address();
  base = `http://127.0.0.1:${String(typeof address === 'object' && address !== null ? address.port : 0)}`;
});
afterAll(async () => {
  process.env = saved;
  shop.close();
  await sb.close();
});

const post = async (path: string, body: unknown = {}) => {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
};
const json = (reply: { text: string }) => JSON.parse(reply.text) as Record<string, unknown>;

/** What the page sends /api/pay: the session, the token and the 3DS result's three fields. */
const payment = (sessionId: string, token: string, authentication: Record<string, unknown>) => ({
  sessionId,
  token,
  code: authentication['code'],
  referenceId: authentication['referenceId'],
  transactionId: authentication['transactionId'],
});

describe('the minimal shop', () => {
  it('hands the page a session and the Checkout’s settings, never the app token', async () => {
    const reply = await post('/api/session');
    expect(reply.status).toBe(200);
    expect(json(reply)).toEqual({
      sessionId: expect.stringMatching(/^ses_/) as string,
      account: 'demo',
      environment: 'sandbox',
      tokenUrl: sb.urls.tokenUrl,
    });
    expect(reply.text).not.toContain(account('demo').appToken);
  });

  it('pays a frictionless 3DS card with its authentication', async () => {
    const { sessionId } = json(await post('/api/session')) as { sessionId: string };
    const { authentication, token } = await steps.enroll(sessionId, TEST_CARDS['001'].frictionless_success);
    expect(authentication['status']).toBe('Y');
    const paid = await post('/api/pay', payment(sessionId, token, authentication));
    expect(paid.status).toBe(201);
    expect(json(paid)).toMatchObject({
      status: 'authorized',
      paymentMethods: [{ authentication: { status: 'Y' } }],
    });
  });

  it('pays a challenged card once the shopper passed the issuer’s challenge', async () => {
    const { sessionId } = json(await post('/api/session')) as { sessionId: string };
    const { authentication, token } = await steps.enroll(sessionId, TEST_CARDS['002'].challenge_success);
    expect(authentication['status']).toBe('C');
    const transactionId = authentication['transactionId'] as string;
    // What the challenge dialog's frame does: the issuer's page, the code, the return, the validation.
    const { acsTransId } = await steps.openChallenge(authentication);
    expect((await steps.answerChallenge(acsTransId, 'authenticate', '1234')).status).toBe(200);
    await postForm(sb, 'token', '/frames/3ds-return', {
      TransactionId: transactionId,
      MD: 'merchant-data-42',
    });
    const validated = await steps.validate(sessionId, transactionId);
    expect(validated.body).toMatchObject({ status: 'Y' });
    const paid = await post('/api/pay', payment(sessionId, token, validated.body));
    expect(paid.status).toBe(201);
    expect(json(paid)).toMatchObject({ status: 'authorized' });
  });

  it('cannot pay a card that ran 3DS without its authentication', async () => {
    const { sessionId } = json(await post('/api/session')) as { sessionId: string };
    const { token } = await steps.enroll(sessionId, TEST_CARDS['001'].frictionless_success);
    const refused = await post('/api/pay', { sessionId, token });
    expect(refused.status).not.toBe(201);
    expect(json(refused)).toMatchObject({ error: { code: 'authentication_required' } });
  });

  it('serves its page, which loads the script from the shop and asks the shop’s endpoints', async () => {
    const page = await fetch(`${base}/`);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<script src="/checkout.js" defer></script>');
    for (const endpoint of ['/api/session', '/api/pay']) expect(html).toContain(`'${endpoint}'`);
  });

  it.skipIf(!existsSync(new URL(`../../dist/${scriptFile()}`, import.meta.url)))(
    'serves the package’s script-tag build as /checkout.js, and the files it loads from beside itself',
    async () => {
      const script = await fetch(`${base}/checkout.js`);
      expect([script.status, script.headers.get('content-type')]).toEqual([200, 'text/javascript']);
      expect(await script.text()).toBe(
        readFileSync(new URL(`../../dist/${scriptFile()}`, import.meta.url), 'utf8'),
      );
      // The English strings (the page's locale) and the 3DS challenge, named relative to the script.
      for (const file of [...LOCALE_FILES, challengeFile()]) {
        const beside = await fetch(new URL(file, `${base}/checkout.js`));
        expect([file, beside.headers.get('content-type')]).toEqual([file, 'text/javascript']);
        expect(await beside.text()).toBe(
          readFileSync(new URL(`../../dist/${file}`, import.meta.url), 'utf8'),
        );
      }
      // Nothing else of the package's folder: a name with a path is the page.
      const outside = await fetch(`${base}/checkout-..%2Fpackage.json.js`);
      expect(outside.headers.get('content-type')).toBe('text/html');
      // A file the package lacks is an error, and the shop serves on.
      expect((await fetch(`${base}/checkout-none.js`)).status).toBe(502);
      expect((await fetch(`${base}/`)).status).toBe(200);
    },
  );
});
