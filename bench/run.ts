// `npm run bench`: the checkout's sizes and timings in Chromium against a loopback sandbox, each compared
// with a floor measured in the same run. Prints the tables and writes bench/results.json and
// bench/REPORT.md. See bench/REPORT.md's "Method" for what each number means.
//
// It starts its own sandbox, demo merchant and floor server in this process on free ports, builds dist/
// first if it is missing, and stops everything it started on the way out.
// Repeats can be changed with BENCH_RUNS (default 11) for a quicker or steadier run.

import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, platform, release, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { format, resolveConfig } from 'prettier';
import { framesDir, scriptFile } from '../scripts/artifacts.ts';
import { CHROMIUM_ARGS, findBrowsersSync } from '../scripts/browsers.ts';
import {
  floorPage,
  hygieneFloor,
  hygieneSdk,
  keystrokesFloor,
  keystrokesSdk,
  readyFloor,
  readySdk,
  benchAccounts,
  submitFloor,
  submitPage,
  submitSdk,
  type ReadyRun,
  type Setup,
  type SubmitRun,
} from './measure.ts';
import {
  budgetTable,
  compare,
  compareKeystrokes,
  compareSubmits,
  fileTable,
  mainTable,
  medianMarks,
  READY_GOAL,
  renderReport,
  type Results,
  type Settings,
} from './report.ts';
import { FREE_PORTS, startDemoStack, type DemoStack } from '../demo/server.ts';
import { startFloor, type Floor } from './floor.ts';
import { measureSizes } from './sizes.ts';
import { ratio } from './stats.ts';

const root = resolve(import.meta.dirname, '..');

function positiveInt(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`BENCH_RUNS must be a positive integer, got "${raw}"`);
  return value;
}

const settings: Settings = {
  runs: positiveInt(process.env['BENCH_RUNS'], 11),
  warmupRuns: 1,
  keystrokes: 200,
  keystrokeWarmup: 16,
  cycles: 100,
  cycleWarmup: 5,
};

const log = (line: string) => {
  console.log(line);
};

function ensureBuild(): void {
  const needed = [scriptFile(), 'checkout.js', `${framesDir()}/card.html`, `${framesDir()}/3ds.html`];
  if (needed.every((f) => existsSync(join(root, 'dist', f)))) return;
  log('bench: dist/ is missing or incomplete; running npm run build');
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
}

function launchOptions() {
  const found = findBrowsersSync().chromium;
  if (found.kind === 'none') {
    throw new Error(
      `no Chromium found${found.problem ? ` (${found.problem})` : ''}: run \`npm run browsers\` or set CHROMIUM_PATH`,
    );
  }
  return { executablePath: found.path, args: [...CHROMIUM_ARGS], headless: true };
}

/** Runs each measure in turn, round after round, `warmup` discarded rounds first. */
async function rounds<K extends string, T>(
  label: string,
  runs: number,
  warmup: number,
  measures: Record<K, () => Promise<T>>,
): Promise<Record<K, T[]>> {
  const keys = Object.keys(measures) as K[];
  const out = Object.fromEntries(keys.map((k) => [k, [] as T[]])) as Record<K, T[]>;
  for (let i = 0; i < warmup + runs; i++) {
    for (const k of keys) {
      const value = await measures[k]();
      if (i >= warmup) out[k].push(value);
    }
    process.stdout.write(`\rbench: ${label} ${String(Math.max(0, i + 1 - warmup))}/${String(runs)}`);
  }
  process.stdout.write('\n');
  return out;
}

async function writeFormatted(path: string, text: string): Promise<void> {
  const options = (await resolveConfig(path)) ?? {};
  writeFileSync(path, await format(text, { ...options, filepath: path }));
}

