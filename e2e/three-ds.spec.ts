// 3DS end to end on the demo's card page: the spec's eight scenarios (section 8) with a Visa card, and
// frictionless success with Mastercard (ECI 02) and Elo. Each checks what the shopper sees, what the
// merchant's callback got, and what the merchant backend sent to Payment/Init.

import { expect, test, type Page } from '@playwright/test';
import { TEST_CARDS, type Scenario, type TestCardType } from '../sandbox/three-ds/test-cards.ts';
import {
  CardPage,
  lastResult,
  resultCount,
  THREE_DS_EXPIRY,
  TOKEN_ORIGIN,
  year,
} from './models/card-page.ts';
import { ChallengeDialog } from './models/challenge-dialog.ts';

interface Expected {
  /** The result's status, or the CheckoutError code when the payment must not go on. */
  outcome: { status: 'Y' | 'A' | 'U'; eci: string | undefined; liabilityShift: string } | { error: string };
  challenge?: 'pass' | 'fail';
}

const VISA: Record<Scenario, Expected> = {
  frictionless_success: { outcome: { status: 'Y', eci: '05', liabilityShift: 'full' } },
  frictionless_failure: { outcome: { error: 'authentication_failed' } },
  attempted: { outcome: { status: 'A', eci: '06', liabilityShift: 'partial' } },
  unavailable: { outcome: { status: 'U', eci: '07', liabilityShift: 'none' } },
  rejected: { outcome: { error: 'authentication_rejected' } },
  system_error: { outcome: { status: 'U', eci: '07', liabilityShift: 'none' } },
  challenge_success: { outcome: { status: 'Y', eci: '05', liabilityShift: 'full' }, challenge: 'pass' },
  challenge_failure: { outcome: { error: 'authentication_failed' }, challenge: 'fail' },
};

/** The svc-3ds steps the host element reported, in order. */
async function steps(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { threeDsSteps: string[] }).threeDsSteps);
}

async function payWith(page: Page, number: string): Promise<CardPage> {
  const card = new CardPage(page);
  await card.open();
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { threeDsSteps: string[] }).threeDsSteps = seen;
    document.addEventListener('svc-3ds', (event) => seen.push((event as Event & { step: string }).step));
  });
  await card.fill({ number, expiry: THREE_DS_EXPIRY });
  await card.pay();
  return card;
}

async function expectOutcome(page: Page, card: CardPage, expected: Expected): Promise<void> {
  const { outcome } = expected;
  if ('error' in outcome) {
    await expect(card.status).toContainText(`errors.md#${outcome.error}`);
    const result = await lastResult(page);
    expect(result).toMatchObject({ ok: false, error: { code: outcome.error, type: 'authentication' } });
    // The shopper is told, inside the frame, to use another method; the form stays usable.
    await expect(card.frame.getByRole('alert').filter({ hasText: 'another payment method' })).toBeVisible();
    await expect(card.number).toBeEditable();
    await expect(card.payButton).toBeEnabled();
    await expect(page.locator('#record')).toBeHidden();
    return;
  }
  const record = await card.record();
  const result = await lastResult(page);
  expect(result).toMatchObject({
    ok: true,
    status: outcome.status,
    liabilityShift: outcome.liabilityShift,
    code: expect.any(String),
    referenceId: expect.any(String),
    transactionId: expect.any(String),
  });
  expect(result['eci']).toBe(outcome.eci);
  // The backend sent the checkout's three values as AuthenticationInformation (spec 2.6), and the
  // service's payment record holds the authentication it checked them against.
  expect(record).toMatchObject({
    status: 'authorized',
    paymentMethods: [
      {
        authentication: {
          code: result['code'],
          referenceId: result['referenceId'],
          transactionId: result['transactionId'],
          status: outcome.status,
        },
      },
    ],
  });
  await expect(card.status).toContainText(`3DS ${outcome.status}`);
}

for (const [scenario, expected] of Object.entries(VISA) as [Scenario, Expected][]) {
  test(`Visa, ${scenario.replace('_', ' ')}`, async ({ page }) => {
    const card = await payWith(page, TEST_CARDS['001'][scenario]);
    if (expected.challenge !== undefined) {
      const dialog = new ChallengeDialog(page);
      await dialog.expectOpen();
      await (expected.challenge === 'pass' ? dialog.authenticate('1234') : dialog.fail());
      await dialog.expectClosed();
    } else {
      await expect(page.locator('svc-challenge-dialog')).toHaveCount(0);
    }
    await expectOutcome(page, card, expected);
    // Progress a merchant can show: collection, then the challenge when there is one.
    expect(await steps(page)).toEqual([
      'collection-started',
      'collection-finished',
      ...(expected.challenge === undefined ? [] : ['challenge-shown', 'challenge-finished']),
    ]);
  });
}

