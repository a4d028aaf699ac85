// Turns the runners' JSON reports and the gate steps into the one closing line CI reads:
// "N passed, N failed, N skipped". Pure: test.ts does the reading and printing. The rule throughout:
// anything that went wrong adds to "failed", so the line never claims success when a step broke, a
// report is missing, or nothing ran.

import { z } from 'zod';

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/** A step that either worked or did not: typecheck, lint, format, build, browsers. */
export interface Gate {
  name: string;
  ok: boolean;
}

/** A test runner whose JSON report is counted. */
export interface Runner {
  name: string;
  format: 'vitest' | 'playwright' | 'webkit' | 'package';
  /** Exit code of the runner, or null when it did not run. */
  exitCode: number | null;
  /** The parsed JSON report, or null when there is none. */
  report: unknown;
  /** Why the runner did not run, when it did not. */
  skippedBecause?: string;
}

export interface Summary extends Counts {
  /** One line per counted source, then one per problem, for the log above the closing line. */
  details: string[];
}

const count = z.number().int().nonnegative();
const status = z.object({ status: z.string() });
const vitestReport = z.object({
  numTotalTests: count,
  numPassedTests: count,
  numFailedTests: count,
  testResults: z.array(status.extend({ assertionResults: z.array(status).optional() })),
});
const playwrightReport = z.object({
  stats: z.object({ expected: count, flaky: count, unexpected: count, skipped: count }),
  errors: z.array(z.unknown()).optional(),
});
const ownReport = z
  .object({ passed: count, failed: count, skipped: count, tests: z.array(z.unknown()) })
  .refine((r) => r.passed + r.failed + r.skipped === r.tests.length);

/**
 * Vitest's json reporter. Skipped is derived as "neither passed nor failed" because vitest's own
 * pending and todo counts overlap. A file that failed without a failing test (import error, throwing
 * beforeAll) has no test to count: it is a file error.
 */
export function countVitest(report: unknown): (Counts & { fileErrors: number }) | null {
  const r = vitestReport.safeParse(report).data;
  if (r === undefined) return null;
  const fileErrors = r.testResults.filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
  const { numPassedTests: passed, numFailedTests: failed } = r;
  return { passed, failed, skipped: Math.max(0, r.numTotalTests - passed - failed), fileErrors };
}

/**
 * Playwright's json reporter: expected and flaky pass (flaky only exists with retries, and is still
 * shown in the details), unexpected fails. Global errors (a web server that did not start, a broken
 * config, a worker crash outside a test) are not tests, so they are counted separately.
 */
export function countPlaywright(report: unknown): (Counts & { globalErrors: number; flaky: number }) | null {
  const r = playwrightReport.safeParse(report).data;
  if (r === undefined) return null;
  const { expected, flaky, unexpected, skipped } = r.stats;
  return {
    passed: expected + flaky,
    failed: unexpected,
    skipped,
    globalErrors: r.errors?.length ?? 0,
    flaky,
  };
}

/** The WebKit smoke's and the package check's own report: its counts, as long as they agree with its tests. */
export function countOwnReport(report: unknown): Counts | null {
  const r = ownReport.safeParse(report).data;
  return r ? { passed: r.passed, failed: r.failed, skipped: r.skipped } : null;
}

/** A runner's counts, with its failures outside any test and what to call them. */
function counted(runner: Runner): (Counts & { outside: number; what: string; flaky: number }) | null {
  if (runner.format === 'vitest') {
    const c = countVitest(runner.report);
    return c && { ...c, outside: c.fileErrors, what: 'test file(s) failed outside a test', flaky: 0 };
  }
  if (runner.format === 'playwright') {
    const c = countPlaywright(runner.report);
    return c && { ...c, outside: c.globalErrors, what: 'error(s) outside any test' };
  }
  const c = countOwnReport(runner.report);
  return c && { ...c, outside: 0, what: '', flaky: 0 };
}

export function summarize({
  gates,
  runners,
}: {
  gates: readonly Gate[];
  runners: readonly Runner[];
}): Summary {
  const total: Counts = { passed: 0, failed: 0, skipped: 0 };
  // What the runners counted first, then everything added on top, so the reasons sit together.
  const counts: string[] = [];
  const problems: string[] = [];
  const fail = (n: number, why: string) => {
    total.failed += n;
    problems.push(why);
  };

  for (const gate of gates) if (!gate.ok) fail(1, `${gate.name}: failed (counted as 1 failed)`);

  for (const runner of runners) {
    const c = counted(runner);
    if (c === null) {
      const why =
        runner.exitCode === null
          ? `did not run${runner.skippedBecause ? ` (${runner.skippedBecause})` : ''}`
          : runner.report === null
            ? `wrote no report (exit code ${String(runner.exitCode)})`
            : 'wrote a report that is not in the expected shape';
      fail(1, `${runner.name}: ${why} (counted as 1 failed)`);
      continue;
    }
    total.passed += c.passed;
    total.failed += c.failed;
    total.skipped += c.skipped;
    const flaky = c.flaky > 0 ? ` (${String(c.flaky)} of the passed were flaky)` : '';
    counts.push(`${runner.name}: ${formatLine(c)}${flaky}`);
    if (c.outside > 0) {
      fail(c.outside, `${runner.name}: ${String(c.outside)} ${c.what} (counted as failed)`);
    } else if (runner.exitCode !== 0 && c.failed === 0) {
      // e.g. vitest's unhandled errors: the report looks clean but the runner said no.
      fail(
        1,
        `${runner.name}: exited ${String(runner.exitCode)} with no failure in its report (counted as 1 failed)`,
      );
    }
  }

  // A run where nothing passed proves nothing, even if nothing failed (no tests, all skipped).
  if (total.passed === 0 && total.failed === 0) fail(1, 'no test passed (counted as 1 failed)');
  return { ...total, details: [...counts, ...problems] };
}

export function formatLine({ passed, failed, skipped }: Counts): string {
  return `${String(passed)} passed, ${String(failed)} failed, ${String(skipped)} skipped`;
}
