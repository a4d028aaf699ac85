// What the wallet token tests share.

import { WalletTokenError, type WalletTokenRefusal } from './common.ts';

/** The reason `open` refuses a token for, or undefined when it opens; any other error is thrown on. */
export function refusal(open: () => unknown): WalletTokenRefusal | undefined {
  try {
    open();
  } catch (error) {
    if (error instanceof WalletTokenError) return error.reason;
    throw error;
  }
  return undefined;
}

/**
 * The merchant backend's Payment/Init body for a wallet token, as spec 4.7 writes it (Token,
 * TokenProvider...): R$ 150 in one card method billed to Ada Lovelace. `installments` is sent only when
 * given, `cardInfo` adds to the method's, `methods` follow it; an undefined token is left out (and so
 * refused).
 */
export function walletPaymentBody(
  partnerUniqueId: string,
  provider: 'WalletAPay' | 'WalletBPay',
  token: string | undefined,
  options: {
    installments?: number;
    cardInfo?: Record<string, unknown> | undefined;
    methods?: Record<string, unknown>[] | undefined;
  } = {},
) {
  return {
    partnerUniqueId,
    paymentData: {
      amount: 150,
      currency: 'BRL',
      paymentMethods: [
        {
          paymentMethodType: '1',
          amount: 150,
          ...(options.installments === undefined ? {} : { installments: options.installments }),
          cardInfo: {
            Token: token,
            TokenProvider: provider,
            savecard: false,
            billingInfo: { name: 'Ada Lovelace', taxedamount: 0, billedamount: 150 },
            ...options.cardInfo,
          },
        },
        ...(options.methods ?? []),
      ],
    },
  };
}
