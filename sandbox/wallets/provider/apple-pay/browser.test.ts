// The stand-in in a real browser (Chromium through Playwright's library API, a few seconds): a merchant
// page under a strict CSP loads Apple Pay JS's stand-in from the wallet origin, the shopper presses
// <apple-pay-button>, the page asks the token host for a merchant session, the sheet opens, Pay seals a
// token, and Payment/Init pays it. Without Chromium, the tests are skipped.
import type { ServerType } from '@hono/node-server';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { close, listen, portOf, startSandbox, type RunningSandbox } from '../../../server.ts';
import { account } from '../../../test/harness.ts';
import { walletPaymentBody } from '../../test-support.ts';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const skip = !existsSync(CHROMIUM);

let sb: RunningSandbox;
let browser: Browser;
/** The merchant's pages, on a loopback port of their own (Chromium keeps pages it did not load from the
 * network out of the loopback address space, so they are served, not intercepted). */
let shop: ServerType;
let merchantOrigin: string;
const DEMO = account('demo');
/** Node's fetch may try ::1 for localhost; the sandbox binds 127.0.0.1. */
const tokenHost = () => sb.urls.tokenUrl.replace('localhost', '127.0.0.1');

async function backend(
  path: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${path.includes('Payment') ? sb.urls.sandboxUrl : tokenHost()}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-service-account': DEMO.name,
      'x-service-apptoken': DEMO.appToken,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The merchant's page script: Apple's documented flow, with merchant validation at the service. */
const PAGE_SCRIPT = `
const params = new URLSearchParams(location.search);
const results = (window.results = { events: [] });
try {
  new ApplePaySession(14, { countryCode: 'BR', currencyCode: 'BRL', supportedNetworks: ['visa'],
    merchantCapabilities: ['supports3DS'], total: { label: 'Loja Demo', amount: '150.00' } });
} catch (error) {
  results.atLoad = error.name + ': ' + error.message;
}
document.querySelector('apple-pay-button').addEventListener('click', () => {
  const session = new ApplePaySession(14, {
    countryCode: 'BR', currencyCode: 'BRL', supportedNetworks: ['visa', 'masterCard', 'elo'],
    merchantCapabilities: ['supports3DS'], total: { label: 'Loja Demo', amount: '150.00' },
    lineItems: [{ label: 'Frete', amount: '0.00' }],
  });
  session.onvalidatemerchant = async (event) => {
    results.events.push('validatemerchant');
    const response = await fetch(params.get('token') + '/api/Wallet/MerchantSession', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-account': 'demo' },
      body: JSON.stringify({ sessionId: params.get('session'), validationURL: event.validationURL,
        merchantIdentifier: 'merchant.com.demo.shop', displayName: 'Loja Demo', domainName: location.hostname }),
    });
    session.completeMerchantValidation(await response.json());
  };
  session.onpaymentmethodselected = (event) => {
    results.events.push('paymentmethodselected ' + event.paymentMethod.displayName);
    session.completePaymentMethodSelection({ newTotal: { label: 'Loja Demo', amount: '150.00' } });
  };
  session.onpaymentauthorized = (event) => {
    results.events.push('paymentauthorized');
    results.token = JSON.stringify(event.payment.token.paymentData);
    session.completePayment(ApplePaySession.STATUS_SUCCESS);
  };
  session.oncancel = (event) => {
    results.events.push('cancel ' + event.sessionError.code);
  };
  session.begin();
});
`;

function shopPage(request: Request): Response {
  const { pathname } = new URL(request.url);
  if (pathname === '/page.js') {
    return new Response(PAGE_SCRIPT, { headers: { 'content-type': 'text/javascript' } });
  }
  const wallets = sb.urls.walletsUrl;
  const csp = [
    "default-src 'none'",
    `script-src 'self' ${wallets}`,
    `connect-src ${sb.urls.tokenUrl} ${wallets}`,
    `frame-src ${wallets}`,
    "style-src 'self'",
    "base-uri 'none'",
  ].join('; ');
  return new Response(
    `<!doctype html><html lang="pt-BR"><head><title>Loja Demo</title>
<script src="${wallets}/jsapi/1.latest/apple-pay-sdk.js"></script>
<script src="/page.js" defer></script></head>
<body><h1>Loja Demo</h1><apple-pay-button buttonstyle="black" type="buy" locale="pt-BR"></apple-pay-button></body></html>`,
    { headers: { 'content-type': 'text/html', 'content-security-policy': csp } },
  );
}

async function merchantPage(): Promise<Page> {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => {
    problems.push(`page error: ${error.message}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  const session = await backend('/api/Token/NewSession', {
    customer: { id: 'cus-1', email: 'ada@example.test' },
  });
  const query = new URLSearchParams({
    session: session.body['sessionId'] as string,
    token: sb.urls.tokenUrl,
  });
  await page.goto(`${merchantOrigin}/checkout?${query.toString()}`);
  (page as Page & { problems?: string[] }).problems = problems;
  return page;
}

const problems = (page: Page) => (page as Page & { problems?: string[] }).problems;

const results = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { results: { events: string[]; token?: string; atLoad?: string } }).results,
  );

beforeAll(async () => {
  if (skip) return;
  shop = await listen(shopPage, 0);
  merchantOrigin = `http://127.0.0.1:${String(portOf(shop))}`;
  sb = await startSandbox({
    ports: { token: 0, engine: 0, sandbox: 0, threeDs: 0, wallets: 0, demo: 4173 },
    accounts: () => [{ ...DEMO, allowedOrigins: [merchantOrigin] }],
  });
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
}, 20_000);
afterAll(async () => {
  if (skip) return;
  await browser.close();
  await sb.close();
  await close(shop);
});

describe.skipIf(skip)('Apple Pay JS stand-in in Chromium', () => {
  it('pays: button, merchant session from the service, the sheet’s Pay, a token Payment/Init pays', async () => {
    const page = await merchantPage();
    expect(problems(page)).toEqual([]);
    expect((await results(page)).atLoad).toBe(
      'InvalidAccessError: Must create a new ApplePaySession from a user gesture handler.',
    );
    // #region apple-pay-sheet
    // The click is the user gesture new ApplePaySession() needs; the sheet is a frame of the wallet origin.
    await page.getByRole('button', { name: 'Comprar com Apple Pay' }).click();
    const sheet = page.frameLocator('iframe[title="Apple Pay"]');
    // The cards are radios named "{network} {last4}", the first the request accepts checked.
    await expect.poll(() => sheet.getByRole('radio', { name: /Visa 1111/ }).isChecked()).toBe(true);
    expect(await sheet.getByRole('radio', { name: /Elo/ }).isDisabled()).toBe(false);
    // Pay is enabled once the page completed the merchant validation and the card's selection.
    const pay = sheet.getByRole('button', { name: 'Pagar com Touch ID' });
    await expect.poll(() => pay.isEnabled()).toBe(true);
    expect(await sheet.locator('#total-amount').textContent()).toMatch(/R\$\s?150,00/);
    await pay.click();
    // #endregion apple-pay-sheet
    await expect.poll(async () => (await results(page)).token !== undefined).toBe(true);
    await expect.poll(() => page.locator('[data-apple-pay-sheet]').count()).toBe(0);
    const { events, token } = await results(page);
    expect(events).toEqual(['validatemerchant', 'paymentmethodselected Visa 1111', 'paymentauthorized']);
    const paid = await backend(
      '/api/Payment/Init',
      walletPaymentBody('apple-pay-browser-1', 'WalletBPay', token),
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body['status']).toBe('authorized');
    expect(problems(page)).toEqual([]);
    await page.close();
  }, 15_000);

  it('opens from the keyboard and cancels on Escape, with sessionError code "unknown"', async () => {
    const page = await merchantPage();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const sheet = page.frameLocator('iframe[title="Apple Pay"]');
    await expect.poll(() => sheet.getByRole('button', { name: 'Pagar com Touch ID' }).isEnabled()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await results(page)).events.at(-1)).toBe('cancel unknown');
    expect(await page.locator('[data-apple-pay-sheet]').count()).toBe(0);
    // Focus is back on the button the shopper pressed.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('APPLE-PAY-BUTTON');
    // The availability knob, at run time.
    expect(
      await page.evaluate(() => {
        const w = window as unknown as {
          __applePayStandIn: { configure(c: { availability: string }): void };
          ApplePaySession: { canMakePayments(): boolean };
        };
        w.__applePayStandIn.configure({ availability: 'unsupported' });
        return w.ApplePaySession.canMakePayments();
      }),
    ).toBe(false);
    await page.close();
  }, 15_000);
});
