// `npm run bench` (README's "Benchmark"): prints the tables, writes bench/results.json and bench/REPORT.md
// from bench/REPORT.template.md, whose "Method" says what each number means. BENCH_RUNS (default 11).

import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, platform, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { root } from '../scripts/artifacts.ts';
import { ensureBuilt, formatted, reportFailure, startBench } from './harness.ts';
import * as measure from './measure.ts';
import { measureSizes, type SizeResults } from './sizes.ts';
import * as stats from './stats.ts';

const { formatKiB, formatMs, formatRatio, formatSummary, markdownTable, median, ratio, summarize } = stats;
const raw = process.env['BENCH_RUNS'] ?? '';
const runs = raw === '' ? 11 : Number(raw);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`BENCH_RUNS must be a positive integer, got "${raw}"`);
const settings = { runs, warmupRuns: 1, keystrokes: 200, keystrokeWarmup: 16, cycles: 100, cycleWarmup: 5 };
const READY_GOAL = 1.5;

/** Runs each measure in turn, round after round, the warm-up rounds discarded. */
async function rounds<K extends string, T>(label: string, measures: Record<K, () => Promise<T>>) {
  const keys = Object.keys(measures) as K[];
  const out = Object.fromEntries(keys.map((k) => [k, [] as T[]])) as Record<K, T[]>;
  for (let i = 0; i < settings.warmupRuns + runs; i++) {
    for (const k of keys) {
      const value = await measures[k]();
      if (i >= settings.warmupRuns) out[k].push(value);
    }
    process.stdout.write(`\rbench: ${label} ${Math.max(0, i + 1 - settings.warmupRuns)}/${runs}`);
  }
  process.stdout.write('\n');
  return out;
}

/** The SDK's and the floor's samples, their summaries, and the ratio of their medians (and p95s). */
function compare(sdk: readonly number[], floor: readonly number[]) {
  const [a, b] = [summarize(sdk), summarize(floor)];
  const ratios = { ratio: ratio(a.median, b.median), ratioP95: ratio(a.p95, b.p95) };
  return { sdk: a, floor: b, ...ratios, samples: { sdk, floor } };
}
type Compared = ReturnType<typeof compare>;

/** Submit timings without the server's time, with the medians of what was subtracted and of the totals. */
function compareSubmits(sdk: readonly measure.SubmitRun[], floor: readonly measure.SubmitRun[]) {
  const of = (key: 'client' | 'server' | 'total') =>
    [sdk.map((r) => r[key]), floor.map((r) => r[key])] as const;
  const medians = (key: 'server' | 'total') => ({ sdk: median(of(key)[0]), floor: median(of(key)[1]) });
  return {
    ...compare(...of('client')),
    serverMedian: medians('server'),
    totalMedian: medians('total'),
    requests: [...new Set(sdk.flatMap((r) => r.requests))],
  };
}

/** The median of each milestone over the runs that have it, in time order. */
const medianMarks = (runs: readonly measure.ReadyRun[]) => stats.medianOfEach(runs.map((r) => r.marks));

const signedKiB = (bytes: number) => `${bytes >= 0 ? '+' : '−'}${formatKiB(Math.abs(bytes))}`;

