import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BRAND_IDS, BRANDS, detectBrand, type BrandId } from './brands.ts';
import { luhnValid } from './luhn.ts';
import { TEST_CARD_NUMBERS } from './test-card-numbers.ts';

describe('BRANDS', () => {
  it.each(BRAND_IDS)('%s is consistent', (id) => {
    const brand = BRANDS[id];
    expect(brand.id).toBe(id);
    expect([...brand.lengths].sort((a, b) => a - b)).toEqual(brand.lengths);
    expect(Math.max(...brand.lengths)).toBeLessThanOrEqual(19);
    expect([...brand.gaps].sort((a, b) => a - b)).toEqual(brand.gaps);
    expect(brand.gaps.every((gap) => gap > 0 && gap < 19)).toBe(true);
    expect(brand.cvvLength).toBe(id === 'amex' ? 4 : 3);
  });

  it('carries the network names Payment/Init expects and the 3DS card type codes', () => {
    expect(BRAND_IDS.map((id) => [BRANDS[id].name, BRANDS[id].cardType])).toEqual([
      ['Visa', '001'],
      ['Mastercard', '002'],
      ['Amex', '003'],
      ['Elo', '054'],
      ['Hipercard', '050'],
      ['Hiper', undefined],
      ['Diners', '005'],
      ['Discover', '004'],
      ['JCB', '007'],
      ['Aura', '051'],
      ['Cabal', '077'],
    ]);
  });

  // detectBrand walks BRANDS in this order, which decides between equally long prefixes.
  it('lists the brands in BRAND_IDS order', () => {
    expect(Object.keys(BRANDS)).toEqual(BRAND_IDS);
  });
});

describe('detectBrand', () => {
  const cases = BRAND_IDS.flatMap((id) => TEST_CARD_NUMBERS[id].map((n) => [id, n] as const));

  it.each(cases)('%s: %s is a valid number of that brand', (id, number) => {
    expect(luhnValid(number)).toBe(true);
    expect(detectBrand(number)?.id).toBe(id);
    expect(BRANDS[id].lengths).toContain(number.length);
  });

  it('has at least two test numbers per brand', () => {
    for (const id of BRAND_IDS) expect(TEST_CARD_NUMBERS[id].length).toBeGreaterThanOrEqual(2);
  });

  // Specific ranges beat generic prefixes (Elo inside Visa and Discover territory, 650034 being a hole
  // between two Elo ranges; Hipercard's 384100 inside Diners); partial input is named as soon as only
  // one brand can start with it (4011 could still become Elo, but is Visa so far; only Diners starts
  // with 30, only Mastercard with 22).
  const prefixes: Partial<Record<BrandId, string>> = {
    visa: '4 4011 457630 401180',
    elo: '401178 401179 431274 438935 451416 457393 457631 457632 650031 650051 651652 655058 504175 506699 506778 509999',
    discover: '650034 650599 655020 6500 6011',
    aura: '507860 5078',
    hipercard: '384100 606',
    diners: '384101 3841 36 30 305',
    hiper: '637568 63737423 637',
    amex: '34 37',
    jcb: '35 1',
    mastercard: '22 2221 2720 51',
  };
  it.each(Object.entries(prefixes).flatMap(([id, list]) => list.split(' ').map((prefix) => [prefix, id])))(
    'detects %s as %s',
    (prefix, id) => {
      expect(detectBrand(prefix)?.id).toBe(id);
    },
  );

  // 506779 and 500055 (Maestro) were Aura while the Aura rule claimed every 50 BIN.
  it.each([
    '',
    '3',
    '2',
    '5',
    '6',
    '60',
    '2220',
    '2721',
    '306',
    '9',
    '56',
    '4111 1111',
    '4a',
    '506779',
    '500055',
  ])('%j is unknown or still ambiguous', (input) => {
    expect(detectBrand(input)).toBeUndefined();
  });

  it('never changes its mind after eight digits, the longest prefix', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{8,19}$/), (digits) => {
        expect(detectBrand(digits)).toBe(detectBrand(digits.slice(0, 8)));
      }),
    );
  });
});
