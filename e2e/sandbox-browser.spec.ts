// The sandbox's browser-facing rules, exercised by real browsers across real origins: the merchant page
// (127.0.0.1:4173) may call Token/Generate on the token host (localhost:4174) and nothing backend-only;
// another origin may call nothing; the app token cannot leave a browser.

import { expect, test, type Page } from '@playwright/test';

const TOKEN_URL = 'http://localhost:4174';
const FOREIGN_PAGE = 'http://127.0.0.1:4176/__sandbox/health';
const year = new Date().getUTCFullYear() + 3;

/**
 * The manual-tokenization page: its policy lets the page call the token host (headless mode), so what
 * stops a call to the token host here is the sandbox's CORS rule, which is what these tests are about.
 */
const MERCHANT_PAGE = '/manual.html';

interface FetchResult {
  ok: boolean;
  status?: number;
  body?: Record<string, unknown>;
  failed?: string;
}

/** Runs fetch inside the page, so the browser's own CORS rules apply. */
function browserFetch(
  page: Page,
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<FetchResult> {
  return page.evaluate(
    async ({ url, headers, body }) => {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        });
        return {
          ok: response.ok,
          status: response.status,
          body: (await response.json()) as Record<string, unknown>,
        };
      } catch (error) {
        return { ok: false, failed: String(error) };
      }
    },
    { url, headers, body },
  );
}

async function newSession(page: Page): Promise<string> {
  const reply = await browserFetch(page, '/api/session', {}, {});
  expect(reply.status).toBe(200);
  return reply.body?.['sessionId'] as string;
}

test('the merchant page tokenizes cross-origin with the session, and its backend pays with the token', async ({
  page,
}) => {
  await page.goto(MERCHANT_PAGE);
  const sessionId = await newSession(page);
  const generated = await browserFetch(
    page,
    `${TOKEN_URL}/api/Token/Generate`,
    { 'x-service-account': 'demo' },
    {
      sessionId,
      card: {
        cardHolderName: 'Ada Lovelace',
        cardNumber: '5555555555554444',
        expirationMonth: 1,
        expirationYear: year,
        cvv: '123',
      },
    },
  );
  expect(generated, JSON.stringify(generated)).toMatchObject({
    ok: true,
    body: { card: { brand: 'Mastercard', last4: '4444' } },
  });
  const token = generated.body?.['token'] as string;

  const paid = await browserFetch(page, '/api/pay', {}, { sessionId, token, amount: 42.5 });
  expect(paid).toMatchObject({
    status: 201,
    body: { status: 'authorized', amount: 42.5, paymentMethods: [{ card: { last4: '4444' } }] },
  });
  const status = await browserFetch(page, '/api/payment-status', {}, { paymentId: paid.body?.['paymentId'] });
  expect(status.body?.['status']).toBe('authorized');
});

test('a browser cannot send the app token, nor call backend endpoints', async ({ page }) => {
  await page.goto(MERCHANT_PAGE);
  const withToken = await browserFetch(
    page,
    `${TOKEN_URL}/api/Token/NewSession`,
    { 'x-service-account': 'demo', 'x-service-apptoken': 'sbx_app_demo_7f3c2a9e41d84b0c' },
    { customer: { id: 'c' } },
  );
  expect(withToken.failed).toMatch(/TypeError/);
  // A backend-only endpoint of the token host, without the app token: no CORS for it at all.
  const pci = await browserFetch(
    page,
    `${TOKEN_URL}/api/integrations/pci/init`,
    { 'x-service-account': 'demo' },
    {},
  );
  expect(pci.failed).toMatch(/TypeError/);
});

test('a page on an origin no account allows cannot use a session', async ({ page }) => {
  await page.goto(MERCHANT_PAGE);
  const sessionId = await newSession(page);
  await page.goto(FOREIGN_PAGE);
  const listed = await browserFetch(
    page,
    `${TOKEN_URL}/api/Token/List`,
    { 'x-service-account': 'demo' },
    { sessionId },
  );
  expect(listed.failed).toMatch(/TypeError/);
});
