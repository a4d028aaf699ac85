import { describe, expect, it } from 'vitest';
import {
  countPlaywright,
  countVitest,
  countOwnReport,
  formatLine,
  summarize,
  type Runner,
} from './summary.ts';

// Shapes as vitest 4's and Playwright 1.64's json reporters write them, cut to the fields we read.
function vitestReport(
  passed: number,
  failed: number,
  notRun: number,
  files: { status: 'passed' | 'failed'; failedTests: number }[] = [],
) {
  return {
    numTotalTests: passed + failed + notRun,
    numPassedTests: passed,
    numFailedTests: failed,
    numPendingTests: notRun,
    numTodoTests: 0,
    success: failed === 0,
    testResults: files.map((f) => ({
      status: f.status,
      assertionResults: Array.from({ length: f.failedTests }, () => ({ status: 'failed' })),
    })),
  };
}

function playwrightReport(expected: number, unexpected: number, skipped: number, flaky = 0, errors = 0) {
  return {
    suites: [],
    errors: Array.from({ length: errors }, () => ({
      message: 'Error: Timed out waiting 60000ms from config.webServer.',
    })),
    stats: { startTime: '2025-01-01T00:00:00.000Z', duration: 1, expected, unexpected, skipped, flaky },
  };
}

/** A runner of each format, named after it, that exited 0 unless told. */
const runnerOf =
  (format: Runner['format'], name: string = format) =>
  (report: unknown, exitCode: number | null = 0): Runner => ({ name, format, exitCode, report });
const vitest = runnerOf('vitest');
const e2e = runnerOf('playwright', 'e2e');
const webkit = runnerOf('webkit');

// As e2e-webkit/smoke.ts writes it.
function webkitReport(passed: number, failed: number, skipped: number) {
  const tests = (n: number, status: string, extra = {}) =>
    Array.from({ length: n }, () => ({ name: `a ${status} test`, status, seconds: 1, ...extra }));
  return {
    passed,
    failed,
    skipped,
    tests: [
      ...tests(passed, 'passed'),
      ...tests(failed, 'failed', { error: 'timed out' }),
      ...tests(skipped, 'skipped', { error: 'WebKit not installed' }),
    ],
  };
}

const line = (input: Parameters<typeof summarize>[0]) => formatLine(summarize(input));

