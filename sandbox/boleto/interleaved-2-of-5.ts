// Interleaved 2 of 5, the symbology of every boleto's barcode (FEBRABAN), drawn as SVG for the
// sandbox's print page. The sandbox's own encoder: the SDK has its own, and they share no code.
//
// Digits go in pairs: the first's five elements are bars, the second's the spaces between them; two of
// each five are wide. A start (narrow bar, space, bar, space) and a stop (wide bar, narrow space, bar)
// frame them. FEBRABAN asks a wide element three times a narrow one.

/** Which of a digit's five elements are wide (1). */
const PATTERNS = ['00110', '10001', '01001', '11000', '00101', '10100', '01100', '00011', '10010', '01010'];
export const WIDE_TO_NARROW = 3;

/** The widths, in narrow units, of bar, space, bar, … from the start to the stop. */
export function interleavedWidths(digits: string): number[] {
  if (!/^(?:\d\d)+$/.test(digits)) throw new Error('Interleaved 2 of 5 takes an even number of digits');
  const width = (bit: string | undefined) => (bit === '1' ? WIDE_TO_NARROW : 1);
  const widths = [1, 1, 1, 1];
  for (let i = 0; i < digits.length; i += 2) {
    const bars = PATTERNS[Number(digits[i])] ?? '';
    const spaces = PATTERNS[Number(digits[i + 1])] ?? '';
    for (let k = 0; k < 5; k++) widths.push(width(bars[k]), width(spaces[k]));
  }
  widths.push(WIDE_TO_NARROW, 1, 1);
  return widths;
}

/**
 * The barcode as an SVG element: one `rect` per bar, in narrow units (the viewBox), scaled to the box
 * the page gives it. A quiet zone of ten narrow units on each side, as scanners need.
 */
export function interleavedSvg(digits: string, label: string): string {
  const quiet = 10;
  const height = 50;
  let x = quiet;
  const bars: string[] = [];
  interleavedWidths(digits).forEach((w, index) => {
    if (index % 2 === 0)
      bars.push(`<rect x="${String(x)}" y="0" width="${String(w)}" height="${String(height)}"/>`);
    x += w;
  });
  const total = x + quiet;
  return `<svg xmlns="http://www.w3.org/2000/svg" class="barcode" viewBox="0 0 ${String(total)} ${String(height)}" preserveAspectRatio="none" role="img" aria-label="${label.replace(/[&<>"]/g, (c) => `&#${String(c.charCodeAt(0))};`)}"><rect x="0" y="0" width="${String(total)}" height="${String(height)}" fill="#fff"/><g fill="#000">${bars.join('')}</g></svg>`;
}
