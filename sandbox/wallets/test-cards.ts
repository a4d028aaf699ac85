// The sandbox wallets' test cards: the cards a tester picks in the stand-in sheets, and what a payment
// with each one does. Every number is a provider-published test number from fixtures/card-numbers.json
// (sandbox/wallets/test-cards.test.ts holds them to it), except the issuer's own decline card. A wallet
// hands the service either the card's number (Google PAN_ONLY) or a device token with a one-time
// cryptogram (Google CRYPTOGRAM_3DS, and every Apple Pay payment); the sandbox's network issues each
// card's device token as another published number of the same brand, and maps it back to the card when
// the issuer decides. Each brand also has its network name in either wallet.

import type { WalletTestCard } from '../records.ts';

export const WALLET_TEST_CARDS: readonly WalletTestCard[] = [
  {
    id: 'visa',
    brand: 'Visa',
    number: '4111111111111111',
    deviceNumber: '4761120000000148',
    googleAuthMethod: 'PAN_ONLY',
    eci: '05',
    outcome: 'approved',
  },
  {
    id: 'elo',
    brand: 'Elo',
    number: '6362970000457013',
    deviceNumber: '5066991111111118',
    googleAuthMethod: 'PAN_ONLY',
    eci: '05',
    outcome: 'approved',
  },
  {
    id: 'mastercard-3ds',
    brand: 'Mastercard',
    number: '5555555555554444',
    deviceNumber: '2222630000001125',
    googleAuthMethod: 'CRYPTOGRAM_3DS',
    eci: '02',
    outcome: 'approved',
  },
  {
    id: 'mastercard-declined',
    brand: 'Mastercard',
    number: '5105105105105100',
    deviceNumber: '5240082975622454',
    googleAuthMethod: 'PAN_ONLY',
    eci: '02',
    outcome: 'do_not_honor',
  },
  {
    // The issuer's own decline card (docs/service-contract.md, Test data); its token is published.
    id: 'visa-insufficient-funds',
    brand: 'Visa',
    number: '4000000000009995',
    deviceNumber: '4539620659922097',
    googleAuthMethod: 'PAN_ONLY',
    eci: '05',
    outcome: 'insufficient_funds',
  },
];

/** Google Pay's CardNetwork and Apple Pay's network names for the sandbox's brands. */
export const GOOGLE_NETWORKS: Readonly<Record<string, string>> = {
  Visa: 'VISA',
  Mastercard: 'MASTERCARD',
  Elo: 'ELO',
  Amex: 'AMEX',
};
export const APPLE_NETWORKS: Readonly<Record<string, string>> = {
  Visa: 'Visa',
  Mastercard: 'MasterCard',
  Elo: 'Elo',
  Amex: 'AmEx',
};

export function walletTestCard(id: string): WalletTestCard | undefined {
  return WALLET_TEST_CARDS.find((card) => card.id === id);
}

/** The card behind a number a wallet token carried: a test card's device token maps to its card. */
export function fundingNumber(number: string): string {
  return WALLET_TEST_CARDS.find((card) => card.deviceNumber === number)?.number ?? number;
}

/** Test cards expire in December three years on, as the provider's 3DS test cards do (spec section 8). */
export function testCardExpiry(now: number): { expirationMonth: number; expirationYear: number } {
  return { expirationMonth: 12, expirationYear: new Date(now).getUTCFullYear() + 3 };
}
