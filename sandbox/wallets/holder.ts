// Whose wallet the sandbox's is: the card holder both stand-in sheets answer for, with the contact
// details a payment request may ask for, in each wallet's shape (Google Pay's `Address`, Apple Pay's
// `ApplePayPaymentContact`). Fixed values, and not the demo shop's customer (Ada Lovelace): a test can
// tell the name the wallet gave from the one the shop already holds.

import type { ContactField } from './provider/apple-pay/browser/request.ts';

export const WALLET_HOLDER = {
  givenName: 'Grace',
  familyName: 'Hopper',
  email: 'grace.hopper@example.test',
  phoneNumber: '+55 11 3003-0000',
  street: 'Avenida Paulista, 1578',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  postalCode: '01310-200',
  country: 'Brazil',
  countryCode: 'BR',
} as const;

/** The holder's name as a wallet writes it in one field (Google's `Address.name`). */
export const WALLET_HOLDER_NAME = `${WALLET_HOLDER.givenName} ${WALLET_HOLDER.familyName}`;

/** `ApplePayPaymentContact`, as far as the sandbox's holder fills it. */
export interface ApplePayContact {
  givenName?: string;
  familyName?: string;
  addressLines?: string[];
  subLocality?: string;
  locality?: string;
  administrativeArea?: string;
  postalCode?: string;
  country?: string;
  countryCode?: string;
}

/**
 * `payment.billingContact` for `requiredBillingContactFields`, or undefined when none was asked for.
 * Apple: `name` gives the names; `postalAddress` gives "the postal address as well as the user's
 * name". A billing contact carries neither e-mail nor phone (those come with the shipping contact), and
 * this holder has no phonetic name, so `email`, `phone` and `phoneticName` add nothing.
 */
export function appleBillingContact(
  fields: readonly ContactField[] | undefined,
): ApplePayContact | undefined {
  if (fields === undefined || fields.length === 0) return undefined;
  const h = WALLET_HOLDER;
  const address = fields.includes('postalAddress');
  return {
    ...(address || fields.includes('name') ? { givenName: h.givenName, familyName: h.familyName } : {}),
    ...(address
      ? {
          addressLines: [h.street],
          subLocality: h.neighborhood,
          locality: h.city,
          administrativeArea: h.state,
          postalCode: h.postalCode,
          country: h.country,
          countryCode: h.countryCode,
        }
      : {}),
  };
}
