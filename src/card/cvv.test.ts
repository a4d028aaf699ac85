import { describe, expect, it } from 'vitest';
import { BRANDS } from './brands.ts';
import { maxCvvLength, validateCvv } from './cvv.ts';

describe('validateCvv', () => {
  it.each([
    ['123', BRANDS.visa, 'valid'],
    ['12', BRANDS.visa, 'incomplete'],
    ['', BRANDS.visa, 'incomplete'],
    ['1234', BRANDS.visa, 'invalid'],
    ['1234', BRANDS.amex, 'valid'],
    ['123', BRANDS.amex, 'incomplete'],
    ['12345', BRANDS.amex, 'invalid'],
    ['123', BRANDS.elo, 'valid'],
    ['123', BRANDS.hipercard, 'valid'],
    ['123', undefined, 'valid'],
    ['1234', undefined, 'valid'],
    ['12', undefined, 'incomplete'],
    ['12345', undefined, 'invalid'],
    ['12a', BRANDS.visa, 'invalid'],
    ['1 3', undefined, 'invalid'],
  ] as const)('%j for %s → %s', (cvv, brand, expected) => {
    expect(validateCvv(cvv, brand)).toBe(expected);
  });

  it('tells the field how many digits to accept', () => {
    expect(maxCvvLength(BRANDS.amex)).toBe(4);
    expect(maxCvvLength(BRANDS.mastercard)).toBe(3);
    expect(maxCvvLength(undefined)).toBe(4);
  });
});
