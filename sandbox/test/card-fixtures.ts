// Provider-published test card numbers with their brands, and numbers that must not tokenize: the
// evidence the service's brand rules (and the SDK's, src/card) are tested against. The repository keeps
// its own copy (fixtures/card-numbers.json), so a clean clone tests alone; where the shared original
// sits beside the repository, a test keeps the copy equal to it.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface FixtureCard {
  number: string;
  /** Lower-case network name: visa, mastercard, amex, elo, maestro, unionpay, ... */
  brand: string;
  source: string;
}

export interface CardFixtures {
  cards: FixtureCard[];
  invalid: { number: string; why: string; source: string }[];
}

export const CARD_FIXTURES_FILE = fileURLToPath(new URL('../../fixtures/card-numbers.json', import.meta.url));
/** The original, beside the repository when it is checked out with the shared folder. */
export const SHARED_CARD_FIXTURES_FILE = fileURLToPath(
  new URL('../../../shared/fixtures/card-numbers.json', import.meta.url),
);

export function loadCardFixtures(): CardFixtures {
  return JSON.parse(readFileSync(CARD_FIXTURES_FILE, 'utf8')) as CardFixtures;
}
