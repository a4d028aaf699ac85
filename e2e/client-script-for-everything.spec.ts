// The client-script-for-everything mode on the demo's page: the script tokenizes, runs 3DS, pays the
// session's order at Payment/Init from the page and follows the payment; the merchant backend only made
// the session. What the shopper sees, what onPayment got, and the record the backend reads.

import { expect, test, type Page, type Request } from '@playwright/test';
import { TEST_CARDS } from '../sandbox/three-ds/test-cards.ts';
import { signWebhook } from '../src/server/webhooks.ts';
import { expectNoAxeViolations } from './models/axe.ts';
import { CardPage, THREE_DS_EXPIRY } from './models/card-page.ts';
import { ChallengeDialog } from './models/challenge-dialog.ts';
import { watchViolations } from './models/csp.ts';

const ENGINE = 'http://127.0.0.1:4177';
const INIT = `${ENGINE}/api/Payment/Init`;
const STATUS = `${ENGINE}/api/Payment/SessionStatus`;

interface Outcome {
  ok: boolean;
  payment?: Record<string, unknown>;
  error?: { code: string; type: string };
}

/** The final results onPayment received, with a CheckoutError as {code, type}. */
function results(page: Page): Promise<Outcome[]> {
  return page.evaluate(() =>
    (window as unknown as { demo: { results: Outcome[] } }).demo.results.map((r) => ({
      ok: r.ok,
      ...(r.payment === undefined ? {} : { payment: r.payment }),
      ...(r.error === undefined ? {} : { error: { code: r.error.code, type: r.error.type } }),
    })),
  );
}

async function open(page: Page): Promise<CardPage> {
  const card = new CardPage(page, '/everything.html');
  await card.open();
  return card;
}

const posts = (card: CardPage, url: string): Request[] =>
  card.requests.filter((r) => r.method() === 'POST' && r.url() === url);

test('pays a frictionless 3DS card from the page, once: the order’s amount from the session, the record from the backend', async ({
  page,
  context,
  browserName,
}) => {
  await watchViolations(context);
  const card = await open(page);
  await card.fill({ number: TEST_CARDS['001'].frictionless_success, expiry: THREE_DS_EXPIRY });
  await card.pay();
  await expect(card.status).toHaveText('Paid: authorized, Visa ending in 2701.');
  const [result] = await results(page);
  expect(result).toMatchObject({
    ok: true,
    payment: { status: 'authorized', method: 'card_3ds', amount: 120 },
  });
  // The page named the session and the instrument; the engine took the order from the session.
  // (Firefox's driver does not show request bodies.)
  if (browserName === 'chromium') {
    const body = posts(card, INIT)[0]?.postDataJSON() as Record<string, unknown>;
    expect(body).not.toHaveProperty('partnerUniqueId');
    expect(body['paymentData']).not.toHaveProperty('amount');
    expect(body['paymentData']).toMatchObject({
      paymentMethods: [{ paymentMethodType: '7', AuthenticationInformation: { Code: expect.any(String) } }],
    });
  }
  // What the backend reads (Payment/Status with its app token): the page's payment, 3DS Y, from the front end.
  const record = await card.record();
  expect(record).toMatchObject({
    status: 'authorized',
    amount: 120,
    currency: 'BRL',
    isFromFrontend: true,
    paymentMethods: [{ authentication: { status: 'Y', eci: '05' } }],
  });
  expect(
    await page.evaluate(() => (window as unknown as { demo: { progress: string[] } }).demo.progress),
  ).toEqual(['tokenizing', 'paying']);
  // Paid: another pay() answers the same, with no request; the form stays locked.
  const again = await page.evaluate(async () => {
    const checkout = (window as unknown as { demo: { checkout: { pay(): Promise<{ ok: boolean }> } } }).demo
      .checkout;
    return (await checkout.pay()).ok;
  });
  expect(again).toBe(true);
  expect(posts(card, INIT)).toHaveLength(1);
  expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
});

test('pays after a challenge the shopper passes, started with Enter in the form', async ({ page }) => {
  const card = await open(page);
  await card.fill({ number: TEST_CARDS['002'].challenge_success, expiry: THREE_DS_EXPIRY });
  await card.holder.press('Enter');
  const dialog = new ChallengeDialog(page);
  await dialog.expectOpen();
  await dialog.authenticate('1234');
  await dialog.expectClosed();
  await expect(card.status).toHaveText('Paid: authorized, Mastercard ending in 2151.');
  expect(await card.record()).toMatchObject({
    status: 'authorized',
    paymentMethods: [{ authentication: { status: 'Y', eci: '02' } }],
  });
});

