// Turns one run's results into the tables printed on the console and written to bench/REPORT.md (and
// copied into the README by hand).

import { SETTLE_MS, type Hygiene, type KeystrokeRun, type ReadyRun, type SubmitRun } from './measure.ts';
import type { SizeResults } from './sizes.ts';
import {
  formatKiB,
  formatMs,
  formatRatio,
  formatSummary,
  markdownTable,
  median,
  percentile,
  ratio,
  summarize,
  type Summary,
} from './stats.ts';

export const READY_GOAL = 1.5;

export interface Settings {
  runs: number;
  warmupRuns: number;
  keystrokes: number;
  keystrokeWarmup: number;
  cycles: number;
  cycleWarmup: number;
}

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  /** 1-minute load average at the start and at the end of the run (other work on the machine). */
  loadAverage: [number, number];
}

export interface Compared {
  sdk: Summary;
  floor: Summary;
  ratio: number | undefined;
}

export interface SubmitCompared extends Compared {
  /** Median Server-Timing subtracted, ms. */
  serverMedian: { sdk: number; floor: number };
  /** Median submit → result before the subtraction, ms. */
  totalMedian: { sdk: number; floor: number };
  requests: string[];
}

export interface KeystrokeCompared {
  sdk: { p50: number; p95: number; min: number; max: number; n: number; formatted: number };
  floor: { p50: number; p95: number; min: number; max: number; n: number };
  ratioP50: number | undefined;
  ratioP95: number | undefined;
}

export interface HygieneCompared {
  sdk: Omit<Hygiene, 'cycleMs'>;
  floor: Omit<Hygiene, 'cycleMs'>;
  heapRatio: number | undefined;
  cycle: Compared;
}

export interface Results {
  date: string;
  durationSeconds: number;
  machine: Machine;
  browser: { name: string; version: string; executablePath: string; headless: boolean };
  settings: Settings;
  sizes: SizeResults & { loaded: string[]; unbudgeted: string[] };
  ready: Compared & {
    goal: number;
    breakdown: { sdk: Record<string, number>; floor: Record<string, number> };
  };
  keystroke: KeystrokeCompared;
  tokenize: SubmitCompared;
  threeDs: SubmitCompared;
  hygiene: HygieneCompared;
  samples: Record<string, number[]>;
}

export function compare(sdk: readonly number[], floor: readonly number[]): Compared {
  const a = summarize(sdk);
  const b = summarize(floor);
  return { sdk: a, floor: b, ratio: ratio(a.median, b.median) };
}

/** The median of each milestone over the runs that have it, in time order. */
export function medianMarks(runs: readonly ReadyRun[]): Record<string, number> {
  const names = [...new Set(runs.flatMap((r) => Object.keys(r.marks)))];
  const entries = names.map((name) => {
    const values = runs.map((r) => r.marks[name]).filter((v): v is number => v !== undefined);
    return [name, median(values)] as const;
  });
  return Object.fromEntries(entries.sort((a, b) => a[1] - b[1]));
}

export function compareSubmits(sdk: readonly SubmitRun[], floor: readonly SubmitRun[]): SubmitCompared {
  return {
    ...compare(
      sdk.map((r) => r.client),
      floor.map((r) => r.client),
    ),
    serverMedian: { sdk: median(sdk.map((r) => r.server)), floor: median(floor.map((r) => r.server)) },
    totalMedian: { sdk: median(sdk.map((r) => r.total)), floor: median(floor.map((r) => r.total)) },
    requests: [...new Set(sdk.flatMap((r) => r.requests))],
  };
}

export function compareKeystrokes(sdk: KeystrokeRun, floor: KeystrokeRun): KeystrokeCompared {
  const stats = (s: readonly number[]) => ({
    p50: percentile(s, 50),
    p95: percentile(s, 95),
    min: Math.min(...s),
    max: Math.max(...s),
    n: s.length,
  });
  const a = stats(sdk.samples);
  const b = stats(floor.samples);
  return {
    sdk: { ...a, formatted: sdk.formatted },
    floor: b,
    ratioP50: ratio(a.p50, b.p50),
    ratioP95: ratio(a.p95, b.p95),
  };
}

const signedKiB = (bytes: number) => `${bytes >= 0 ? '+' : '−'}${formatKiB(Math.abs(bytes))}`;

function goal(r: number | undefined, limit: number): string {
  if (r === undefined) return `≤ ${limit.toFixed(1)}×`;
  return `≤ ${limit.toFixed(1)}×: ${r <= limit ? 'met' : `missed by ${((r / limit - 1) * 100).toFixed(0)}%`}`;
}

