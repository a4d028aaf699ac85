import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { luhnValid } from './luhn.ts';

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

describe('luhnValid', () => {
  it.each(['4111111111111111', '378282246310005', '36006666333344', '0', '18', '79927398713'])(
    'accepts %s',
    (n) => {
      expect(luhnValid(n)).toBe(true);
    },
  );

  it.each(['4111111111111112', '378282246310006', '1', '79927398710', '79927398714'])('rejects %s', (n) => {
    expect(luhnValid(n)).toBe(false);
  });

  it.each(['', ' ', '4111 1111 1111 1111', '4111-1111-1111-1111', '４１１１', '-18', '1e3'])(
    'rejects non-digits %j',
    (s) => {
      expect(luhnValid(s)).toBe(false);
    },
  );

  it('catches every single-digit change', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{1,18}$/),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (body, at, delta) => {
          const valid = DIGITS.map((d) => body + d).find(luhnValid);
          expect(valid).toBeDefined();
          if (valid === undefined) return;
          const i = at % valid.length;
          const changed = valid.slice(0, i) + String((Number(valid[i]) + delta) % 10) + valid.slice(i + 1);
          expect(luhnValid(changed)).toBe(false);
        },
      ),
    );
  });
});
