// The wallets page as a shopper uses it, against the sandbox's stand-in sheets: pay, cancel, a decline
// and a retry, a callback too slow for the sheet, installments in the Payment/Init record, one payment
// per order, no card data on the page, axe and the page's policy clean.
import { expect, test } from '@playwright/test';
import { WALLET_TEST_CARDS } from '../sandbox/wallets/test-cards.ts';
import { expectNoAxeViolations } from './models/axe.ts';
import { watchViolations } from './models/csp.ts';
import { WalletsPage } from './models/wallets-page.ts';

const ELO = WALLET_TEST_CARDS.find((card) => card.id === 'elo');

test.describe('Google Pay', () => {
  test('pays with the chosen card and parcelas, once; the page sees no card number and no policy violation', async ({
    page,
    context,
  }) => {
    await watchViolations(context);
    const wallets = new WalletsPage(page);
    await wallets.open();
    await expectNoAxeViolations(page);
    await wallets.installments(wallets.googlePay).selectOption({ label: '3x de R$ 50,00 sem juros' });
    await wallets.googlePayButton.click();
    const sheet = wallets.googleSheet;
    await expect(sheet.getByRole('dialog', { name: 'Google Pay' })).toBeVisible();
    await sheet.getByRole('radio', { name: /Elo •••• 7013/ }).check();
    await sheet.getByRole('button', { name: 'Pay' }).click();

    await expect(wallets.status).toHaveText(/^Paid: /);
    const record = await wallets.paid();
    expect(record.status).toBe('authorized');
    expect(record.paymentMethods[0]).toMatchObject({
      installments: 3,
      card: { brand: 'Elo', last4: '7013' },
    });
    await expect(wallets.googlePay).toHaveAttribute('data-svc-wallet', 'completed');
    await expect(page.locator('iframe[title="Google Pay"]')).toHaveCount(0);

    // A paid button opens no second sheet.
    await wallets.googlePayButton.click();
    await expect(page.locator('iframe[title="Google Pay"]')).toHaveCount(0);
    expect(await wallets.outcomes()).toEqual([]);

    const html = await page.content();
    expect(html).not.toContain(ELO?.number);
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
  });

  test('a closed sheet reaches the callback as wallet_cancelled, and the button opens it again', async ({
    page,
  }) => {
    const wallets = new WalletsPage(page);
    await wallets.open();
    await wallets.googlePayButton.click();
    await wallets.googleSheet.getByRole('button', { name: 'Cancel' }).click();
    await expect(wallets.status).toHaveText('Not paid: wallet_cancelled');
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
    await expect(wallets.status).toHaveText('Not paid: declined');
    await sheet.getByRole('radio', { name: /Visa •••• 1111/ }).check();
    await sheet.getByRole('button', { name: 'Pay' }).click();
    await expect(wallets.status).toHaveText(/^Paid: /);
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
    await expect(wallets.status).toHaveText('Paying with Google Pay…');
    await page.clock.runFor(25_000);
    await expect(sheet.getByRole('alert')).toContainText('Confira seus pedidos antes de tentar de novo.');
    await expect.poll(() => wallets.outcomes()).toEqual(['wallet_callback_timeout']);
  });
});

test.describe('Apple Pay', () => {
  test('the service validates the merchant; pays with the chosen card and parcelas, once', async ({
    page,
    context,
  }) => {
    await watchViolations(context);
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
    await sheet.getByRole('button', { name: 'Pay with Touch ID' }).click();

    await expect(wallets.status).toHaveText(/^Paid: /);
    expect(validations).toEqual(['POST']);
    const record = await wallets.paid();
    expect(record.paymentMethods[0]).toMatchObject({ installments: 2, card: { brand: 'Elo' } });
    await expect(wallets.applePay).toHaveAttribute('data-svc-wallet', 'completed');
    await wallets.applePayButton.click();
    await expect(page.locator(`iframe[src*="/apple-pay/sheet"]`)).toHaveCount(0);
    expect(await wallets.outcomes()).toEqual([]);
    expect(await page.content()).not.toContain(ELO?.number);
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
  });

  test('a cancelled sheet reaches the callback as wallet_cancelled', async ({ page }) => {
    const wallets = new WalletsPage(page);
    await wallets.open();
    await wallets.applePayButton.click();
    await wallets.appleSheet.getByRole('button', { name: 'Cancel' }).click();
    await expect(wallets.status).toHaveText('Not paid: wallet_cancelled');
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
    await expect(wallets.status).toHaveText('Not paid: wallet_merchant_validation_failed');
    await expect(page.locator(`iframe[src*="/apple-pay/sheet"]`)).toHaveCount(0);
  });

  test('a declined card completes the sheet as failed and tells the merchant wallet_payment_failed', async ({
    page,
  }) => {
    const wallets = new WalletsPage(page);
    await wallets.open();
    await wallets.applePayButton.click();
    await wallets.appleSheet.getByRole('radio', { name: 'MasterCard 5100' }).check();
    await wallets.appleSheet.getByRole('button', { name: 'Pay with Touch ID' }).click();
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
    await wallets.appleSheet.getByRole('button', { name: 'Pay with Touch ID' }).click();
    await expect(wallets.status).toHaveText('Paying with Apple Pay…');
    await page.clock.runFor(25_000);
    await expect.poll(() => wallets.outcomes()).toEqual(['wallet_callback_timeout']);
    const log = await page.evaluate(
      () => (window as unknown as { __applePayStandIn: { log: unknown[] } }).__applePayStandIn.log,
    );
    expect(JSON.stringify(log)).not.toContain('timeout:paymentAuthorization');
  });
});
