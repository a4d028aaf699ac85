// The wallets page as a shopper uses it, against the sandbox's stand-in sheets: pay, cancel, a decline
// and a retry, the wallet's own errors, a callback too slow for the sheet, installments and the wallet's
// billing name in the Payment/Init record, one payment per order, no card data on the page, axe and the
// page's policy clean.
import { expect, test } from '@playwright/test';
import { walletTestCard } from '../sandbox/wallets/test-cards.ts';
import type { WalletTestCard } from '../sandbox/records.ts';
import { expectNoAxeViolations } from './models/axe.ts';
import { watchViolations } from './models/csp.ts';
import { openedToken, pageHolds, recordTraffic, type OpenedToken } from './models/page-data.ts';
import { WalletsPage } from './models/wallets-page.ts';

const ELO = walletTestCard('elo')!;

/** The sandbox wallet's card holder (sandbox/wallets/holder.ts): not the demo shop's customer. */
const HOLDER = 'Grace Hopper';

/**
 * What the page must never hold: the card's number, its device token, and the token's cryptogram,
 * checked first to be what the stand-in really sealed (so the search cannot pass by looking for the
 * wrong strings).
 */
function cardNeedles(card: WalletTestCard, opened: OpenedToken, sealed: 'number' | 'deviceNumber') {
  expect(opened.number).toBe(card[sealed]);
  expect(opened.number).toMatch(/^\d{16}$/);
  if (sealed === 'deviceNumber') expect(opened.cryptogram).toMatch(/^[A-Za-z0-9+/]{20,}={0,2}$/);
  return [card.number, card.deviceNumber, ...(opened.cryptogram === undefined ? [] : [opened.cryptogram])];
}

