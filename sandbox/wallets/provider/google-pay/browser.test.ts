// The stand-in in a real browser: a merchant page with a strict CSP (nonces only) loads pay.js from the
// wallet origin of a sandbox on ephemeral ports, puts the button in a shadow root, and pays through the
// sheet frame the way a merchant's Playwright test would: by role names. Chromium only (the e2e
// harness's search, scripts/browsers.ts); skipped when there is none.

import { chromium, type Browser, type FrameLocator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServerType } from '@hono/node-server';
import { CHROMIUM_ARGS, findBrowsers } from '../../../../scripts/browsers.ts';
import { close, listen, portOf } from '../../../server.ts';
import { startTestSandbox, type TestSandbox } from '../../../test/harness.ts';

const found = findBrowsers().chromium;
const NONCE = 'r4nd0m-n0nce';

/** The merchant's own script: a client, a request for R$ 150 in Brazil, a button in a shadow root. */
const SHOP_SCRIPT = `
window.results = [];
window.authorizations = [];
window.request = () => ({
  apiVersion: 2,
  apiVersionMinor: 0,
  merchantInfo: { merchantName: 'Loja Exemplo' },
  allowedPaymentMethods: [{
    type: 'CARD',
    parameters: {
      allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
      allowedCardNetworks: ['VISA', 'MASTERCARD', 'ELO', 'ELO_DEBIT'],
      assuranceDetailsRequired: true,
    },
    tokenizationSpecification: {
      type: 'PAYMENT_GATEWAY',
      parameters: { gateway: 'servicesandbox', gatewayMerchantId: 'demo' },
    },
  }],
  transactionInfo: {
    currencyCode: 'BRL', countryCode: 'BR', totalPriceStatus: 'FINAL', totalPrice: '150.00',
    checkoutOption: 'COMPLETE_IMMEDIATE_PURCHASE',
  },
  callbackIntents: ['PAYMENT_AUTHORIZATION'],
});
window.client = new google.payments.api.PaymentsClient({
  environment: 'TEST',
  nonce: '${NONCE}',
  paymentDataCallbacks: {
    // The test answers for the merchant: window.answer({transactionState: ...}).
    onPaymentAuthorized: (data) => new Promise((resolve) => { authorizations.push(data); window.answer = resolve; }),
  },
});
window.pay = () => client.loadPaymentData(request()).then(
  (value) => results.push({ ok: true, value }),
  (error) => results.push({ ok: false, error }),
);
pay(); // at load: no user gesture
client.isReadyToPay({ ...request(), existingPaymentMethodRequired: true }).then((r) => { window.ready = r; });
const shadow = document.getElementById('host').attachShadow({ mode: 'open' });
shadow.append(client.createButton({ onClick: pay, buttonLocale: 'pt', buttonRootNode: shadow, buttonRadius: 8 }));
`;

const SHOP_PAGE = (wallets: string) => `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Loja Exemplo</title>
<script nonce="${NONCE}" src="${wallets}/gp/p/js/pay.js"></script>
<script nonce="${NONCE}" src="/shop.js" defer></script>
</head><body><h1>Loja Exemplo</h1><div id="host"></div></body></html>`;

interface Result {
  ok: boolean;
  value?: { paymentMethodData: { info: Record<string, unknown>; tokenizationData: { token: string } } };
  error?: { statusCode: string; statusMessage: string };
}