describe('the closing line', () => {
  it('adds up vitest and Playwright when everything passed', () => {
    const result = summarize({
      gates: [{ name: 'typecheck', ok: true }],
      runners: [vitest(vitestReport(10, 0, 2)), e2e(playwrightReport(5, 0, 3))],
    });
    expect(formatLine(result)).toBe('15 passed, 0 failed, 5 skipped');
  });

  it('has the plain form CI recognises', () => {
    expect(formatLine({ passed: 1, failed: 2, skipped: 3 })).toMatch(/^\d+ passed, \d+ failed, \d+ skipped$/);
  });

  it('counts failing tests from both runners', () => {
    expect(
      line({ gates: [], runners: [vitest(vitestReport(8, 2, 0), 1), e2e(playwrightReport(4, 1, 0), 1)] }),
    ).toBe('12 passed, 3 failed, 0 skipped');
  });

  it('counts flaky Playwright tests as passed and says so', () => {
    const result = summarize({ gates: [], runners: [e2e(playwrightReport(3, 0, 0, 2))] });
    expect(formatLine(result)).toBe('5 passed, 0 failed, 0 skipped');
    expect(result.details.join('\n')).toContain('2 of the passed were flaky');
  });

  it('adds one failure per broken gate step', () => {
    expect(
      line({
        gates: [
          { name: 'typecheck', ok: false },
          { name: 'lint', ok: true },
          { name: 'build', ok: false },
        ],
        runners: [vitest(vitestReport(3, 0, 0))],
      }),
    ).toBe('3 passed, 2 failed, 0 skipped');
  });

  it('adds one failure for a runner that did not run or wrote no report', () => {
    const result = summarize({
      gates: [{ name: 'build', ok: false }],
      runners: [
        vitest(null, 1),
        { name: 'e2e', format: 'playwright', exitCode: null, report: null, skippedBecause: 'build failed' },
      ],
    });
    expect(formatLine(result)).toBe('0 passed, 3 failed, 0 skipped');
    expect(result.details).toContain('e2e: did not run (build failed) (counted as 1 failed)');
    expect(result.details).toContain('vitest: wrote no report (exit code 1) (counted as 1 failed)');
  });

  it('treats a report of the wrong shape as missing', () => {
    expect(line({ gates: [], runners: [vitest({ hello: 1 }), e2e({ stats: { expected: '3' } })] })).toBe(
      '0 passed, 2 failed, 0 skipped',
    );
  });

  it('counts a test file that failed outside any test (import error)', () => {
    const report = vitestReport(4, 0, 0, [
      { status: 'passed', failedTests: 0 },
      { status: 'failed', failedTests: 0 },
    ]);
    expect(line({ gates: [], runners: [vitest(report, 1)] })).toBe('4 passed, 1 failed, 0 skipped');
  });

  it('does not count a file twice when its failure is a failing test', () => {
    const report = vitestReport(4, 1, 0, [{ status: 'failed', failedTests: 1 }]);
    expect(line({ gates: [], runners: [vitest(report, 1)] })).toBe('4 passed, 1 failed, 0 skipped');
  });

  it('counts Playwright errors outside tests, like a web server that never started', () => {
    expect(
      line({ gates: [], runners: [vitest(vitestReport(6, 0, 0)), e2e(playwrightReport(0, 0, 0, 0, 1), 1)] }),
    ).toBe('6 passed, 1 failed, 0 skipped');
  });

  it('adds one failure when a runner exits non-zero but its report shows none', () => {
    const result = summarize({ gates: [], runners: [vitest(vitestReport(6, 0, 0), 1)] });
    expect(formatLine(result)).toBe('6 passed, 1 failed, 0 skipped');
    expect(result.details).toContain('vitest: exited 1 with no failure in its report (counted as 1 failed)');
  });

  it('fails a run in which no test ran', () => {
    expect(
      line({ gates: [], runners: [vitest(vitestReport(0, 0, 0)), e2e(playwrightReport(0, 0, 0))] }),
    ).toBe('0 passed, 1 failed, 0 skipped');
  });

  it('adds the WebKit smoke to the other runners, skipped tests included', () => {
    const result = summarize({
      gates: [],
      runners: [
        vitest(vitestReport(10, 0, 0)),
        e2e(playwrightReport(5, 1, 0), 1),
        webkit(webkitReport(1, 1, 0), 1),
      ],
    });
    expect(formatLine(result)).toBe('16 passed, 2 failed, 0 skipped');
    expect(result.details).toContain('webkit: 1 passed, 1 failed, 0 skipped');
    expect(line({ gates: [], runners: [vitest(vitestReport(3, 0, 0)), webkit(webkitReport(0, 0, 2))] })).toBe(
      '3 passed, 0 failed, 2 skipped',
    );
  });

  it('counts the package check, whose report is shaped like the WebKit smoke report', () => {
    const pack: Runner = { name: 'package', format: 'package', exitCode: 1, report: webkitReport(7, 1, 1) };
    const result = summarize({ gates: [], runners: [vitest(vitestReport(3, 0, 0)), pack] });
    expect(formatLine(result)).toBe('10 passed, 1 failed, 1 skipped');
    expect(result.details).toContain('package: 7 passed, 1 failed, 1 skipped');
    const missing: Runner = { ...pack, exitCode: null, report: null, skippedBecause: 'build failed' };
    expect(line({ gates: [], runners: [vitest(vitestReport(3, 0, 0)), missing] })).toBe(
      '3 passed, 1 failed, 0 skipped',
    );
  });

  it('adds one failure when the WebKit smoke exits non-zero but its report shows none', () => {
    expect(line({ gates: [], runners: [webkit(webkitReport(2, 0, 0), 1)] })).toBe(
      '2 passed, 1 failed, 0 skipped',
    );
  });

  it('fails a run in which every test was skipped', () => {
    expect(line({ gates: [], runners: [e2e(playwrightReport(0, 0, 7))] })).toBe(
      '0 passed, 1 failed, 7 skipped',
    );
  });
});

describe('countVitest', () => {
  it('derives skipped as neither passed nor failed, so todo and skip are not counted twice', () => {
    const report = { ...vitestReport(2, 1, 3), numPendingTests: 3, numTodoTests: 1 };
    expect(countVitest(report)).toEqual({ passed: 2, failed: 1, skipped: 3, fileErrors: 0 });
  });

  it('rejects anything that is not a report', () => {
    expect(countVitest(null)).toBeNull();
    expect(countVitest([])).toBeNull();
    expect(countVitest({ ...vitestReport(1, 0, 0), numPassedTests: -1 })).toBeNull();
  });
});

describe('countOwnReport', () => {
  it('reads the counts', () => {
    expect(countOwnReport(webkitReport(1, 0, 1))).toEqual({ passed: 1, failed: 0, skipped: 1 });
  });

  it('rejects anything that is not a report, or whose counts disagree with its tests', () => {
    expect(countOwnReport(null)).toBeNull();
    expect(countOwnReport({ passed: 1, failed: 0, skipped: 0 })).toBeNull();
    expect(countOwnReport({ ...webkitReport(2, 0, 0), passed: 3 })).toBeNull();
    expect(countOwnReport({ ...webkitReport(0, 0, 0), failed: -1 })).toBeNull();
  });
});

describe('countPlaywright', () => {
  it('reads the stats block', () => {
    expect(countPlaywright(playwrightReport(3, 1, 2, 1, 0))).toEqual({
      passed: 4,
      failed: 1,
      skipped: 2,
      flaky: 1,
      globalErrors: 0,
    });
  });

  it('rejects anything that is not a report', () => {
    expect(countPlaywright(undefined)).toBeNull();
    expect(countPlaywright({ stats: null })).toBeNull();
  });
});