test.describe('Google Pay', () => {
  test('pays with the chosen card and parcelas, once, billing the wallet’s name; the page sees no card data and no policy violation', async ({
    page,
    context,
  }) => {
    await watchViolations(context);
    const traffic = recordTraffic(page);
    const wallets = new WalletsPage(page);
    await wallets.open();
    // Both buttons ready, each with its installments select before it.
    await expect(wallets.installments(wallets.googlePay)).toBeVisible();
    await expect(wallets.installments(wallets.applePay)).toBeVisible();
    await expectNoAxeViolations(page);
    // #region installments-choice
    // The select before the Google Pay button, in its container: a combobox named by its label.
    const parcelas = page.locator('#google-pay').getByRole('combobox', { name: 'Parcelas' });
    await parcelas.selectOption({ label: '3x de R$ 50,00 sem juros' });
    // #endregion installments-choice
    await wallets.googlePayButton.click();
    const sheet = wallets.googleSheet;
    await expect(sheet.getByRole('dialog', { name: 'Google Pay' })).toBeVisible();
    await sheet.getByRole('radio', { name: /Elo •••• 7013/ }).check();
    await sheet.getByRole('button', { name: 'Pay' }).click();

    await expect(wallets.status).toHaveText(/^Pago: /);
    const record = await wallets.paid();
    expect(record.status).toBe('authorized');
    expect(record.paymentMethods[0]).toMatchObject({
      installments: 3,
      card: { brand: 'Elo', last4: '7013' },
      // The name Google's billing address gave the callback, not the shop's customer (Ada Lovelace).
      billingInfo: { name: HOLDER, billedAmount: 150 },
    });
    await expect(wallets.record).toContainText(HOLDER);
    await expect(wallets.googlePay).toHaveAttribute('data-svc-wallet', 'completed');
    await expectNoAxeViolations(page);
    await expect(page.locator('iframe[title="Google Pay"]')).toHaveCount(0);

    // A paid button opens no second sheet.
    await wallets.googlePayButton.click();
    await expect(page.locator('iframe[title="Google Pay"]')).toHaveCount(0);
    expect(await wallets.outcomes()).toEqual([]);

    // Google PAN_ONLY: the token carries the card's own number.
    expect(
      await pageHolds(page, traffic, cardNeedles(ELO, await openedToken(page, 'WalletAPay'), 'number')),
    ).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
  });

  test('an error the sheet ends with reaches the callback as wallet_error, and the button opens it again', async ({
    page,
  }) => {
    const wallets = new WalletsPage(page);
    await wallets.open();
    const outcomes = wallets.googleSheet.getByRole('group', { name: 'Sandbox: end with an error instead' });
    await wallets.googlePayButton.click();
    await outcomes.getByRole('button', { name: 'Internal error' }).click();
    await wallets.expectNotPaid('Não pago. Veja os detalhes e tente de novo.', 'wallet_error');
    await expect(wallets.googlePay).toHaveAttribute('data-svc-wallet', 'ready');
    await wallets.googlePayButton.click();
    await outcomes.getByRole('button', { name: 'Merchant account error' }).click();
    await expect.poll(() => wallets.outcomes()).toEqual(['wallet_error', 'wallet_error']);
    const loads = (await wallets.googlePayCalls()).filter((call) => call.method === 'loadPaymentData');
    expect(loads.map((call) => call.outcome)).toEqual([
      { rejected: expect.objectContaining({ statusCode: 'INTERNAL_ERROR' }) as unknown },
      { rejected: expect.objectContaining({ statusCode: 'MERCHANT_ACCOUNT_ERROR' }) as unknown },
    ]);
  });

  test('a request Google refuses reaches the callback as wallet_developer_error, with no sheet', async ({
    page,
  }) => {
    const wallets = new WalletsPage(page);
    await wallets.open();
    // A request the SDK's own checks would not have caught: one pay.js refuses (a price with one
    // decimal), made by the page's pay.js itself, which then answers as Google does.
    await page.evaluate(() => {
      interface Client {
        loadPaymentData: (this: Client, request: Record<string, unknown>) => Promise<unknown>;
      }
      const api = (
        window as unknown as { google: { payments: { api: { PaymentsClient: { prototype: Client } } } } }
      ).google.payments.api;
      const load = api.PaymentsClient.prototype.loadPaymentData;
      api.PaymentsClient.prototype.loadPaymentData = function (request) {
        const transactionInfo = { ...(request['transactionInfo'] as object), totalPrice: '150.0' };
        return load.call(this, { ...request, transactionInfo });
      };
    });
    await wallets.googlePayButton.click();
    await wallets.expectNotPaid('Não pago. Veja os detalhes e tente de novo.', 'wallet_developer_error');
    expect(await wallets.outcomes()).toEqual(['wallet_developer_error']);
    await expect(page.locator('iframe[title="Google Pay"]')).toHaveCount(0);
    await expect(wallets.googlePay).toHaveAttribute('data-svc-wallet', 'ready');
    const load = (await wallets.googlePayCalls()).find((call) => call.method === 'loadPaymentData');
    expect(load?.outcome).toEqual({
      rejected: {
        statusCode: 'DEVELOPER_ERROR',
        statusMessage: expect.stringContaining('transactionInfo.totalPrice'),
      },
    });
  });

  test('a closed sheet reaches the callback as wallet_cancelled, and the button opens it again', async ({
    page,
  }) => {
    const wallets = new WalletsPage(page);
    await wallets.open();
    await wallets.googlePayButton.click();
    await wallets.googleSheet.getByRole('button', { name: 'Cancel' }).click();
    await wallets.expectNotPaid(
      'A carteira foi fechada antes do pagamento. Nada foi cobrado.',
      'wallet_cancelled',
    );
    await expect(wallets.googlePay).toHaveAttribute('data-svc-wallet', 'ready');
    await wallets.googlePayButton.click();
    // Escape where the shopper's focus is once the sheet opened: inside it.
    await wallets.googleSheet.getByRole('button', { name: 'Cancel' }).press('Escape');
    await expect.poll(() => wallets.outcomes()).toEqual(['wallet_cancelled', 'wallet_cancelled']);
  });

  test('a declined card keeps the sheet open with the merchant’s message; another card pays', async ({
    page,
  }) => {
    const wallets = new WalletsPage(page);
    await wallets.open();
    await wallets.googlePayButton.click();
    const sheet = wallets.googleSheet;
    await sheet.getByRole('radio', { name: /Mastercard •••• 5100/ }).check();
    await sheet.getByRole('button', { name: 'Pay' }).click();
    await expect(sheet.getByRole('alert')).toHaveText('O banco recusou este cartão. Escolha outro.');
    await wallets.expectNotPaid('O cartão foi recusado. Tente outro cartão.', 'declined');
    await sheet.getByRole('radio', { name: /Visa •••• 1111/ }).check();
    await sheet.getByRole('button', { name: 'Pay' }).click();
    await expect(wallets.status).toHaveText(/^Pago: /);
    expect((await wallets.paid()).paymentMethods[0]).toMatchObject({
      installments: 1,
      card: { brand: 'Visa' },
    });
    expect(await wallets.outcomes()).toEqual([]);
  });

  test('a callback too slow is answered at the watchdog: the sheet tells the shopper, the merchant gets wallet_callback_timeout', async ({
    page,
  }) => {
    await page.clock.install();
    // The merchant backend never answers.
    await page.route('**/api/pay-wallet', () => undefined);
    const wallets = new WalletsPage(page);
    await wallets.open();
    await wallets.googlePayButton.click();
    const sheet = wallets.googleSheet;
    await sheet.getByRole('button', { name: 'Pay' }).click();
    await expect(wallets.status).toHaveText('Pagando com Google Pay…');
    await page.clock.runFor(25_000);
    await expect(sheet.getByRole('alert')).toContainText('Confira seus pedidos antes de tentar de novo.');
    await expect.poll(() => wallets.outcomes()).toEqual(['wallet_callback_timeout']);
  });
});