const zero = (n: number) => (n === 0 ? '0: ok' : `0: FAILED (${String(n)})`);

/** The main table: one row per timing and hygiene count, SDK against its floor. */
export function mainTable(r: Results): string {
  const s = r.settings;
  const k = r.keystroke;
  const h = r.hygiene;
  const half = s.cycles - Math.floor(s.cycles / 2);
  const rows: string[][] = [
    [
      '2',
      'Card fields ready, cold cache (navigation start → svc-ready; floor: → frame hello)',
      formatSummary(r.ready.sdk),
      formatSummary(r.ready.floor),
      formatRatio(r.ready.ratio),
      goal(r.ready.ratio, r.ready.goal),
    ],
    [
      '2',
      `Mount → svc-ready, warm (${String(s.cycles)} cycles; floor: frame created → hello)`,
      formatSummary(h.cycle.sdk),
      formatSummary(h.cycle.floor),
      formatRatio(h.cycle.ratio),
      'reported',
    ],
    [
      '3',
      `Keystroke → formatted value in the frame, p50 of ${String(k.sdk.n)}`,
      formatMs(k.sdk.p50),
      formatMs(k.floor.p50),
      formatRatio(k.ratioP50),
      'reported',
    ],
    [
      '3',
      `Keystroke → formatted value in the frame, p95 of ${String(k.sdk.n)}`,
      formatMs(k.sdk.p95),
      formatMs(k.floor.p95),
      formatRatio(k.ratioP95),
      'reported',
    ],
    [
      '4',
      'Tokenize: submit → result − server time (floor: frame POST round trip)',
      formatSummary(r.tokenize.sdk),
      formatSummary(r.tokenize.floor),
      formatRatio(r.tokenize.ratio),
      'reported',
    ],
    [
      '5',
      'Frictionless 3DS, collection at once: submit → result − server time',
      formatSummary(r.threeDs.sdk),
      formatSummary(r.threeDs.floor),
      formatRatio(r.threeDs.ratio),
      'reported',
    ],
    [
      '6',
      `JS heap growth after ${String(s.cycles)} mount/destroy cycles (after GC)`,
      `${signedKiB(h.sdk.heapGrowth)} (last ${String(half)}: ${signedKiB(h.sdk.heapGrowthSecondHalf)})`,
      `${signedKiB(h.floor.heapGrowth)} (last ${String(half)}: ${signedKiB(h.floor.heapGrowthSecondHalf)})`,
      formatRatio(h.heapRatio),
      'reported',
    ],
    ['6', 'Iframes left', String(h.sdk.iframes), String(h.floor.iframes), '—', zero(h.sdk.iframes)],
    [
      '6',
      'MessagePorts left open (growth of live MessagePort objects)',
      `${String(h.sdk.openPorts)} (${String(h.sdk.livePorts)})`,
      `${String(h.floor.openPorts)} (${String(h.floor.livePorts)})`,
      '—',
      zero(Math.max(h.sdk.openPorts, h.sdk.livePorts)),
    ],
    [
      '6',
      'Window listeners left',
      String(h.sdk.windowListeners),
      String(h.floor.windowListeners),
      '—',
      zero(h.sdk.windowListeners),
    ],
  ];
  return markdownTable(['#', 'measure', 'SDK: median (min–max)', 'floor', 'ratio', 'goal'], rows);
}

/** Part 1: each budget with its gzip and brotli weight, against the budget and the Lit floor. */
export function budgetTable(sizes: SizeResults): string {
  const rows = sizes.budgets.map((b) => [
    b.name,
    formatKiB(b.raw),
    formatKiB(b.gzip),
    formatKiB(b.brotli),
    formatKiB(b.budget),
    `${(b.share * 100).toFixed(0)}%`,
    formatRatio(b.floorRatio),
    b.ok ? 'ok' : 'OVER',
  ]);
  for (const b of sizes.unbuilt) rows.push([b.name, '—', '—', '—', formatKiB(b.budget), '—', '—', b.status]);
  return markdownTable(
    ['1. what is downloaded', 'raw', 'gzip', 'brotli', 'budget (gzip)', 'of budget', '× Lit floor', 'status'],
    rows,
  );
}

export function fileTable(sizes: SizeResults): string {
  const rows = sizes.files.map((f) => [
    f.file,
    f.loadedBy,
    formatKiB(f.raw),
    formatKiB(f.gzip),
    formatKiB(f.brotli),
  ]);
  const floor = sizes.floor;
  rows.push([
    `floor: ${floor.file}`,
    'one trivial Lit element',
    formatKiB(floor.raw),
    formatKiB(floor.gzip),
    formatKiB(floor.brotli),
  ]);
  return markdownTable(['file', 'loaded by', 'raw', 'gzip', 'brotli'], rows);
}

