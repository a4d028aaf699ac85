// A Pix the merchant backend created (demo/pages/pix.html, POST /api/pix): the page gets the session
// only, and checkout.showPayment() shows the code, follows the payment and sees it paid once the
// shopper's bank (the sandbox) settles it; the backend's order agrees, by webhook.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './models/axe.ts';
import { watchViolations } from './models/csp.ts';

const ENGINE = 'http://127.0.0.1:4177';

/** The demo backend's order for the page's session, as its webhook receiver left it. */
function order(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(async () => {
    const { sessionId } = (window as unknown as { demo: { sessionId: string } }).demo;
    const response = await fetch('/api/order', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId }),
    });
    return (await response.json()) as Record<string, unknown>;
  });
}

test('a Pix created by the backend is shown on its page, followed, and paid once settled', async ({
  page,
  context,
  request,
}) => {
  await watchViolations(context);
  // The page asks the engine by its session only: never a payment id, never Payment/Init.
  const engineCalls: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().startsWith(ENGINE)) engineCalls.push(new URL(sent.url()).pathname);
  });
  await page.goto('/pix.html');
  const code = page.getByLabel('Pix Copia e Cola');
  await expect(code).toHaveValue(/^000201.*br\.gov\.bcb\.pix.*5303986.*5802BR.*6304[0-9A-F]{4}$/);
  await expect(page.getByRole('img', { name: 'Pix QR code' })).toBeVisible();
  await expect(page.locator('#pix-slot').getByRole('status')).toContainText('Waiting for the payment.');
  await expect.poll(() => order(page)).toMatchObject({ status: 'pending', paid: false });
  const { paymentId } = await order(page);
  // The shopper's bank, played by the sandbox.
  const settled = await request.post('http://localhost:4174/__sandbox/payments/settle', {
    headers: { 'x-sandbox-control': '1' },
    data: { paymentId },
  });
  expect(settled.status()).toBe(200);
  await expect(page.locator('#status')).toHaveText('Paid with Pix. Thank you!');
  await expect(page.locator('#pix-slot').getByRole('status')).toHaveText('Payment received.');
  await expect(page.getByRole('img', { name: 'Pix QR code' })).toBeHidden();
  const [result] = await page.evaluate(
    () =>
      (window as unknown as { demo: { results: { ok: boolean; payment?: Record<string, unknown> }[] } }).demo
        .results,
  );
  expect(result).toMatchObject({ ok: true, payment: { status: 'paid', method: 'pix', paymentId } });
  await expect.poll(() => order(page)).toMatchObject({ status: 'paid', paid: true });
  expect(new Set(engineCalls)).toEqual(new Set(['/api/Payment/SessionStatus']));
  expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
  await expectNoAxeViolations(page);
});
