import { expect, it } from 'vitest';
import { countReport, failures, formatLine, summarize, type Gate, type Runner } from './summary.ts';

// Reports as vitest 4's and Playwright 1.64's json reporters write them, cut to the fields we read.
/** `files`: each test file's status and how many of its tests failed. */
const vitestReport = (passed: number, failed: number, notRun: number, files: [string, number][] = []) => ({
  numTotalTests: passed + failed + notRun,
  numPassedTests: passed,
  numFailedTests: failed,
  numPendingTests: notRun,
  numTodoTests: 0,
  testResults: files.map(([status, failedTests]) => ({
    status,
    assertionResults: Array.from({ length: failedTests }, () => ({ status: 'failed' })),
  })),
});
const playwrightReport = (expected: number, unexpected: number, skipped: number, flaky = 0, errors = 0) => ({
  suites: [],
  errors: Array.from({ length: errors }, () => ({
    message: 'Error: Timed out waiting 60000ms from config.webServer.',
  })),
  stats: { startTime: '2025-01-01T00:00:00.000Z', duration: 1, expected, unexpected, skipped, flaky },
});
/** A runner of each format that exited 0 unless told. */
const runnerOf =
  (format: Runner['format'], name: string) =>
  (report: unknown, exitCode: number | null = 0): Runner => ({ name, format, exitCode, report });
const vitest = runnerOf('vitest', 'vitest');
const e2e = runnerOf('playwright', 'e2e');
const notRun = { ...e2e(null, null), skippedBecause: 'build failed' };
/** A vitest or e2e runner with its report's counts, and its exit code (0 unless told). */
const V = (passed: number, failed: number, notRun: number, exit = 0, ...files: [string, number][]) =>
  vitest(vitestReport(passed, failed, notRun, files), exit);
const P = (expected: number, unexpected: number, skipped: number, exit = 0, errors = 0) =>
  e2e(playwrightReport(expected, unexpected, skipped, 0, errors), exit);
const run = (runners: Runner[], gates: Gate[] = []) => summarize({ gates, runners });
const line = (runners: Runner[], gates: Gate[] = []) => formatLine(run(runners, gates));
type Row = [string, Runner[], [passed: number, failed: number, skipped: number]];

it.each<Row>([
  ['adds up vitest and Playwright when everything passed', [V(10, 0, 2), P(5, 0, 3)], [15, 0, 5]],
  ['counts failing tests from both runners', [V(8, 2, 0, 1), P(4, 1, 0, 1)], [12, 3, 0]],
  [
    'treats a report of the wrong shape as missing',
    [vitest({ hello: 1 }), e2e({ stats: { expected: '3' } })],
    [0, 2, 0],
  ],
  [
    'counts a test file that failed outside any test (import error)',
    [V(4, 0, 0, 1, ['passed', 0], ['failed', 0])],
    [4, 1, 0],
  ],
  [
    'does not count a file twice when its failure is a failing test',
    [V(4, 1, 0, 1, ['failed', 1])],
    [4, 1, 0],
  ],
  [
    'counts Playwright errors outside tests, like a web server that never started',
    [V(6, 0, 0), P(0, 0, 0, 1, 1)],
    [6, 1, 0],
  ],
  ['fails a run in which no test ran', [V(0, 0, 0), P(0, 0, 0)], [0, 1, 0]],
  ['fails a run in which every test was skipped', [P(0, 0, 7)], [0, 1, 7]],
  [
    'counts skipped vitest tests (the WebKit smoke without WebKit, the package before a build)',
    [V(3, 0, 2), P(5, 1, 0, 1)],
    [8, 1, 2],
  ],
  ['adds one failure when a runner exits non-zero but its report shows none', [V(6, 0, 0, 1)], [6, 1, 0]],
  ['adds one failure for a runner that did not run or wrote no report', [vitest(null, 1), notRun], [0, 2, 0]],
])('the closing line %s', (_name, runners, [passed, failed, skipped]) => {
  expect(line(runners)).toBe(`${passed} passed, ${failed} failed, ${skipped} skipped`);
});

it('the closing line has the plain form CI recognises', () => {
  expect(formatLine({ passed: 1, failed: 2, skipped: 3 })).toMatch(/^\d+ passed, \d+ failed, \d+ skipped$/);
});

