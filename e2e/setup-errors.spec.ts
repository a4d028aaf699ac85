// The setup mistakes a merchant makes first, each failing fast with an error that names the fix, while
// the shopper reads a calm sentence in their language instead of a browser error page: an account the
// token host does not know, a page origin the account does not allow, a file:// page, and a script the
// browser blocked by its integrity check.

import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { scriptFile } from '../scripts/artifacts.ts';
import { TOKEN_ORIGIN } from './models/card-page.ts';

/** What the issue asks of each: the page knows why within 2 s. */
const FAST_MS = 2_000;
const UNAVAILABLE =
  'O formulário de pagamento não está disponível no momento. Tente novamente mais tarde ou escolha outra forma de pagamento.';

/** A merchant's page of its own: the script from the demo, a form for `account`, timed from mount. */
function shopPage(account: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Shop</title></head><body>
<div id="slot"></div>
<script src="http://127.0.0.1:4173/sdk/${scriptFile()}"></script>
<script>
  const checkout = new window.Checkout({
    sessionId: 'ses_not_needed_yet', account: ${JSON.stringify(account)}, environment: 'sandbox',
    tokenUrl: ${JSON.stringify(TOKEN_ORIGIN)}, locale: 'pt-BR',
  });
  const mountedAt = performance.now();
  const form = checkout.mountCardForm('#slot');
  window.failure = new Promise((resolve) => {
    form.addEventListener('svc-error', ({ error }) => {
      resolve({ code: error.code, message: error.message, afterMs: performance.now() - mountedAt });
    });
  });
</script></body></html>`;
}

/**
 * The merchant's own server, on loopback like the demo (a page the test fulfils itself would count as a
 * public site, and the browser would keep it from framing a loopback token host at all).
 */
let shop: Server;
let shopOrigin = '';
test.beforeAll(async () => {
  shop = createServer((request, response) => {
    const account = new URL(request.url ?? '/', 'http://x').searchParams.get('account') ?? '';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(shopPage(account));
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopOrigin = `http://127.0.0.1:${String((shop.address() as AddressInfo).port)}`;
});
test.afterAll(() => {
  shop.close();
});

let consoleErrors: string[] = [];
test.beforeEach(({ page }) => {
  consoleErrors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
});

async function expectFastFailure(page: Page, code: string, fix: RegExp): Promise<void> {
  const failure = await page.evaluate(
    () =>
      (window as unknown as { failure: Promise<{ code: string; message: string; afterMs: number }> }).failure,
  );
  expect(failure).toMatchObject({ code, message: expect.stringMatching(fix) });
  expect(failure.afterMs).toBeLessThan(FAST_MS);
  test
    .info()
    .annotations.push({ type: 'failed after (ms)', description: String(Math.round(failure.afterMs)) });
  // The shopper: one calm sentence in the page's language, no frame showing a browser error page.
  await expect(page.locator('svc-card-form').getByRole('alert')).toHaveText(UNAVAILABLE);
  await expect(page.locator('svc-card-form iframe')).toHaveCount(0);
  // The developer: the same words in the console, since a setup mistake must not pass unseen.
  await expect.poll(() => consoleErrors.join('\n')).toMatch(fix);
}

test('an account the token host does not know fails within 2 s as unknown_account', async ({ page }) => {
  await page.goto(`${shopOrigin}/?account=no-such-account`);
  await expectFastFailure(
    page,
    'unknown_account',
    /has no account "no-such-account": check the account option/,
  );
});

test('a page origin the account does not allow fails within 2 s as origin_not_allowed', async ({ page }) => {
  // The demo account allows the demo's origin only.
  await page.goto(`${shopOrigin}/?account=demo`);
  await expectFastFailure(
    page,
    'origin_not_allowed',
    new RegExp(`does not allow pages of ${shopOrigin.replace(/\./g, '\\.')}: add this origin`),
  );
});

test('a file:// page fails at once as origin_not_allowed, saying to serve it over http', async ({
  page,
}, testInfo) => {
  const path = testInfo.outputPath('shop.html');
  writeFileSync(path, shopPage('demo'));
  await page.goto(`file://${path}`);
  await expectFastFailure(page, 'origin_not_allowed', /no web origin \(a file: page\).*serve it over http/);
});

test('a script blocked by its integrity check is named on the page, not a TypeError', async ({ page }) => {
  await page.route(`**/sdk/${scriptFile()}`, async (route) => {
    const original = await route.fetch();
    await route.fulfill({ response: original, body: `${await original.text()}\n;window.tampered = true;` });
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/plain.html');
  await expect(page.locator('#status')).toHaveText(
    'The payment form could not load: the checkout script was blocked or not found (see the console).',
  );
  expect(await page.evaluate(() => (window as unknown as { tampered?: boolean }).tampered)).toBeUndefined();
  expect(errors.join('\n')).toMatch(/integrity attribute/);
  expect(errors.join('\n')).not.toMatch(/not a constructor/);
});
