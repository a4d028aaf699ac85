// The single-page app guide's page: a React app that imports the checkout as an ES module, mounts the
// card form when the shopper goes to pay and unmounts it when they leave.

import { expect, test, type Page } from '@playwright/test';
import { TEST_CARDS } from '../sandbox/three-ds/test-cards.ts';
import { expectNoAxeViolations } from './models/axe.ts';
import { CardPage, holdSessions, year } from './models/card-page.ts';
import { ChallengeDialog } from './models/challenge-dialog.ts';
import { watchViolations } from './models/csp.ts';

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { violations: string[] }).violations);

async function goToPayment(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Go to payment' }).click();
  await expect(page.getByRole('button', { name: 'Pay R$ 80,00' })).toBeEnabled();
}

test('the checkout is loaded with the payment view, mounted there and gone when the shopper leaves', async ({
  page,
  context,
}) => {
  await watchViolations(context);
  await page.goto('/spa/');
  await expect(page.getByRole('heading', { name: 'Your cart' })).toBeVisible();
  // The checkout script is part of the payment view's lazy chunk: not on the page yet.
  expect(await page.evaluate(() => customElements.get('svc-card-form'))).toBeUndefined();

  await goToPayment(page);
  await expect(page.locator('svc-card-form iframe')).toHaveCount(1);
  await page.getByRole('button', { name: 'Back to the cart' }).click();
  await expect(page.getByRole('heading', { name: 'Your cart' })).toBeVisible();
  await expect(page.locator('svc-card-form')).toHaveCount(0);
  await expect(page.locator('iframe')).toHaveCount(0);

  // Mounted again, fresh: the shopper pays.
  await goToPayment(page);
  await expect(page.locator('iframe')).toHaveCount(1);
  const card = new CardPage(page);
  // The app's <label for> reaches the card number inside the frame.
  await page.getByText('Card', { exact: true }).click();
  await expect(card.number).toBeFocused();
  await card.fill({ number: '4111111111111111' });
  await page.getByRole('button', { name: 'Pay R$ 80,00' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Payment authorized');
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
});

test('the payment view starts its card frame before its session exists', async ({ page }) => {
  // A page that waited for its session before mounting would never request the frame: a time-out here.
  const release = await holdSessions(page);
  await page.goto('/spa/');
  const frame = page.waitForRequest((r) => r.url().includes('/frames/') && r.isNavigationRequest());
  await page.getByRole('button', { name: 'Go to payment' }).click();
  await frame;
  await expect(page.getByRole('button', { name: 'Pay R$ 80,00' })).toBeDisabled();
  release();
  await expect(page.getByRole('button', { name: 'Pay R$ 80,00' })).toBeEnabled();
});

test('Enter in a card field pays too: the app hears svc-result, with no callback given', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto('/spa/');
  await goToPayment(page);
  const card = new CardPage(page);
  const paid = page.waitForResponse((r) => r.url().endsWith('/api/pay'));
  await card.fill({ number: '4111111111111111' });
  // Not awaited: the app unmounts the form as soon as it is paid, and once the frame went before the
  // key's release reached it, Playwright's press never returned (Chromium, CI, the page already saying
  // thank you). What counts is what the shopper sees next.
  void card.holder.press('Enter').catch(() => undefined);
  expect((await paid).status()).toBe(201);
  await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Payment authorized');
  expect(warnings.filter((text) => text.includes('reached no one'))).toEqual([]);
});

test('a refused card shows the reason and the form stays for another try', async ({ page }) => {
  await page.goto('/spa/');
  await goToPayment(page);
  const card = new CardPage(page);
  const paid: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/pay')) paid.push(request.url());
  });
  await card.fill({ number: '4111111111111112' });
  await page.getByRole('button', { name: 'Pay R$ 80,00' }).click();
  await expect(card.frame.getByText('The card number is not valid.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay R$ 80,00' })).toBeEnabled();
  expect(paid).toEqual([]);
  await card.number.fill('4111111111111111');
  await page.getByRole('button', { name: 'Pay R$ 80,00' }).click();
  await expect(page.getByRole('status')).toHaveText('Payment authorized');
});

test('a 3DS challenge runs over the app, and the app sends its result to Payment/Init', async ({ page }) => {
  test.slow();
  await page.goto('/spa/');
  await goToPayment(page);
  await expectNoAxeViolations(page);
  const card = new CardPage(page);
  await card.fill({ number: TEST_CARDS['001'].challenge_success, expiry: `01 / ${String(year % 100)}` });
  const paid = page.waitForResponse((r) => r.url().endsWith('/api/pay'));
  await page.getByRole('button', { name: 'Pay R$ 80,00' }).click();
  const dialog = new ChallengeDialog(page);
  await dialog.expectOpen();
  await dialog.authenticate('1234');
  await dialog.expectClosed();
  await expect(page.getByRole('status')).toHaveText('Payment authorized');
  // The service's payment record holds the authentication the app sent as AuthenticationInformation.
  expect(await (await paid).json()).toMatchObject({
    status: 'authorized',
    paymentMethods: [
      {
        authentication: {
          code: expect.any(String),
          referenceId: expect.any(String),
          transactionId: expect.any(String),
          status: 'Y',
        },
      },
    ],
  });
});

test('the app speaks its card form’s language: ?locale=pt-BR, words and form alike', async ({ page }) => {
  await page.goto('/spa/?locale=pt-BR');
  await expect(page.getByRole('heading', { name: 'Seu carrinho' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
  await page.getByRole('button', { name: 'Ir para o pagamento' }).click();
  await expect(page.getByRole('button', { name: 'Pagar R$ 80,00' })).toBeEnabled();
  await expect(page.getByRole('heading', { name: 'Pagamento' })).toBeVisible();
  await expect(new CardPage(page).field('Número do cartão')).toBeVisible();
});