test('a declined card opens the form again, and another card pays the same order', async ({ page }) => {
  const card = await open(page);
  await card.fill({ number: '4000000000000002', expiry: THREE_DS_EXPIRY });
  await card.pay();
  await expect(card.status).toHaveText('The card was declined. Try another card.');
  expect((await results(page))[0]).toMatchObject({
    ok: false,
    error: { code: 'payment_declined', type: 'payment' },
    payment: { status: 'declined' },
  });
  await expect(card.frame.getByRole('alert')).toBeVisible();
  await card.number.fill(TEST_CARDS['001'].frictionless_success);
  await card.pay();
  await expect(card.status).toHaveText('Paid: authorized, Visa ending in 2701.');
  const [declined, paid] = await results(page);
  expect(paid?.payment?.['partnerUniqueId']).toBe(declined?.payment?.['partnerUniqueId']);
  expect(posts(card, INIT)).toHaveLength(2);
});

test('a second tab on the paid order is told so, not handed the first tab’s payment', async ({
  page,
  context,
}) => {
  const first = await open(page);
  // The second tab shows the same order, so the same session (the demo backend would make a new one).
  const session = await page.evaluate(
    () => (window as unknown as { demo: { session: object } }).demo.session,
  );
  const tab = await context.newPage();
  await tab.route('**/api/session', (route) => route.fulfill({ json: session }));
  const second = await open(tab);
  await page.bringToFront();
  await first.fill({ number: TEST_CARDS['001'].frictionless_success, expiry: THREE_DS_EXPIRY });
  await first.pay();
  await expect(first.status).toHaveText('Paid: authorized, Visa ending in 2701.');
  await tab.bringToFront();
  await second.fill({ number: TEST_CARDS['002'].frictionless_success, expiry: THREE_DS_EXPIRY });
  await second.pay();
  await expect(second.status).toHaveText('This order is already paid.');
  expect(await results(tab)).toEqual([{ ok: false, error: { code: 'order_already_paid', type: 'service' } }]);
  // The engine's refusal is the answer: the order's payment (the first tab's) is not looked up.
  expect(posts(second, INIT)).toHaveLength(1);
  expect(posts(second, STATUS)).toHaveLength(0);
  await expect(tab.locator('#pay')).toBeHidden();
  await expect(tab.locator('#record')).toBeHidden();
});

test('the page cannot change what is paid: another amount or another order is refused', async ({ page }) => {
  await open(page);
  const answers = await page.evaluate(async (engine) => {
    const { sessionId, account } = (
      window as unknown as { demo: { session: { sessionId: string; account: string } } }
    ).demo.session;
    const init = async (extra: Record<string, unknown>) => {
      const response = await fetch(`${engine}/api/Payment/Init`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-account': account },
        body: JSON.stringify({
          tokenSession: sessionId,
          ...extra,
          paymentData: { ...(extra['paymentData'] as object), paymentMethods: [{ paymentMethodType: '3' }] },
        }),
      });
      return {
        status: response.status,
        body: (await response.json()) as { error?: { code: string; field: string } },
      };
    };
    return [
      await init({ paymentData: { amount: 1, currency: 'BRL' } }),
      await init({ partnerUniqueId: 'someone-elses-order' }),
    ];
  }, ENGINE);
  expect(answers.map((a) => [a.status, a.body.error?.code, a.body.error?.field])).toEqual([
    [403, 'session_order_mismatch', 'paymentData.amount'],
    [403, 'session_order_mismatch', 'partnerUniqueId'],
  ]);
});

for (const stop of ['destroy', 'abort'] as const) {
  test(`following a pending PIX stops on ${stop}: no request after`, async ({ page }) => {
    const card = await open(page);
    const ended = page.evaluate(async (how) => {
      const demo = (
        window as unknown as {
          demo: { checkout: { pay(o: object): Promise<Outcome>; destroy(): void }; stop?: () => void };
        }
      ).demo;
      const controller = new AbortController();
      demo.stop =
        how === 'abort'
          ? () => {
              controller.abort();
            }
          : () => {
              demo.checkout.destroy();
            };
      const result = await demo.checkout.pay({ method: 'pix', signal: controller.signal });
      return { ok: result.ok, code: result.error?.code, status: result.payment?.['status'] };
    }, stop);
    // Every 2 s in the first minute: two checks, then stop.
    await expect.poll(() => posts(card, STATUS).length, { timeout: 10_000 }).toBe(2);
    await page.evaluate(() => {
      (window as unknown as { demo: { stop: () => void } }).demo.stop();
    });
    expect(await ended).toEqual({
      ok: false,
      code: stop === 'abort' ? 'aborted' : 'destroyed',
      status: 'pending',
    });
    await page.waitForTimeout(4_500);
    expect(posts(card, STATUS)).toHaveLength(2);
  });
}

/** The demo backend's order for the page's session, as its webhook receiver left it. */
function order(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(async () => {
    const { sessionId } = (window as unknown as { demo: { session: { sessionId: string } } }).demo.session;
    const response = await fetch('/api/order', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId }),
    });
    return (await response.json()) as Record<string, unknown>;
  });
}

