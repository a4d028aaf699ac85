// The card rules against the providers' published test numbers (fixtures/card-numbers.json, the same
// evidence the service's emulator is tested against): numbers built from our own ranges would only
// repeat the rules. A brand we support is read as its brand and completes; a brand we do not support
// (Maestro, UnionPay) is refused as unsupported, never taken for another brand; the numbers that must
// not tokenize never complete.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BRAND_IDS, detectBrand, type BrandId } from './brands.ts';
import { validateCardNumber } from './number-rules.ts';
import { checkCardData } from './check-card.ts';

interface Fixtures {
  cards: { number: string; brand: string }[];
  invalid: { number: string; why: string }[];
}
const { cards, invalid } = JSON.parse(
  readFileSync(new URL('../../fixtures/card-numbers.json', import.meta.url), 'utf8'),
) as Fixtures;

const supported = (brand: string): brand is BrandId => (BRAND_IDS as readonly string[]).includes(brand);
const ours = cards.filter((card) => supported(card.brand));
const others = cards.filter((card) => !supported(card.brand));
const NOW = new Date(Date.UTC(2026, 0, 1));
const card = (cardNumber: string) => ({
  cardNumber,
  expirationMonth: 12,
  expirationYear: 2030,
  cvv: detectBrand(cardNumber)?.cvvLength === 4 ? '1234' : '123',
});

describe('published test numbers', () => {
  it('cover most brands we support, and brands we do not', () => {
    expect(new Set(ours.map((c) => c.brand)).size).toBeGreaterThanOrEqual(9);
    expect(new Set(others.map((c) => c.brand))).toEqual(new Set(['maestro', 'unionpay']));
  });

  it.each(ours.map((c) => [c.brand, c.number]))(
    '%s %s is read as its brand and completes',
    (brand, number) => {
      expect(detectBrand(number)?.id).toBe(brand);
      expect(validateCardNumber(number)).toMatchObject({ state: 'complete' });
      expect(checkCardData(card(number), NOW)).toMatchObject({ ok: true });
    },
  );

  it.each(others.map((c) => [c.brand, c.number]))('%s %s is refused as unsupported', (_brand, number) => {
    expect(detectBrand(number)).toBeUndefined();
    expect(validateCardNumber(number)).toMatchObject({ state: 'incomplete', error: 'unsupported' });
    expect(checkCardData(card(number), NOW)).toMatchObject({
      ok: false,
      error: 'card_brand_unsupported',
    });
  });

  // Adyen's Maestro test card: its BIN falls in the range an earlier Aura rule claimed ("50").
  it('does not take a Maestro number for Aura', () => {
    expect(detectBrand('5000550000000029')).toBeUndefined();
  });

  it.each(invalid.map((c) => [c.number, c.why]))('%s never completes (%s)', (number) => {
    expect(validateCardNumber(number).state).not.toBe('complete');
  });
});
