import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { last4, maskCardNumber } from './mask.ts';
import { itMaps } from '../test-fixtures.ts';

describe('maskCardNumber', () => {
  itMaps(maskCardNumber, [
    ['4111111111111111', '411111******1111'],
    ['378282246310005', '378282*****0005'],
    ['36006666333344', '360066****3344'],
    ['5078601870000127985', '507860*********7985'],
    ['4111 1111 1111 1111', '411111******1111'],
    ['12345678901', '123456*8901'],
    ['1234567890', '**********'], // too short to show BIN and last four without showing everything
    ['', ''],
  ]);

  it('keeps the length and never shows more than ten digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,19}$/), (digits) => {
        const masked = maskCardNumber(digits);
        expect(masked).toHaveLength(digits.length);
        expect(masked.replace(/\*/g, '')).toHaveLength(digits.length > 10 ? 10 : 0);
        if (digits.length > 10)
          expect(masked).toBe(digits.slice(0, 6) + masked.slice(6, -4) + digits.slice(-4));
      }),
    );
  });
});

describe('last4', () => {
  it('returns the last four digits', () => {
    expect(last4('4111111111111234')).toBe('1234');
    expect(last4('4111 1111 1111 1234')).toBe('1234');
    expect(last4('12')).toBe('12');
  });
});
