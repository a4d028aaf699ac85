// Turns the runners' JSON reports and the gate steps into the one closing line CI reads:
// "N passed, N failed, N skipped". Pure: test.ts does the reading and printing. The rule throughout:
// anything that went wrong adds to "failed", so the line never claims success when a step broke, a
// report is missing, or nothing ran.

import { stripVTControlCharacters } from 'node:util';
import { z } from 'zod';

export type Counts = Record<'passed' | 'failed' | 'skipped', number>;
/** A step that either worked or did not: typecheck, lint, format, build, browsers. */
export interface Gate {
  name: string;
  ok: boolean;
}
/**
 * A test runner whose JSON report is counted: its exit code (null when it did not run, and then
 * `skippedBecause` says why) and its parsed report (null when there is none).
 */
export interface Runner {
  name: string;
  format: 'vitest' | 'playwright';
  exitCode: number | null;
  report: unknown;
  skippedBecause?: string;
}

const count = z.number().int().nonnegative();
const status = z.object({ status: z.string() });

/**
 * Each format's counts, with its failures outside any test (`outside`, named by `what`) and its flaky
 * tests. Vitest: skipped is "neither passed nor failed" because its own pending and todo counts overlap,
 * and a file that failed without a failing test (import error, throwing beforeAll) is a file error.
 * Playwright: expected and flaky pass (flaky only exists with retries), unexpected fails, and global
 * errors (a web server that did not start, a broken config, a worker crash outside a test) are not
 * tests.
 */
const formats = {
  vitest: z
    .object({
      numTotalTests: count,
      numPassedTests: count,
      numFailedTests: count,
      testResults: z.array(status.extend({ assertionResults: z.array(status).optional() })),
    })
    .transform((r) => ({
      passed: r.numPassedTests,
      failed: r.numFailedTests,
      skipped: Math.max(0, r.numTotalTests - r.numPassedTests - r.numFailedTests),
      outside: r.testResults.filter(
        (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
      ).length,
      what: 'test file(s) failed outside a test',
      flaky: 0,
    })),
  playwright: z
    .object({
      stats: z.object({ expected: count, flaky: count, unexpected: count, skipped: count }),
      errors: z.array(z.unknown()).optional(),
    })
    .transform(({ stats: s, errors }) => ({
      passed: s.expected + s.flaky,
      failed: s.unexpected,
      skipped: s.skipped,
      outside: errors?.length ?? 0,
      what: 'error(s) outside any test',
      flaky: s.flaky,
    })),
};

export const countReport = (format: Runner['format'], report: unknown) =>
  formats[format].safeParse(report).data ?? null;

/** The totals, and for the log above the closing line, one line per counted runner and per failure added. */
export function summarize({ gates, runners }: { gates: readonly Gate[]; runners: readonly Runner[] }) {
  const total: Counts = { passed: 0, failed: 0, skipped: 0 };
  const counts: string[] = [];
  const problems: string[] = [];
  const fail = (n: number, why: string) => {
    total.failed += n;
    problems.push(`${why} (counted as ${n} failed)`);
  };

  for (const gate of gates) if (!gate.ok) fail(1, `${gate.name}: failed`);
  for (const { name, exitCode, report, format, skippedBecause } of runners) {
    const c = countReport(format, report);
    if (c === null) {
      const skipped = skippedBecause === undefined ? '' : ` (${skippedBecause})`;
      const why =
        exitCode === null
          ? `did not run${skipped}`
          : report === null
            ? `wrote no report (exit code ${exitCode})`
            : 'wrote a report that is not in the expected shape';
      fail(1, `${name}: ${why}`);
      continue;
    }
    for (const key of ['passed', 'failed', 'skipped'] as const) total[key] += c[key];
    counts.push(`${name}: ${formatLine(c)}${c.flaky > 0 ? ` (${c.flaky} of the passed were flaky)` : ''}`);
    for (const failure of failures(format, report)) problems.push(`${name} failed: ${failure}`);
    if (c.outside > 0) fail(c.outside, `${name}: ${c.outside} ${c.what}`);
    // e.g. vitest's unhandled errors: the report looks clean but the runner said no.
    else if (exitCode !== 0 && c.failed === 0)
      fail(1, `${name}: exited ${exitCode} with no failure in its report`);
  }
  // A run where nothing passed proves nothing, even if nothing failed (no tests, all skipped).
  if (total.passed === 0 && total.failed === 0) fail(1, 'no test passed');
  return { ...total, details: [...counts, ...problems] };
}

/** What a failed test said: its first lines, colours stripped, each cut short. */
function said(message: unknown): string {
  const lines = stripVTControlCharacters(typeof message === 'string' ? message : '').split('\n');
  const kept = lines.flatMap((l) => (l.trim() === '' ? [] : [l.trim()])).slice(0, 4);
  return kept.map((l) => (l.length > 200 ? `${l.slice(0, 199)}…` : l)).join(' | ');
}

type Json = Record<string, unknown>;
const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);

/**
 * One line per failed test, with what it said and where it stopped (at most `max`), so that a CI log
 * that keeps only its tail still tells which test failed and why.
 */
export function failures(format: Runner['format'], report: unknown, max = 10): string[] {
  const out: string[] = [];
  if (format === 'vitest')
    for (const file of list((report as Json | null)?.['testResults']))
      for (const test of list(file['assertionResults']))
        if (test['status'] === 'failed')
          out.push(`${String(test['fullName'])}: ${said(list(test['failureMessages'])[0])}`);
  const walk = (suite: Json) => {
    for (const spec of list(suite['specs']))
      for (const test of list(spec['tests'])) {
        if (test['status'] !== 'unexpected') continue;
        const error = list(test['results']).find((r) => r['error'] !== undefined)?.['error'] as
          Json | undefined;
        const at = error?.['location'] as { file?: string; line?: number } | undefined;
        const where =
          at?.file === undefined ? '' : ` (at ${at.file.replace(/^.*\/e2e\//, '')}:${String(at.line)})`;
        out.push(
          `[${String(test['projectName'])}] ${String(spec['file'])}:${String(spec['line'])} ${String(spec['title'])}: ${said(error?.['message'])}${where}`,
        );
      }
    for (const child of list(suite['suites'])) walk(child);
  };
  if (format === 'playwright') for (const suite of list((report as Json | null)?.['suites'])) walk(suite);
  return out.length > max ? [...out.slice(0, max), `… and ${String(out.length - max)} more`] : out;
}

export function formatLine({ passed, failed, skipped }: Counts): string {
  return `${passed} passed, ${failed} failed, ${skipped} skipped`;
}