for (const end of ['settle', 'expire'] as const) {
  test(`a Pix the shopper ${end === 'settle' ? 'pays' : 'lets expire'} reaches its final state on the page by polling and at the backend by webhook`, async ({
    page,
    request,
  }) => {
    await open(page);
    await page.getByRole('button', { name: 'Pay R$ 120,00 with Pix' }).click();
    // A BR Code "copia e cola": EMV payload format 01, the Pix GUI, BRL, Brazil, its CRC16 last.
    const code = page.getByLabel('Pix Copia e Cola');
    await expect(code).toHaveValue(/^000201.*br\.gov\.bcb\.pix.*5303986.*5802BR.*6304[0-9A-F]{4}$/);
    await expect(page.getByRole('img', { name: 'Pix QR code' })).toBeVisible();
    await expect(page.locator('#pix-slot').getByRole('status')).toContainText('Waiting for the payment.');
    await expect.poll(() => order(page)).toMatchObject({ status: 'pending', paid: false });
    const paymentId = await page.evaluate(
      () => (window as unknown as { demo: { pixPayment: string } }).demo.pixPayment,
    );
    // The shopper's bank, played by the sandbox.
    const control = await request.post(`http://localhost:4174/__sandbox/payments/${end}`, {
      headers: { 'x-sandbox-control': '1' },
      data: { paymentId },
    });
    expect(control.status()).toBe(200);
    await expect(page.locator('#status')).toHaveText(
      end === 'settle' ? 'Paid with Pix.' : 'The Pix expired. Pay again to get a new code.',
    );
    expect((await results(page))[0]).toMatchObject(
      end === 'settle'
        ? { ok: true, payment: { status: 'paid', method: 'pix', paymentId } }
        : { ok: false, error: { code: 'payment_expired', type: 'payment' }, payment: { status: 'expired' } },
    );
    // The script's own Pix code says so, in the shopper's language, and takes the QR code away.
    await expect(page.locator('#pix-slot').getByRole('status')).toHaveText(
      end === 'settle' ? 'Payment received.' : 'The Pix code has expired.',
    );
    await expect(page.getByRole('img', { name: 'Pix QR code' })).toBeHidden();
    await expect
      .poll(() => order(page))
      .toMatchObject(end === 'settle' ? { status: 'paid', paid: true } : { status: 'expired', paid: false });
  });
}

test.describe('in Portuguese on a phone', () => {
  test.use({ locale: 'pt-BR', viewport: { width: 320, height: 720 } });

  test('the Pix code fits a 320 px screen, speaks Portuguese and has no WCAG 2.1 AA violation', async ({
    page,
  }) => {
    await open(page);
    // The page speaks the form's language: the browser's.
    await page.getByRole('button', { name: 'Pagar R$ 120,00 com Pix' }).click();
    const qr = page.getByRole('img', { name: 'QR code do Pix' });
    await expect(qr).toBeVisible();
    await expect(page.locator('#pix-slot').getByRole('status')).toContainText('Aguardando o pagamento.');
    await expect(page.getByRole('button', { name: 'Copiar código' })).toBeVisible();
    const box = await qr.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(320);
    expect(box?.width).toBeGreaterThanOrEqual(160);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectNoAxeViolations(page);
  });
});

test.describe('the demo backend’s webhook receiver', () => {
  const SECRET = 'whsec_sbx_demo_3b91f0c47ae25d68';
  const event = (id: string) =>
    JSON.stringify({
      id,
      type: 'payment.pending',
      createdAt: new Date().toISOString(),
      data: {
        payment: { paymentId: 'pay_x', partnerUniqueId: 'not-an-order-of-the-demo', status: 'pending' },
      },
    });

  test('refuses a bad signature and an old timestamp, and applies a replayed event once', async ({
    request,
  }) => {
    const post = (payload: string, signature: string) =>
      request.post('/api/webhooks', {
        headers: { 'content-type': 'application/json', 'x-service-signature': signature },
        data: payload,
      });
    const payload = event(`evt_e2e_${String(Date.now())}`);
    const good = await signWebhook({ payload, secret: SECRET });
    const forged = await signWebhook({ payload, secret: 'whsec_someone_else_0000000000' });
    const old = await signWebhook({
      payload,
      secret: SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect([(await post(payload, forged)).status(), await (await post(payload, forged)).json()]).toEqual([
      400,
      { error: { code: 'bad_signature' } },
    ]);
    expect(await (await post(payload, old)).json()).toEqual({ error: { code: 'too_old' } });
    expect(await (await post(payload, good)).json()).toEqual({ received: true });
    expect(await (await post(payload, good)).json()).toEqual({ received: true, duplicate: true });
  });
});
