// The "manual tokenization" mode: the merchant's own form and tokenizeCard() (SAQ A-EP).

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { TEST_CARDS, type Scenario } from '../sandbox/three-ds/test-cards.ts';
import { TOKEN_ORIGIN } from './models/card-page.ts';
import { ChallengeDialog } from './models/challenge-dialog.ts';

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
  // The shopper's words, and the developer's (code and message) in the detail under them.
  const status = page.getByRole('status');
  await expect(status.locator('p').first()).toHaveText('Check the card details and try again.');
  await expect(status.locator('details code')).toHaveText('card_number_invalid');
  await expect(status.locator('details')).toContainText(
    'The card number is not valid. See service-checkout/docs/errors.md#card_number_invalid',
  );
  expect(generate).toHaveLength(0);
  await fill(page, '5555 5555 5555 4444');
  await page.getByRole('button', { name: 'Pay R$ 80,00' }).click();
  // The demo account runs 3DS: a card outside the test cards authenticates frictionlessly (Y).
  await expect(page.getByRole('status')).toHaveText('Payment authorized: Mastercard ending in 4444 (3DS Y)');
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

/**
 * What the page says for each scenario: the payment with its 3DS status, or why it was not paid (the
 * error's message, in the developer's detail under the shopper's sentence).
 */
const SCENARIOS: Record<Scenario, { says: string; challenge?: 'pass' | 'fail' }> = {
  frictionless_success: { says: 'Payment authorized: Visa ending in 2701 (3DS Y)' },
  frictionless_failure: { says: 'authentication_failed: The card issuer did not authenticate the shopper' },
  attempted: { says: 'Payment authorized: Visa ending in 2719 (3DS A)' },
  unavailable: { says: 'Payment authorized: Visa ending in 2313 (3DS U)' },
  rejected: { says: 'authentication_rejected: The card issuer rejected the authentication' },
  system_error: { says: 'Payment authorized: Visa ending in 2446 (3DS U)' },
  challenge_success: { says: 'Payment authorized: Visa ending in 2503 (3DS Y)', challenge: 'pass' },
  challenge_failure: {
    says: 'authentication_failed: The card issuer did not authenticate the shopper',
    challenge: 'fail',
  },
};

test('the merchant’s own form meets the eight 3DS scenarios: setup by BIN and the browser check on the page, the challenge in the dialog', async ({
  page,
  browserName,
}) => {
  test.setTimeout(120_000);
  const requests: { url: string; body: string | null }[] = [];
  page.on('request', (r) => requests.push({ url: r.url(), body: r.postData() }));
  const pay = page.getByRole('button', { name: 'Pay R$ 80,00' });
  const dialog = new ChallengeDialog(page);
  for (const [scenario, expected] of Object.entries(SCENARIOS) as [
    Scenario,
    (typeof SCENARIOS)[Scenario],
  ][]) {
    await test.step(scenario, async () => {
      // One order per page, as the demo backend pays each order once.
      await page.goto('/manual.html');
      await expect(pay).toBeEnabled();
      const number = TEST_CARDS['001'][scenario];
      await page.getByLabel('Card number').fill(number);
      // A complete number starts the setup and the collection (the page listens for change).
      await page.getByLabel('Expiry month').fill('1');
      await page.getByLabel('Expiry year (four digits)').fill(year);
      await page.getByLabel('Security code').fill('123');
      await page.getByLabel('Name on card').fill('Ada Lovelace');
      await pay.click();
      if (expected.challenge !== undefined) {
        await dialog.expectOpen();
        await (expected.challenge === 'pass' ? dialog.authenticate('1234') : dialog.fail());
        await dialog.expectClosed();
      }
      await expect(page.getByRole('status')).toContainText(expected.says);
    });
  }
  const setups = requests.filter((r) => r.url === `${TOKEN_ORIGIN}/api/ThreeDS/Setup`);
  expect(setups.length).toBeGreaterThanOrEqual(8);
  // The collection page was framed by this page and answered it here (its form went from this page).
  expect(requests.filter((r) => r.url.endsWith('/ddc')).length).toBeGreaterThanOrEqual(8);
  // (Chromium shows request bodies; Firefox's driver does not.)
  if (browserName === 'chromium')
    for (const setup of setups)
      expect(Object.keys(JSON.parse(setup.body ?? '{}') as object).sort()).toEqual(['bin', 'sessionId']);
});

test('a page with its own Token/Generate uses prepareAuthentication() and authenticate(): the challenge, then the payment', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const pay = page.getByRole('button', { name: 'Pay R$ 80,00' });
  const dialog = new ChallengeDialog(page);
  for (const [scenario, says] of [
    ['challenge_success', 'Payment authorized: Visa ending in 2503 (3DS Y)'],
    ['rejected', 'authentication_rejected: The card issuer rejected the authentication'],
  ] as const) {
    await page.goto('/manual.html?own-fetch');
    await expect(pay).toBeEnabled();
    await page.getByLabel('Card number').fill(TEST_CARDS['001'][scenario]);
    await page.getByLabel('Expiry month').fill('1');
    await page.getByLabel('Expiry year (four digits)').fill(year);
    await page.getByLabel('Security code').fill('123');
    await page.getByLabel('Name on card').fill('Ada Lovelace');
    await pay.click();
    if (scenario === 'challenge_success') {
      await dialog.expectOpen();
      await dialog.authenticate('1234');
      await dialog.expectClosed();
    }
    await expect(page.getByRole('status')).toContainText(says);
  }
});
