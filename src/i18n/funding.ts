// The combo card's question, "Crédito ou débito?", worded for the card frame's funding chunk, which
// alone shows it (frames/fields/card-funding.ts). The page sends the merchant's `messages` in the
// frame's configuration, so a `funding` key overrides these there.

import type { Locale } from './locale.ts';

export const fundingMessages = {
  en: {
    fundingLegend: 'Credit or debit?',
    fundingCredit: 'Credit',
    fundingDebit: 'Debit',
    fundingDebitNote: 'Debit pays the whole amount at once.',
  },
  'pt-BR': {
    fundingLegend: 'Crédito ou débito?',
    fundingCredit: 'Crédito',
    fundingDebit: 'Débito',
    fundingDebitNote: 'No débito, o pagamento é à vista.',
  },
  es: {
    fundingLegend: '¿Crédito o débito?',
    fundingCredit: 'Crédito',
    fundingDebit: 'Débito',
    fundingDebitNote: 'Con débito, el pago es al contado.',
  },
} satisfies Record<Locale, Record<string, string>>;

export type FundingMessages = (typeof fundingMessages)['en'];
