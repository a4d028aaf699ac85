// The boleto's bars and digits: the bars read back (by a decoder written here, from the symbology's
// rules) as the very barcode, the general check digit refuses a changed barcode, and the linha
// digitável is grouped as banks print it.
import { describe, expect, it } from 'vitest';
import { groupDigitableLine, interleaved2of5, isBoletoBarcode, QUIET_ZONE } from './boleto-barcode.ts';

// A Banco do Brasil boleto's barcode and its linha digitável: the same fields, each check digit right
// (the line's three modulo-10 digits are recomputed below).
const BARCODE = '00193373700000001000500940144816060680935031';
const LINE = '00190500954014481606906809350314337370000000100';

/** The digits the bars of `d` encode, read as a scanner does: widths, start, pairs, stop. */
function decode(d: string): string {
  const bars = [...d.matchAll(/M(\d+) 0h(\d+)/g)].map(([, x, w]) => ({ x: Number(x), w: Number(w) }));
  const widths: number[] = [];
  bars.forEach((bar, i) => {
    widths.push(bar.w);
    const next = bars[i + 1];
    if (next) widths.push(next.x - bar.x - bar.w);
  });
  expect(bars[0]?.x).toBe(QUIET_ZONE);
  expect(widths.slice(0, 4)).toEqual([1, 1, 1, 1]);
  expect(widths.slice(-3)).toEqual([3, 1, 1]);
  const body = widths.slice(4, -3);
  const digit = (elements: number[]) => {
    const pattern = elements.map((w) => (w === 3 ? '1' : '0')).join('');
    const weights = [1, 2, 4, 7, 0];
    const sum = pattern.split('').reduce((s, bit, i) => s + (bit === '1' ? (weights[i] ?? 0) : 0), 0);
    expect(pattern.split('1')).toHaveLength(3); // two wide elements of five
    return sum === 11 ? 0 : sum;
  };
  let digits = '';
  for (let i = 0; i < body.length; i += 10) {
    const group = body.slice(i, i + 10);
    digits += String(digit(group.filter((_, k) => k % 2 === 0)));
    digits += String(digit(group.filter((_, k) => k % 2 === 1)));
  }
  return digits;
}

/** Modulo 10 of a linha digitável's field: weights 2 and 1 from the right, a product's digits summed. */
function mod10(digits: string): number {
  let sum = 0;
  digits
    .split('')
    .reverse()
    .forEach((c, i) => {
      const product = Number(c) * (i % 2 === 0 ? 2 : 1);
      sum += Math.floor(product / 10) + (product % 10);
    });
  return (10 - (sum % 10)) % 10;
}

describe('interleaved2of5', () => {
  it('draws bars that read back as the barcode', () => {
    expect(decode(interleaved2of5(BARCODE, 30).d)).toBe(BARCODE);
  });

  it('is as wide as its modules and quiet zones: 9 per pair of digits (7 wide of 3), start and stop', () => {
    // A pair is 10 elements, 4 of them wide: 6 + 4 × 3 = 18 modules; start 4, stop 5.
    expect(interleaved2of5(BARCODE, 30).width).toBe(2 * QUIET_ZONE + 4 + 22 * 18 + 5);
  });

  it('refuses an odd count of digits or anything else', () => {
    expect(() => interleaved2of5('123', 30)).toThrow(RangeError);
    expect(() => interleaved2of5('12a4', 30)).toThrow(RangeError);
  });
});

describe('isBoletoBarcode', () => {
  it('takes a barcode whose general digit is right, and the line carries the same fields', () => {
    expect(isBoletoBarcode(BARCODE)).toBe(true);
    const free = BARCODE.slice(19);
    const fields = [BARCODE.slice(0, 4) + free.slice(0, 5), free.slice(5, 15), free.slice(15, 25)];
    expect(
      fields.map((f) => f + String(mod10(f))).join('') + BARCODE.slice(4, 5) + BARCODE.slice(5, 19),
    ).toBe(LINE);
  });

  it('refuses a barcode with one digit changed, or of another length', () => {
    expect(isBoletoBarcode(`${BARCODE.slice(0, 43)}2`)).toBe(false);
    expect(isBoletoBarcode(`${BARCODE.slice(0, 30)}9${BARCODE.slice(31)}`)).toBe(false);
    expect(isBoletoBarcode(BARCODE.slice(1))).toBe(false);
  });
});

describe('groupDigitableLine', () => {
  it('groups the 47 digits as banks print them, whatever separators came in', () => {
    expect(groupDigitableLine(LINE)).toBe('00190.50095 40144.816069 06809.350314 3 37370000000100');
    expect(groupDigitableLine('00190.50095 40144.816069 06809.350314 3 37370000000100')).toBe(
      '00190.50095 40144.816069 06809.350314 3 37370000000100',
    );
  });

  it('leaves a line of another length as it came', () => {
    expect(groupDigitableLine('123')).toBe('123');
  });
});
