import { describe, expect, it } from 'vitest';
import { detectBrand } from '../card-brands.ts';
import { luhnValid } from '../luhn.ts';
import {
  ecommerceIndicator,
  eciValue,
  enrollmentScenario,
  SCENARIOS,
  TEST_CARD_TYPES,
  TEST_CARDS,
  testCardScenario,
} from './test-cards.ts';

const BRAND_OF: Record<string, string> = { '001': 'visa', '002': 'mastercard', '054': 'elo' };

describe('3DS test cards', () => {
  const all = TEST_CARD_TYPES.flatMap((type) =>
    SCENARIOS.map((scenario) => [type, scenario, TEST_CARDS[type][scenario]] as const),
  );

  it('has one card per scenario for each of the three card types, all different', () => {
    expect(all).toHaveLength(24);
    expect(new Set(all.map(([, , number]) => number)).size).toBe(24);
  });

  it.each(all)(
    '%s %s (%s) is Luhn-valid, detected as its brand and scripts its scenario',
    (type, scenario, number) => {
      expect(luhnValid(number)).toBe(true);
      const brand = detectBrand(number);
      expect(brand?.id).toBe(BRAND_OF[type]);
      expect(brand?.cardType).toBe(type);
      expect(brand?.lengths).toContain(number.length);
      expect(testCardScenario(number)).toBe(scenario);
    },
  );

  it('authenticates test cards only with expiry 01 / current year + 3, else VERes U', () => {
    const now = new Date(Date.UTC(2026, 5, 15));
    expect(enrollmentScenario('challenge_success', { month: 1, year: 2029 }, now)).toBe('challenge_success');
    expect(enrollmentScenario('challenge_success', { month: 2, year: 2029 }, now)).toBe('system_error');
    expect(enrollmentScenario('frictionless_failure', { month: 1, year: 2030 }, now)).toBe('system_error');
    // Cards that are not 3DS test cards authenticate whatever their expiry.
    expect(enrollmentScenario(undefined, { month: 7, year: 2031 }, now)).toBe('frictionless_success');
  });

  it('gives ECI 05/06/07 (02/01/00 for Mastercard) and the network strings', () => {
    expect(['successful', 'attempted', 'failed'].map((o) => eciValue('001', o as 'failed'))).toEqual([
      '05',
      '06',
      '07',
    ]);
    expect(['successful', 'attempted', 'failed'].map((o) => eciValue('054', o as 'failed'))).toEqual([
      '05',
      '06',
      '07',
    ]);
    expect(['successful', 'attempted', 'failed'].map((o) => eciValue('002', o as 'failed'))).toEqual([
      '02',
      '01',
      '00',
    ]);
    expect(ecommerceIndicator('001', 'successful')).toBe('vbv');
    expect(ecommerceIndicator('001', 'attempted')).toBe('vbv_attempted');
    expect(ecommerceIndicator('054', 'attempted')).toBe('cs_attempted');
    expect(ecommerceIndicator('002', 'attempted')).toBe('spa');
    expect(ecommerceIndicator('002', 'failed')).toBe('internet');
  });
});
