// A merchant's own end-to-end tests against the sandbox, as docs/testing.md shows them: driving the
// card frame, the declined card, a 3DS challenge and the sandbox's 3DS controls. Written the way a
// merchant's suite would be (no page models of this repository), against the demo's pages.

import { expect, test, type Page } from '@playwright/test';

// #region constants
/** The sandbox's token host: its frames, its token API and its controls (SVC_TOKEN_PORT moves it). */
const TOKEN_HOST = 'http://localhost:4174';
const year = new Date().getUTCFullYear();
/** Any future expiry works for the plain test cards; the 3DS cards want 01 / (this year + 3). */
const EXPIRY = `12 / ${String((year + 2) % 100)}`;
const THREE_DS_EXPIRY = `01 / ${String((year + 3) % 100)}`;
// #endregion constants

// #region fill-card
/** Types a card into the checkout's frame the way a shopper does. */
async function fillCard(page: Page, number: string, expiry = EXPIRY, cvc = '123'): Promise<void> {
  const card = page.frameLocator('svc-card-form iframe');
  await card.getByLabel('Card number').fill(number);
  await card.getByLabel('Expiry date').fill(expiry);
  await card.getByLabel('Security code').fill(cvc);
  await card.getByLabel('Name on card').fill('Ada Lovelace');
}
// #endregion fill-card

test('an approved test card is paid', async ({ page }) => {
  // #region approved
  await page.goto('/plain.html');
  await expect(page.getByRole('button', { name: 'Pay' })).toBeEnabled(); // svc-ready
  await fillCard(page, '4111111111111111');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('status')).toHaveText('Payment authorized: Visa ending in 1111');
  // #endregion approved
});

test('a declined test card is refused by the payment engine, after tokenization', async ({ page }) => {
  await page.goto('/plain.html');
  await expect(page.getByRole('button', { name: 'Pay' })).toBeEnabled();
  await fillCard(page, '4000000000000002');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('status')).toHaveText('Payment declined: Visa ending in 0002');
});

test('a 3DS challenge is passed with the issuer’s one-time code', async ({ page }) => {
  await page.goto('/plain.html');
  await expect(page.getByRole('button', { name: 'Pay' })).toBeEnabled();
  // #region challenge
  await fillCard(page, '4000000000002503', THREE_DS_EXPIRY); // Visa, challenge, successful
  await page.getByRole('button', { name: 'Pay' }).click();
  // The checkout's modal dialog opens on the page when the issuer asks for a challenge.
  await expect(page.locator('svc-challenge-dialog dialog')).toBeVisible();
  // The issuer's page: in the token host's frame, inside the checkout's dialog.
  const issuer = page.frameLocator('svc-challenge-dialog iframe').frameLocator('iframe');
  await issuer.getByLabel('One-time code').fill('1234');
  await issuer.getByRole('button', { name: 'Authenticate' }).click();
  // The dialog is gone once the service has validated the challenge.
  await expect(page.locator('svc-challenge-dialog')).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveText('Payment authorized: Visa ending in 2503');
  // #endregion challenge
});

test('the sandbox makes the issuer’s device data collection slow for one session', async ({ page }) => {
  await page.goto('/plain.html');
  await expect(page.getByRole('button', { name: 'Pay' })).toBeEnabled();
  const sessionId = await page.evaluate(
    () => (window as unknown as { demo: { session: { sessionId: string } } }).demo.session.sessionId,
  );
  const steps: string[] = [];
  await page.exposeFunction('recordStep', (step: string) => steps.push(step));
  await page.evaluate(() => {
    document.querySelector('svc-card-form')?.addEventListener('svc-3ds', (event) => {
      void (window as unknown as { recordStep: (s: string) => Promise<void> }).recordStep(
        (event as Event & { step: string }).step,
      );
    });
  });
  // #region slow-collection
  // Sandbox only: this session's collection answers after 3 s (or `outcome: 'never'`: the checkout
  // then goes on after its 10 s limit). Controls take the x-sandbox-control header, from test code only.
  const reply = await page.request.post(`${TOKEN_HOST}/__sandbox/three-ds/ddc`, {
    headers: { 'x-sandbox-control': '1' },
    data: { sessionId, delayMs: 3_000 },
  });
  expect(reply.ok()).toBe(true);
  // #endregion slow-collection
  const started = Date.now();
  await fillCard(page, '4000000000002701', THREE_DS_EXPIRY); // Visa, frictionless, authenticated
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('status')).toHaveText('Payment authorized: Visa ending in 2701');
  expect(Date.now() - started).toBeGreaterThan(2_500);
  expect(steps).toEqual(['collection-started', 'collection-finished']);
});
