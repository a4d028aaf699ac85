#!/usr/bin/env node
// @ts-check
// `npm test`: every check CI makes, in order, ending with the one line CI reads,
// "N passed, N failed, N skipped" (vitest, Playwright and WebKit smoke tests; each broken gate step,
// missing report or empty run adds a failure). It goes on after a failure where the later steps still
// mean something, so one run shows everything that is wrong.

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { ensureBrowsers } from './browsers.mjs';
import { formatLine, summarize } from './summary.mjs';

/** @typedef {import('./summary.d.mts').Gate} Gate */
/** @typedef {import('./summary.d.mts').Runner} Runner */
/** @typedef {{ name: string, status: 'ok' | 'FAILED' | 'SKIPPED', seconds: number, note?: string }} StepRecord */

const root = resolve(import.meta.dirname, '..');
process.chdir(root);

const REPORTS = 'reports';
const VITEST_REPORT = join(REPORTS, 'vitest.json');
const E2E_REPORT = join(REPORTS, 'e2e.json'); // written by playwright.config.ts's json reporter
const WEBKIT_REPORT = join(REPORTS, 'webkit.json'); // written by e2e-webkit/smoke.ts
const PACKAGE_REPORT = join(REPORTS, 'package.json'); // written by scripts/package-check.mjs

// `node scripts/test.mjs` outside npm should find the same local binaries as `npm test`.
const env = { ...process.env, PATH: [join(root, 'node_modules', '.bin'), process.env.PATH].join(delimiter) };

const started = performance.now();
const elapsed = () => (performance.now() - started) / 1000;
/** @param {string} name */
const header = (name) => {
  console.log(`=== [${Math.round(elapsed())}s] ${name}`);
};

let interrupted = false;
// Ctrl-C reaches the running child too; stop after it instead of starting the next step.
process.on('SIGINT', () => {
  interrupted = true;
});

/**
 * @param {string} command
 * @param {readonly string[]} args
 * @returns {Promise<number>}
 */
function run(command, args) {
  console.log(`$ ${[command, ...args].join(' ')}`);
  return new Promise((done) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    child.on('error', (error) => {
      console.error(`could not start ${command}: ${error.message}`);
      done(127);
    });
    child.on('exit', (code, signal) => {
      done(code ?? (signal ? 128 : 1));
    });
  });
}

/** @param {string} path @returns {unknown} */
function readReport(path) {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    console.error(`${path} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/** @type {StepRecord[]} */
const steps = [];
/** @type {Gate[]} */
const gates = [];
/** @type {Runner[]} */
const runners = [];

/**
 * A step that works or not; its failure counts as one failed test.
 * @param {string} name
 * @param {() => Promise<boolean>} body
 * @returns {Promise<boolean>}
 */
async function gate(name, body) {
  if (interrupted) {
    steps.push({ name, status: 'SKIPPED', seconds: 0, note: 'interrupted' });
    return false;
  }
  header(name);
  const t = elapsed();
  let ok = false;
  try {
    ok = await body();
  } catch (error) {
    // A bug in a step must not cost the closing line.
    console.error(error);
  }
  steps.push({ name, status: ok ? 'ok' : 'FAILED', seconds: elapsed() - t });
  gates.push({ name, ok });
  return ok;
}

/**
 * A test runner whose JSON report is counted; `skip` says why it must not run, if it must not.
 * @param {string} name
 * @param {{ format: Runner['format'], report: string, command: string, args: string[], skip: string | null }} how
 */
async function runner(name, { format, report, command, args, skip }) {
  const why = interrupted ? 'interrupted' : skip;
  if (why !== null) {
    steps.push({ name, status: 'SKIPPED', seconds: 0, note: why });
    runners.push({ name, format, exitCode: null, report: null, skippedBecause: why });
    return;
  }
  header(name);
  const t = elapsed();
  const exitCode = await run(command, args);
  steps.push({ name, status: exitCode === 0 ? 'ok' : 'FAILED', seconds: elapsed() - t });
  runners.push({ name, format, exitCode, report: readReport(report) });
}

rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

/** @type {string[]} */
let browserWarnings = [];
const haveChromium = await gate('browsers', async () => {
  const result = await ensureBrowsers({ env });
  browserWarnings = result.warnings;
  return result.ok;
});

// Both run even if the first fails, to show every type error at once.
await gate('typecheck', async () => {
  const app = await run('tsc', ['-p', '.']);
  const scripts = await run('tsc', ['-p', 'scripts/jsconfig.json']);
  return app === 0 && scripts === 0;
});
await gate('lint', async () => (await run('eslint', ['.'])) === 0);
await gate('format', async () => (await run('prettier', ['--check', '.'])) === 0);

await runner('vitest', {
  format: 'vitest',
  report: VITEST_REPORT,
  command: 'vitest',
  args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${VITEST_REPORT}`],
  skip: null,
});

const built = await gate('build', async () => (await run('npm', ['run', 'build'])) === 0);
if (built) await gate('size budgets', async () => (await run('size-limit', [])) === 0);

// The tarball a user installs: its files, publint, attw, type tests, importing it without a DOM.
await runner('package', {
  format: 'package',
  report: PACKAGE_REPORT,
  command: 'node',
  args: ['scripts/package-check.mjs'],
  skip: !built ? 'build failed' : null,
});

// The demo's single-page app imports the ESM build, so it is built after it.
const demoBuilt =
  built && (await gate('demo build', async () => (await run('npm', ['run', 'build:demo'])) === 0));

await runner('e2e', {
  format: 'playwright',
  report: E2E_REPORT,
  command: 'playwright',
  args: ['test'],
  skip: !demoBuilt ? 'build failed' : !haveChromium ? 'no Chromium' : null,
});

// Its own servers on free ports; without WebKit it reports its tests as skipped.
await runner('webkit', {
  format: 'webkit',
  report: WEBKIT_REPORT,
  command: 'tsx',
  args: ['e2e-webkit/smoke.ts'],
  skip: !built ? 'build failed' : null,
});

header('summary');
const summary = summarize({ gates, runners });
const width = Math.max(...steps.map((s) => s.name.length));
for (const s of steps) {
  const note = s.note ? `  (${s.note})` : '';
  console.log(`  ${s.status.padEnd(7)} ${s.name.padEnd(width)} ${s.seconds.toFixed(1).padStart(6)}s${note}`);
}
for (const line of summary.details) console.log(`  ${line}`);
for (const w of browserWarnings) console.log(`  WARNING: ${w}`);
console.log(`  total ${elapsed().toFixed(1)}s`);
// Must stay the last line of output: CI reads it.
console.log(formatLine(summary));
process.exitCode = interrupted ? 130 : summary.failed > 0 ? 1 : 0;
