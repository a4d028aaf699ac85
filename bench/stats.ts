// The benchmark's pure parts: statistics over repeated runs, ratios against a floor, Server-Timing
// parsing and the formats shared by the console, bench/REPORT.md and the README (the Markdown tables
// of docs/api/elements.md too).

function sorted(values: readonly number[]): number[] {
  if (values.length === 0) throw new RangeError('no values');
  if (values.some((v) => !Number.isFinite(v))) throw new RangeError('values must be finite numbers');
  return [...values].sort((a, b) => a - b);
}

/** The p-th percentile (0–100), interpolated linearly between the two nearest ranks (numpy's default). */
export function percentile(values: readonly number[], p: number): number {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be within 0..100, got ${String(p)}`);
  const s = sorted(values);
  const rank = (p / 100) * (s.length - 1);
  const [a = 0, b = a] = [s[Math.floor(rank)], s[Math.ceil(rank)]];
  return a + (b - a) * (rank - Math.floor(rank));
}

export const median = (values: readonly number[]) => percentile(values, 50);

/** The median of each key over the records that have it, in the order of those medians (milestones in time order). */
export function medianOfEach(records: readonly Record<string, number>[]): Record<string, number> {
  const names = [...new Set(records.flatMap((r) => Object.keys(r)))];
  const entries = names.map((name) => {
    const values = records.map((r) => r[name]).filter((v): v is number => v !== undefined);
    return [name, median(values)] as const;
  });
  return Object.fromEntries(entries.sort((a, b) => a[1] - b[1]));
}

/** Count, median, 95th percentile, min and max. */
export function summarize(values: readonly number[]) {
  const s = sorted(values);
  return { n: s.length, median: median(s), p95: percentile(s, 95), min: s[0] ?? 0, max: s.at(-1) ?? 0 };
}
export type Summary = ReturnType<typeof summarize>;

/** value / floor, or undefined when the floor is not a positive number (no meaningful ratio). */
export function ratio(value: number, floor: number): number | undefined {
  return Number.isFinite(value) && Number.isFinite(floor) && floor > 0 ? value / floor : undefined;
}

/** The sum of the `dur` parameters of a Server-Timing header (`app;dur=1.2, db;dur=0.3` → 1.5). */
export function serverTimingMs(header: string | undefined | null): number {
  let total = 0;
  for (const [, value = ''] of (header ?? '').matchAll(/;\s*dur\s*=\s*"?([^;,"]*)"?/gi)) {
    const ms = Number(value.trim());
    if (value.trim() !== '' && Number.isFinite(ms) && ms >= 0) total += ms;
  }
  return total;
}

export const formatKiB = (bytes: number) => `${(bytes / 1024).toFixed(2)} KiB`;

/** Milliseconds with precision that suits their size: 0.42 ms, 12.3 ms, 245 ms. */
export function formatMs(ms: number): string {
  const abs = Math.abs(ms);
  return `${ms.toFixed(abs < 10 ? 2 : abs < 100 ? 1 : 0)} ms`;
}

export const formatRatio = (r: number | undefined) => (r === undefined ? '—' : `${r.toFixed(2)}×`);

/** `12.3 ms (11.0–15.2 ms)`: the median, then min and max. */
export function formatSummary(s: Summary): string {
  return `${formatMs(s.median)} (${formatMs(s.min).replace(/ ms$/, '')}–${formatMs(s.max)})`;
}

/**
 * A Markdown table under `header` ("a | b | c"), pipes in cells escaped; Prettier pads its columns
 * (bench/run.ts formats what it prints and writes), so it reads as it is in a terminal.
 */
export function markdownTable(header: string, rows: readonly (readonly string[])[]): string {
  const columns = header.split(' | ');
  for (const row of rows) {
    if (row.length !== columns.length)
      throw new RangeError(`row has ${row.length} cells, header ${columns.length}`);
  }
  return [columns, columns.map(() => '---'), ...rows]
    .map((row) => `| ${row.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`)
    .join('\n');
}