/** The main table: one row per timing and hygiene count, SDK against its floor. */
function mainTable(r: Results): string {
  const { cycles } = r.settings;
  const { ready, keystroke: k, hygiene: h } = r;
  const row = (part: string, what: string, cells: [string, string], x?: number, goal = 'reported') => {
    return [part, what, ...cells, formatRatio(x), goal];
  };
  const timing = (part: string, what: string, c: Compared, goal?: string) =>
    row(part, what, [formatSummary(c.sdk), formatSummary(c.floor)], c.ratio, goal);
  const key = (p: 'median' | 'p95', name: string, x: number | undefined) => {
    const what = `Keystroke → formatted value in the frame, ${name} of ${k.sdk.n}`;
    return row('3', what, [formatMs(k.sdk[p]), formatMs(k.floor[p])], x);
  };
  const heap = (x: Hygiene) =>
    `${signedKiB(x.heapGrowth)} (last ${cycles - Math.floor(cycles / 2)}: ${signedKiB(x.heapGrowthSecondHalf)})`;
  /** A count that must be zero: `n` is the SDK's. */
  const left = (what: string, cell: (x: Hygiene) => string, n: number) =>
    row('6', what, [cell(h.sdk), cell(h.floor)], undefined, n === 0 ? '0: ok' : `0: FAILED (${n})`);
  const { ratio: x, goal } = ready;
  const verdict =
    x === undefined ? '' : x <= goal ? ': met' : `: missed by ${((x / goal - 1) * 100).toFixed(0)}%`;
  return markdownTable('# | measure | SDK: median (min–max) | floor | ratio | goal', [
    timing(
      '2',
      'Card fields ready, cold cache (navigation start → svc-ready; floor: → hello once painted)',
      ready,
      `≤ ${goal.toFixed(1)}×${verdict}`,
    ),
    timing(
      '2',
      `Mount → svc-ready, warm (${cycles} cycles; floor: frame created → hello once painted)`,
      h.cycle,
    ),
    key('median', 'p50', k.ratio),
    key('p95', 'p95', k.ratioP95),
    timing('4', 'Tokenize: submit → result − server time (floor: frame POST round trip)', r.tokenize),
    timing('5', 'Frictionless 3DS, collection at once: submit → result − server time', r.threeDs),
    row(
      '6',
      `JS objects held: growth after ${cycles} mount/destroy cycles (after GC)`,
      [heap(h.sdk), heap(h.floor)],
      h.heapRatio,
    ),
    left('Iframes left', (x) => String(x.iframes), h.sdk.iframes),
    left(
      'MessagePorts left open (growth of live MessagePort objects)',
      (x) => `${x.openPorts} (${x.livePorts})`,
      Math.max(h.sdk.openPorts, h.sdk.livePorts),
    ),
    left('Window listeners left', (x) => String(x.windowListeners), h.sdk.windowListeners),
  ]);
}

/** Part 1: each budget with its gzip and brotli weight, against the budget and the Lit floor; then each file. */
function sizeTables({ budgets, files, floor }: SizeResults): string {
  const kib = (...bytes: number[]) => bytes.map(formatKiB);
  const header =
    '1. what is downloaded | raw | gzip | brotli | budget (gzip) | of budget | × Lit floor | status';
  const floorFile = { ...floor, file: `floor: ${floor.file}`, loadedBy: 'one trivial Lit element' };
  return [
    markdownTable(
      header,
      budgets.map((b) => [
        b.name,
        ...kib(b.raw, b.gzip, b.brotli, b.budget),
        `${(b.share * 100).toFixed(0)}%`,
        formatRatio(b.floorRatio),
        b.ok ? 'ok' : 'OVER',
      ]),
    ),
    markdownTable(
      'file | loaded by | raw | gzip | brotli',
      [...files, floorFile].map((f) => [f.file, f.loadedBy, ...kib(f.raw, f.gzip, f.brotli)]),
    ),
  ].join('\n\n');
}

/** What the console shows: the main table and the sizes. */
const consoleTables = (r: Results) => `${mainTable(r)}\n\n${sizeTables(r.sizes)}`;

const FORMATS: Record<string, (value: number) => string> = {
  ms: formatMs,
  ratio: formatRatio,
  fixed0: (value) => value.toFixed(0),
  fixed1: (value) => value.toFixed(1),
};

/**
 * bench/REPORT.template.md with each `{{name}}` filled in: from the values below, else the result at
 * that path (`{{machine.cpu}}`), formatted when the path says how (`{{ms:tokenize.serverMedian.sdk}}`).
 */
