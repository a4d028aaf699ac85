import { expect, test } from '@playwright/test';
import { CardPage, holdRequests, TOKEN_ORIGIN, year } from './models/card-page.ts';
import { expectNoAxeViolations } from './models/axe.ts';

for (const [brand, number] of [
  ['Visa', '4111111111111111'],
  ['Mastercard', '5555555555554444'],
  ['Elo', '6362970000457013'],
] as const) {
  test(`tokenizes a ${brand} card and the merchant backend pays with the token`, async ({ page }) => {
    const card = new CardPage(page);
    await card.open();
    await card.fill({ number });
    await card.pay();
    await expect(card.status).toHaveText(/^Payment authorized: pay_/);
    const record = await card.record();
    expect(record).toMatchObject({
      status: 'authorized',
      amount: 120,
      paymentMethods: [{ card: { brand, last4: number.slice(-4), tokenProvider: 'Service' } }],
    });
    expect(card.tokenCalls('Generate')).toHaveLength(1);
    // The frame's frontData reached Payment/Init, completed by the token host.
    expect(record['frontData']).toMatchObject({ javaScriptEnabled: 'Y', ipAddress: '127.0.0.1' });
  });
}

test('formats the number as the shopper types and shows the brand’s logo', async ({ page }) => {
  const card = new CardPage(page);
  await card.open();
  await card.number.pressSequentially('378282246310005');
  await expect(card.number).toHaveValue('3782 822463 10005');
  // A view of the logo sprite, drawn under the frame's policy (img-src 'self').
  const logo = card.frame.locator('svc-card-number .svc-brand img');
  await expect(logo).toHaveAttribute('alt', 'Amex');
  await expect(logo).toHaveAttribute('src', /\/assets\/logos-[\w-]+\.svg#amex$/);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(card.cvc).toHaveAttribute('maxlength', '4');
});

for (const [name, input, field, message] of [
  ['an invalid number', { number: '4111111111111112' }, 'Card number', 'The card number is not valid.'],
  [
    'a past expiry',
    { number: '4111111111111111', expiry: '01 / 20' },
    'Expiry date',
    'The card has expired.',
  ],
  [
    'a short CVV',
    { number: '4111111111111111', cvc: '12' },
    'Security code',
    'The security code is incomplete.',
  ],
] as const) {
  test(`${name} shows a field error and sends no request`, async ({ page }) => {
    const card = new CardPage(page);
    await card.open();
    await card.fill(input);
    // The error shows once the shopper leaves the field (the frame grows, so wait before clicking Pay).
    const target = card.field(field);
    await expect(target).toHaveAttribute('aria-invalid', 'true');
    await card.settled();
    await card.pay();
    const describedBy = (await target.getAttribute('aria-describedby')) ?? '';
    const errorId = describedBy.split(' ').find((id) => id.endsWith('-error')) ?? '';
    await expect(card.frame.locator(`[id="${errorId}"]`)).toHaveText(message);
    await expect(card.status).toHaveText(/validation_failed/);
    expect(card.tokenCalls('Generate')).toHaveLength(0);
  });
}

test('Enter in a field submits', async ({ page }) => {
  const card = new CardPage(page);
  await card.open();
  await card.fill({ number: '4111111111111111' });
  await card.holder.press('Enter');
  await expect(card.status).toHaveText(/^Payment authorized/);
});

test('while a submit runs, nothing can be changed and the focus stays in the field', async ({ page }) => {
  // Token/Generate waits until the test lets it go.
  const release = await holdRequests(page, `${TOKEN_ORIGIN}/api/Token/Generate`);
  const card = new CardPage(page);
  await card.open();
  await card.fill({ number: '4111111111111111' });
  const generate = page.waitForRequest(`${TOKEN_ORIGIN}/api/Token/Generate`);
  await card.holder.press('Enter');
  await generate;
  // Read-only, not disabled: the shopper's focus stays where they pressed Enter.
  await expect(card.holder).toBeFocused();
  await expect(card.holder).toBeEnabled();
  for (const field of [card.number, card.expiry, card.cvc, card.holder])
    await expect(field).not.toBeEditable();
  await expect(card.field('Installments')).toBeDisabled();
  await card.holder.press('Backspace');
  await card.holder.pressSequentially('x');
  await expect(card.holder).toHaveValue('Ada Lovelace');
  release();
  await expect(card.status).toHaveText(/^Payment authorized/);
  // Paid: the form is completed, its fields disabled.
  await expect(card.holder).toBeDisabled();
});

test('a double submit sends one request', async ({ page }) => {
  const card = new CardPage(page);
  await card.open();
  await card.fill({ number: '4111111111111111' });
  // Two submits in the same task: the second must join the first, not start a request of its own.
  await page.evaluate(() => {
    const checkoutForm = document.getElementById('checkout') as HTMLFormElement;
    checkoutForm.requestSubmit();
    checkoutForm.requestSubmit();
  });
  await expect(card.status).toHaveText(/^Payment authorized/);
  expect(card.tokenCalls('Generate')).toHaveLength(1);
});

test('a keyboard-only shopper can pay', async ({ page }) => {
  const card = new CardPage(page);
  await card.open();
  await page.locator('#locale').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.type('5555555555554444');
  await expect(card.number).toHaveValue('5555 5555 5555 4444');
  await page.keyboard.press('Tab');
  await page.keyboard.type(`12${String(year % 100)}`);
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Grace Hopper');
  // The parcelas the shop offers on this order: the arrow keys choose 2x.
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await expect(card.field('Installments')).toHaveValue('2');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(card.payButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(card.status).toHaveText(/^Payment authorized/);
  expect(await card.record()).toMatchObject({ paymentMethods: [{ installments: 2 }] });
});

test('clicking the merchant’s label focuses the card number inside the frame', async ({ page }) => {
  const card = new CardPage(page);
  await card.open();
  await page.locator('#card-label').click();
  await expect(card.number).toBeFocused();
});

test('switches language, with pt-PT falling back to Brazilian Portuguese', async ({ page }) => {
  const card = new CardPage(page);
  await card.open();
  await page.locator('#locale').selectOption('pt-BR');
  await expect(card.frame.getByLabel('Número do cartão')).toBeVisible();
  await page.locator('#locale').selectOption('es');
  await expect(card.frame.getByLabel('Número de tarjeta')).toBeVisible();
  await card.open('?locale=pt-PT');
  await expect(card.frame.getByLabel('Número do cartão')).toBeVisible();
});

test('saves a card with consent, lists it later, and pays with it after the right CVV', async ({
  page,
}, testInfo) => {
  const card = new CardPage(page);
  await card.open(`?customer=saver-${testInfo.project.name}-${String(Date.now())}`);
  // #region stored-card
  await card.fill({ number: '5555555555554444' });
  await card.frame.getByLabel('Save this card for future purchases').check();
  await card.pay();
  await expect(card.status).toHaveText(/^Payment authorized/);
  const saved = page.getByLabel(new RegExp(`Mastercard •••• 4444 \\(12/${String(year)}\\)`));
  await expect(saved).toBeVisible();
  await saved.check();
  const cvc = card.frame.getByLabel('Security code for the Mastercard card ending in 4444');
  await cvc.fill('999');
  // #endregion stored-card
  await card.pay();
  await expect(card.status).toHaveText(/cvv_mismatch/);
  await expect(card.frame.getByRole('alert')).toHaveText('The security code does not match this card.');
  await cvc.fill('123');
  await card.pay();
  await expect(card.status).toHaveText(/^Payment authorized/);
  expect(card.tokenCalls('Bind')).toHaveLength(2);
});

test('the card page and the frame have no WCAG 2.1 AA violation', async ({ page }) => {
  const card = new CardPage(page);
  await card.open();
  await card.fill({ number: '4111111111111112' });
  await card.pay();
  await expect(card.number).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
});
