import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redact } from './redact.ts';

describe('redact', () => {
  it('removes card-number-like runs however they are spaced', () => {
    expect(redact('card 4111111111111111 refused')).toBe('card [redacted] refused');
    expect(redact('4111 1111 1111 1111 and 5555-5555-5555-4444')).toBe('[redacted] and [redacted]');
    expect(redact('Amex 378282246310005.')).toBe('Amex [redacted].');
  });

  it('keeps short numbers: amounts, CVV-length codes, years, HTTP statuses', () => {
    expect(redact('HTTP 502 after 20000 ms, 01/2029, code 123')).toBe(
      'HTTP 502 after 20000 ms, 01/2029, code 123',
    );
  });

  it('leaves no run of 12 to 19 digits in any text', () => {
    fc.assert(
      fc.property(fc.string(), fc.stringMatching(/^\d{12,19}$/), fc.string(), (before, digits, after) => {
        expect(redact(`${before}${digits}${after}`)).not.toMatch(/\d{12}/);
      }),
    );
  });
});
