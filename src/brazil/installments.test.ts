import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en.ts';
import { es } from '../i18n/es.ts';
import { format } from '../i18n/messages.ts';
import { ptBR } from '../i18n/pt-br.ts';
import { installmentLabels, installmentsConfig } from './installments.ts';

const options = {
  plans: [
    1,
    { count: 3, amount: 33.34, interestFree: true },
    { count: 12, amount: 9.5, interestFree: false },
  ],
};

describe('installment labels', () => {
  it.each([
    ['pt-BR', ptBR, ['1x', '3x de R$ 33,34 sem juros', '12x de R$ 9,50 com juros']],
    ['en', en, ['1x', '3x of R$33.34 interest-free', '12x of R$9.50 with interest']],
    // Spanish names the real by its code, as Intl does for es.
    ['es', es, ['1x', '3x de 33,34 BRL sin interés', '12x de 9,50 BRL con interés']],
  ])('words each plan in %s, in reais by default', (locale, strings, labels) => {
    const words = installmentLabels(installmentsConfig(options), locale, strings, format);
    // Intl puts a no-break space between the currency and the amount.
    expect(words.map((w) => ({ ...w, label: w.label.replace(/\u00a0/g, ' ') }))).toEqual(
      labels.map((label, i) => ({ count: [1, 3, 12][i], label })),
    );
  });

  it('uses the currency the merchant names', () => {
    const [plan] = installmentLabels(
      installmentsConfig({ plans: [{ count: 2, amount: 10 }], currency: 'USD' }),
      'en',
      en,
      format,
    );
    expect(plan?.label).toBe('2x of $10.00');
  });

  it('hands the frame every plan as an object, with the currency set', () => {
    expect(installmentsConfig({ plans: [1, { count: 2 }] })).toEqual({
      plans: [{ count: 1 }, { count: 2 }],
      currency: 'BRL',
    });
  });
});