describe.skipIf(found.kind === 'none')('pay.js stand-in in Chromium', { timeout: 15_000 }, () => {
  let sb: TestSandbox;
  /** The merchant's site: a real loopback server (a routed page would be "public" to Chromium's
   * local network access checks, which then block loopback scripts). */
  let shop: ServerType;
  let browser: Browser;
  let page: Page;
  let sheet: FrameLocator;
  const violations: string[] = [];

  const results = () => page.evaluate(() => (window as unknown as { results: Result[] }).results);
  const result = async (index: number): Promise<Result> => {
    await vi.waitFor(async () => {
      expect((await results()).length).toBeGreaterThan(index);
    });
    return (await results())[index]!;
  };
  const answer = (value: unknown) =>
    page.evaluate((v) => {
      (window as unknown as { answer: (value: unknown) => void }).answer(v);
    }, value);
  const button = () => page.getByRole('button', { name: 'Comprar com GPay' });
  /** Waits until onPaymentAuthorized was called `count` times in all. */
  const authorizations = (count: number) =>
    vi.waitFor(async () => {
      const calls = await page.evaluate(
        () => (window as unknown as { authorizations: unknown[] }).authorizations.length,
      );
      expect(calls).toBeGreaterThanOrEqual(count);
    });

  beforeAll(async () => {
    sb = await startTestSandbox();
    const wallets = sb.urls.walletsUrl;
    browser = await chromium.launch({ executablePath: found.path, args: [...CHROMIUM_ARGS] });
    page = await browser.newPage({ locale: 'en-US' });
    page.on('pageerror', (error) => violations.push(error.message));
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    const csp = [
      "default-src 'none'",
      `script-src 'nonce-${NONCE}'`,
      `style-src 'nonce-${NONCE}'`,
      `frame-src ${wallets}`,
      // Lets the page try the token endpoint, so that what stops it is the wallet, not this policy.
      `connect-src ${wallets}`,
      "base-uri 'none'",
    ].join('; ');
    shop = await listen(
      (request) =>
        new URL(request.url).pathname === '/shop.js'
          ? new Response(SHOP_SCRIPT, { headers: { 'content-type': 'text/javascript' } })
          : new Response(SHOP_PAGE(wallets), {
              headers: { 'content-type': 'text/html', 'content-security-policy': csp },
            }),
      0,
    );
    await page.goto(`http://127.0.0.1:${String(portOf(shop))}/`);
    sheet = page.frameLocator('iframe[title="Google Pay"]');
  }, 30_000);

  afterAll(async () => {
    await browser.close();
    await close(shop);
    await sb.close();
  });

  it('refuses a sheet without a user gesture, and answers isReadyToPay', async () => {
    expect(await result(0)).toEqual({
      ok: false,
      error: {
        statusCode: 'CANCELED',
        statusMessage: 'loadPaymentData must be called in response to a user gesture.',
      },
    });
    expect(await page.evaluate(() => (window as unknown as { ready: unknown }).ready)).toEqual({
      result: true,
      paymentMethodPresent: true,
    });
  });

  it('draws the button in the shadow root, named in Portuguese, styled under the nonce', async () => {
    await expect.poll(() => button().count()).toBe(1);
    const look = await button().evaluate((element) => ({
      background: getComputedStyle(element).backgroundColor,
      radius: getComputedStyle(element).borderTopLeftRadius,
      styleInShadow: element.getRootNode() instanceof ShadowRoot,
    }));
    expect(look).toEqual({ background: 'rgb(0, 0, 0)', radius: '8px', styleInShadow: true });
    const calls = await page.evaluate(
      () =>
        (window as unknown as { __googlePayStandIn: { calls: { method: string; styles?: string }[] } })
          .__googlePayStandIn.calls,
    );
    expect(calls.find((call) => call.method === 'createButton')?.styles).toBe('nonce');
  });

  it('pays through the sheet: an ERROR answer is shown and retried, SUCCESS resolves', async () => {
    await button().click();
    // #region pay-in-sheet
    // pay.js shows its sheet in a modal <dialog> on the page: a frame of the wallet origin.
    const sheet = page.frameLocator('iframe[title="Google Pay"]');
    await sheet.getByRole('dialog', { name: 'Google Pay' }).waitFor();
    await sheet.getByText('Pay Loja Exemplo').waitFor(); // merchantInfo.merchantName
    await sheet.getByRole('radio', { name: /Mastercard •••• 4444/ }).check(); // a CRYPTOGRAM_3DS card
    // "Pay" for a FINAL total with COMPLETE_IMMEDIATE_PURCHASE, "Continue" otherwise.
    await sheet.getByRole('button', { name: 'Pay', exact: true }).click();
    // #endregion pay-in-sheet
    await sheet.getByText('R$150.00').waitFor();
    // Focus moved into the sheet when it opened.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
    await authorizations(1);
    await answer({
      transactionState: 'ERROR',
      error: { reason: 'PAYMENT_DATA_INVALID', intent: 'PAYMENT_AUTHORIZATION', message: 'Cartão recusado.' },
    });
    await sheet.getByRole('alert').filter({ hasText: 'Cartão recusado.' }).waitFor();
    await sheet.getByRole('button', { name: 'Pay', exact: true }).click();
    await authorizations(2);
    await answer({ transactionState: 'SUCCESS' });

    const paid = await result(1);
    expect(paid.ok).toBe(true);
    expect(paid.value?.paymentMethodData.info).toMatchObject({
      cardNetwork: 'MASTERCARD',
      cardDetails: '4444',
      cardFundingSource: 'CREDIT',
      assuranceDetails: { accountVerified: true, cardHolderAuthenticated: true },
    });
    const token = paid.value?.paymentMethodData.tokenizationData.token ?? '';
    expect(sb.sandbox.ctx.wallets.open('WalletAPay', token, { account: 'demo' }).authMethod).toBe(
      'CRYPTOGRAM_3DS',
    );
    await expect.poll(() => page.locator('dialog').count()).toBe(0);
    // Focus is back on the button that opened the sheet.
    expect(
      await button().evaluate((element) => (element.getRootNode() as ShadowRoot).activeElement === element),
    ).toBe(true);
  });

  it('times out an unanswered authorization, then Escape cancels', async () => {
    // #region sheet-clock
    // The sheet waits 30 s for onPaymentAuthorized; a test makes it short on the page.
    await page.evaluate(() => {
      (
        window as unknown as { __googlePayStandIn: { authorizationTimeoutMs: number } }
      ).__googlePayStandIn.authorizationTimeoutMs = 200;
    });
    // #endregion sheet-clock
    await button().click();
    await sheet.getByRole('button', { name: 'Pay', exact: true }).click();
    await authorizations(3);
    await sheet.getByRole('alert').filter({ hasText: 'REQUEST_TIMEOUT' }).waitFor();
    await sheet.getByRole('radio', { name: /Visa •••• 1111/ }).press('Escape');
    expect((await result(2)).error).toEqual({
      statusCode: 'CANCELED',
      statusMessage: 'User closed the Payment Request UI.',
    });
  });

  it('refuses a second sheet while one is open, and ends with the error the tester picks', async () => {
    await button().click();
    await sheet.getByRole('dialog', { name: 'Google Pay' }).waitFor();
    await page.evaluate(() => (window as unknown as { pay: () => Promise<void> }).pay());
    expect((await result(3)).error?.statusMessage).toBe('A payment sheet is already open on this page.');
    await sheet.getByRole('button', { name: 'Buyer account error' }).click();
    expect((await result(4)).error?.statusCode).toBe('BUYER_ACCOUNT_ERROR');
  });

  it('keeps the token endpoint from the merchant page, and breaks no CSP rule', async () => {
    const minted = await page.evaluate(
      (url) =>
        fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then(
          (response) => response.status,
          () => 'blocked',
        ),
      sb.url('wallets', '/google-pay/sheet/token'),
    );
    expect(minted).toBe('blocked');
    expect(violations).toEqual([]);
  });
});
