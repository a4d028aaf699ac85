import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BRAND_IDS, BRANDS, detectBrand } from './brands.ts';
import {
  digitsOnly,
  formatCardNumber,
  formatWithCaret,
  maxCardNumberLength,
  validateCardNumber,
} from './number-rules.ts';
import { luhnValid } from './luhn.ts';
import { TEST_CARD_NUMBERS } from './test-card-numbers.ts';
import { itMaps } from '../test-fixtures.ts';

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

// What people type or paste: digits with separators and junk, often starting with a real BIN.
const typed = fc
  .tuple(
    fc.constantFrom('', '4', '34', '36', '401178', '5067', '50', '6062', '637374', '3841', '9'),
    fc.array(fc.constantFrom(...DIGITS, ' ', '-', '/', 'x', '\t'), { maxLength: 30 }),
  )
  .map(([prefix, chars]) => prefix + chars.join(''));

describe('digitsOnly', () => {
  it('keeps ASCII digits only', () => {
    expect(digitsOnly(' 4111-1111\t1111 1111x ')).toBe('4111111111111111');
    expect(digitsOnly('٤١١١')).toBe('');
  });
});

describe('formatCardNumber', () => {
  itMaps(formatCardNumber, [
    ['4111111111111111', '4111 1111 1111 1111'],
    ['4111-1111 1111 1111', '4111 1111 1111 1111'],
    ['4111111111111111111', '4111 1111 1111 1111 111'],
    ['378282246310005', '3782 822463 10005'],
    ['37828224631000599', '3782 822463 10005'], // Amex stops at 15
    ['36006666333344', '3600 666633 3344'],
    ['5555555555554444999', '5555 5555 5555 4444'], // Mastercard stops at 16
    ['99999999999999999999999', '9999 9999 9999 9999 999'], // unknown: 19 at most
    ['4111', '4111'],
    ['41111', '4111 1'],
    ['', ''],
    ['abc', ''],
  ]);

  it('keeps the digits in order, cut at the brand maximum', () => {
    fc.assert(
      fc.property(typed, (input) => {
        const digits = digitsOnly(input);
        const max = maxCardNumberLength(detectBrand(digits));
        expect(digitsOnly(formatCardNumber(input))).toBe(digits.slice(0, max));
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(typed, (input) => {
        const once = formatCardNumber(input);
        expect(formatCardNumber(once)).toBe(once);
      }),
    );
  });

  it('never exceeds 19 digits and only single spaces between groups', () => {
    fc.assert(
      fc.property(typed, (input) => {
        const out = formatCardNumber(input);
        expect(digitsOnly(out).length).toBeLessThanOrEqual(19);
        expect(out).toMatch(/^(\d+( \d+)*)?$/);
      }),
    );
  });
});

describe('formatWithCaret', () => {
  it.each([
    // [raw value after the edit, caret after the edit, expected value, expected caret]
    ['41111', 5, '4111 1', 6], // typing the fifth digit jumps over the new space
    ['4111', 4, '4111', 4],
    ['4111-1111 1111 1111', 19, '4111 1111 1111 1111', 19], // paste
    ['4111 91111', 6, '4111 9111 1', 6], // digit typed inside a group
    ['4111 111', 5, '4111 111', 4], // after 4 digits means before the space that follows them
    ['41111111', 4, '4111 1111', 4], // the space was deleted: the caret stays after 4 digits
    ['411', 0, '411', 0],
    ['4111111111111111999', 19, '4111 1111 1111 1111 999', 23],
    ['3782822463100059', 16, '3782 822463 10005', 17], // truncated: caret at the end
  ])('%j at %i → %j at %i', (raw, caret, value, expected) => {
    expect(formatWithCaret(raw, caret)).toEqual({ value, caret: expected });
  });

  it('keeps the caret in bounds and after the same number of digits', () => {
    fc.assert(
      fc.property(typed, fc.integer({ min: -3, max: 40 }), (raw, caret) => {
        const result = formatWithCaret(raw, caret);
        expect(result.value).toBe(formatCardNumber(raw));
        expect(result.caret).toBeGreaterThanOrEqual(0);
        expect(result.caret).toBeLessThanOrEqual(result.value.length);
        const digitsBefore = digitsOnly(raw.slice(0, Math.max(0, caret))).length;
        const kept = Math.min(digitsBefore, digitsOnly(result.value).length);
        expect(digitsOnly(result.value.slice(0, result.caret)).length).toBe(kept);
        // Right after a digit (or at the start), never parked after a space.
        if (result.caret > 0) expect(result.value[result.caret - 1]).toMatch(/\d/);
      }),
    );
  });
});

describe('validateCardNumber', () => {
  it.each(BRAND_IDS.flatMap((id) => TEST_CARD_NUMBERS[id].map((n) => [id, n] as const)))(
    '%s test number %s is complete',
    (id, number) => {
      expect(validateCardNumber(number)).toEqual({ state: 'complete', brand: BRANDS[id] });
    },
  );

  itMaps(validateCardNumber, [
    ['', { state: 'empty', brand: undefined }],
    ['4', { state: 'incomplete', brand: BRANDS.visa, error: 'incomplete' }],
    ['411111111111111', { state: 'incomplete', brand: BRANDS.visa, error: 'incomplete' }],
    ['4111111111111112', { state: 'incomplete', brand: BRANDS.visa, error: 'invalid' }],
    ['41111111111111111111', { state: 'incomplete', brand: BRANDS.visa, error: 'too_long' }],
    ['3782822463100050', { state: 'incomplete', brand: BRANDS.amex, error: 'too_long' }],
    ['99999', { state: 'incomplete', brand: undefined, error: 'incomplete' }],
    ['999999', { state: 'incomplete', brand: undefined, error: 'unsupported' }],
    ['2200000000000004', { state: 'incomplete', brand: undefined, error: 'unsupported' }], // Mir
    ['4111 1111', { state: 'incomplete', brand: undefined, error: 'invalid' }],
  ]);

  it('calls a number complete only with an allowed length and a valid check digit', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,22}$/), (digits) => {
        const result = validateCardNumber(digits);
        const brand = detectBrand(digits);
        const complete = brand !== undefined && brand.lengths.includes(digits.length) && luhnValid(digits);
        expect(result.state === 'complete').toBe(complete);
        expect(result.brand).toBe(brand);
      }),
    );
  });
});
