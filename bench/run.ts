// `npm run bench`: the checkout's sizes and timings in Chromium against a loopback sandbox, each compared
// with a floor measured in the same run. Prints the tables and writes bench/results.json and
// bench/REPORT.md. See bench/REPORT.md's "Method" for what each number means.
//
// It starts its own sandbox, demo merchant and floor server in this process on free ports, builds dist/
// first if it is missing, and stops everything it started on the way out. Repeats can be changed with
// BENCH_RUNS (default 11) for a quicker or steadier run.

import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, platform, release, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { format, resolveConfig } from 'prettier';
import { FREE_PORTS, startDemoStack, type DemoStack } from '../demo/server.ts';
import { framesDir, scriptFile } from '../scripts/artifacts.ts';
import { CHROMIUM_ARGS, findBrowsers } from '../scripts/browsers.ts';
import { startFloor, type Floor } from './floor.ts';
import {
  benchAccounts,
  hygiene,
  keystrokes,
  open,
  ready,
  submitFloor,
  submitSdk,
  type Setup,
} from './measure.ts';
import * as report from './report.ts';
import { measureSizes } from './sizes.ts';
import { ratio } from './stats.ts';

const root = resolve(import.meta.dirname, '..');
const raw = process.env['BENCH_RUNS'] ?? '';
const runs = raw === '' ? 11 : Number(raw);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`BENCH_RUNS must be a positive integer, got "${raw}"`);
const settings: report.Settings = {
  runs,
  warmupRuns: 1,
  keystrokes: 200,
  keystrokeWarmup: 16,
  cycles: 100,
  cycleWarmup: 5,
};

/** Runs each measure in turn, round after round, the warm-up rounds discarded. */
async function rounds<K extends string, T>(
  label: string,
  measures: Record<K, () => Promise<T>>,
): Promise<Record<K, T[]>> {
  const keys = Object.keys(measures) as K[];
  const out = Object.fromEntries(keys.map((k) => [k, [] as T[]])) as Record<K, T[]>;
  for (let i = 0; i < settings.warmupRuns + runs; i++) {
    for (const k of keys) {
      const value = await measures[k]();
      if (i >= settings.warmupRuns) out[k].push(value);
    }
    process.stdout.write(
      `\rbench: ${label} ${String(Math.max(0, i + 1 - settings.warmupRuns))}/${String(runs)}`,
    );
  }
  process.stdout.write('\n');
  return out;
}

async function writeFormatted(path: string, text: string): Promise<void> {
  writeFileSync(path, await format(text, { ...(await resolveConfig(path)), filepath: path }));
}

const started = Date.now();
const loadStart = loadavg()[0] ?? NaN;
const needed = [scriptFile(), 'checkout.js', `${framesDir()}/card.html`, `${framesDir()}/3ds.html`];
if (!needed.every((f) => existsSync(join(root, 'dist', f)))) {
  console.log('bench: dist/ is missing or incomplete; running npm run build');
  if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0)
    throw new Error('npm run build failed');
}
console.log('bench: sizes (building the Lit floor)');
const sizes = await measureSizes();

const found = findBrowsers().chromium;
if (found.kind === 'none')
  throw new Error(
    `no Chromium found${found.problem ? ` (${found.problem})` : ''}: run \`npm run browsers\` or set CHROMIUM_PATH`,
  );
const problems: string[] = [];
let stack: DemoStack | undefined;
let floor: Floor | undefined;
let browser: Browser | undefined;
const cleanup = async () => {
  await browser?.close().catch(() => undefined);
  await Promise.all([stack?.close(), floor?.close()]);
  [browser, stack, floor] = [undefined, undefined, undefined];
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`\nbench: ${signal}, stopping the browser and the servers`);
    void cleanup().then(() => process.exit(130));
  });
}

