import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatExpiryInput, parseExpiry, validateExpiry } from './expiry.ts';
import { itMaps } from '../test-fixtures.ts';

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

describe('parseExpiry', () => {
  itMaps(parseExpiry, [
    ['12/25', { month: 12, year: 2025 }],
    ['12 / 25', { month: 12, year: 2025 }],
    [' 07 /31 ', { month: 7, year: 2031 }],
    ['1225', { month: 12, year: 2025 }],
    ['12/2030', { month: 12, year: 2030 }],
    ['122030', { month: 12, year: 2030 }],
    ['1/27', { month: 1, year: 2027 }],
    ['13/27', { month: 13, year: 2027 }], // parsed; validateExpiry rejects the month
  ]);

  it.each(['', '12', '1/2', '12/345', '125', '12/25/1', 'ab/cd', '12-25', '１２/２５'])(
    '%j → undefined',
    (input) => {
      expect(parseExpiry(input)).toBeUndefined();
    },
  );
});

describe('formatExpiryInput', () => {
  itMaps(
    (raw: string) => formatExpiryInput(raw),
    [
      ['', ''],
      ['0', '0'],
      ['1', '1'],
      ['2', '02 / '],
      ['9', '09 / '],
      ['10', '10 / '],
      ['12', '12 / '],
      ['13', '01 / 3'],
      ['1/', '01 / '],
      ['12 / 2', '12 / 2'],
      ['1225', '12 / 25'],
      ['12 / 253', '12 / 25'],
      ['12/2030', '12 / 30'],
      ['122030', '12 / 30'],
      ['12 / 25', '12 / 25'],
    ],
  );

  it.each([
    ['02 /', '02'], // backspace over the separator removes it instead of bringing it back
    ['02 / ', '02'],
    ['0', '0'],
    ['1 / 25', '1 / 25'], // month digit deleted: no padding while the user edits
    ['12 / 2', '12 / 2'],
  ])('deleting: %j → %j', (raw, expected) => {
    expect(formatExpiryInput(raw, true)).toBe(expected);
  });

  const typed = fc.array(fc.constantFrom(...DIGITS, ' ', '/'), { maxLength: 10 }).map((c) => c.join(''));

  it('is idempotent and always yields "M", "MM / " or "MM / Y…"', () => {
    fc.assert(
      fc.property(typed, (raw) => {
        const once = formatExpiryInput(raw);
        expect(formatExpiryInput(once)).toBe(once);
        expect(once).toMatch(/^([01]?|\d\d \/ \d{0,2})$/);
      }),
    );
  });

  it('produces what parseExpiry reads once the year is typed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 99 }), (month, yy) => {
        const raw = String(month).padStart(2, '0') + String(yy).padStart(2, '0');
        expect(parseExpiry(formatExpiryInput(raw))).toEqual({ month, year: 2000 + yy });
      }),
    );
  });
});

describe('validateExpiry', () => {
  const now = new Date('2025-06-15T12:00:00Z');

  it.each([
    [6, 2025, 'valid'],
    [5, 2025, 'expired'],
    [12, 2024, 'expired'],
    [7, 2025, 'valid'],
    [1, 2026, 'valid'],
    [12, 2045, 'valid'],
    [1, 2046, 'too_far'],
    [0, 2026, 'invalid_month'],
    [13, 2026, 'invalid_month'],
    [1.5, 2026, 'invalid_month'],
    [6, 25, 'valid'], // two-digit year
    [5, 25, 'expired'],
  ] as const)('%i/%i → %s', (month, year, expected) => {
    expect(validateExpiry(month, year, now)).toBe(expected);
  });

  it('keeps a card valid through the last instant of its month (UTC)', () => {
    expect(validateExpiry(6, 2025, new Date('2025-06-30T23:59:59.999Z'))).toBe('valid');
    expect(validateExpiry(6, 2025, new Date('2025-07-01T00:00:00.000Z'))).toBe('expired');
    expect(validateExpiry(2, 2028, new Date('2028-02-29T23:00:00Z'))).toBe('valid'); // leap day
    expect(validateExpiry(2, 2028, new Date('2028-03-01T00:00:00Z'))).toBe('expired');
    expect(validateExpiry(12, 2025, new Date('2025-12-31T23:59:59Z'))).toBe('valid'); // year end
    expect(validateExpiry(12, 2025, new Date('2026-01-01T00:00:00Z'))).toBe('expired');
  });

  it('throws on a year that is not an integer (a caller bug, not user input)', () => {
    expect(() => validateExpiry(1, Number.NaN, now)).toThrow(RangeError);
    expect(() => validateExpiry(1, 2026.5, now)).toThrow(RangeError);
  });
});