async function main(): Promise<void> {
  const started = Date.now();
  const loadStart = loadavg()[0] ?? NaN;
  ensureBuild();
  log('bench: sizes (building the Lit floor)');
  const sizes = await measureSizes();

  const problems: string[] = [];
  let stack: DemoStack | undefined;
  let floor: Floor | undefined;
  let browser: Browser | undefined;
  const cleanup = async () => {
    await browser?.close().catch(() => undefined);
    await Promise.all([stack?.close(), floor?.close()]);
    [browser, stack, floor] = [undefined, undefined, undefined];
  };
  const state = { interrupted: false };
  const onSignal = (signal: NodeJS.Signals) => {
    state.interrupted = true;
    log(`\nbench: ${signal}, stopping the browser and the servers`);
    void cleanup().then(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    stack = await startDemoStack(FREE_PORTS, {});
    floor = await startFloor();
    const options = launchOptions();
    browser = await chromium.launch(options);
    const version = browser.version();
    log(`bench: Chromium ${version} (${options.executablePath})`);
    const setup: Setup = {
      browser,
      urls: stack.urls,
      floorPageUrl: floor.pageUrl,
      floorFrameOrigin: floor.frameOrigin,
      loaded: new Set(),
      problems,
    };
    const { runs, warmupRuns } = settings;

    const ready = await rounds<'sdk' | 'floor', ReadyRun>('card fields ready, cold', runs, warmupRuns, {
      sdk: () => readySdk(setup),
      floor: () => readyFloor(setup),
    });

    log(`bench: ${String(settings.keystrokes)} keystrokes in the card frame and in the floor frame`);
    const keysSdk = await keystrokesSdk(setup, settings.keystrokes, settings.keystrokeWarmup);
    const keysFloor = await keystrokesFloor(setup, settings.keystrokes, settings.keystrokeWarmup);

    const accounts = benchAccounts(setup.urls);
    const tokenizePage = await submitPage(setup);
    const threeDsPage = await submitPage(setup);
    const floorSubmits = await floorPage(setup);
    let submits: Record<'tokenize' | 'threeDs' | 'floor', SubmitRun[]>;
    try {
      // The floor (one frame POST round trip) is the same for tokenize and 3DS.
      submits = await rounds('tokenize and frictionless 3DS', runs, warmupRuns, {
        tokenize: () => submitSdk(setup, tokenizePage.page, accounts.no3ds, false),
        threeDs: () => submitSdk(setup, threeDsPage.page, accounts.demo, true),
        floor: () => submitFloor(setup, floorSubmits.page),
      });
    } finally {
      await tokenizePage.close();
      await threeDsPage.close();
      await floorSubmits.close();
    }

    log(`bench: ${String(settings.cycles)} mount/destroy cycles`);
    const { cycleMs: sdkCycles, ...sdkHygiene } = await hygieneSdk(
      setup,
      settings.cycles,
      settings.cycleWarmup,
    );
    const { cycleMs: floorCycles, ...floorHygiene } = await hygieneFloor(
      setup,
      settings.cycles,
      settings.cycleWarmup,
    );

    const budgeted = new Set(sizes.budgets.flatMap((b) => b.files));
    const loaded = [...setup.loaded].filter((f) => !f.endsWith('.map')).sort();
    // The challenge frame loads only when an issuer asks for a challenge, which no run here does.
    const results: Results = {
      date: new Date().toISOString(),
      durationSeconds: 0,
      machine: {
        cpu: cpus()[0]?.model.trim() ?? 'unknown',
        cores: cpus().length,
        memoryGiB: totalmem() / 1024 ** 3,
        os: `${platform()} ${release()}`,
        node: process.versions.node,
        loadAverage: [loadStart, loadavg()[0] ?? NaN],
      },
      browser: { name: 'Chromium', version, executablePath: options.executablePath, headless: true },
      settings,
      sizes: { ...sizes, loaded, unbudgeted: loaded.filter((f) => !budgeted.has(f)) },
      ready: {
        ...compare(
          ready.sdk.map((r) => r.ready),
          ready.floor.map((r) => r.ready),
        ),
        goal: READY_GOAL,
        breakdown: { sdk: medianMarks(ready.sdk), floor: medianMarks(ready.floor) },
      },
      keystroke: compareKeystrokes(keysSdk, keysFloor),
      tokenize: compareSubmits(submits.tokenize, submits.floor),
      threeDs: compareSubmits(submits.threeDs, submits.floor),
      hygiene: {
        sdk: sdkHygiene,
        floor: floorHygiene,
        heapRatio: ratio(sdkHygiene.heapGrowth, floorHygiene.heapGrowth),
        cycle: compare(sdkCycles, floorCycles),
      },
      samples: {
        readySdk: ready.sdk.map((r) => r.ready),
        readyFloor: ready.floor.map((r) => r.ready),
        keystrokeSdk: keysSdk.samples,
        keystrokeFloor: keysFloor.samples,
        tokenizeSdk: submits.tokenize.map((r) => r.client),
        threeDsSdk: submits.threeDs.map((r) => r.client),
        submitFloor: submits.floor.map((r) => r.client),
        cycleSdk: sdkCycles,
        cycleFloor: floorCycles,
      },
    };
    await cleanup();
    results.durationSeconds = (Date.now() - started) / 1000;

    await writeFormatted(join(root, 'bench/results.json'), JSON.stringify(results, null, 2));
    await writeFormatted(join(root, 'bench/REPORT.md'), renderReport(results));

    log('');
    log(mainTable(results));
    log('');
    log(budgetTable(results.sizes));
    log('');
    log(fileTable(results.sizes));
    log('');
    log(
      `bench: wrote bench/results.json and bench/REPORT.md (${results.durationSeconds.toFixed(0)} s, Chromium ${version})`,
    );

    const failures = [
      ...results.sizes.budgets.filter((b) => !b.ok).map((b) => `size budget exceeded: ${b.name}`),
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
    // Stopped by a signal: what failed is only the browser closing under the run.
    if (state.interrupted) return;
    if (problems.length > 0) {
      console.error(`bench: what the browser reported before the failure (last 20):`);
      for (const line of problems.slice(-20)) console.error(`  ${line}`);
    }
    throw error;
  } finally {
    await cleanup();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
