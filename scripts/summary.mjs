// @ts-check
// Turns the runners' JSON reports and the gate steps into the one closing line CI reads:
// "N passed, N failed, N skipped". Pure: test.mjs does the reading and printing.
// The rule throughout: anything that went wrong adds to "failed", so the line never claims success
// when a step broke, a report is missing, or nothing ran.

/** @typedef {import('./summary.d.mts').Counts} Counts */
/** @typedef {import('./summary.d.mts').Gate} Gate */
/** @typedef {import('./summary.d.mts').Runner} Runner */
/** @typedef {import('./summary.d.mts').Summary} Summary */

/** @param {unknown} v @returns {v is number} */
const isCount = (v) => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** @param {unknown} v @returns {v is Record<string, unknown>} */
const isObject = (v) => typeof v === 'object' && v !== null;

/**
 * Vitest's json reporter. Skipped is derived as "neither passed nor failed" because vitest's own
 * pending and todo counts overlap.
 * @param {unknown} report
 * @returns {(Counts & { fileErrors: number }) | null}
 */
export function countVitest(report) {
  if (!isObject(report)) return null;
  const { numTotalTests: total, numPassedTests: passed, numFailedTests: failed, testResults } = report;
  if (!isCount(total) || !isCount(passed) || !isCount(failed) || !Array.isArray(testResults)) return null;
  // A file that failed without a failing test (import error, throwing beforeAll) has no test to count.
  let fileErrors = 0;
  for (const file of testResults) {
    if (!isObject(file) || file.status !== 'failed') continue;
    const assertions = Array.isArray(file.assertionResults) ? file.assertionResults : [];
    if (!assertions.some((a) => isObject(a) && a.status === 'failed')) fileErrors += 1;
  }
  return { passed, failed, skipped: Math.max(0, total - passed - failed), fileErrors };
}

/**
 * Playwright's json reporter: expected and flaky pass (flaky only exists with retries, and is still
 * shown in the details), unexpected fails. Global errors (a web server that did not start, a broken
 * config, a worker crash outside a test) are not tests, so they are counted separately.
 * @param {unknown} report
 * @returns {(Counts & { globalErrors: number, flaky: number }) | null}
 */
export function countPlaywright(report) {
  if (!isObject(report) || !isObject(report.stats)) return null;
  const { expected, flaky, unexpected, skipped } = report.stats;
  if (!isCount(expected) || !isCount(flaky) || !isCount(unexpected) || !isCount(skipped)) return null;
  const globalErrors = Array.isArray(report.errors) ? report.errors.length : 0;
  return { passed: expected + flaky, failed: unexpected, skipped, globalErrors, flaky };
}

/**
 * The WebKit smoke's own report (e2e-webkit/smoke.mjs), and the package check's of the same shape
 * (scripts/package-check.mjs): its counts, as long as they agree with its tests.
 * @param {unknown} report
 * @returns {Counts | null}
 */
export function countOwnReport(report) {
  if (!isObject(report) || !Array.isArray(report.tests)) return null;
  const { passed, failed, skipped, tests } = report;
  if (!isCount(passed) || !isCount(failed) || !isCount(skipped)) return null;
  if (passed + failed + skipped !== tests.length) return null;
  return { passed, failed, skipped };
}

/** @param {Runner} runner */
function count(runner) {
  if (runner.format === 'vitest') return countVitest(runner.report);
  if (runner.format === 'webkit' || runner.format === 'package') return countOwnReport(runner.report);
  return countPlaywright(runner.report);
}

/**
 * @param {{ gates: readonly Gate[], runners: readonly Runner[] }} input
 * @returns {Summary}
 */
export function summarize({ gates, runners }) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  // What the runners counted first, then everything added on top, so the reasons sit together.
  /** @type {string[]} */
  const counts = [];
  /** @type {string[]} */
  const problems = [];

  for (const gate of gates) {
    if (!gate.ok) {
      failed += 1;
      problems.push(`${gate.name}: failed (counted as 1 failed)`);
    }
  }

  for (const runner of runners) {
    const counted = count(runner);
    if (counted === null) {
      failed += 1;
      const why =
        runner.exitCode === null
          ? `did not run${runner.skippedBecause ? ` (${runner.skippedBecause})` : ''}`
          : runner.report === null
            ? `wrote no report (exit code ${runner.exitCode})`
            : 'wrote a report that is not in the expected shape';
      problems.push(`${runner.name}: ${why} (counted as 1 failed)`);
      continue;
    }
    passed += counted.passed;
    failed += counted.failed;
    skipped += counted.skipped;
    let line = `${runner.name}: ${formatLine(counted)}`;
    if ('flaky' in counted && counted.flaky > 0) line += ` (${counted.flaky} of the passed were flaky)`;
    counts.push(line);

    const extra =
      'fileErrors' in counted ? counted.fileErrors : 'globalErrors' in counted ? counted.globalErrors : 0;
    if (extra > 0) {
      failed += extra;
      const what =
        'fileErrors' in counted ? 'test file(s) failed outside a test' : 'error(s) outside any test';
      problems.push(`${runner.name}: ${extra} ${what} (counted as failed)`);
    } else if (runner.exitCode !== 0 && counted.failed === 0) {
      // e.g. vitest's unhandled errors: the report looks clean but the runner said no.
      failed += 1;
      problems.push(
        `${runner.name}: exited ${String(runner.exitCode)} with no failure in its report (counted as 1 failed)`,
      );
    }
  }

  // A run where nothing passed proves nothing, even if nothing failed (no tests, all skipped).
  if (passed === 0 && failed === 0) {
    failed += 1;
    problems.push('no test passed (counted as 1 failed)');
  }

  return { passed, failed, skipped, details: [...counts, ...problems] };
}

/** @param {Counts} counts */
export function formatLine({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed, ${skipped} skipped`;
}
