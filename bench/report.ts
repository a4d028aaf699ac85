// Turns one run's results into the tables printed on the console and bench/REPORT.md (from
// bench/REPORT.template.md; the README copies its tables by hand).

import { readFileSync } from 'node:fs';
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

interface Percentiles {
  p50: number;
  p95: number;
  min: number;
  max: number;
  n: number;
}

export interface Results {
  date: string;
  durationSeconds: number;
  machine: {
    cpu: string;
    cores: number;
    memoryGiB: number;
    os: string;
    node: string;
    /** 1-minute load average at the start and at the end of the run (other work on the machine). */
    loadAverage: [number, number];
  };
  browser: { name: string; version: string; executablePath: string; headless: boolean };
  settings: Settings;
  sizes: SizeResults & { loaded: string[]; unbudgeted: string[] };
  ready: Compared & {
    goal: number;
    breakdown: { sdk: Record<string, number>; floor: Record<string, number> };
  };
  keystroke: {
    sdk: Percentiles & { formatted: number };
    floor: Percentiles;
    ratioP50: number | undefined;
    ratioP95: number | undefined;
  };
  tokenize: SubmitCompared;
  threeDs: SubmitCompared;
  hygiene: {
    sdk: Omit<Hygiene, 'cycleMs'>;
    floor: Omit<Hygiene, 'cycleMs'>;
    heapRatio: number | undefined;
    cycle: Compared;
  };
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
  const medians = (key: 'server' | 'total') => ({
    sdk: median(sdk.map((r) => r[key])),
    floor: median(floor.map((r) => r[key])),
  });
  return {
    ...compare(
      sdk.map((r) => r.client),
      floor.map((r) => r.client),
    ),
    serverMedian: medians('server'),
    totalMedian: medians('total'),
    requests: [...new Set(sdk.flatMap((r) => r.requests))],
  };
}

export function compareKeystrokes(sdk: KeystrokeRun, floor: KeystrokeRun): Results['keystroke'] {
  const stats = (s: readonly number[]) => ({
    p50: percentile(s, 50),
    p95: percentile(s, 95),
    min: Math.min(...s),
    max: Math.max(...s),
    n: s.length,
  });
  const [a, b] = [stats(sdk.samples), stats(floor.samples)];
  return {
    sdk: { ...a, formatted: sdk.formatted },
    floor: b,
    ratioP50: ratio(a.p50, b.p50),
    ratioP95: ratio(a.p95, b.p95),
  };
}

const signedKiB = (bytes: number) => `${bytes >= 0 ? '+' : '−'}${formatKiB(Math.abs(bytes))}`;
const zero = (n: number) => (n === 0 ? '0: ok' : `0: FAILED (${String(n)})`);

