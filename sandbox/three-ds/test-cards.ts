// The sandbox 3DS provider's test cards: the spec's eight scenarios (section 8) for the three card types it
// names, with the enrollment answer each one gives. Numbers are the provider's published 3-D Secure 2.2.0
// test cards (Cybersource Payer Authentication test cases 2.1–2.11, "placeholder digits replaced with
// zero"), so a merchant's test plan written against the provider works here unchanged.

import { detectBrand } from '../card-brands.ts';

export const SCENARIOS = [
  'frictionless_success',
  'frictionless_failure',
  'attempted',
  'unavailable',
  'rejected',
  'system_error',
  'challenge_success',
  'challenge_failure',
] as const;

export type Scenario = (typeof SCENARIOS)[number];

/** The provider's card types the spec's test table names (001 Visa, 002 Mastercard, 054 Elo). */
export const TEST_CARD_TYPES = ['001', '002', '054'] as const;
export type TestCardType = (typeof TEST_CARD_TYPES)[number];

export type ReasonCode = 100 | 475 | 476;
export type Veres = 'Y' | 'N' | 'U';
export type Pares = 'Y' | 'A' | 'U' | 'N' | 'R' | 'C';

export const TEST_CARDS: Readonly<Record<TestCardType, Readonly<Record<Scenario, string>>>> = {
  // Visa: test cases 2.1, 2.2, 2.3, 2.4, 2.5, 2.7, 2.10a, 2.11.
  '001': {
    frictionless_success: '4000000000002701',
    frictionless_failure: '4000000000002925',
    attempted: '4000000000002719',
    unavailable: '4000000000002313',
    rejected: '4000000000002537',
    system_error: '4000000000002446',
    challenge_success: '4000000000002503',
    challenge_failure: '4000000000002370',
  },
  '002': {
    frictionless_success: '5200000000002235',
    frictionless_failure: '5200000000002276',
    attempted: '5200000000002482',
    unavailable: '5200000000002268',
    rejected: '5200000000002185',
    system_error: '5200000000002037',
    challenge_success: '5200000000002151',
    challenge_failure: '5200000000002490',
  },
  // Elo's provider BIN 650529 lies in Elo's 650485–650538 range, so brand detection agrees.
  '054': {
    frictionless_success: '6505290000002000',
    frictionless_failure: '6505290000002018',
    attempted: '6505290000002026',
    unavailable: '6505290000002034',
    rejected: '6505290000002083',
    system_error: '6505290000002109',
    challenge_success: '6505290000002190',
    challenge_failure: '6505290000002208',
  },
};

const SCENARIO_BY_NUMBER: ReadonlyMap<string, Scenario> = new Map(
  Object.values(TEST_CARDS).flatMap((cards) =>
    Object.entries(cards).map(([scenario, number]) => [number, scenario as Scenario]),
  ),
);

/** What ECI column of the spec's table an outcome falls in. */
export type EciOutcome = 'successful' | 'attempted' | 'failed';

export interface EnrollmentAnswer {
  reasonCode: ReasonCode;
  veres: Veres;
  /** Absent when enrollment could not be checked (VERes U): the provider returns no PARes then. */
  pares: Pares | undefined;
  /** Absent while a challenge is pending: the ECI comes with the validation. */
  eci: EciOutcome | undefined;
}

/**
 * The spec's section 8 table. Its blank ECI cells (unavailable, rejected, system error) are filled with
 * what the provider's test cases give for them: the "failed" ECI, 07 (00 for Mastercard).
 */
export const ENROLLMENT: Readonly<Record<Scenario, EnrollmentAnswer>> = {
  frictionless_success: { reasonCode: 100, veres: 'Y', pares: 'Y', eci: 'successful' },
  frictionless_failure: { reasonCode: 476, veres: 'Y', pares: 'N', eci: 'failed' },
  attempted: { reasonCode: 100, veres: 'Y', pares: 'A', eci: 'attempted' },
  unavailable: { reasonCode: 100, veres: 'Y', pares: 'U', eci: 'failed' },
  rejected: { reasonCode: 476, veres: 'Y', pares: 'R', eci: 'failed' },
  system_error: { reasonCode: 100, veres: 'U', pares: undefined, eci: 'failed' },
  challenge_success: { reasonCode: 475, veres: 'Y', pares: 'C', eci: undefined },
  challenge_failure: { reasonCode: 475, veres: 'Y', pares: 'C', eci: undefined },
};

/** ECI raw values: 05/06/07 for most networks, 02/01/00 for Mastercard (spec section 3). */
export function eciValue(cardType: string | undefined, outcome: EciOutcome): string {
  const mastercard = cardType === '002';
  switch (outcome) {
    case 'successful':
      return mastercard ? '02' : '05';
    case 'attempted':
      return mastercard ? '01' : '06';
    case 'failed':
      return mastercard ? '00' : '07';
  }
}

/**
 * The ECI string value (Cybersource `ecommerceIndicator`): vbv / spa / cs on success, the success string
 * with `_attempted` on stand-in (spa stays spa for Mastercard), `internet` otherwise.
 */
export function ecommerceIndicator(cardType: string | undefined, outcome: EciOutcome): string {
  const success = cardType === '002' ? 'spa' : cardType === '054' ? 'cs' : cardType === '001' ? 'vbv' : '';
  if (outcome === 'failed' || success === '') return 'internet';
  if (outcome === 'attempted' && cardType !== '002') return `${success}_attempted`;
  return success;
}

/** The only expiry 3DS test cards authenticate with: January of the current year + 3 (UTC). */
export function testCardExpiry(now: Date): { month: number; year: number } {
  return { month: 1, year: now.getUTCFullYear() + 3 };
}

/** The scenario a card number scripts, ignoring expiry; undefined for cards that are not 3DS test cards. */
export function testCardScenario(cardNumber: string): Scenario | undefined {
  return SCENARIO_BY_NUMBER.get(cardNumber);
}

/**
 * The scenario enrollment runs for a card. Test cards need the sandbox expiry, else the directory
 * server "cannot check enrollment" (VERes U); every other card authenticates frictionlessly, so ordinary
 * test cards keep working on accounts with 3DS on.
 */
export function enrollmentScenario(
  scripted: Scenario | undefined,
  expiry: { month: number; year: number },
  now: Date,
): Scenario {
  if (scripted === undefined) return 'frictionless_success';
  const wanted = testCardExpiry(now);
  return expiry.month === wanted.month && expiry.year === wanted.year ? scripted : 'system_error';
}

/** The provider card type of a number or BIN (001, 002, 054, ...), when the brand has one. */
export function cardTypeOf(digits: string): string | undefined {
  return detectBrand(digits)?.cardType;
}
