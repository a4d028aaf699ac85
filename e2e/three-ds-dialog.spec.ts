// The 3DS challenge dialog as a shopper meets it: the issuer's window size, the keyboard, focus, screen
// readers; and the messages it must not believe.

import { expect, test, type Page } from '@playwright/test';
import { challengeFile } from '../scripts/artifacts.ts';
import { SANDBOX_CONTROL_HEADERS as SANDBOX_CONTROL } from '../sandbox/http/controls.ts';
import { TEST_CARDS } from '../sandbox/three-ds/test-cards.ts';
import { expectNoAxeViolations } from './models/axe.ts';
import { CardPage, lastResult, THREE_DS_EXPIRY, TOKEN_ORIGIN } from './models/card-page.ts';
import { ChallengeDialog } from './models/challenge-dialog.ts';

const CHALLENGE = TEST_CARDS['001'].challenge_success;
/** The script-tag builds' challenge code, a file next to the script (the card page's essentials). */
const CHALLENGE_FILE = `/sdk/${challengeFile()}`;

async function sessionId(page: Page): Promise<string> {
  return page.evaluate(
    () => (window as unknown as { demo: { session: { sessionId: string } } }).demo.session.sessionId,
  );
}

/** The sandbox issuer asks for this window size in the page's session from now on. */
async function askForWindowSize(page: Page, windowSize: string): Promise<void> {
  const reply = await page.request.post(`${TOKEN_ORIGIN}/__sandbox/three-ds/challenge`, {
    headers: SANDBOX_CONTROL,
    data: { sessionId: await sessionId(page), windowSize },
  });
  expect(reply.status()).toBe(200);
}

async function openChallenge(page: Page): Promise<{ card: CardPage; dialog: ChallengeDialog }> {
  const card = new CardPage(page);
  await card.open();
  await card.fill({ number: CHALLENGE, expiry: THREE_DS_EXPIRY });
  const dialog = new ChallengeDialog(page);
  return { card, dialog };
}

test('the challenge takes the issuer’s window size, 01 to 05 (full screen), and each cancel can be retried', async ({
  page,
}) => {
  test.slow(); // five payments, each with its challenge
  const { card, dialog } = await openChallenge(page);
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  const sizes: [string, { width: number; height: number }][] = [
    ['01', { width: 250, height: 400 }],
    ['02', { width: 390, height: 400 }],
    ['03', { width: 500, height: 600 }],
    ['04', { width: 600, height: 400 }],
  ];
  for (const [windowSize, expected] of sizes) {
    await askForWindowSize(page, windowSize);
    await card.pay();
    await dialog.expectOpen();
    const box = await dialog.frame.boundingBox();
    expect({ size: windowSize, width: box?.width, height: box?.height }).toEqual({
      size: windowSize,
      ...expected,
    });
    await page.keyboard.press('Escape');
    await dialog.expectClosed();
    await expect(card.status).toContainText('errors.md#challenge_cancelled');
  }
  await askForWindowSize(page, '05');
  await card.pay();
  await dialog.expectOpen();
  const full = await dialog.dialog.boundingBox();
  expect(full).toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });
  // After four cancels, the fifth challenge can still be passed.
  await dialog.authenticate('1234');
  await dialog.expectClosed();
  await expect(card.status).toContainText('Payment authorized');
});

test('Escape cancels, the shopper is told, focus returns to the form, and paying again works', async ({
  page,
}) => {
  const { card, dialog } = await openChallenge(page);
  await card.payButton.focus();
  await page.keyboard.press('Enter');
  await dialog.expectOpen();
  // The dialog is modal: focus is inside it, on its first control or in the issuer's page.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.tagName.toLowerCase()))
    .toBe('svc-challenge-dialog');
  await page.keyboard.press('Escape');
  await dialog.expectClosed();
  // The demo disables its Pay button while paying, so focus goes back to the card form.
  await expect(card.number).toBeFocused();
  await expect(card.frame.getByRole('alert')).toHaveText(
    'The verification with your bank was cancelled. You can try again.',
  );
  const result = await page.evaluate(() => {
    const r = (
      window as unknown as { demo: { lastResult: { ok: boolean; error: { code: string; type: string } } } }
    ).demo.lastResult;
    return { ok: r.ok, code: r.error.code, type: r.error.type };
  });
  expect(result).toEqual({ ok: false, code: 'challenge_cancelled', type: 'cancelled' });
  await card.pay();
  await dialog.expectOpen();
  await dialog.authenticate('1234');
  await expect(card.status).toContainText('Payment authorized');
});

