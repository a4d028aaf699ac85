// What the card form says a plan with interest costs, from Payment/InstallmentPlans' answer given as
// the `installments` option: the figures of the contract's example (R$ 1.000,00, 3 interest-free, then
// 1,99% a.m.), worded in each locale.
import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en.ts';
import { format } from '../i18n/messages.ts';
import { ptBR } from '../i18n/pt-br.ts';
import type { OrderInstallmentPlans } from '../types.ts';
import { installmentCosts } from './installment-cost.ts';
import { installmentLabels, installmentsConfig, installmentsProblem } from './installments.ts';

const zero = { monthlyRate: 0, yearlyRate: 0, cetMonthly: 0, cetYearly: 0 };
const answer: OrderInstallmentPlans = {
  amount: 1000,
  currency: 'BRL',
  funding: 'credit',
  plans: [
    {
      installments: 1,
      installmentAmount: 1000,
      firstInstallmentAmount: 1000,
      totalAmount: 1000,
      interestFree: true,
      ...zero,
    },
    {
      installments: 3,
      installmentAmount: 333.33,
      firstInstallmentAmount: 333.34,
      totalAmount: 1000,
      interestFree: true,
      ...zero,
    },
    {
      installments: 10,
      installmentAmount: 111.27,
      firstInstallmentAmount: 111.27,
      totalAmount: 1112.7,
      interestFree: false,
      monthlyRate: 1.99,
      yearlyRate: 26.68,
      cetMonthly: 1.99,
      cetYearly: 26.68,
    },
  ],
};

/** Intl puts a no-break space between the currency and the amount, and before % in some locales. */
const plain = (text: string | undefined) => text?.replace(/[\u00a0\u202f]/g, ' ');

describe('the cost of a plan with interest', () => {
  it.each([
    [
      'pt-BR',
      'Preço à vista R$ 1.000,00. 10x de R$ 111,27, total a prazo R$ 1.112,70. Juros de 1,99% a.m. (26,68% a.a.). Custo efetivo total (CET) de 1,99% a.m. (26,68% a.a.).',
    ],
    [
      'en',
      'Cash price R$1,000.00. 10 installments of R$111.27, total R$1,112.70. Interest 1.99% a month (26.68% a year). Total effective cost (CET) 1.99% a month (26.68% a year).',
    ],
    [
      'es',
      'Precio al contado 1000,00 BRL. 10 cuotas de 111,27 BRL, total 1112,70 BRL. Interés 1,99 % mensual (26,68 % anual). Costo efectivo total (CET) 1,99 % mensual (26,68 % anual).',
    ],
  ])('says in %s the cash price, the installments, the total, the rates and the CET', (locale, sentence) => {
    const costs = installmentCosts(installmentsConfig(answer), locale, {}, format);
    expect([...costs.keys()]).toEqual([10]);
    expect(plain(costs.get(10))).toBe(sentence);
  });

  it('says nothing for an interest-free plan, nor for plans the merchant worded itself', () => {
    expect(installmentCosts(installmentsConfig(answer), 'pt-BR', {}, format).has(3)).toBe(false);
    const own = installmentsConfig({ plans: [{ count: 10, amount: 111.27, interestFree: false }] });
    expect(installmentCosts(own, 'pt-BR', {}, format).size).toBe(0);
  });

  it('takes the merchant’s wording', () => {
    const costs = installmentCosts(
      installmentsConfig(answer),
      'en',
      { installmentsCost: '{count}× {amount}: {total}, CET {cetYearly} a year' },
      format,
    );
    expect(plain(costs.get(10))).toBe('10× R$111.27: R$1,112.70, CET 26.68% a year');
  });

  it('words the service’s plans as the merchant’s: sem juros, com juros', () => {
    const labels = installmentLabels(installmentsConfig(answer), 'pt-BR', ptBR, format).map((plan) =>
      plain(plan.label),
    );
    expect(labels).toEqual([
      '1x de R$ 1.000,00 sem juros',
      '3x de R$ 333,33 sem juros',
      '10x de R$ 111,27 com juros',
    ]);
    expect(installmentLabels(installmentsConfig(answer), 'en', en, format)[2]?.count).toBe(10);
  });
});

describe('Payment/InstallmentPlans’ answer as the installments option', () => {
  it('is taken as the service sent it', () => {
    expect(installmentsProblem(answer)).toBeUndefined();
    expect(installmentsProblem(JSON.parse(JSON.stringify(answer)))).toBeUndefined();
  });

  const plan = answer.plans[2];
  it.each([
    ['no cash price', { ...answer, amount: 0 }],
    ['a currency in lower case', { ...answer, currency: 'brl' }],
    ['no plans', { ...answer, plans: [] }],
    ['a plan twice', { ...answer, plans: [plan, plan] }],
    ['49 installments', { ...answer, plans: [{ ...plan, installments: 49 }] }],
    ['0 installments', { ...answer, plans: [{ ...plan, installments: 0 }] }],
    ['a rate left out', { ...answer, plans: [{ ...plan, cetYearly: undefined }] }],
    ['a rate as text', { ...answer, plans: [{ ...plan, monthlyRate: '1.99' }] }],
    ['a plan that is null', { ...answer, plans: [null] }],
  ])('is refused with %s, saying what it must be', (_, wrong) => {
    expect(installmentsProblem(wrong)).toMatch(/^installments must be Payment\/InstallmentPlans' answer/);
  });
});