function breakdownTable(r: Results): string {
  const names = [
    ...new Set([...Object.keys(r.ready.breakdown.sdk), ...Object.keys(r.ready.breakdown.floor)]),
  ];
  const rows = names.map((name) => {
    const a = r.ready.breakdown.sdk[name];
    const b = r.ready.breakdown.floor[name];
    return [name, a === undefined ? '—' : formatMs(a), b === undefined ? '—' : formatMs(b)];
  });
  return markdownTable(['milestone (median, from navigation start)', 'SDK (plain.html)', 'floor'], rows);
}

/** `2026-01-02T03:04:05.678Z` → `2026-01-02 03:04 UTC`. */
export function displayDate(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

const FRAME_START = 'frame navigation started';
const READY = 'ready: svc-ready (floor: hello from the frame)';

/** What the breakdown says about the ready goal, in numbers from this run. */
export function readyAnalysis(r: Results): string {
  const sdk = r.ready.breakdown.sdk;
  const floor = r.ready.breakdown.floor;
  const [a, b, c, d] = [sdk[FRAME_START], sdk[READY], floor[FRAME_START], floor[READY]];
  if (a === undefined || b === undefined || c === undefined || d === undefined) return '';
  const met = r.ready.ratio !== undefined && r.ready.ratio <= r.ready.goal;
  return [
    `The goal (≤ ${r.ready.goal.toFixed(1)}×) is ${met ? 'met' : 'missed'} at ${formatRatio(r.ready.ratio)}.`,
    `The card frame starts loading ${formatMs(a)} after navigation start, against ${formatMs(c)} for the`,
    "floor's static frame: before it come the SDK script, the page's own script and its session request",
    '(the frame needs the session id). From its navigation to ready the card frame takes',
    `${formatMs(b - a)} (floor: ${formatMs(d - c)}): its document, then its script and stylesheet, Lit`,
    'and the fields, and the handshake and configure round trip with the page. Had it started when the',
    `floor's frame does, the ratio would be about ${formatRatio(ratio(c + (b - a), d))}.`,
  ].join('\n');
}

export function renderReport(r: Results): string {
  const s = r.settings;
  const m = r.machine;
  const unbudgeted =
    r.sizes.unbudgeted.length === 0
      ? 'Every SDK file the browser fetched during the run is counted in a budget above.'
      : `**Fetched during the run but in no budget:** ${r.sizes.unbudgeted.map((f) => `\`${f}\``).join(', ')}.`;
  return `# Benchmark report

Generated by \`npm run bench\` on ${displayDate(r.date)} in ${r.durationSeconds.toFixed(0)} s.

- Machine: ${m.cpu}, ${String(m.cores)} cores, ${m.memoryGiB.toFixed(1)} GiB RAM, ${m.os}, Node ${m.node};
  1-minute load average ${m.loadAverage[0].toFixed(1)} at the start, ${m.loadAverage[1].toFixed(1)} at the end
- Browser: ${r.browser.name} ${r.browser.version} (headless, \`${r.browser.executablePath}\`), driven by playwright-core
- Servers: sandbox, demo merchant and floor pages in the bench's own process, on free loopback ports
  (floor: \`127.0.0.1\` for the page, \`localhost\` for the frame, two sites like the demo and the token
  host)
- Repeats: ${String(s.runs)} measured runs per timing after ${String(s.warmupRuns)} discarded warm-up run; ${String(s.keystrokes)} keystrokes after ${String(s.keystrokeWarmup)} warm-up ones; ${String(s.cycles)} mount/destroy cycles after ${String(s.cycleWarmup)} warm-up ones

Timings are medians with min and max, compared with a floor measured in the same run as a ratio
(SDK / floor). They are reported, never asserted: shared machines are noisy (see the load average
above). Sizes are deterministic and \`npm test\` fails on a budget overrun (\`.size-limit.ts\`); the
hygiene counts must be zero. \`npm run bench\` exits with an error when a budget is exceeded, a hygiene
count is not zero or the browser fetched an SDK file that no budget counts.

## Timings and hygiene

${mainTable(r)}

Server time subtracted (median Server-Timing of the requests between submit and result): tokenize
${formatMs(r.tokenize.serverMedian.sdk)} of ${formatMs(r.tokenize.totalMedian.sdk)}, 3DS ${formatMs(r.threeDs.serverMedian.sdk)} of ${formatMs(r.threeDs.totalMedian.sdk)}, floor ${formatMs(r.tokenize.serverMedian.floor)} of ${formatMs(r.tokenize.totalMedian.floor)}.
Requests in the SDK's submit windows: ${r.tokenize.requests
    .concat(r.threeDs.requests)
    .filter((v, i, a) => a.indexOf(v) === i)
    .map((p) => `\`${p}\``)
    .join(', ')}.