test('the challenge logs nothing about autofocus: focus stays in the dialog, and Tab puts it on the code', async ({
  page,
}) => {
  // Every frame's console: the page's, the 3DS frame's and the issuer's (Chromium said "Blocked
  // autofocusing on a <input> element in a cross-origin subframe." for each challenge).
  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  const { card, dialog } = await openChallenge(page);
  await card.pay();
  await dialog.expectOpen();
  const code = dialog.issuer.getByLabel('One-time code');
  await expect(code).toBeVisible();
  const focusedOnPage = () => page.evaluate(() => document.activeElement?.tagName.toLowerCase());
  // The modal dialog holds the focus (its close button first)...
  await expect.poll(focusedOnPage).toBe('svc-challenge-dialog');
  // ...and Tab takes it into the issuer's page, which puts it on the code field (one press from the
  // close button; a browser that focused the dialog itself first needs two).
  for (let tabs = 0; tabs < 2 && !(await code.evaluate((input) => input === document.activeElement)); tabs++)
    await page.keyboard.press('Tab');
  await expect(code).toBeFocused();
  expect(await focusedOnPage()).toBe('svc-challenge-dialog');
  await page.keyboard.type('1234');
  await page.keyboard.press('Enter');
  await dialog.expectClosed();
  await expect(card.status).toContainText('Payment authorized');
  expect(messages.filter((text) => /autofocus/i.test(text))).toEqual([]);
});

test('the close button cancels, and the page with the dialog open has no WCAG 2.1 AA violation', async ({
  page,
}) => {
  const { card, dialog } = await openChallenge(page);
  await card.pay();
  await dialog.expectOpen();
  await expect(dialog.issuer.getByLabel('One-time code')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Cancel the verification' }).click();
  await dialog.expectClosed();
  await expect(card.status).toContainText('errors.md#challenge_cancelled');
});

test('cancelling at the issuer ends as cancelled, from the service’s validation', async ({ page }) => {
  const { card, dialog } = await openChallenge(page);
  await card.pay();
  await dialog.expectOpen();
  await dialog.cancelAtIssuer();
  await dialog.expectClosed();
  await expect(card.status).toContainText('errors.md#challenge_cancelled');
});

test('a forged completion from the merchant page changes nothing; the real one does', async ({ page }) => {
  const { card, dialog } = await openChallenge(page);
  await card.pay();
  await dialog.expectOpen();
  const validations: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/ThreeDS/Validate')) validations.push(request.url());
  });
  // The merchant page (or a script on it) posts a well-formed completion into the 3DS frame.
  await page.evaluate((origin) => {
    const frame = document.querySelector('svc-challenge-dialog')?.shadowRoot?.querySelector('iframe');
    frame?.contentWindow?.postMessage({ v: 1, type: 'svc:3ds-complete', transactionId: 'x', md: '' }, origin);
  }, TOKEN_ORIGIN);
  await page.waitForTimeout(500);
  expect(validations).toEqual([]);
  await expect(dialog.dialog).toBeVisible();
  await dialog.authenticate('1234');
  await expect(card.status).toContainText('Payment authorized');
  expect(validations).toHaveLength(1);
});

test('the step-up form is posted within 30 s of the enrollment answer', async ({ page }) => {
  const { card, dialog } = await openChallenge(page);
  const times: Record<string, number> = {};
  page.on('response', (response) => {
    if (response.url().endsWith('/api/Token/Generate')) times['enrolled'] = Date.now();
  });
  page.on('request', (request) => {
    if (request.url().endsWith('/stepup') && request.method() === 'POST') times['stepUp'] = Date.now();
  });
  await card.pay();
  await dialog.expectOpen();
  expect(times['stepUp']).toBeDefined();
  expect((times['stepUp'] ?? 0) - (times['enrolled'] ?? 0)).toBeLessThan(30_000);
});