it('the closing line adds one failure per broken gate step', () => {
  const gates = [
    { name: 'typecheck', ok: false },
    { name: 'lint', ok: true },
    { name: 'build', ok: false },
  ];
  expect(line([V(3, 0, 0)], gates)).toBe('3 passed, 2 failed, 0 skipped');
  expect(run([V(3, 0, 0)], gates).details).toContain('build: failed (counted as 1 failed)');
});

it('the summary says what each runner counted and why failures were added', () => {
  expect(run([e2e(playwrightReport(3, 0, 0, 2))]).details).toContain(
    'e2e: 5 passed, 0 failed, 0 skipped (2 of the passed were flaky)',
  );
  expect(run([V(6, 0, 0, 1)]).details).toContain(
    'vitest: exited 1 with no failure in its report (counted as 1 failed)',
  );
  expect(run([vitest(null, 1), notRun]).details).toEqual([
    'vitest: wrote no report (exit code 1) (counted as 1 failed)',
    'e2e: did not run (build failed) (counted as 1 failed)',
  ]);
});

it('countReport derives vitest skipped as neither passed nor failed, so todo and skip are not counted twice', () => {
  const report = { ...vitestReport(2, 1, 3), numPendingTests: 3, numTodoTests: 1 };
  expect(countReport('vitest', report)).toMatchObject({ passed: 2, failed: 1, skipped: 3, outside: 0 });
});

it("countReport reads Playwright's stats block", () => {
  const counted = { passed: 4, failed: 1, skipped: 2, flaky: 1, outside: 0 };
  expect(countReport('playwright', playwrightReport(3, 1, 2, 1, 0))).toMatchObject(counted);
});

it.each([
  ['vitest', null],
  ['vitest', []],
  ['vitest', { ...vitestReport(1, 0, 0), numPassedTests: -1 }],
  ['playwright', undefined],
  ['playwright', { stats: null }],
] as const)('countReport rejects a %s report that is not one: %j', (format, report) => {
  expect(countReport(format, report)).toBeNull();
});

// A CI log keeps its tail: the summary names each failed test, what it said and where it stopped.
const error = {
  message:
    '\u001b[31mError: expect(locator).toBeVisible() failed\u001b[39m\n\nLocator: #record\nExpected: visible\nTimeout: 5000ms\n\nCall log:',
  location: { file: '/tmp/ci/e2e/three-ds.spec.ts', line: 170 },
};
const failed = (title: string, line: number) => ({
  title,
  file: 'three-ds.spec.ts',
  line,
  tests: [{ projectName: 'chromium', status: 'unexpected', results: [{ status: 'failed', error }] }],
});
const passed = {
  title: 'passes',
  file: 'a.spec.ts',
  line: 1,
  tests: [{ projectName: 'firefox', status: 'expected', results: [] }],
};

it('failures() names each failed Playwright test, nested suites included, with its error and where it stopped', () => {
  const report = {
    ...playwrightReport(1, 2, 0),
    suites: [{ specs: [passed, failed('a saved card', 128)], suites: [{ specs: [failed('Visa', 95)] }] }],
  };
  const said =
    'Error: expect(locator).toBeVisible() failed | Locator: #record | Expected: visible | Timeout: 5000ms (at three-ds.spec.ts:170)';
  expect(run([e2e(report, 1)]).details).toEqual([
    'e2e: 1 passed, 2 failed, 0 skipped',
    `e2e failed: [chromium] three-ds.spec.ts:128 a saved card: ${said}`,
    `e2e failed: [chromium] three-ds.spec.ts:95 Visa: ${said}`,
  ]);
});

it('failures() names failed vitest tests, and stops at ten', () => {
  const tests = Array.from({ length: 12 }, (_, i) => ({
    status: 'failed',
    fullName: `case ${String(i)}`,
    failureMessages: ['AssertionError: expected 1 to be 2\n    at x.test.ts:3'],
  }));
  const lines = failures('vitest', { testResults: [{ status: 'failed', assertionResults: tests }] });
  expect(lines).toHaveLength(11);
  expect(lines[0]).toBe('case 0: AssertionError: expected 1 to be 2 | at x.test.ts:3');
  expect(lines[10]).toBe('… and 2 more');
});
