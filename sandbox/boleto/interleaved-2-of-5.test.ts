import { describe, expect, it } from 'vitest';
import { interleavedSvg, interleavedWidths } from './interleaved-2-of-5.ts';

/** The code table as ITF's standard prints it (N narrow, W wide), read apart from the encoder's. */
const TABLE: Record<string, string> = {
  NNWWN: '0',
  WNNNW: '1',
  NWNNW: '2',
  WWNNN: '3',
  NNWNW: '4',
  WNWNN: '5',
  NWWNN: '6',
  NNNWW: '7',
  WNNWN: '8',
  NWNWN: '9',
};

/** A scanner's reading of the SVG: bars from the rects, spaces from the gaps, then pairs of digits. */
function scan(svg: string): string {
  const rects = [...svg.matchAll(/<rect x="(\d+)" y="0" width="(\d+)" height="50"\/>/g)].map((m) => ({
    x: Number(m[1]),
    width: Number(m[2]),
  }));
  const elements: number[] = [];
  rects.forEach((rect, i) => {
    if (i > 0) {
      const previous = rects[i - 1];
      elements.push(rect.x - ((previous?.x ?? 0) + (previous?.width ?? 0)));
    }
    elements.push(rect.width);
  });
  const letter = (w: number | undefined) => (w === 1 ? 'N' : w === 3 ? 'W' : '?');
  expect(elements.slice(0, 4).map(letter).join('')).toBe('NNNN');
  expect(elements.slice(-3).map(letter).join('')).toBe('WNN');
  const body = elements.slice(4, -3);
  let digits = '';
  for (let at = 0; at < body.length; at += 10) {
    const group = body.slice(at, at + 10);
    const bars = group
      .filter((_, k) => k % 2 === 0)
      .map(letter)
      .join('');
    const spaces = group
      .filter((_, k) => k % 2 === 1)
      .map(letter)
      .join('');
    digits += (TABLE[bars] ?? '?') + (TABLE[spaces] ?? '?');
  }
  return digits;
}

describe('Interleaved 2 of 5', () => {
  it('draws a boleto barcode that scans back to its 44 digits', () => {
    const barcode = '10499898100000214032006561000100040099726390';
    const svg = interleavedSvg(barcode, 'Código de barras');
    expect(scan(svg)).toBe(barcode);
    expect(svg).toContain('role="img"');
    expect(svg).toContain('aria-label="Código de barras"');
  });

  it('draws every digit in either place of a pair', () => {
    for (const digits of ['0123456789', '9876543210', '00', '99'])
      expect(scan(interleavedSvg(digits, 'x'))).toBe(digits);
  });

  it('has the start, 5 elements per digit and the stop, two wide of each five', () => {
    const widths = interleavedWidths('1234');
    expect(widths).toHaveLength(4 + 4 * 5 + 3);
    // Narrow units: start 4, each digit 2 × 3 + 3 × 1 = 9, stop 5.
    expect(widths.reduce((a, b) => a + b, 0)).toBe(4 + 4 * 9 + 5);
  });

  it('refuses an odd count of digits, or anything else', () => {
    expect(() => interleavedWidths('123')).toThrow(/even/);
    expect(() => interleavedWidths('12a4')).toThrow(/even/);
    expect(interleavedSvg('12', 'a "b" <c>')).toContain('aria-label="a &#34;b&#34; &#60;c&#62;"');
  });
});