test('a profile.completed forged by the merchant page does not end the collection; the 10 s cap does', async ({
  page,
}) => {
  test.slow(); // waits out the 10 s collection cap
  const card = new CardPage(page);
  await card.open();
  // The sandbox's collection page never answers in this session.
  const configured = await page.request.post(`${TOKEN_ORIGIN}/__sandbox/three-ds/ddc`, {
    headers: SANDBOX_CONTROL,
    data: { sessionId: await sessionId(page), outcome: 'never' },
  });
  expect(configured.status()).toBe(200);
  const progress = page.locator('#three-ds-progress');
  await card.number.fill(TEST_CARDS['001'].frictionless_success);
  await expect(progress).toHaveText('Checking this browser with the card issuer…');
  const started = Date.now();
  await page.evaluate((origin) => {
    const frame = document.querySelector('svc-card-form')?.shadowRoot?.querySelector('iframe');
    const forged = JSON.stringify({ MessageType: 'profile.completed', SessionId: 'guess', Status: true });
    frame?.contentWindow?.postMessage(forged, origin);
  }, TOKEN_ORIGIN);
  await expect(progress).toHaveText('Browser check skipped (no answer in 10 s).', { timeout: 15_000 });
  expect(Date.now() - started).toBeGreaterThan(8_000);
  await card.fill({ number: TEST_CARDS['001'].frictionless_success, expiry: THREE_DS_EXPIRY });
  await card.pay();
  await expect(card.status).toContainText('Payment authorized');
});

test('the script-tag build loads its challenge code only when an issuer asks, once, and its errors are the script’s CheckoutError', async ({
  page,
}) => {
  const loads = () => card.requests.filter((request) => request.url().endsWith(CHALLENGE_FILE)).length;
  const card = new CardPage(page);
  await card.open();
  await card.fill({ number: TEST_CARDS['001'].frictionless_success, expiry: THREE_DS_EXPIRY });
  await card.pay();
  await expect(card.status).toContainText('Payment authorized');
  expect(loads()).toBe(0);

  const { dialog } = await openChallenge(page);
  await card.pay();
  await dialog.expectOpen();
  await page.keyboard.press('Escape');
  await dialog.expectClosed();
  await expect(card.status).toContainText('errors.md#challenge_cancelled');
  // Made by the challenge file, checked as the merchant checks the script's errors.
  expect(
    await page.evaluate(() => {
      const { demo, Checkout } = window as unknown as {
        demo: { lastResult: { error: unknown } };
        Checkout: { CheckoutError: new () => unknown; isCheckoutError: (value: unknown) => boolean };
      };
      const { error } = demo.lastResult;
      return error instanceof Checkout.CheckoutError && Checkout.isCheckoutError(error);
    }),
  ).toBe(true);
  await card.pay();
  await dialog.expectOpen();
  await dialog.authenticate('1234');
  await dialog.expectClosed();
  await expect(card.status).toContainText('Payment authorized');
  expect(loads()).toBe(1);
});

test('challenge code changed on its way is refused by its integrity: the payment fails, and the next one loads it', async ({
  page,
}) => {
  await page.route(`**${CHALLENGE_FILE}`, async (route) => {
    const response = await route.fetch();
    // Not cached, as a fault on the way would not be (a cached changed file is refused every time).
    const headers = { ...response.headers(), 'cache-control': 'no-store' };
    await route.fulfill({ response, headers, body: `${await response.text()}\n;` });
  });
  const { card, dialog } = await openChallenge(page);
  await card.pay();
  await expect(card.status).toContainText('The 3DS challenge could not be loaded');
  expect((await lastResult(page)).error).toMatchObject({ code: 'network_error', type: 'network' });
  await expect(page.locator('svc-challenge-dialog')).toHaveCount(0);
  await page.unroute(`**${CHALLENGE_FILE}`);
  await card.pay();
  await dialog.expectOpen();
  await dialog.authenticate('1234');
  await dialog.expectClosed();
  await expect(card.status).toContainText('Payment authorized');
});
