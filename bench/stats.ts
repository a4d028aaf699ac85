// The benchmark's pure parts: statistics over repeated runs, ratios against a floor, Server-Timing
// parsing and the table format shared by the console, bench/REPORT.md and the README.

export interface Summary {
  n: number;
  median: number;
  min: number;
  max: number;
}

function sorted(values: readonly number[]): number[] {
  if (values.length === 0) throw new RangeError('no values');
  if (values.some((v) => !Number.isFinite(v))) throw new RangeError('values must be finite numbers');
  return [...values].sort((a, b) => a - b);
}

/**
 * The p-th percentile (0–100), interpolated linearly between the two nearest ranks (the method of
 * numpy's default and of most spreadsheets): percentile(v, 50) is the median.
 */
export function percentile(values: readonly number[], p: number): number {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be within 0..100, got ${String(p)}`);
  const s = sorted(values);
  const rank = (p / 100) * (s.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  const a = s[low] ?? 0;
  const b = s[high] ?? a;
  return a + (b - a) * (rank - low);
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

export function summarize(values: readonly number[]): Summary {
  const s = sorted(values);
  return { n: s.length, median: median(s), min: s[0] ?? 0, max: s[s.length - 1] ?? 0 };
}

/** value / floor, or undefined when the floor is not a positive number (no meaningful ratio). */
export function ratio(value: number, floor: number): number | undefined {
  if (!Number.isFinite(value) || !Number.isFinite(floor) || floor <= 0) return undefined;
  return value / floor;
}

/** The sum of the `dur` parameters of a Server-Timing header (`app;dur=1.2, db;dur=0.3` → 1.5). */
export function serverTimingMs(header: string | undefined | null): number {
  if (!header) return 0;
  let total = 0;
  for (const metric of header.split(',')) {
    for (const param of metric.split(';').slice(1)) {
      const [key, value] = param.split('=').map((s) => s.trim());
      if (key?.toLowerCase() !== 'dur' || value === undefined) continue;
      const ms = Number(value.replace(/^"|"$/g, ''));
      if (Number.isFinite(ms) && ms >= 0) total += ms;
    }
  }
  return total;
}

const KIB = 1024;

export function formatKiB(bytes: number): string {
  return `${(bytes / KIB).toFixed(2)} KiB`;
}

/** Milliseconds with precision that suits their size: 0.42 ms, 12.3 ms, 245 ms. */
export function formatMs(ms: number): string {
  const abs = Math.abs(ms);
  const digits = abs < 10 ? 2 : abs < 100 ? 1 : 0;
  return `${ms.toFixed(digits)} ms`;
}

export function formatRatio(r: number | undefined): string {
  return r === undefined ? '—' : `${r.toFixed(2)}×`;
}

/** `12.3 ms (11.0–15.2 ms)`: the median, then min and max. */
export function formatSummary(s: Summary, unit: (n: number) => string = formatMs): string {
  const range = (n: number) => unit(n).replace(/ \S+$/, '');
  return `${unit(s.median)} (${range(s.min)}–${unit(s.max)})`;
}

/** A Markdown table with padded columns, readable as it is in a terminal. Pipes in cells are escaped. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  for (const row of rows) {
    if (row.length !== header.length)
      throw new RangeError(`row has ${String(row.length)} cells, header ${String(header.length)}`);
  }
  const cells = [header, ...rows].map((row) => row.map((cell) => cell.replace(/\|/g, '\\|')));
  // Code points, not UTF-16 units: '–' and '×' are one column wide.
  const length = (cell: string) => Array.from(cell).length;
  const widths = header.map((_, i) => Math.max(3, ...cells.map((row) => length(row[i] ?? ''))));
  const line = (row: readonly string[]) =>
    `| ${row.map((cell, i) => cell + ' '.repeat((widths[i] ?? 0) - length(cell))).join(' | ')} |`;
  const [head = [], ...body] = cells;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}
