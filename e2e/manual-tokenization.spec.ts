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
    'Not paid: The card number is not valid. (card_number_invalid)',
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
