// What the stand-in sheet hands the page for a wallet test card: Google Pay's PaymentData, with the token
// sealed in-process by the sandbox's wallets (ctx.wallets), exactly as the control endpoint seals it, and
// the extras a request may ask for (assurance details, a billing or shipping address, an e-mail), all
// of them fixed sandbox values.

import { WALLET_HOLDER, WALLET_HOLDER_NAME } from '../../holder.ts';
import { GOOGLE_NETWORKS, WALLET_TEST_CARDS } from '../../test-cards.ts';
import type { WalletTestCard } from '../../../records.ts';
import type { Address, PaymentData, SheetCard, SheetRequest } from './protocol.ts';
import type { BillingAddressFormat, CardNetwork } from './request-checks.ts';

export const sheetCard = (card: WalletTestCard): SheetCard => ({
  id: card.id,
  brand: card.brand,
  network: (GOOGLE_NETWORKS[card.brand] ?? card.brand.toUpperCase()) as CardNetwork,
  last4: card.number.slice(-4),
  authMethod: card.googleAuthMethod,
  outcome: card.outcome,
});

/** The sandbox wallet's cards, as the sheet lists them. */
export const SHEET_CARDS: readonly SheetCard[] = WALLET_TEST_CARDS.map(sheetCard);

/** The wallet holder's address (holder.ts) as Google's `Address`: the same every time. */
export const SANDBOX_ADDRESS = {
  name: WALLET_HOLDER_NAME,
  address1: WALLET_HOLDER.street,
  address2: WALLET_HOLDER.neighborhood,
  address3: '',
  locality: WALLET_HOLDER.city,
  administrativeArea: WALLET_HOLDER.state,
  countryCode: WALLET_HOLDER.countryCode,
  postalCode: WALLET_HOLDER.postalCode,
  sortingCode: '',
  phoneNumber: WALLET_HOLDER.phoneNumber,
} as const;
export const SANDBOX_EMAIL = WALLET_HOLDER.email;

/** An address in a format Google knows: MIN has the name, country and postal code only. */
function address(format: BillingAddressFormat, withPhone: boolean): Address {
  const { name, countryCode, postalCode, phoneNumber, ...rest } = SANDBOX_ADDRESS;
  const base: Address =
    format === 'MIN'
      ? { name, countryCode, postalCode }
      : {
          name,
          countryCode,
          postalCode,
          ...rest,
          // FULL-ISO3166 gives the subdivision as ISO 3166-2.
          administrativeArea: format === 'FULL-ISO3166' ? 'BR-SP' : 'SP',
        };
  return withPhone ? { ...base, phoneNumber } : base;
}

type PaymentDataRequestPart = Pick<
  SheetRequest,
  | 'assuranceDetailsRequired'
  | 'billingAddressRequired'
  | 'billingAddressFormat'
  | 'phoneNumberRequired'
  | 'emailRequired'
  | 'shippingAddressRequired'
>;

export function paymentDataFor(
  card: WalletTestCard,
  token: string,
  request: PaymentDataRequestPart,
): PaymentData {
  const { brand, network, last4, authMethod } = sheetCard(card);
  return {
    apiVersion: 2,
    apiVersionMinor: 0,
    paymentMethodData: {
      type: 'CARD',
      description: `${brand} •••• ${last4}`,
      info: {
        cardNetwork: network,
        cardDetails: last4,
        // The sandbox wallet's test cards are all credit cards.
        cardFundingSource: 'CREDIT',
        ...(request.assuranceDetailsRequired
          ? {
              assuranceDetails: {
                accountVerified: true,
                // A device token's cryptogram is the cardholder's authentication on the device.
                cardHolderAuthenticated: authMethod === 'CRYPTOGRAM_3DS',
              },
            }
          : {}),
        ...(request.billingAddressRequired
          ? { billingAddress: address(request.billingAddressFormat, request.phoneNumberRequired) }
          : {}),
      },
      tokenizationData: { type: 'PAYMENT_GATEWAY', token },
    },
    ...(request.emailRequired ? { email: SANDBOX_EMAIL } : {}),
    ...(request.shippingAddressRequired ? { shippingAddress: address('FULL', false) } : {}),
  };
}
