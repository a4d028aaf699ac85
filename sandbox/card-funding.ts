// How a card pays: credit, debit, or both (a combo card, "crédito e débito", the Brazilian "múltiplo"),
// as the issuers' BIN table says. The one place the sandbox knows a card's funding and what Token/Generate
// tells the page of it; docs/service-contract.md (Debit and combo cards) lists the same test cards.

import type { Account } from './accounts.ts';
import type { CardFunding, PaymentFunding } from './records.ts';

export interface FundingTestCard {
  number: string;
  brand: string;
  funding: Exclude<CardFunding, 'credit'>;
  /** Where the number is published, or `sandbox` for a BIN of the sandbox's own. */
  source: string;
}

/**
 * Test cards that are not credit-only. Debit: provider-published debit test numbers (Stripe's "Visa
 * (debit)" and "Mastercard (debit)", docs.stripe.com/testing#cards). Combo: no provider publishes a
 * combo test number, so the sandbox has BINs of its own, `NNN017` in each network's range (400017 Visa,
 * 520017 Mastercard, 509017 Elo): numbers no issuer's test card uses.
 */
export const FUNDING_TEST_CARDS: readonly FundingTestCard[] = [
  { number: '4000056655665556', brand: 'Visa', funding: 'debit', source: 'Stripe' },
  { number: '5200828282828210', brand: 'Mastercard', funding: 'debit', source: 'Stripe' },
  { number: '4000170000000003', brand: 'Visa', funding: 'combo', source: 'sandbox' },
  { number: '5200170000000008', brand: 'Mastercard', funding: 'combo', source: 'sandbox' },
  { number: '5090170000000001', brand: 'Elo', funding: 'combo', source: 'sandbox' },
];

/** The BIN table: six-digit BIN → funding. A BIN it lacks is a credit card, as every other test card is. */
const BIN_FUNDING: ReadonlyMap<string, CardFunding> = new Map(
  FUNDING_TEST_CARDS.map((card) => [card.number.slice(0, 6), card.funding]),
);

/** The funding of a card number or BIN (at least its first six digits). */
export function cardFunding(digits: string): CardFunding {
  return BIN_FUNDING.get(digits.slice(0, 6)) ?? 'credit';
}

/** What a shopper may choose to pay a card by: what Token/Generate answers as `card.funding`. */
export function fundingOptions(funding: CardFunding): PaymentFunding[] {
  return funding === 'combo' ? ['credit', 'debit'] : [funding];
}

/**
 * Whether 3DS runs for a card on an account (ThreeDS/Setup, Token/Generate, Token/Bind): where the account
 * runs it, and for a card that can pay by debit on every account, since online debit needs a successful
 * authentication wherever it is paid (payments/authentications.ts).
 */
export function runsThreeDs(account: Pick<Account, 'threeDS'>, funding: CardFunding): boolean {
  return account.threeDS || funding !== 'credit';
}
