// Sandbox controls that play the wallets' sheets: a test (or a stand-in sheet's server side) picks a test
// card and gets the token exactly as the wallet hands it to the page. Guarded as every /__sandbox/*
// control on the token host (http/controls.ts): test code on a server, never a page.

import { z } from 'zod';
import { detectBrand } from '../card-brands.ts';
import { checkCardNumber } from '../card-rules.ts';
import { ServiceError } from '../errors.ts';
import type { RouteHandlers, SandboxContext } from '../http/context.ts';
import { BODY_LIMITS, readBody } from '../http/request.ts';
import { strict } from '../schemas.ts';
import { walletTokenRefusal } from '../payments/init.ts';
import { CURRENCY_NUMERIC } from './apple-pay.ts';
import { WalletTokenError } from './common.ts';
import { APPLE_NETWORKS, GOOGLE_NETWORKS, WALLET_TEST_CARDS, walletTestCard } from './test-cards.ts';
import type { OpenedWalletToken, WalletCard, WalletTestCard } from '../records.ts';

const cardChoice = {
  /** A wallet test card by id (wallets/test-cards.ts). */
  testCard: z.string().max(64).optional(),
  /** Or a card of the test's own: a number of a supported brand, any expiry (an expired one included). */
  card: strict({
    number: z.string().regex(/^\d{12,19}$/),
    expirationMonth: z.int().min(1).max(12),
    expirationYear: z.int().min(2000).max(2099),
  }).optional(),
};

const googlePayTokenSchema = strict({
  ...cardChoice,
  gatewayMerchantId: z.string().min(1).max(128),
  authMethod: z.enum(['PAN_ONLY', 'CRYPTOGRAM_3DS']).optional(),
  messageExpiration: z.int().nonnegative().optional(),
  recipientId: z.string().min(1).max(256).optional(),
});

const applePayTokenSchema = strict({
  ...cardChoice,
  account: z.string().min(1).max(64),
  merchantIdentifier: z.string().min(1).max(128),
  amount: z.number().nonnegative().max(1e9),
  currency: z.enum(Object.keys(CURRENCY_NUMERIC) as [string, ...string[]]).optional(),
  applicationData: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'applicationData is the hex SHA-256 of the request’s applicationData')
    .optional(),
  signingTime: z.int().nonnegative().optional(),
});

const openSchema = strict({
  walletProvider: z.enum(['WalletAPay', 'WalletBPay']),
  token: z.string().min(1).max(16_384),
  account: z.string().min(1).max(64),
  amount: z.number().nonnegative().max(1e9).optional(),
  currency: z.enum(Object.keys(CURRENCY_NUMERIC) as [string, ...string[]]).optional(),
});

function chosenCard(body: {
  testCard?: string | undefined;
  card?: WalletCard | undefined;
}): WalletTestCard | WalletCard {
  if ((body.testCard === undefined) === (body.card === undefined)) {
    throw new ServiceError('invalid_request', {
      field: 'testCard',
      message: 'testCard: give a wallet test card by id, or a card, and not both',
    });
  }
  if (body.card !== undefined) {
    checkCardNumber(body.card.number, 'card.number');
    return body.card;
  }
  const card = walletTestCard(body.testCard ?? '');
  if (card === undefined) {
    throw new ServiceError('invalid_request', {
      field: 'testCard',
      message: `testCard: one of ${WALLET_TEST_CARDS.map((c) => c.id).join(', ')}`,
    });
  }
  return card;
}

const brandOf = (card: WalletTestCard | WalletCard): string =>
  'brand' in card ? card.brand : (detectBrand(card.number)?.name ?? 'Card');

export function walletControlHandlers(ctx: SandboxContext) {
  return {
    // What Google Pay's loadPaymentData resolves with: PaymentData, the token in tokenizationData.
    googlePayToken: [
      async (c) => {
        const body = await readBody(c, googlePayTokenSchema, BODY_LIMITS.token);
        const card = chosenCard(body);
        const token = ctx.wallets.sealGooglePay({
          card,
          gatewayMerchantId: body.gatewayMerchantId,
          ...(body.authMethod === undefined ? {} : { authMethod: body.authMethod }),
          ...(body.messageExpiration === undefined ? {} : { messageExpiration: body.messageExpiration }),
          ...(body.recipientId === undefined ? {} : { recipientId: body.recipientId }),
        });
        const brand = brandOf(card);
        const last4 = card.number.slice(-4);
        return c.json({
          token,
          paymentData: {
            apiVersion: 2,
            apiVersionMinor: 0,
            paymentMethodData: {
              type: 'CARD',
              description: `${brand} •••• ${last4}`,
              info: { cardNetwork: GOOGLE_NETWORKS[brand] ?? brand.toUpperCase(), cardDetails: last4 },
              tokenizationData: { type: 'PAYMENT_GATEWAY', token },
            },
          },
        });
      },
    ],
    // What the service reads in a token, for tests that must know what a page must never see (the
    // number, the device token, the cryptogram). It opens as Payment/Init does, a token that already paid
    // too, spends nothing, and refuses what else Payment/Init would refuse, with its 422.
    open: [
      async (c) => {
        const body = await readBody(c, openSchema, BODY_LIMITS.token);
        let opened: OpenedWalletToken;
        try {
          opened = ctx.wallets.open(body.walletProvider, body.token, {
            account: body.account,
            amount: body.amount,
            currency: body.currency,
            // A test asks once the page paid, too.
            evenIfPaid: true,
          });
        } catch (error) {
          if (error instanceof WalletTokenError) throw walletTokenRefusal(error, 'token');
          throw error;
        }
        const { number, authMethod, eci, cryptogram, expirationMonth, expirationYear } = opened;
        return c.json({ number, expirationMonth, expirationYear, authMethod, eci, cryptogram });
      },
    ],
    // What Apple Pay's onpaymentauthorized event carries as `payment.token`; Payment/Init takes its
    // paymentData serialized, the `token` string here.
    applePayToken: [
      async (c) => {
        const body = await readBody(c, applePayTokenSchema, BODY_LIMITS.token);
        if (ctx.accounts.get(body.account) === undefined)
          throw new ServiceError('unknown_account', { field: 'account' });
        const card = chosenCard(body);
        const paymentData = ctx.wallets.sealApplePay({
          card,
          account: body.account,
          merchantIdentifier: body.merchantIdentifier,
          amount: body.amount,
          currency: body.currency ?? 'BRL',
          ...(body.applicationData === undefined ? {} : { applicationData: body.applicationData }),
          ...(body.signingTime === undefined ? {} : { signingTime: body.signingTime }),
        });
        const brand = brandOf(card);
        return c.json({
          token: JSON.stringify(paymentData),
          payment: {
            token: {
              paymentData,
              paymentMethod: {
                displayName: `${brand} ${card.number.slice(-4)}`,
                network: APPLE_NETWORKS[brand] ?? brand,
                type: 'credit',
              },
              transactionIdentifier: paymentData.header.transactionId.toUpperCase(),
            },
          },
        });
      },
    ],
  } satisfies Record<string, RouteHandlers>;
}
