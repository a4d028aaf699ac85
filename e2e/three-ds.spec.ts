// 3DS end to end on the demo's card page: the spec's eight scenarios (section 8) with a Visa card, and
// frictionless success with Mastercard (ECI 02) and Elo. Each checks what the shopper sees, what the
// merchant's callback got, and what the merchant backend sent to Payment/Init.

import { expect, test, type Page } from '@playwright/test';
import { TEST_CARDS, type Scenario, type TestCardType } from '../sandbox/three-ds/test-cards.ts';
import { CardPage, lastResult, THREE_DS_EXPIRY } from './models/card-page.ts';
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
