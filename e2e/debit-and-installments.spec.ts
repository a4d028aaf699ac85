// Debit, combo cards and installments with interest on the demo's financed order (R$ 1.000,00: 3
// interest-free, then 1,99% a month up to 12): the question a combo card asks, a debit paid with 3DS in
// one installment, and each plan with interest showing figures this test computes on its own.

import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './models/axe.ts';
import { CardPage } from './models/card-page.ts';
import { watchViolations } from './models/csp.ts';

const COMBO = '4000170000000003';
const CREDIT = '4111111111111111';
const CASH_PRICE_CENTS = 100_000;
const MONTHLY_RATE = 0.0199;

/** Half-up to a whole number, as the contract rounds (cents, and rates' hundredths of a percent). */
const halfUp = (value: number) => Math.floor(value + 0.5 + 1e-9);

/**
 * The plan of n installments computed apart from the service: the Price table's installment rounded
 * half-up to the cent, the total n of them, and the CET found by bisection (the monthly rate at which
 * the installments' present value is the cash price), each rate a percentage with two decimals.
 */
function plan(n: number) {
  const installment = halfUp((CASH_PRICE_CENTS * MONTHLY_RATE) / (1 - (1 + MONTHLY_RATE) ** -n));
  const presentValue = (rate: number) =>
    Array.from({ length: n }, (_, k) => installment / (1 + rate) ** (k + 1)).reduce((a, b) => a + b, 0);
  let low = 0;
  let high = 1;
  for (let step = 0; step < 200; step++) {
    const middle = (low + high) / 2;
    if (presentValue(middle) > CASH_PRICE_CENTS) low = middle;
    else high = middle;
  }
  const percent = (rate: number) => halfUp(rate * 10_000) / 100;
  const yearly = (rate: number) => (1 + rate) ** 12 - 1;
  return {
    installment: installment / 100,
    total: (installment * n) / 100,
    monthly: percent(MONTHLY_RATE),
    yearly: percent(yearly(MONTHLY_RATE)),
    cetMonthly: percent(low),
    cetYearly: percent(yearly(low)),
  };
}

const brl = (value: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(value).replace(/\s/g, ' ');
const rate = (value: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'percent', minimumFractionDigits: 2 }).format(value / 100);

async function open(page: Page, locale: string): Promise<CardPage> {
  const card = new CardPage(page, '/debit.html');
  await card.open(`?locale=${locale}`);
  return card;
}

const lastResult = (page: Page) =>
  page.evaluate(() => {
    const result = (window as unknown as { demo: { lastResult: Record<string, unknown> } }).demo.lastResult;
    return { ok: result['ok'], funding: result['funding'], installments: result['installments'] };
  });

test('a combo card asks credit or debit; a debit hides the installments and pays once, after 3DS', async ({
  page,
  context,
}) => {
  await watchViolations(context);
  const card = await open(page, 'en');
  const question = card.frame.getByRole('group', { name: 'Credit or debit?' });
  const installments = card.frame.getByLabel('Installments');
  await expect(installments).toBeVisible();
  await card.fill({ number: CREDIT });
  // A credit card asks nothing.
  await expect(card.frame.getByRole('radio')).toHaveCount(0);
  await card.number.fill(COMBO);
  await expect(question).toBeVisible();
  await expect(question.getByRole('radio', { name: 'Credit' })).toBeChecked();
  // The keyboard reaches the choice: the arrow key moves it to debit, as in any radio group.
  await question.getByRole('radio', { name: 'Credit' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(question.getByRole('radio', { name: 'Debit' })).toBeChecked();
  await expect(installments).toBeHidden();
  await expect(card.frame.getByText('Debit pays the whole amount at once.')).toBeVisible();
  await card.pay();
  await expect(card.status).toHaveText(/^Payment authorized: pay_/);
  expect(await lastResult(page)).toEqual({ ok: true, funding: 'debit', installments: undefined });
  const record = await card.record();
  expect(record).toMatchObject({
    status: 'authorized',
    amount: 1000,
    paymentMethods: [{ funding: 'debit', installments: 1, authentication: { status: 'Y' } }],
  });
  expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
});

test('each plan with interest shows its cash price, installment, total, rates and CET, as computed apart; 10x pays', async ({
  page,
}) => {
  const card = await open(page, 'pt-BR');
  const select = card.frame.getByLabel('Parcelas');
  const cost = card.frame.locator('.svc-plan-cost');
  // Interest-free plans say so and show no rates.
  await expect(select.locator('option')).toHaveCount(12);
  await expect(select.locator('option').nth(2)).toHaveText(/^3x de R\$\s333,33 sem juros$/);
  await expect(cost).toBeEmpty();
  for (let n = 4; n <= 12; n++) {
    const figures = plan(n);
    await select.selectOption(String(n));
    // (toHaveText reads Intl's no-break spaces as spaces.)
    await expect(select.locator('option').nth(n - 1)).toHaveText(
      `${String(n)}x de ${brl(figures.installment)} com juros`,
    );
    await expect(cost).toHaveText(
      `Preço à vista ${brl(CASH_PRICE_CENTS / 100)}. ${String(n)}x de ${brl(figures.installment)}, total a prazo ${brl(figures.total)}. ` +
        `Juros de ${rate(figures.monthly)} a.m. (${rate(figures.yearly)} a.a.). ` +
        `Custo efetivo total (CET) de ${rate(figures.cetMonthly)} a.m. (${rate(figures.cetYearly)} a.a.).`,
    );
  }
  // The contract's own example, written out: 10x R$ 111,27, R$ 1.112,70, CET 26,68% a.a.
  expect(plan(10)).toEqual({
    installment: 111.27,
    total: 1112.7,
    monthly: 1.99,
    yearly: 26.68,
    cetMonthly: 1.99,
    cetYearly: 26.68,
  });
  await select.selectOption('10');
  await card.field('Número do cartão').fill(CREDIT);
  await card.field('Validade').fill('12 / 30');
  await card.field('Código de segurança (CVV)').fill('123');
  await card.field('Nome impresso no cartão').fill('Ada Lovelace');
  await card.pay();
  await expect(card.status).toHaveText(/^Pagamento autorizado: pay_/);
  expect(await lastResult(page)).toEqual({ ok: true, funding: 'credit', installments: 10 });
  expect(await card.record()).toMatchObject({
    amount: 1000,
    paymentMethods: [{ installments: 10, installmentAmount: 111.27, totalAmount: 1112.7, funding: 'credit' }],
  });
});

for (const [locale, legend, cost] of [
  ['pt-BR', 'Crédito ou débito?', 'Custo efetivo total (CET)'],
  ['en', 'Credit or debit?', 'Total effective cost (CET)'],
  ['es', '¿Crédito o débito?', 'Costo efectivo total (CET)'],
] as const) {
  test(`the question and the plan's cost fit a phone and a desktop, with no WCAG 2.1 AA violation (${locale})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    const card = await open(page, locale);
    await card.frame.locator('input[autocomplete="cc-number"]').fill(COMBO);
    await expect(card.frame.getByRole('group', { name: legend })).toBeVisible();
    await card.frame.locator('select').selectOption('12');
    await expect(card.frame.locator('.svc-plan-cost')).toContainText(cost);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await card.settled();
      // Nothing wider than the frame, and the frame no wider than the page.
      const frame = page.frames().find((f) => f.url().includes('/frames/'));
      expect(
        await frame?.evaluate(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        ),
      ).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    await expectNoAxeViolations(page);
  });
}
