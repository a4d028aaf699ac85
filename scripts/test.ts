// `npm test`: every check CI makes, ending with the line CI reads, "N passed, N failed, N skipped"
// (scripts/summary.ts). It goes on after a failure where later steps still mean something.

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { root } from './artifacts.ts';
import { ensureBrowsers } from './browsers.ts';
import { formatLine, summarize, type Gate, type Runner } from './summary.ts';

process.chdir(root);
// Run outside npm, it should find the same local binaries as `npm test`.
const bin = join(root, 'node_modules', '.bin');
const env = { ...process.env, PATH: [bin, process.env['PATH']].join(delimiter) };

const started = performance.now();
const elapsed = () => (performance.now() - started) / 1000;
const steps: { name: string; status: 'ok' | 'FAILED' | 'SKIPPED'; seconds: number; note?: string }[] = [];
const gates: Gate[] = [];
const runners: Runner[] = [];
// Ctrl-C reaches the running child too; stop after it instead of starting the next step.
const state = { interrupted: false };
process.on('SIGINT', () => (state.interrupted = true));

/** Runs a command with the terminal: its exit code (128 when a signal stopped it). */
async function run([command = '', ...args]: readonly string[]): Promise<number> {
  console.log(`$ ${[command, ...args].join(' ')}`);
  const child = spawn(command, args, { stdio: 'inherit', env });
  const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
  return code ?? (signal ? 128 : 1);
}

/** Runs a step (a command, or `body`) unless interrupted or `skip` says why not: its exit code, or null. */
async function step(name: string, command: string[], skip: string | null = null, body = () => run(command)) {
  const why = state.interrupted ? 'interrupted' : skip;
  if (why !== null) {
    steps.push({ name, status: 'SKIPPED', seconds: 0, note: why });
    return null;
  }
  console.log(`=== [${String(Math.round(elapsed()))}s] ${name}`);
  const t = elapsed();
  let code = 1;
  try {
    code = await body();
  } catch (error) {
    // A bug in a step must not cost the closing line.
    console.error(error);
  }
  steps.push({ name, status: code === 0 ? 'ok' : 'FAILED', seconds: elapsed() - t });
  return code;
}

/** A step that works or not; its failure counts as one failed test. */
async function gate(name: string, command: string[], body?: () => Promise<number>) {
  const code = await step(name, command, null, body);
  if (code !== null) gates.push({ name, ok: code === 0 });
  return code === 0;
}

/** A test runner whose JSON report (reports/<name>.json) is counted. */
async function runner(name: string, format: Runner['format'], skip: string | null, ...command: string[]) {
  const exitCode = await step(name, command, skip);
  const path = join('reports', `${name}.json`);
  let report: unknown = null;
  try {
    if (existsSync(path)) report = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    console.error(`${path} is not valid JSON: ${String(error)}`);
  }
  const why = exitCode === null ? steps.at(-1)?.note : undefined;
  runners.push({ name, format, exitCode, report, ...(why === undefined ? {} : { skippedBecause: why }) });
}

rmSync('reports', { recursive: true, force: true });
mkdirSync('reports', { recursive: true });

let browserWarnings: string[] = [];
const haveChromium = await gate('browsers', [], () => {
  const { ok, warnings } = ensureBrowsers({ env });
  browserWarnings = warnings;
  return Promise.resolve(ok ? 0 : 1);
});
await gate('typecheck', ['tsc', '-p', '.']);
await gate('lint', ['eslint', '.']);
await gate('format', ['prettier', '--check', '.']);
const built = await gate('build', ['npm', 'run', 'build']);
if (built) await gate('size budgets', ['size-limit']);
// The demo's single-page app imports the ESM build, so it is built after it.
const demoBuilt = built && (await gate('demo build', ['npm', 'run', 'build:demo']));
// Unit tests, then with dist/ built, the tarball a user installs (scripts/package.test.ts) and the
// WebKit smoke (e2e-webkit/, its own servers on free ports). A failed build may leave an older one.
const json = ['--reporter=default', '--reporter=json', '--outputFile.json=reports/vitest.json'];
const afterBuild = built ? [] : ['--exclude', 'scripts/package.test.ts', '--exclude', 'e2e-webkit/**'];
await runner('vitest', 'vitest', null, 'vitest', 'run', ...json, ...afterBuild);
// playwright.config.ts's json reporter writes reports/e2e.json.
const e2eSkip = !demoBuilt ? 'build failed' : !haveChromium ? 'no Chromium' : null;
await runner('e2e', 'playwright', e2eSkip, 'playwright', 'test');

console.log(`=== [${String(Math.round(elapsed()))}s] summary`);
const summary = summarize({ gates, runners });
const width = Math.max(...steps.map((s) => s.name.length));
for (const s of steps) {
  const note = s.note ? `  (${s.note})` : '';
  console.log(`  ${s.status.padEnd(7)} ${s.name.padEnd(width)} ${s.seconds.toFixed(1).padStart(6)}s${note}`);
}
for (const line of [...summary.details, ...browserWarnings.map((w) => `WARNING: ${w}`)])
  console.log(`  ${line}`);
console.log(`  total ${elapsed().toFixed(1)}s`);
// Must stay the last line of output: CI reads it.
console.log(formatLine(summary));
process.exitCode = state.interrupted ? 130 : summary.failed > 0 ? 1 : 0;