const FRICTIONLESS: [TestCardType, string, string][] = [
  ['002', 'Mastercard', '02'],
  ['054', 'Elo', '05'],
];

for (const [cardType, brand, eci] of FRICTIONLESS) {
  test(`${brand}, frictionless success with ECI ${eci}`, async ({ page }) => {
    const card = await payWith(page, TEST_CARDS[cardType].frictionless_success);
    await expectOutcome(page, card, { outcome: { status: 'Y', eci, liabilityShift: 'full' } });
    expect(await lastResult(page)).toMatchObject({ brand });
  });
}

test('a saved card meets the eight scenarios at Token/Bind as a new card does at Token/Generate', async ({
  page,
  browserName,
}, testInfo) => {
  test.setTimeout(120_000);
  const card = new CardPage(page);
  const query = `?customer=tds-eight-${testInfo.project.name}-${String(Date.now())}`;
  await card.open(query);
  // The eight cards saved as a merchant's own form saves them (Token/Generate without 3DS), so this
  // test spends its time on the stored-card payments.
  const numbers = Object.values(TEST_CARDS['001']);
  await page.evaluate(
    async ({ numbers, year }) => {
      const { session } = (window as unknown as { demo: { session: Record<string, string> } }).demo;
      for (const cardNumber of numbers) {
        const response = await fetch(`${session['tokenUrl'] ?? ''}/api/Token/Generate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-service-account': session['account'] ?? '' },
          body: JSON.stringify({
            sessionId: session['sessionId'],
            card: { cardNumber, expirationMonth: 1, expirationYear: year, cvv: '123', singleUse: false },
            frontData: {},
          }),
        });
        if (!response.ok) throw new Error(`Token/Generate ${String(response.status)}`);
      }
    },
    { numbers, year },
  );
  await card.open(query);
  const dialog = new ChallengeDialog(page);
  for (const [scenario, expected] of Object.entries(VISA) as [Scenario, Expected][]) {
    await test.step(scenario, async () => {
      const last4 = TEST_CARDS['001'][scenario].slice(-4);
      await page.getByLabel(new RegExp(`Visa •••• ${last4}`)).check();
      await card.frame.getByLabel(`Security code for the Visa card ending in ${last4}`).fill('123');
      const before = await resultCount(page);
      await card.pay();
      if (expected.challenge !== undefined) {
        await dialog.expectOpen();
        await (expected.challenge === 'pass' ? dialog.authenticate('1234') : dialog.fail());
        await dialog.expectClosed();
      }
      const result = await lastResult(page, before);
      const { outcome } = expected;
      if ('error' in outcome) {
        expect(result).toMatchObject({ ok: false, error: { code: outcome.error, type: 'authentication' } });
        await expect(
          card.frame.getByRole('alert').filter({ hasText: 'another payment method' }),
        ).toBeVisible();
        return;
      }
      expect(result).toMatchObject({
        ok: true,
        status: outcome.status,
        liabilityShift: outcome.liabilityShift,
      });
      expect(result['eci']).toBe(outcome.eci);
      await expect(card.status).toContainText(`3DS ${outcome.status}`);
      // The previous scenario's record may still show (an unavailable one said U too): wait for this one's.
      await expect(page.locator('#record')).toContainText(String(result['transactionId']));
      expect(await card.record()).toMatchObject({
        status: 'authorized',
        paymentMethods: [
          { authentication: { transactionId: result['transactionId'], status: outcome.status } },
        ],
      });
    });
  }
  // One setup by token and one Bind per payment; no card number went to any 3DS call.
  const setups = card.requests.filter((r) => r.url() === `${TOKEN_ORIGIN}/api/ThreeDS/Setup`);
  expect(setups.length).toBeGreaterThanOrEqual(8);
  expect(card.tokenCalls('Bind')).toHaveLength(8);
  // (Firefox's WebDriver BiDi hands Playwright no request bodies: Chromium checks them.)
  if (browserName !== 'chromium') return;
  expect(setups.map((r) => Object.keys(r.postDataJSON() as object).sort())).toEqual(
    setups.map(() => ['sessionId', 'token']),
  );
  for (const bind of card.tokenCalls('Bind'))
    expect(bind.postDataJSON()).toMatchObject({ authenticationInformation: { code: expect.any(String) } });
});
