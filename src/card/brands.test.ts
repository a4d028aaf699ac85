import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BRAND_IDS, BRANDS, detectBrand } from './brands.ts';
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

  it.each([
    ['401178', 'elo'],
    ['401179', 'elo'],
    ['431274', 'elo'],
    ['438935', 'elo'],
    ['451416', 'elo'],
    ['457393', 'elo'],
    ['457631', 'elo'],
    ['457632', 'elo'],
    ['457630', 'visa'],
    ['401180', 'visa'],
  ])('Elo BINs inside Visa territory: %s is %s', (bin, id) => {
    expect(detectBrand(bin)?.id).toBe(id);
  });

  it.each([
    ['650031', 'elo'],
    ['650034', 'discover'], // a hole between two Elo ranges
    ['650051', 'elo'],
    ['650599', 'discover'],
    ['651652', 'elo'],
    ['655020', 'discover'],
    ['655058', 'elo'],
    ['6500', 'discover'],
    ['504175', 'elo'],
    ['506699', 'elo'],
    ['506778', 'elo'],
    ['506779', 'aura'],
    ['509999', 'elo'],
    ['5078', 'aura'],
    ['384100', 'hipercard'],
    ['384101', 'diners'],
    ['3841', 'diners'],
    ['637568', 'hiper'],
    ['63737423', 'hiper'],
  ])('specific ranges beat generic prefixes: %s is %s', (prefix, id) => {
    expect(detectBrand(prefix)?.id).toBe(id);
  });

  it.each([
    ['4', 'visa'],
    ['4011', 'visa'], // could still become Elo, but Visa is what it is so far
    ['34', 'amex'],
    ['37', 'amex'],
    ['36', 'diners'],
    ['30', 'diners'], // only Diners starts with 30
    ['305', 'diners'],
    ['35', 'jcb'],
    ['22', 'mastercard'], // only Mastercard starts with 22
    ['2221', 'mastercard'],
    ['2720', 'mastercard'],
    ['51', 'mastercard'],
    ['606', 'hipercard'],
    ['637', 'hiper'],
    ['6011', 'discover'],
    ['1', 'jcb'],
  ])('partial input %s is already %s', (prefix, id) => {
    expect(detectBrand(prefix)?.id).toBe(id);
  });

  it.each(['', '3', '2', '5', '6', '60', '2220', '2721', '306', '9', '56', '4111 1111', '4a'])(
    '%j is unknown or still ambiguous',
    (input) => {
      expect(detectBrand(input)).toBeUndefined();
    },
  );

  it('never changes its mind after eight digits, the longest prefix', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{8,19}$/), (digits) => {
        expect(detectBrand(digits)).toBe(detectBrand(digits.slice(0, 8)));
      }),
    );
  });
});
