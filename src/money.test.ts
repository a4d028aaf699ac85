import { describe, expect, it } from 'vitest';
import { amountFrom } from './money.ts';

describe('amountFrom', () => {
  it('reads a finite number of the currency’s whole unit, and nothing else', () => {
    expect(amountFrom(42.5)).toBe(42.5);
    expect(amountFrom('42.5')).toBeUndefined();
    expect(amountFrom(4250n)).toBeUndefined();
    expect(amountFrom(Number.NaN)).toBeUndefined();
    expect(amountFrom(Number.POSITIVE_INFINITY)).toBeUndefined();
  });
});