/** The main table: one row per timing and hygiene count, SDK against its floor. */
export function mainTable(r: Results): string {
  const { cycles } = r.settings;
  const { keystroke: k, hygiene: h } = r;
  const met = (x: number | undefined, limit: number) =>
    x === undefined
      ? `≤ ${limit.toFixed(1)}×`
      : `≤ ${limit.toFixed(1)}×: ${x <= limit ? 'met' : `missed by ${((x / limit - 1) * 100).toFixed(0)}%`}`;
  const timing = (part: string, measure: string, c: Compared, goal = 'reported') => [
    part,
    measure,
    formatSummary(c.sdk),
    formatSummary(c.floor),
    formatRatio(c.ratio),
    goal,
  ];
  const key = (p: 'p50' | 'p95') => [
    '3',
    `Keystroke → formatted value in the frame, ${p} of ${String(k.sdk.n)}`,
    formatMs(k.sdk[p]),
    formatMs(k.floor[p]),
    formatRatio(p === 'p50' ? k.ratioP50 : k.ratioP95),
    'reported',
  ];
  const heap = (x: Results['hygiene']['sdk']) =>
    `${signedKiB(x.heapGrowth)} (last ${String(cycles - Math.floor(cycles / 2))}: ${signedKiB(x.heapGrowthSecondHalf)})`;
  const rows = [
    timing(
      '2',
      'Card fields ready, cold cache (navigation start → svc-ready; floor: → frame hello)',
      r.ready,
      met(r.ready.ratio, r.ready.goal),
    ),
    timing('2', `Mount → svc-ready, warm (${String(cycles)} cycles; floor: frame created → hello)`, h.cycle),
    key('p50'),
    key('p95'),
    timing('4', 'Tokenize: submit → result − server time (floor: frame POST round trip)', r.tokenize),
    timing('5', 'Frictionless 3DS, collection at once: submit → result − server time', r.threeDs),
    [
      '6',
      `JS heap growth after ${String(cycles)} mount/destroy cycles (after GC)`,
      heap(h.sdk),
      heap(h.floor),
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
    ...[b.raw, b.gzip, b.brotli, b.budget].map(formatKiB),
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
  const rows = [
    ...sizes.files.map((f) => [f.file, f.loadedBy, f.raw, f.gzip, f.brotli] as const),
    [
      `floor: ${sizes.floor.file}`,
      'one trivial Lit element',
      sizes.floor.raw,
      sizes.floor.gzip,
      sizes.floor.brotli,
    ] as const,
  ];
  return markdownTable(
    ['file', 'loaded by', 'raw', 'gzip', 'brotli'],
    rows.map(([file, by, ...bytes]) => [file, by, ...bytes.map(formatKiB)]),
  );
}

/** `2026-01-02T03:04:05.678Z` → `2026-01-02 03:04 UTC`. */
export function displayDate(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** What the breakdown says about the ready goal, in numbers from this run. */
export function readyAnalysis(r: Results): string {
  const [start, ready] = ['frame navigation started', 'ready: svc-ready (floor: hello from the frame)'];
  const { sdk, floor } = r.ready.breakdown;
  const [a, b, c, d] = [sdk[start], sdk[ready], floor[start], floor[ready]];
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
  const { settings: s, machine: m } = r;
  const names = [
    ...new Set([...Object.keys(r.ready.breakdown.sdk), ...Object.keys(r.ready.breakdown.floor)]),
  ];
  const at = (mark: number | undefined) => (mark === undefined ? '—' : formatMs(mark));
  const values: Record<string, string> = {
    date: displayDate(r.date),
    duration: r.durationSeconds.toFixed(0),
    cpu: m.cpu,
    cores: String(m.cores),
    memory: m.memoryGiB.toFixed(1),
    os: m.os,
    node: m.node,
    loadStart: m.loadAverage[0].toFixed(1),
    loadEnd: m.loadAverage[1].toFixed(1),
    browserName: r.browser.name,
    browserVersion: r.browser.version,
    browserPath: r.browser.executablePath,
    ...Object.fromEntries(Object.entries(s).map(([key, value]) => [key, String(value)])),
    settleMs: String(SETTLE_MS),
    mainTable: mainTable(r),
    tokenizeServer: formatMs(r.tokenize.serverMedian.sdk),
    tokenizeTotal: formatMs(r.tokenize.totalMedian.sdk),
    threeDsServer: formatMs(r.threeDs.serverMedian.sdk),
    threeDsTotal: formatMs(r.threeDs.totalMedian.sdk),
    floorServer: formatMs(r.tokenize.serverMedian.floor),
    floorTotal: formatMs(r.tokenize.totalMedian.floor),
    requests: [...new Set([...r.tokenize.requests, ...r.threeDs.requests])].map((p) => `\`${p}\``).join(', '),
    budgetTable: budgetTable(r.sizes),
    fileTable: fileTable(r.sizes),
    unbudgeted:
      r.sizes.unbudgeted.length === 0
        ? 'Every SDK file the browser fetched during the run is counted in a budget above.'
        : `**Fetched during the run but in no budget:** ${r.sizes.unbudgeted.map((f) => `\`${f}\``).join(', ')}.`,
    breakdownTable: markdownTable(
      ['milestone (median, from navigation start)', 'SDK (plain.html)', 'floor'],
      names.map((name) => [name, at(r.ready.breakdown.sdk[name]), at(r.ready.breakdown.floor[name])]),
    ),
    readyAnalysis: readyAnalysis(r),
  };
  const template = readFileSync(new URL('REPORT.template.md', import.meta.url), 'utf8');
  return template.replace(/^<!--.*-->\n+/, '').replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`REPORT.template.md: no value for {{${name}}}`);
    return value;
  });
}
