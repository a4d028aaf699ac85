// Parcelas and CPF/CNPJ as a Brazilian shopper meets them on the demo's card page: the shop's plans in
// the frame, the choice and the tax id back in the result, and both in Payment/Init.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './models/axe.ts';
import { CardPage } from './models/card-page.ts';

test('pays in 3x sem juros with a CPF, which reach Payment/Init and never the token host', async ({
  page,
}) => {
  const card = new CardPage(page);
  await card.open('?locale=pt-BR&document');
  const installments = card.field('Parcelas');
  await expect(installments.locator('option')).toHaveText([
    '1x de R$ 120,00 sem juros',
    '2x de R$ 60,00 sem juros',
    '3x de R$ 40,00 sem juros',
  ]);
  await installments.selectOption('3');
  await card.field('Número do cartão').fill('4111111111111111');
  await card.field('Validade').fill('12 / 30');
  await card.field(/Código de segurança/).fill('123');
  await card.field('Nome impresso no cartão').fill('Ana Souza');
  const cpf = card.field('CPF ou CNPJ');
  await cpf.pressSequentially('52998224724');
  await expect(cpf).toHaveValue('529.982.247-24');
  await card.pay();
  await expect(card.frame.getByText('O CPF ou CNPJ é inválido.')).toBeVisible();
  expect(card.tokenCalls('Generate')).toHaveLength(0);
  await cpf.fill('529.982.247-25');
  await card.pay();
  await expect(card.status).toHaveText(/^Pagamento autorizado: pay_/);
  expect(await card.record()).toMatchObject({
    customer: { document: '52998224725', documentType: 'CPF' },
    paymentMethods: [{ installments: 3 }],
  });
  const generate = card.tokenCalls('Generate')[0]?.postData() ?? '';
  expect(generate).not.toContain('52998224725');
  expect(
    await page.evaluate(() => (window as unknown as { demo: { lastResult: unknown } }).demo.lastResult),
  ).toMatchObject({
    installments: 3,
    document: '52998224725',
    documentType: 'CPF',
  });
});

test('takes a company’s alphanumeric CNPJ, and the form with both stays accessible', async ({ page }) => {
  const card = new CardPage(page);
  await card.open('?locale=pt-BR&document');
  const cnpj = card.field('CPF ou CNPJ');
  await cnpj.pressSequentially('12abc34501de35');
  await expect(cnpj).toHaveValue('12.ABC.345/01DE-35');
  await expectNoAxeViolations(page);
});