function renderReport(r: Results): string {
  const { sdk, floor } = r.ready.breakdown;
  // In time order, the SDK's where it has the milestone, else the floor's.
  const names = [...new Set([...Object.keys(sdk), ...Object.keys(floor)])].sort(
    (x, y) => (sdk[x] ?? floor[x] ?? 0) - (sdk[y] ?? floor[y] ?? 0),
  );
  const at = (mark: number | undefined) => (mark === undefined ? '—' : formatMs(mark));
  // Where the cold load goes: when each frame starts loading, and how long it then takes to be ready.
  const [start, end] = ['frame navigation started', measure.READY];
  const [a = NaN, b = NaN, c = NaN, d = NaN] = [sdk[start], sdk[end], floor[start], floor[end]];
  const values: Record<string, string> = {
    // `2026-01-02T03:04:05.678Z` → `2026-01-02 03:04 UTC`.
    date: `${r.date.slice(0, 10)} ${r.date.slice(11, 16)} UTC`,
    settleMs: String(measure.SETTLE_MS),
    mainTable: mainTable(r),
    requests: [...new Set([...r.tokenize.requests, ...r.threeDs.requests])].map((p) => `\`${p}\``).join(', '),
    sizeTables: sizeTables(r.sizes),
    unbudgeted:
      r.sizes.unbudgeted.length === 0
        ? 'Every SDK file the browser fetched during the run is counted in a budget above.'
        : `**Fetched during the run but in no budget:** ${r.sizes.unbudgeted.map((f) => `\`${f}\``).join(', ')}.`,
    breakdownTable: markdownTable(
      'milestone (median, from navigation start) | SDK (plain.html) | floor',
      names.map((name) => [name, at(sdk[name]), at(floor[name])]),
    ),
    readyVerdict: r.ready.ratio !== undefined && r.ready.ratio <= r.ready.goal ? 'met' : 'missed',
    frameStart: formatMs(a),
    frameToReady: formatMs(b - a),
    floorFrameStart: formatMs(c),
    floorFrameToReady: formatMs(d - c),
    readyIfSameStart: formatRatio(ratio(c + (b - a), d)),
    floorInput: at(floor[measure.INPUT_EXISTS]),
    readyToFloorInput: formatRatio(ratio(b, floor[measure.INPUT_EXISTS] ?? NaN)),
  };
  const template = readFileSync(new URL('REPORT.template.md', import.meta.url), 'utf8');
  return template
    .replace(/^<!--.*-->\n+/, '')
    .replace(/\{\{(?:(\w+):)?([\w.]+)\}\}/g, (match, how: string | undefined, name: string) => {
      const value =
        values[name] ??
        name.split('.').reduce<unknown>((o, key) => (o as Record<string, unknown> | undefined)?.[key], r);
      const format = how === undefined ? undefined : FORMATS[how];
      if (typeof value === 'number' && format !== undefined) return format(value);
      if (how === undefined && (typeof value === 'string' || typeof value === 'number')) return String(value);
      throw new Error(`REPORT.template.md: no value for ${match}`);
    });
}

const started = Date.now();
const loadStart = loadavg()[0] ?? NaN;
ensureBuilt('bench');
console.log('bench: sizes (building the Lit floor)');
const sizes = await measureSizes();
/** Set once collect() has started the servers and the browser, all closed at the end whatever happens. */
let bench: Awaited<ReturnType<typeof startBench>> | undefined;

async function collect() {
  bench = await startBench('bench');
  const { setup, version, executablePath } = bench;
  const cold = await rounds('card fields ready, cold', {
    sdk: () => measure.ready(setup, 'sdk'),
    floor: () => measure.ready(setup, 'floor'),
  });

  console.log(`bench: ${settings.keystrokes} keystrokes in the card frame and in the floor frame`);
  const keys = async (subject: measure.Subject) =>
    measure.keystrokes(setup, subject, settings.keystrokes, settings.keystrokeWarmup);
  const [keysSdk, keysFloor] = [await keys('sdk'), await keys('floor')];

  const open = (subject: measure.Subject) => measure.open(setup, subject);
  const pages = [await open('sdk'), await open('sdk'), await open('floor')] as const;
  const submits = await rounds('tokenize and frictionless 3DS', {
    tokenize: () => measure.submitSdk(setup, pages[0].page, false),
    threeDs: () => measure.submitSdk(setup, pages[1].page, true),
    // The floor (one frame POST round trip) is the same for tokenize and 3DS.
    floor: () => measure.submitFloor(setup, pages[2].page),
  }).finally(() => Promise.all(pages.map((p) => p.close())));

  console.log(`bench: ${settings.cycles} mount/destroy cycles`);
  const cycle = (subject: measure.Subject) =>
    measure.hygiene(setup, subject, settings.cycles, settings.cycleWarmup);
  const { cycleMs: sdkCycles, ...sdkHygiene } = await cycle('sdk');
  const { cycleMs: floorCycles, ...floorHygiene } = await cycle('floor');

  const readyMs = (runs: measure.ReadyRun[]) => runs.map((r) => r.ready);
  const budgeted = new Set(sizes.budgets.flatMap((b) => b.files));
  // The challenge frame loads only when an issuer asks for a challenge, which no run here does.
  const loaded = [...setup.loaded].filter((f) => !f.endsWith('.map')).sort();
  return {
    date: new Date().toISOString(),
    durationSeconds: (Date.now() - started) / 1000,
    machine: {
      cpu: cpus()[0]?.model.trim() ?? 'unknown',
      cores: cpus().length,
      memoryGiB: totalmem() / 1024 ** 3,
      os: `${platform()} ${release()}`,
      node: process.versions.node,
      /** 1-minute load average at the start and at the end of the run (other work on the machine). */
      loadAverage: [loadStart, loadavg()[0] ?? NaN] as const,
    },
    browser: { name: 'Chromium', version, executablePath, headless: true },
    settings,
    sizes: { ...sizes, loaded, unbudgeted: loaded.filter((f) => !budgeted.has(f)) },
    ready: {
      ...compare(readyMs(cold.sdk), readyMs(cold.floor)),
      goal: READY_GOAL,
      breakdown: { sdk: medianMarks(cold.sdk), floor: medianMarks(cold.floor) },
    },
    keystroke: { ...compare(keysSdk.samples, keysFloor.samples), formatted: keysSdk.formatted },
    tokenize: compareSubmits(submits.tokenize, submits.floor),
    threeDs: compareSubmits(submits.threeDs, submits.floor),
    hygiene: {
      sdk: sdkHygiene,
      floor: floorHygiene,
      heapRatio: ratio(sdkHygiene.heapGrowth, floorHygiene.heapGrowth),
      cycle: compare(sdkCycles, floorCycles),
    },
  };
}
type Results = Awaited<ReturnType<typeof collect>>;
type Hygiene = Results['hygiene']['sdk'];

try {
  const results = await collect();
  const json = join(root, 'bench/results.json');
  writeFileSync(json, await formatted(JSON.stringify(results, null, 2), json));
  writeFileSync(join(root, 'bench/REPORT.md'), await formatted(renderReport(results)));
  console.log(`\n${await formatted(consoleTables(results))}`);
  console.log(
    `bench: wrote bench/results.json and bench/REPORT.md (${results.durationSeconds.toFixed(0)} s, Chromium ${results.browser.version})`,
  );
  const h = results.hygiene.sdk;
  const failures = [
    ...sizes.budgets.filter((b) => !b.ok).map((b) => `size budget exceeded: ${b.name}`),
    ...(h.iframes > 0 ? [`${h.iframes} iframe(s) left`] : []),
    ...(h.openPorts > 0 || h.livePorts > 0 ? ['MessagePort(s) left open'] : []),
    ...(h.windowListeners > 0 ? [`window listener(s) left: ${h.listenerTypes.join(', ')}`] : []),
    ...results.sizes.unbudgeted.map((f) => `loaded but in no size budget: ${f}`),
  ];
  for (const failure of failures) console.error(`bench: FAILED: ${failure}`);
  if (failures.length > 0) process.exitCode = 1;
} catch (error) {
  reportFailure('bench', error, bench?.setup.problems ?? []);
} finally {
  await bench?.close();
}