## 1. Sizes

${budgetTable(r.sizes)}

${fileTable(r.sizes)}

The floor is \`bench/floor/lit-element.ts\` (one Lit element rendering a label and an input) built with
Vite's JS API like the script-tag build (IIFE, Lit inlined, \`vite.config.ts\`'s \`shared\` settings:
target es2022, Vite's default minifier), measured like the SDK's files (gzip level 9, brotli quality 11,
as size-limit). ${unbudgeted}

## 2. Where the cold load goes

${breakdownTable(r)}

${readyAnalysis(r)}

## Method

- **Card fields ready (2).** Each run opens a new browser context (empty HTTP cache, no open
  connections) and loads the demo's \`plain.html\` (script tag with SRI, strict CSP). An init script
  records \`performance.now()\` when the first \`svc-ready\` reaches the document; \`performance.now()\`
  counts from navigation start. The page first asks the demo merchant backend for a session (which calls
  \`Token/NewSession\`), as every integration must, then mounts the form. The floor page has a static
  cross-origin \`<iframe>\` holding one plain \`<input>\`; the frame posts a hello to the page when its
  input exists, and the page records the time. SDK and floor runs alternate. The warm row times
  \`mountCardForm()\` to \`svc-ready\` on an open page (part 6's cycles) against creating the floor's
  frame to its hello.
- **Keystroke (3).** Real key presses (\`page.keyboard.press\`, which goes through the browser process
  like a keyboard's) into the card number field, typing \`4111111111111111\` and clearing the field
  (not counted) every 16 digits. Inside the frame, a capture listener on \`keydown\` keeps the event's
  \`timeStamp\` (when the browser took the key); a listener on \`input\` at the document (after the
  field's own handler, which formats) waits for every Lit element around the input to finish its update
  (\`updateComplete\`) and takes \`performance.now()\`. The difference is one sample. The same clock runs on
  the floor frame's plain input. Both exclude painting. The card frame runs its 3DS setup each time the
  number becomes valid (the demo account has 3DS on), as it would for a shopper.
- **Tokenize (4) and frictionless 3DS (5).** On the plain page, for each run a new session is created
  server to server, a new \`Checkout\` is mounted (\`demo-no3ds\` for 4; \`demo\`, 3DS on, for 5, with the
  sandbox's device data collection set to answer at once with \`/__sandbox/three-ds/ddc\` \`delayMs: 0\`),
  the fields are filled (4111 1111 1111 1111; for 3DS 4000 0000 0000 2701, expiry 01 / current year + 3)
  and, once the frame's 3DS setup has answered (and for 5 the collection has finished, as it would while
  the shopper types the rest) and ${String(SETTLE_MS)} ms have passed, \`submit()\` is timed in the page up to its
  result. The sandbox sends \`Server-Timing: app;dur=…\` on every response; the durations of the
  responses from the token host during the submit are subtracted. The floor posts a message over a MessagePort to its frame, which POSTs
  the same kind of JSON to its own origin (the bench's server, also with Server-Timing) and answers over
  the port.
- **Memory and hygiene (6).** On the plain page, the page's \`window.demo.checkout\` mounts the card form,
  waits for \`svc-ready\` and destroys it, ${String(s.cycleWarmup)} times to warm up and then ${String(s.cycles)} times. Before,
  halfway and after, through CDP: \`performance.clearResourceTimings()\` (each frame leaves an entry in
  the page, the browser's bookkeeping), \`HeapProfiler.collectGarbage\` (twice) and \`Runtime.getHeapUsage\`
  (the growth over the second half alone tells a one-time cost from a leak, which would grow with every
  cycle), \`Runtime.queryObjects\` on \`MessagePort.prototype\`, and \`DOMDebugger.getEventListeners\` on \`window\`.
  Iframes are counted in the DOM (shadow roots included) and as Playwright's frames. An init script, run
  before the SDK loads, wraps \`MessageChannel\` and \`MessagePort.prototype.close\`: a port left open is a
  channel whose first port (the one the host keeps; the second is transferred to the frame) was never
  closed. The floor does the same cycles with a bare frame and port.
`;
}
