// What a wallet's sheet tells the shopper when the payment did not go through (flows/google-pay.ts):
// with the wallets' flows (flows/wallet-slot.ts hands it on), so the essentials build does not carry them.
// The `messages` option overrides them by key (messages.ts: a `wallet` key passes by its prefix).

import type { Locale } from './locale.ts';

export const walletMessages = {
  'pt-BR': {
    walletDeclined: 'O pagamento não foi aprovado. Tente outro cartão.',
    walletNotConfirmed:
      'Não foi possível confirmar o pagamento. Confira seus pedidos antes de tentar de novo.',
  },
  en: {
    walletDeclined: 'The payment was not approved. Try another card.',
    walletNotConfirmed: 'We could not confirm the payment. Check your orders before trying again.',
  },
  es: {
    walletDeclined: 'El pago no fue aprobado. Prueba otra tarjeta.',
    walletNotConfirmed: 'No pudimos confirmar el pago. Revisa tus pedidos antes de intentarlo de nuevo.',
  },
} satisfies Record<Locale, Record<string, string>>;

export type WalletMessages = (typeof walletMessages)['en'];
