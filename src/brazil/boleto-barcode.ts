// A boleto's barcode and its linha digitável, as the shopper's bank reads them (FEBRABAN's layout for
// boletos of collection). The service computes both; the script only draws the bars and groups the
// digits, and checks the barcode's general digit so that a damaged value is never drawn as if it paid.

/** Interleaved 2 of 5: each digit's five elements, 1 wide and 0 narrow. */
const DIGIT_WIDTHS = [
  '00110',
  '10001',
  '01001',
  '11000',
  '00101',
  '10100',
  '01100',
  '00011',
  '10010',
  '01010',
];

/** A wide element is three narrow ones (FEBRABAN allows 2.25 to 3; 3 reads best on phones' cameras). */
const WIDE = 3;

/** The quiet zone each side, in narrow modules (at least ten, as ISO/IEC 16390 asks). */
export const QUIET_ZONE = 10;

/** The bars of `digits` (an even count) as one SVG path, each bar a rectangle `height` tall. */
export function interleaved2of5(digits: string, height: number): { d: string; width: number } {
  if (!/^(?:\d\d)+$/.test(digits))
    throw new RangeError('Interleaved 2 of 5 encodes an even count of digits.');
  // Start: narrow bar, narrow space, narrow bar, narrow space. Stop: wide bar, narrow space, narrow bar.
  const widths = [1, 1, 1, 1];
  for (let i = 0; i < digits.length; i += 2) {
    const bars = DIGIT_WIDTHS[Number(digits[i])] ?? '';
    const spaces = DIGIT_WIDTHS[Number(digits[i + 1])] ?? '';
    for (let k = 0; k < 5; k++) widths.push(bars[k] === '1' ? WIDE : 1, spaces[k] === '1' ? WIDE : 1);
  }
  widths.push(WIDE, 1, 1);
  let d = '';
  let x = QUIET_ZONE;
  widths.forEach((width, index) => {
    // Even positions are bars, odd ones spaces.
    if (index % 2 === 0) d += `M${String(x)} 0h${String(width)}v${String(height)}h-${String(width)}z`;
    x += width;
  });
  return { d, width: x + QUIET_ZONE };
}

/**
 * Whether `barcode` is a boleto's 44 digits with a right general check digit (its fifth digit: modulo
 * 11 of the other 43, weights 2 to 9 from the right; 0, 10 and 11 give 1).
 */
export function isBoletoBarcode(barcode: string): boolean {
  if (!/^\d{44}$/.test(barcode)) return false;
  const rest = barcode.slice(0, 4) + barcode.slice(5);
  let sum = 0;
  for (let i = rest.length - 1, weight = 2; i >= 0; i--, weight = weight === 9 ? 2 : weight + 1) {
    sum += Number(rest[i]) * weight;
  }
  const digit = 11 - (sum % 11);
  return Number(barcode[4]) === (digit === 0 || digit >= 10 ? 1 : digit);
}

/** The 47 digits of a linha digitável grouped as banks print it: `00190.00009 01234.567004 … 1 99990000010000`. */
export function groupDigitableLine(line: string): string {
  const digits = line.replace(/\D/g, '');
  if (digits.length !== 47) return line;
  const field = (from: number, to: number) => `${digits.slice(from, from + 5)}.${digits.slice(from + 5, to)}`;
  return [field(0, 10), field(10, 21), field(21, 32), digits.slice(32, 33), digits.slice(33)].join(' ');
}
