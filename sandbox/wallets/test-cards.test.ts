// The wallet test cards are published numbers of the brand they claim, and the issuer does what the
// table says; docs/service-contract.md lists every one as it is.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectBrand } from '../card-brands.ts';
import { DECLINED_TEST_CARDS } from '../issuer.ts';
import { loadCardFixtures } from '../test/card-fixtures.ts';
import { fundingNumber, WALLET_TEST_CARDS } from './test-cards.ts';

const published = new Map(loadCardFixtures().cards.map((card) => [card.number, card.brand]));
const doc = readFileSync(new URL('../../docs/service-contract.md', import.meta.url), 'utf8');

describe('wallet test cards', () => {
  it.each(WALLET_TEST_CARDS)('$id: its numbers are published test numbers of its brand', (card) => {
    for (const number of [card.number, card.deviceNumber]) {
      expect(detectBrand(number)?.name).toBe(card.brand);
      // The issuer's own decline cards are the sandbox's (docs: Test data), not a provider's.
      if (DECLINED_TEST_CARDS[number] === undefined || published.has(number)) {
        expect(published.get(number)).toBe(card.brand.toLowerCase());
      }
    }
  });

  it.each(WALLET_TEST_CARDS)('$id: the issuer answers as the table says, by card or device token', (card) => {
    const outcome = DECLINED_TEST_CARDS[fundingNumber(card.deviceNumber)] ?? 'approved';
    expect(outcome).toBe(card.outcome);
    expect(fundingNumber(card.number)).toBe(card.number);
  });

  it('gives every card its own numbers', () => {
    const numbers = WALLET_TEST_CARDS.flatMap((card) => [card.number, card.deviceNumber]);
    expect(new Set(numbers).size).toBe(numbers.length);
    const ids = WALLET_TEST_CARDS.map((card) => card.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(WALLET_TEST_CARDS)(
    '$id is in docs/service-contract.md with its numbers, method and outcome',
    (card) => {
      const row = doc.split('\n').find((line) => line.startsWith(`| \`${card.id}\``)) ?? '';
      expect(row).toContain(`\`${card.number}\``);
      expect(row).toContain(`\`${card.deviceNumber}\``);
      expect(row).toContain(card.googleAuthMethod);
      expect(row).toContain(card.outcome);
    },
  );
});
