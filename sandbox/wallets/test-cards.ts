// The sandbox wallets' test cards: the cards a tester picks in the stand-in sheets, and what a payment
// with each one does. Every number is a provider-published test number from fixtures/card-numbers.json
// (sandbox/wallets/test-cards.test.ts holds them to it), except the issuer's own decline card. A wallet
// hands the service either the card's number (Google PAN_ONLY) or a device token with a one-time
// cryptogram (Google CRYPTOGRAM_3DS, and every Apple Pay payment); the sandbox's network issues each
// card's device token as another published number of the same brand, and maps it back to the card when
// the issuer decides.

import type { DeclineReason } from '../issuer.ts';

export type GoogleAuthMethod = 'PAN_ONLY' | 'CRYPTOGRAM_3DS';

export interface WalletTestCard {
  /** What a test names the card by (the sandbox endpoints' `testCard`). */
  id: string;
  brand: 'Visa' | 'Mastercard' | 'Elo';
  /** The card in the wallet (FPAN): what the sheet shows the last four of, and what the issuer knows. */
  number: string;
  /** The device token (DPAN) the network issued for the card: what a cryptogram payment carries. */
  deviceNumber: string;
  /** What Google Pay answers with for this card: its number, or the device token and a cryptogram. */
  googleAuthMethod: GoogleAuthMethod;
  /** The ECI a cryptogram payment carries (the network's value for an authenticated token payment). */
  eci: string;
  /** How the issuer answers a payment: approved, or the reason of its decline. */
  outcome: 'approved' | DeclineReason;
}

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
