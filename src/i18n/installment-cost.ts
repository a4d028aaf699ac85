// What a Brazilian shop must show when it finances (the cash price, the installments, the total, the
// monthly and yearly interest and the CET), worded for the card frame's extras chunk, which alone shows
// it (brazil/installment-cost.ts). The page sends the merchant's `messages` in the frame's
// configuration, so an `installmentsCost` key overrides these there.

import type { Locale } from './locale.ts';

export const installmentCostMessages = {
  en: {
    installmentsCost:
      'Cash price {cashPrice}. {count} installments of {amount}, total {total}. Interest {monthlyRate} a month ({yearlyRate} a year). Total effective cost (CET) {cetMonthly} a month ({cetYearly} a year).',
  },
  'pt-BR': {
    installmentsCost:
      'Preço à vista {cashPrice}. {count}x de {amount}, total a prazo {total}. Juros de {monthlyRate} a.m. ({yearlyRate} a.a.). Custo efetivo total (CET) de {cetMonthly} a.m. ({cetYearly} a.a.).',
  },
  es: {
    installmentsCost:
      'Precio al contado {cashPrice}. {count} cuotas de {amount}, total {total}. Interés {monthlyRate} mensual ({yearlyRate} anual). Costo efectivo total (CET) {cetMonthly} mensual ({cetYearly} anual).',
  },
} satisfies Record<Locale, Record<string, string>>;

export type InstallmentCostMessages = (typeof installmentCostMessages)['en'];
