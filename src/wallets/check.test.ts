import { describe, expect, it } from 'vitest';
import { itMaps, itRefusesOptions } from '../test-fixtures.ts';
import { walletAmount } from './check.ts';

// What both wallets read: Google's totalPrice pattern, which WebKit's amount parser also takes.
const WALLET_FORMAT = /^-?[0-9]+\.[0-9][0-9]$/;

describe('walletAmount', () => {
  const amount = (value: unknown) => walletAmount(value, 'price');

  describe('numbers and strings in, two decimals out', () => {
    itMaps(amount, [
      [10, '10.00'],
      [10.5, '10.50'],
      [19.99, '19.99'],
      [0, '0.00'],
      [-0, '0.00'],
      [1234567.89, '1234567.89'],
      // Floating-point error is not a fraction of a cent.
      [0.1 + 0.2, '0.30'],
      [1.1 * 3, '3.30'],
      ['10', '10.00'],
      ['10.5', '10.50'],
      ['10.55', '10.55'],
      ['010.50', '10.50'],
      ['0', '0.00'],
      ['123456789012345678.99', '123456789012345678.99'],
    ]);

    it('always in the wallets’ format', () => {
      for (const value of [10, 10.5, 0.1 + 0.2, '7', '0', 99_999_999.99])
        expect(amount(value)).toMatch(WALLET_FORMAT);
    });
  });

  describe('negative amounts only where allowed (a discount line)', () => {
    itMaps(
      (value: unknown) => walletAmount(value, 'price', true),
      [
        [-5, '-5.00'],
        [-0.5, '-0.50'],
        ['-12.3', '-12.30'],
        ['-0', '0.00'],
        [5, '5.00'],
      ],
    );
  });

  const format = (got: string) =>
    `price must be digits with a dot before at most 2 decimals, such as "10.50", and no thousands separator, currency sign or spaces (got ${got}).`;
  itRefusesOptions(amount, [
    ['price must be a finite number (got NaN).', Number.NaN],
    ['price must be a finite number (got Infinity).', Number.POSITIVE_INFINITY],
    ['price must not be negative (got -1).', -1],
    ['price must not be negative (got -0.01).', -0.01],
    ['price must not be negative (got "-1.00").', '-1.00'],
    ['price has more than 2 decimals (got 10.005): round it to cents.', 10.005],
    ['price has more than 2 decimals (got 1.001): round it to cents.', 1.001],
    ['price is too large to be exact in cents (got 100000000000000000000): pass it as a string.', 1e20],
    [format('"10.005"'), '10.005'],
    [format('"10,50"'), '10,50'],
    [format('"1.000,00"'), '1.000,00'],
    [format('"R$ 10"'), 'R$ 10'],
    [format('" 10"'), ' 10'],
    [format('"1e3"'), '1e3'],
    [format('".5"'), '.5'],
    [format('"10."'), '10.'],
    [format('"+10"'), '+10'],
    [format('""'), ''],
    ['price must be a number or a decimal string such as "10.50" (got undefined).', undefined],
    ['price must be a number or a decimal string such as "10.50" (got null).', null],
    ['price must be a number or a decimal string such as "10.50" (got an object).', { value: 10 }],
    ['price must be a number or a decimal string such as "10.50" (got true).', true],
  ]);
});
