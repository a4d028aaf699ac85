// Provider-published test card numbers with their brands, and numbers that must not tokenize: the
// evidence the service's brand rules are tested against (shared/ sits beside the repository).

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

export const CARD_FIXTURES_FILE = fileURLToPath(
  new URL('../../../shared/fixtures/card-numbers.json', import.meta.url),
);

export function loadCardFixtures(): CardFixtures {
  return JSON.parse(readFileSync(CARD_FIXTURES_FILE, 'utf8')) as CardFixtures;
}
