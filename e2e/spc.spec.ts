// Secure Payment Confirmation (issue 41) on the demo's card page: a shopper passes a challenge, enrols
// this device at the bank on the issuer's page inside the challenge dialog (a real credential, created
// in the browser's virtual authenticator two cross-origin frames deep), and pays the next order of the
// same card with a fingerprint and no code. Every other ending reaches the challenge in the same dialog:
// the sheet cancelled, an assertion the issuer refuses, another card, a browser without SPC. The sheet
// is a stand-in (models/spc-sheet.ts: no browser here runs SPC, e2e/spc-probe.spec.ts); the rest is real.

import { expect, test, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { SoftAuthenticator } from '../sandbox/test/authenticator.ts';
import { TEST_CARDS } from '../sandbox/three-ds/test-cards.ts';
import { CardPage, lastResult, THREE_DS_EXPIRY, year } from './models/card-page.ts';
import { ChallengeDialog } from './models/challenge-dialog.ts';
import { installSpcSheet, platformAuthenticator, type SheetAnswer } from './models/spc-sheet.ts';

const CARD = TEST_CARDS['001'].challenge_success;
const MERCHANT = 'http://127.0.0.1:4173';
const SPC_OFFER = 'http://localhost:4174/api/ThreeDS/SpcOffer';

/** Pays the card on a new order of the demo's card page; the page, for what follows. */
async function pay(page: Page, number = CARD): Promise<CardPage> {
  const card = new CardPage(page);
  await card.open();
  await card.fill({ number, expiry: THREE_DS_EXPIRY });
  await card.pay();
  return card;
}

/**
 * The challenge answered with the code; then, where the issuer offers to enrol this device, the
 * shopper's answer (a device is asked once per card: an enrolled card's challenge returns at once).
 */
async function passChallenge(page: Page, offer?: 'Use this device' | 'Not now'): Promise<void> {
  const dialog = new ChallengeDialog(page);
  await dialog.expectOpen();
  await dialog.authenticate('1234');
  if (offer !== undefined) {
    // #region enrol-at-the-bank
    // The bank's page, inside the challenge dialog, after the code: "Use this device" creates the
    // card's passkey in the page's (virtual) authenticator, for the bank's relying party.
    await expect(dialog.issuer.getByRole('heading', { name: 'Use this device next time?' })).toBeVisible();
    await dialog.issuer.getByRole('button', { name: offer }).click();
    // #endregion enrol-at-the-bank
  }
  await dialog.expectClosed();
}

/** A first payment of the card: the challenge, then this device enrolled at the bank. */
async function enrolThisDevice(page: Page, cdp: CDPSession, authenticatorId: string): Promise<void> {
  const card = await pay(page);
  await passChallenge(page, 'Use this device');
  await expect(card.status).toContainText('3DS Y');
  expect(await lastResult(page)).toMatchObject({ ok: true, status: 'Y', authenticationMethod: 'challenge' });
  // The credential is the issuer's: its relying party, not the token host's or the merchant's.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials.map((c) => c.rpId)).toEqual(['localhost']);
}

/**
 * This device with the stand-in sheet (answering as `answer` says), enrolled at the bank for the card;
 * `shown` is what the sheet was asked to show, `before` how many before the test's own payments.
 */
async function enrolledWithSheet(page: Page, context: BrowserContext, answer: () => SheetAnswer) {
  const { cdp, authenticatorId } = await platformAuthenticator(page);
  const shown = await installSpcSheet(context, { cdp, authenticatorId }, answer);
  // Another test's device may hold a credential of the card: the sheet may show, and not end it.
  await enrolThisDevice(page, cdp, authenticatorId);
  return { shown, before: shown.length };
}

const stepUps = (card: CardPage) => card.requests.filter((r) => r.url().endsWith(':4176/stepup')).length;

test.describe('with a browser that runs SPC (Chromium, the sheet stood in for)', () => {
  test.beforeEach(({ browserName }) => {
    test.skip(browserName !== 'chromium', 'CDP’s virtual authenticator holds the enrolled key');
  });

  test('enrols after a challenge, then pays the next order with a fingerprint and no code: Y, ECI 05, liability shift', async ({
    page,
    context,
  }) => {
    const { shown, before } = await enrolledWithSheet(page, context, () => 'confirm');

    const card = await pay(page);
    await expect(card.status).toContainText(
      '3DS Y, ECI 05, liability shift full. Confirmed with a passkey at the bank, no code.',
    );
    const result = await lastResult(page);
    expect(result).toMatchObject({
      ok: true,
      status: 'Y',
      eci: '05',
      liabilityShift: 'full',
      authenticationMethod: 'spc',
    });
    // The sheet showed the order's amount, the merchant's page and the card; no code was asked.
    expect(shown).toHaveLength(before + 1);
    expect(shown.at(-1)).toMatchObject({
      rpId: 'localhost',
      payeeOrigin: MERCHANT,
      topOrigin: MERCHANT,
      total: { currency: 'BRL', value: '120.00' },
      instrument: { displayName: `Visa •••• ${CARD.slice(-4)}` },
    });
    expect(stepUps(card)).toBe(0);
    await expect(page.locator('svc-challenge-dialog')).toHaveCount(0);
    expect(await card.record()).toMatchObject({
      status: 'authorized',
      paymentMethods: [
        { authentication: { transactionId: result['transactionId'], status: 'Y', eci: '05' } },
      ],
    });
  });

  test('pay() confirms by passkey too: the client script for everything pays the order with no code', async ({
    page,
    context,
  }) => {
    const { shown, before } = await enrolledWithSheet(page, context, () => 'confirm');
    const card = new CardPage(page, '/everything.html');
    await card.open();
    await card.fill({ number: CARD, expiry: THREE_DS_EXPIRY });
    await card.pay();
    await expect(card.status).toHaveText(`Paid: authorized, Visa ending in ${CARD.slice(-4)}.`);
    expect(shown).toHaveLength(before + 1);
    expect(stepUps(card)).toBe(0);
  });

  test('a cancelled sheet, an assertion the issuer refuses, and another card each open the challenge in the same dialog', async ({
    page,
    context,
  }) => {
    const answers: SheetAnswer[] = [];
    const { shown, before } = await enrolledWithSheet(page, context, () => answers.shift() ?? 'confirm');
    answers.push('cancel', 'other-amount');

    for (const ending of ['cancelled', 'refused']) {
      const card = await pay(page);
      await passChallenge(page);
      await expect(card.status, ending).toContainText('3DS Y');
      expect(await lastResult(page), ending).toMatchObject({ ok: true, authenticationMethod: 'challenge' });
      expect(stepUps(card), ending).toBe(1);
    }
    expect(shown).toHaveLength(before + 2);

    // A card the issuer holds no credential of: no sheet, the challenge (and the offer to enrol it).
    const other = await pay(page, TEST_CARDS['002'].challenge_success);
    await passChallenge(page, 'Not now');
    await expect(other.status).toContainText('3DS Y');
    expect(shown).toHaveLength(before + 2);
  });

  test('this Chromium’s own PaymentRequest runs no SPC: no offer is asked, and the enrolled card’s challenge opens', async ({
    page,
  }) => {
    const { cdp, authenticatorId } = await platformAuthenticator(page);
    await enrolThisDevice(page, cdp, authenticatorId);
    const card = await pay(page);
    await passChallenge(page);
    await expect(card.status).toContainText('3DS Y');
    expect(card.requests.filter((r) => r.url() === SPC_OFFER)).toEqual([]);
  });
});

test('Firefox runs no SPC: a card enrolled at the bank meets its challenge as before', async ({
  page,
  browserName,
}) => {
  test.skip(browserName !== 'firefox', 'Chromium’s fallback is the test above');
  await enrolElsewhere(CARD);
  const card = await pay(page);
  await passChallenge(page);
  await expect(card.status).toContainText('3DS Y');
  expect(await lastResult(page)).toMatchObject({ ok: true, authenticationMethod: 'challenge' });
});

/**
 * The card enrolled on another device (a phone with Chrome), over HTTP as its browser would: a session,
 * the 3DS setup, Token/Generate, the challenge passed with the code, and the issuer's enrolment.
 */
async function enrolElsewhere(cardNumber: string): Promise<void> {
  const json = async (url: string, body: unknown, headers: Record<string, string>) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json().catch(() => ({}))) as Record<string, unknown>,
    };
  };
  const form = async (url: string, fields: Record<string, string>) =>
    (await fetch(url, { method: 'POST', body: new URLSearchParams(fields) })).text();
  const browser = { origin: MERCHANT, 'x-service-account': 'demo' };
  const session = await json(
    'http://127.0.0.1:4174/api/Token/NewSession',
    {
      PaymentAccount: 'demo',
      partnerUniqueId: `spc-phone-${String(Date.now())}`,
      customer: { id: 'phone-shopper', name: 'Ada Lovelace', email: 'ada@example.com' },
      paymentData: { amount: 50, currency: 'BRL' },
    },
    { 'x-service-account': 'demo', 'x-service-apptoken': 'sbx_app_demo_7f3c2a9e41d84b0c' },
  );
  const sessionId = String(session.body['sessionId']);
  const setup = await json('http://localhost:4174/api/ThreeDS/Setup', { sessionId, cardNumber }, browser);
  const generated = await json(
    'http://localhost:4174/api/Token/Generate',
    {
      sessionId,
      card: {
        cardNumber,
        cvv: '123',
        cardHolderName: 'Ada Lovelace',
        expirationMonth: 1,
        expirationYear: year,
      },
      authenticationInformation: { code: setup.body['code'] },
    },
    browser,
  );
  const authentication = generated.body['authentication'] as Record<string, string>;
  const challengePage = await form('http://127.0.0.1:4176/stepup', {
    JWT: authentication['accessToken'] ?? '',
    MD: 'phone',
  });
  const acsTransId = /name="acsTransId" value="([^"]+)"/.exec(challengePage)?.[1] ?? '';
  const resultPage = await form('http://localhost:4176/stepup/answer', {
    acsTransId,
    action: 'authenticate',
    code: '1234',
  });
  // The phone's browser on the bank's result page: its ticket, from the bank's own origin.
  const ticket = /data-ticket="([^"]+)"/.exec(resultPage)?.[1] ?? '';
  const bank = { origin: 'http://localhost:4176' };
  const phone = new SoftAuthenticator();
  const options = await json('http://localhost:4176/stepup/spc/options', { ticket }, bank);
  const enrolled = await json(
    'http://localhost:4176/stepup/spc/enrol',
    {
      ticket,
      credential: phone.register(options.body as { challenge: string }, { origin: 'http://localhost:4176' }),
    },
    bank,
  );
  expect(enrolled.status, JSON.stringify(options.body)).toBe(204);
}
