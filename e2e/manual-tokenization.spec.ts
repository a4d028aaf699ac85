// The "manual tokenization" mode: the merchant's own form and tokenizeCard() (SAQ A-EP).

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { TOKEN_ORIGIN } from './models/card-page.ts';

const year = String(new Date().getUTCFullYear() + 3);

async function fill(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry month').fill('12');
  await page.getByLabel('Expiry year (four digits)').fill(year);
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
}

test('the merchant’s own form tokenizes from the page and the backend pays', async ({ page }) => {
  const generate: string[] = [];
  page.on('request', (r) => {
    if (r.url() === `${TOKEN_ORIGIN}/api/Token/Generate`) generate.push(r.url());
  });
  await page.goto('/manual.html');
  await expect(page.getByRole('button', { name: 'Pay R$ 80,00' })).toBeEnabled();
  await fill(page, '4111 1111 1111 1112');
  await page.getByRole('button', { name: 'Pay R$ 80,00' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Not paid: The card number is not valid. See service-checkout/docs/errors.md#card_number_invalid',
  );
  expect(generate).toHaveLength(0);
  await fill(page, '5555 5555 5555 4444');
  await page.getByRole('button', { name: 'Pay R$ 80,00' }).click();
  await expect(page.getByRole('status')).toHaveText('Payment authorized: Mastercard ending in 4444');
  expect(generate).toHaveLength(1);
  await expect(page.getByLabel('Card number')).toHaveValue('');
  await expect(page.getByLabel('Security code')).toHaveValue('');
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

test('headless mode tokenizes a card from the merchant’s own form, and refuses bad input without a request', async ({
  page,
}) => {
  // The manual page's policy lets the page itself call the token host (headless mode); the card-form
  // pages' policies do not, as the CSP helper has it.
  await page.goto('/manual.html');
  await expect(page.getByRole('button', { name: 'Pay R$ 80,00' })).toBeEnabled();
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/Token/Generate')) calls.push(request.url());
  });
  const [invalid, valid] = await page.evaluate(async (year) => {
    const { checkout } = (
      window as unknown as {
        demo: { checkout: { tokenizeCard(c: unknown): Promise<Record<string, unknown>> } };
      }
    ).demo;
    const bad = await checkout.tokenizeCard({
      cardNumber: '4111111111111112',
      expirationMonth: 12,
      expirationYear: year,
      cvv: '123',
    });
    const good = await checkout.tokenizeCard({
      cardNumber: '4111 1111 1111 1111',
      expirationMonth: 12,
      expirationYear: year,
      cvv: '123',
      cardHolderName: 'Ada',
    });
    return [
      { ok: bad['ok'], code: (bad['error'] as { code?: string } | undefined)?.code },
      { ok: good['ok'], last4: good['last4'], maskedNumber: good['maskedNumber'] },
    ];
  }, new Date().getUTCFullYear() + 2);
  expect(invalid).toEqual({ ok: false, code: 'card_number_invalid' });
  expect(valid).toEqual({ ok: true, last4: '1111', maskedNumber: '411111******1111' });
  expect(calls).toHaveLength(1);
});
