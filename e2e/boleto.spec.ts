// Boleto on the demo's page (client script for everything, the full script-tag build, which loads the
// boleto beside itself): the payer checked before anything is sent, the boleto shown, copied and
// printed, then paid or expired through the sandbox playing the shopper's bank, on the page by polling
// and in the backend's record.

import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './models/axe.ts';
import { watchViolations } from './models/csp.ts';

const ENGINE = 'http://127.0.0.1:4177';

interface Outcome {
  ok: boolean;
  status?: string;
  code?: string;
}

const results = (page: Page): Promise<Outcome[]> =>
  page.evaluate(() =>
    (
      window as unknown as {
        demo: { results: { ok: boolean; payment?: { status: string }; error?: { code: string } }[] };
      }
    ).demo.results.map((r) => ({
      ok: r.ok,
      ...(r.payment === undefined ? {} : { status: r.payment.status }),
      ...(r.error === undefined ? {} : { code: r.error.code }),
    })),
  );

async function issue(page: Page) {
  await page.goto('/boleto.html');
  const pay = page.getByRole('button', { name: 'Pay R$ 89,90 by boleto' });
  await expect(pay).toBeEnabled();
  await pay.click();
  const boleto = page.getByRole('group', { name: 'Boleto', exact: true });
  await expect(boleto).toBeVisible();
  await expect(page.locator('#status')).toHaveText('Boleto issued: pay it by its due date.');
  return boleto;
}

test('a boleto is issued for the order, shown with its barcode, copied, printed and paid', async ({
  page,
  context,
  browserName,
}) => {
  await watchViolations(context);
  if (browserName === 'chromium') await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const inits: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url() === `${ENGINE}/api/Payment/Init`)
      inits.push(request.url());
  });
  const boleto = await issue(page);
  await expect(boleto.getByText(/^Amount: R\$\s?89\.90$/)).toBeVisible();
  await expect(boleto.getByText(/^Due date: \d{1,2}\/\d{1,2}\/\d{2,4}$/)).toBeVisible();
  await expect(boleto.getByRole('img', { name: 'The boleto’s barcode' })).toBeVisible();
  const line = boleto.getByLabel('Digitable line');
  // 47 digits in the banks' groups: AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE.
  await expect(line).toHaveValue(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
  await boleto.getByRole('button', { name: 'Copy the digitable line' }).click();
  const status = boleto.getByRole('status');
  if (browserName === 'chromium') {
    await expect(status).toContainText('Digitable line copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await line.inputValue());
  } else {
    await expect(status).toContainText(/Digitable line copied\.|Select the digitable line and copy it\./);
  }
  // The service's print page, on the engine's origin, with the same line and bars.
  const [printed] = await Promise.all([
    page.waitForEvent('popup'),
    boleto.getByRole('link', { name: 'Print the boleto' }).click(),
  ]);
  await expect(printed.getByLabel('Linha digitável')).toHaveText(await line.inputValue());
  await expect(printed.getByRole('img', { name: 'Código de barras do boleto' })).toBeVisible();
  await printed.close();
  expect(inits).toHaveLength(1);
  await page.getByRole('button', { name: 'Sandbox: the shopper pays at the bank' }).click();
  await expect(page.locator('#status')).toHaveText('Paid by boleto.');
  await expect(status).toHaveText('Payment received.');
  expect(await results(page)).toEqual([{ ok: true, status: 'paid' }]);
  await expect(page.locator('#record')).toContainText('"status": "paid"');
  expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
});

test('a boleto left unpaid past its due date expires on the page and in the record', async ({ page }) => {
  const boleto = await issue(page);
  await page.getByRole('button', { name: 'Sandbox: the due date passes' }).click();
  await expect(page.locator('#status')).toHaveText('The boleto expired unpaid. Pay again to get a new one.');
  await expect(boleto.getByRole('status')).toHaveText('The boleto expired unpaid.');
  expect(await results(page)).toEqual([{ ok: false, status: 'expired', code: 'payment_expired' }]);
  await expect(page.locator('#record')).toContainText('"status": "expired"');
});

test('a payer with a wrong CPF is refused before anything is sent, naming the field', async ({ page }) => {
  let sent = 0;
  page.on('request', (request) => {
    if (request.url().startsWith(ENGINE)) sent += 1;
  });
  await page.goto('/boleto.html');
  await page.getByLabel('CPF or CNPJ').fill('111.111.111-11');
  await page.getByRole('button', { name: 'Pay R$ 89,90 by boleto' }).click();
  await expect(page.locator('#status p').first()).toHaveText('Check the payer’s details and try again.');
  await expect(page.locator('#status details')).toContainText(/payer_invalid: payer\.document must be/);
  expect(sent).toBe(0);
});

test('the boleto fits a 390 px phone and has no WCAG 2.1 AA violation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await issue(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoAxeViolations(page);
});