test.describe('Apple Pay', () => {
  test('the service validates the merchant; pays with the chosen card and parcelas, once, billing the wallet’s name; the page sees no card data', async ({
    page,
    context,
  }) => {
    await watchViolations(context);
    const traffic = recordTraffic(page);
    const validations: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/Wallet/MerchantSession')) validations.push(request.method());
    });
    const wallets = new WalletsPage(page);
    await wallets.open();
    await expect(wallets.applePayButton).toBeVisible();
    await wallets.installments(wallets.applePay).selectOption({ label: '2x de R$ 75,00 sem juros' });
    await wallets.applePayButton.click();
    const sheet = wallets.appleSheet;
    await sheet.getByRole('radio', { name: 'Elo 7013' }).check();
    await sheet.getByRole('button', { name: 'Pagar com Touch ID' }).click();

    await expect(wallets.status).toHaveText(/^Pago: /);
    expect(validations).toEqual(['POST']);
    const record = await wallets.paid();
    expect(record.paymentMethods[0]).toMatchObject({
      installments: 2,
      card: { brand: 'Elo' },
      // The name Apple's billing contact gave the callback, not the shop's customer (Ada Lovelace).
      billingInfo: { name: HOLDER, billedAmount: 150 },
    });
    await expect(wallets.record).toContainText(HOLDER);
    await expect(wallets.applePay).toHaveAttribute('data-svc-wallet', 'completed');
    await expectNoAxeViolations(page);
    await wallets.applePayButton.click();
    await expect(page.locator(`iframe[src*="/apple-pay/sheet"]`)).toHaveCount(0);
    expect(await wallets.outcomes()).toEqual([]);
    // Apple Pay: the token carries the device token (DPAN) and a cryptogram, never the card's number.
    expect(
      await pageHolds(page, traffic, cardNeedles(ELO, await openedToken(page, 'WalletBPay'), 'deviceNumber')),
    ).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
  });

  test('a cancelled sheet reaches the callback as wallet_cancelled', async ({ page }) => {
    const wallets = new WalletsPage(page);
    await wallets.open();
    await wallets.applePayButton.click();
    await wallets.appleSheet.getByRole('button', { name: 'Cancel' }).click();
    await wallets.expectNotPaid(
      'A carteira foi fechada antes do pagamento. Nada foi cobrado.',
      'wallet_cancelled',
    );
    await expect(wallets.applePay).toHaveAttribute('data-svc-wallet', 'ready');
  });

  test('a merchant validation the service refuses closes the sheet as wallet_merchant_validation_failed', async ({
    page,
  }) => {
    await page.route('**/api/Wallet/MerchantSession', (route) =>
      route.fulfill({
        status: 403,
        json: { code: 'origin_not_allowed', message: 'domainName is not allowed' },
      }),
    );
    const wallets = new WalletsPage(page);
    await wallets.open();
    await wallets.applePayButton.click();
    await wallets.expectNotPaid(
      'Não pago. Veja os detalhes e tente de novo.',
      'wallet_merchant_validation_failed',
    );
    await expect(page.locator(`iframe[src*="/apple-pay/sheet"]`)).toHaveCount(0);
  });

  test('a declined card completes the sheet as failed and tells the merchant wallet_payment_failed', async ({
    page,
  }) => {
    const wallets = new WalletsPage(page);
    await wallets.open();
    await wallets.applePayButton.click();
    await wallets.appleSheet.getByRole('radio', { name: 'MasterCard 5100' }).check();
    await wallets.appleSheet.getByRole('button', { name: 'Pagar com Touch ID' }).click();
    await expect.poll(() => wallets.outcomes()).toEqual(['wallet_payment_failed']);
    expect((await wallets.paid()).status).toBe('declined');
  });

  test('a callback too slow is completed as failed at the watchdog, before Apple’s 30 s', async ({
    page,
  }) => {
    await page.clock.install();
    await page.route('**/api/pay-wallet', () => undefined);
    const wallets = new WalletsPage(page);
    await wallets.open();
    await wallets.applePayButton.click();
    await wallets.appleSheet.getByRole('button', { name: 'Pagar com Touch ID' }).click();
    await expect(wallets.status).toHaveText('Pagando com Apple Pay…');
    await page.clock.runFor(25_000);
    await expect.poll(() => wallets.outcomes()).toEqual(['wallet_callback_timeout']);
    const log = await page.evaluate(
      () => (window as unknown as { __applePayStandIn: { log: unknown[] } }).__applePayStandIn.log,
    );
    expect(JSON.stringify(log)).not.toContain('timeout:paymentAuthorization');
  });
});
