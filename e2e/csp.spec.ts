// Each demo page is served with its own needs merged with exactly what the checkout's CSP helper
// (src/csp.ts) says its features need; every flow of the page then runs with zero violations, in the
// page and in the token host's frames.

import { expect, test, type Page } from '@playwright/test';
import { TEST_CARDS } from '../sandbox/three-ds/test-cards.ts';
import { framesDir } from '../scripts/artifacts.ts';
import { CardPage, TOKEN_ORIGIN, year } from './models/card-page.ts';
import { ChallengeDialog } from './models/challenge-dialog.ts';
import { watchViolations } from './models/csp.ts';

/** Violations in the page and in each of its frames on the token host, by document. */
async function violations(page: Page): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const frame of page.frames()) {
    const url = frame.url();
    if (frame !== page.mainFrame() && !url.startsWith(`${TOKEN_ORIGIN}/frames/`)) continue;
    out[new URL(url).pathname] = await frame.evaluate(
      () => (window as unknown as { violations: string[] }).violations,
    );
  }
  return out;
}

test('the card page (card form, stored cards, 3DS challenge) runs under the helper’s policy with no violation', async ({
  page,
  context,
}) => {
  await watchViolations(context);
  const card = new CardPage(page);
  const response = await page.goto(`/card.html?customer=csp-${String(Date.now())}`);
  expect(response?.headers()['content-security-policy']).toContain(`connect-src 'self' ${TOKEN_ORIGIN}`);
  await expect(card.payButton).toBeEnabled();
  await card.fill({
    number: TEST_CARDS['001'].challenge_success,
    expiry: `01 / ${String(year % 100)}`,
  });
  await card.frame.getByLabel('Save this card for future purchases').check();
  await card.pay();
  const dialog = new ChallengeDialog(page);
  await dialog.expectOpen();
  const during = await violations(page);
  expect(Object.keys(during)).toContain(`/${framesDir()}/3ds.html`);
  await dialog.authenticate('1234');
  await expect(card.status).toContainText('Payment authorized');
  await expect(page.getByLabel(/Visa •••• 2503/)).toBeVisible();
  const after = await violations(page);
  expect({ ...during, ...after }).toEqual(
    Object.fromEntries(Object.keys({ ...during, ...after }).map((k) => [k, []])),
  );
});

test('the manual-tokenization page (headless) runs under the helper’s policy with no violation', async ({
  page,
  context,
}) => {
  await watchViolations(context);
  const response = await page.goto('/manual.html');
  expect(response?.headers()['content-security-policy']).toContain(`connect-src 'self' ${TOKEN_ORIGIN}`);
  const pay = page.getByRole('button', { name: 'Pay R$ 80,00' });
  await expect(pay).toBeEnabled();
  // A challenge card: the collection frame and its form, and the challenge dialog, all from this page.
  await page.getByLabel('Card number').fill(TEST_CARDS['001'].challenge_success);
  await page.getByLabel('Expiry month').fill('1');
  await page.getByLabel('Expiry year (four digits)').fill(String(year));
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await pay.click();
  const dialog = new ChallengeDialog(page);
  await dialog.expectOpen();
  await dialog.authenticate('1234');
  await expect(page.getByRole('status')).toHaveText('Payment authorized: Visa ending in 2503 (3DS Y)');
  expect(await violations(page)).toEqual({ '/manual.html': [] });
});