try {
  stack = await startDemoStack(FREE_PORTS, {});
  floor = await startFloor();
  browser = await chromium.launch({ executablePath: found.path, args: [...CHROMIUM_ARGS], headless: true });
  const version = browser.version();
  console.log(`bench: Chromium ${version} (${found.path})`);
  const setup: Setup = {
    browser,
    urls: stack.urls,
    floorPageUrl: floor.pageUrl,
    floorFrameOrigin: floor.frameOrigin,
    loaded: new Set(),
    problems,
  };

  const cold = await rounds('card fields ready, cold', {
    sdk: () => ready(setup, 'sdk'),
    floor: () => ready(setup, 'floor'),
  });

  console.log(`bench: ${String(settings.keystrokes)} keystrokes in the card frame and in the floor frame`);
  const keysSdk = await keystrokes(setup, 'sdk', settings.keystrokes, settings.keystrokeWarmup);
  const keysFloor = await keystrokes(setup, 'floor', settings.keystrokes, settings.keystrokeWarmup);

  const accounts = benchAccounts(setup.urls);
  const pages = [await open(setup, 'sdk'), await open(setup, 'sdk'), await open(setup, 'floor')] as const;
  const submits = await rounds('tokenize and frictionless 3DS', {
    tokenize: () => submitSdk(setup, pages[0].page, accounts.no3ds, false),
    threeDs: () => submitSdk(setup, pages[1].page, accounts.demo, true),
    // The floor (one frame POST round trip) is the same for tokenize and 3DS.
    floor: () => submitFloor(setup, pages[2].page),
  }).finally(() => Promise.all(pages.map((p) => p.close())));

  console.log(`bench: ${String(settings.cycles)} mount/destroy cycles`);
  const { cycleMs: sdkCycles, ...sdkHygiene } = await hygiene(
    setup,
    'sdk',
    settings.cycles,
    settings.cycleWarmup,
  );
  const { cycleMs: floorCycles, ...floorHygiene } = await hygiene(
    setup,
    'floor',
    settings.cycles,
    settings.cycleWarmup,
  );

  const budgeted = new Set(sizes.budgets.flatMap((b) => b.files));
  // The challenge frame loads only when an issuer asks for a challenge, which no run here does.
  const loaded = [...setup.loaded].filter((f) => !f.endsWith('.map')).sort();
  const readyMs = { sdk: cold.sdk.map((r) => r.ready), floor: cold.floor.map((r) => r.ready) };
  await cleanup();
  const results: report.Results = {
    date: new Date().toISOString(),
    durationSeconds: (Date.now() - started) / 1000,
    machine: {
      cpu: cpus()[0]?.model.trim() ?? 'unknown',
      cores: cpus().length,
      memoryGiB: totalmem() / 1024 ** 3,
      os: `${platform()} ${release()}`,
      node: process.versions.node,
      loadAverage: [loadStart, loadavg()[0] ?? NaN],
    },
    browser: { name: 'Chromium', version, executablePath: found.path, headless: true },
    settings,
    sizes: { ...sizes, loaded, unbudgeted: loaded.filter((f) => !budgeted.has(f)) },
    ready: {
      ...report.compare(readyMs.sdk, readyMs.floor),
      goal: report.READY_GOAL,
      breakdown: { sdk: report.medianMarks(cold.sdk), floor: report.medianMarks(cold.floor) },
    },
    keystroke: report.compareKeystrokes(keysSdk, keysFloor),
    tokenize: report.compareSubmits(submits.tokenize, submits.floor),
    threeDs: report.compareSubmits(submits.threeDs, submits.floor),
    hygiene: {
      sdk: sdkHygiene,
      floor: floorHygiene,
      heapRatio: ratio(sdkHygiene.heapGrowth, floorHygiene.heapGrowth),
      cycle: report.compare(sdkCycles, floorCycles),
    },
    samples: {
      readySdk: readyMs.sdk,
      readyFloor: readyMs.floor,
      keystrokeSdk: keysSdk.samples,
      keystrokeFloor: keysFloor.samples,
      tokenizeSdk: submits.tokenize.map((r) => r.client),
      threeDsSdk: submits.threeDs.map((r) => r.client),
      submitFloor: submits.floor.map((r) => r.client),
      cycleSdk: sdkCycles,
      cycleFloor: floorCycles,
    },
  };
  await writeFormatted(join(root, 'bench/results.json'), JSON.stringify(results, null, 2));
  await writeFormatted(join(root, 'bench/REPORT.md'), report.renderReport(results));
  for (const table of [report.mainTable(results), report.budgetTable(sizes), report.fileTable(sizes)])
    console.log(`\n${table}`);
  console.log(
    `\nbench: wrote bench/results.json and bench/REPORT.md (${results.durationSeconds.toFixed(0)} s, Chromium ${version})`,
  );

  const failures = [
    ...sizes.budgets.filter((b) => !b.ok).map((b) => `size budget exceeded: ${b.name}`),
    ...(sdkHygiene.iframes > 0 ? [`${String(sdkHygiene.iframes)} iframe(s) left`] : []),
    ...(sdkHygiene.openPorts > 0 || sdkHygiene.livePorts > 0 ? ['MessagePort(s) left open'] : []),
    ...(sdkHygiene.windowListeners > 0
      ? [`window listener(s) left: ${sdkHygiene.listenerTypes.join(', ')}`]
      : []),
    ...results.sizes.unbudgeted.map((f) => `loaded but in no size budget: ${f}`),
  ];
  for (const failure of failures) console.error(`bench: FAILED: ${failure}`);
  if (failures.length > 0) process.exitCode = 1;
} catch (error) {
  if (problems.length > 0)
    console.error(
      ['bench: what the browser reported before the failure (last 20):', ...problems.slice(-20)].join('\n  '),
    );
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
