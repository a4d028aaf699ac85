// `npm run bench:profile`: where the time of the bench's timings goes, from Chromium performance
// traces of the same measures (bench/measure.ts) on the same stack: cold loads of the plain page and
// of the floor's (PROFILE_RUNS each, default 5, after an untraced warm-up), keystrokes into the card
// number field, and tokenize submits. For the card frame's renderer main thread (an out-of-process
// iframe: the token host is another site) and the merchant page's, it counts each kind of work in
// wall and CPU milliseconds (bench/trace.ts) and prints Markdown tables of the medians;
// bench/profile.json holds the summary, and the traces stay in a temporary directory (DevTools'
// Performance panel and Perfetto open them). Tracing slows the browser (the more, the more it runs),
// so the bench's own figures from the same runs are printed beside the trace's: the profile says
// where the time goes, `npm run bench` how much there is.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { root } from '../scripts/artifacts.ts';
import { ensureBuilt, formatted, reportFailure, startBench } from './harness.ts';
import * as measure from './measure.ts';
import {
  formatMs,
  markdownTable,
  median,
  medianOfEach,
  percentile,
  serverTimingMs,
  summarize,
} from './stats.ts';
import * as trace from './trace.ts';
import type { Attribution, Slice, Time, TraceEvent } from './trace.ts';

const raw = process.env['PROFILE_RUNS'] ?? '';
const runs = raw === '' ? 5 : Number(raw);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`PROFILE_RUNS must be a positive integer, got "${raw}"`);
/** 64 keystrokes: four times the 16 digits that the keystroke measure types between clearing the field. */
const settings = { runs, keystrokes: 64, keystrokeWarmup: 16, submits: 5, digits: 16 };

/**
 * What the traces record: the DevTools timeline (tasks, parse, style, layout, paint, events, script
 * compile and evaluation, requests), V8's execution (microtasks, interrupts) and context setup,
 * user-timing marks (navigation start, svc-ready, the submit marks), loading and the scheduler's
 * tasks. Not the sampling profiler, which would add its own cost to every task.
 */
const CATEGORIES = [
  '-*',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
  'toplevel',
];

const traceDir = mkdtempSync(join(tmpdir(), 'bench-profile-'));
let traceCount = 0;

/** Runs `body` with the whole browser traced; the trace is kept in traceDir as `name`-N.json. */
async function traced<T>(browser: Browser, name: string, body: () => Promise<T>) {
  await browser.startTracing(undefined, { categories: CATEGORIES });
  const value = await body().catch(async (error: unknown) => {
    await browser.stopTracing().catch(() => undefined);
    throw error;
  });
  const buffer = await browser.stopTracing();
  writeFileSync(join(traceDir, `${name}-${String(++traceCount)}.json`), buffer);
  return { value, events: trace.parseTrace(buffer.toString('utf8')) };
}

/** The last document of `url` that started before `before` (by default: of all), or an error that says which. */
function documentOf(events: readonly TraceEvent[], url: string, before = Infinity) {
  const found = trace.documents(events, url).filter((d) => d.navigationStart < before);
  const last = found.at(-1);
  if (last === undefined) throw new Error(`no navigationStart of ${url} in the trace`);
  return last;
}

// Medians over runs.

/** Each label's median over the attributions (0 where one has none), and the medians of the totals. */
function medianAttribution(all: readonly Attribution[]): Attribution {
  const of = (pick: (a: Attribution) => number) => (all.length === 0 ? 0 : median(all.map(pick)));
  const labels = [...new Set(all.flatMap((a) => Object.keys(a.byLabel)))];
  const time = (pick: (a: Attribution) => Time | undefined): Time => ({
    wall: of((a) => pick(a)?.wall ?? 0),
    cpu: of((a) => pick(a)?.cpu ?? 0),
  });
  return {
    window: of((a) => a.window),
    busy: time((a) => a.busy),
    offCpu: of((a) => a.offCpu),
    idle: of((a) => a.idle),
    byLabel: Object.fromEntries(labels.map((label) => [label, time((a) => a.byLabel[label])])),
  };
}

const p = (values: readonly number[], at: number) => (values.length === 0 ? NaN : percentile(values, at));

// 1. Cold load: frame navigation start → ready.

/** Milestones the trace adds to the bench's (measure.ready), on the same clock: ms from navigation start. */
const TRACE_MARKS = {
  commit: 'trace: frame commits its document',
  parse: 'trace: frame starts parsing its HTML',
  evaluated: "trace: frame's first script evaluated",
  window: "trace: frame runs the page's first postMessage",
  port: 'trace: frame gets its first MessagePort message (SDK: configure)',
  portDone: 'trace: frame has handled its first MessagePort message',
};

/** Wall ms of script compile on the other threads of `main`'s process within [from, to]. */
function offMainCompile(events: readonly TraceEvent[], main: trace.Thread, from: number, to: number): number {
  const others = new Set(events.filter((e) => e.pid === main.pid && e.tid !== main.tid).map((e) => e.tid));
  let total = 0;
  for (const tid of others) {
    const slices = trace.threadSlices(events, { pid: main.pid, tid });
    total += trace.attribute(slices, from, to).byLabel[trace.LABELS.compile]?.wall ?? 0;
  }
  return total;
}

/** One traced cold load: the bench's figures, the trace's milestones, both threads' time, the requests. */
function coldRun(
  events: readonly TraceEvent[],
  run: measure.ReadyRun,
  urls: { page: string; frame: string },
) {
  const page = documentOf(events, urls.page);
  const frame = documentOf(events, urls.frame);
  const start = page.navigationStart;
  const at = (ms: number) => start + ms * 1000;
  const since = (ts: number) => (ts - start) / 1000;
  const [from, to] = [frame.navigationStart, at(run.ready)];
  const slices = { frame: trace.threadSlices(events, frame), page: trace.threadSlices(events, page) };
  const first = (test: (s: Slice) => boolean) => trace.firstSlice(slices.frame, test, from, to);
  const marks: Record<string, number> = { ...run.marks };
  const mark = (name: string, ts: number | undefined) => {
    if (ts !== undefined) marks[name] = since(ts);
  };
  // Its own document's: the spare renderer the frame gets may have committed and parsed an empty one.
  const ofFrame = (url: unknown) => typeof url === 'string' && url.startsWith(urls.frame);
  const commit = events.find(
    (e) => e.name === 'CommitLoad' && trace.data(e)['frame'] === frame.frame && ofFrame(trace.data(e)['url']),
  );
  mark(TRACE_MARKS.commit, commit?.ts);
  const beginData = (s: Slice) => (s.event.args?.['beginData'] ?? {}) as Record<string, unknown>;
  mark(TRACE_MARKS.parse, first((s) => s.event.name === 'ParseHTML' && ofFrame(beginData(s)['url']))?.start);
  mark(TRACE_MARKS.evaluated, first((s) => /^(EvaluateScript|v8\.evaluateModule)$/.test(s.event.name))?.end);
  mark(TRACE_MARKS.window, first((s) => trace.deliversMessage(s, 'window'))?.start);
  const port = first((s) => trace.deliversMessage(s, 'port'));
  mark(TRACE_MARKS.port, port?.start);
  mark(TRACE_MARKS.portDone, port === undefined ? undefined : trace.taskOf(port).end);
  const requests = trace
    .requests(events, serverTimingMs)
    .filter((r) => (r.pid === frame.pid || r.pid === page.pid) && r.sent >= start && r.sent <= to)
    .map((r) => ({
      side: r.pid === frame.pid ? 'frame' : 'page',
      name: trace.fileName(r.url),
      sent: since(r.sent),
      headers: r.headers === undefined ? undefined : since(r.headers),
      finished: r.finished === undefined ? undefined : since(r.finished),
      serverMs: r.serverMs,
      serverWait: r.serverWait,
    }));
  const summary = {
    ready: run.ready,
    marks,
    frame: trace.attribute(slices.frame, from, to),
    page: trace.attribute(slices.page, from, to),
    /** Script compile on the renderers' other threads (streamed scripts' background parse and compile). */
    offMainCompile: {
      frame: offMainCompile(events, frame, from, to),
      page: offMainCompile(events, page, from, to),
    },
    requests,
  };
  return { summary, slices, at };
}
type ColdRun = ReturnType<typeof coldRun>;

/**
 * From one milestone to the next, in the order of their medians: how long (median), and what each
 * main thread did meanwhile (medians). A run whose milestones came in another order counts 0 there.
 */
function coldSegments(cold: readonly ColdRun[], order: readonly string[]) {
  return order.slice(1).map((to, i) => {
    const from = order[i] ?? '';
    const windows = cold.flatMap(({ summary, slices, at }) => {
      const [a, b] = [summary.marks[from], summary.marks[to]];
      if (a === undefined || b === undefined) return [];
      const [start, end] = [at(a), at(Math.max(a, b))];
      return [
        { frame: trace.attribute(slices.frame, start, end), page: trace.attribute(slices.page, start, end) },
      ];
    });
    return {
      from,
      to,
      ms: windows.length === 0 ? 0 : median(windows.map((w) => w.frame.window)),
      frame: medianAttribution(windows.map((w) => w.frame)),
      page: medianAttribution(windows.map((w) => w.page)),
    };
  });
}

/** The requests' medians by side and file, in the order they went out. */
function medianRequests(cold: readonly ColdRun[]) {
  const all = cold.flatMap((c) => c.summary.requests);
  const keys = [...new Set(all.map((r) => `${r.side} ${r.name}`))];
  return keys
    .map((key) => {
      const same = all.filter((r) => `${r.side} ${r.name}` === key);
      const of = (pick: (r: (typeof same)[number]) => number | undefined) => {
        const values = same.map(pick).filter((v): v is number => v !== undefined);
        return values.length === 0 ? undefined : median(values);
      };
      return {
        side: same[0]?.side ?? '',
        name: same[0]?.name ?? '',
        /** The runs that made it before ready, of all. */
        runs: cold.filter((c) => c.summary.requests.some((r) => `${r.side} ${r.name}` === key)).length,
        sent: of((r) => r.sent) ?? NaN,
        headers: of((r) => r.headers),
        finished: of((r) => r.finished),
        serverMs: of((r) => r.serverMs) ?? 0,
        serverWait: of((r) => r.serverWait),
      };
    })
    .sort((a, b) => a.sent - b.sent);
}

function summarizeCold(cold: readonly ColdRun[]) {
  const marks = medianOfEach(cold.map((c) => c.summary.marks));
  // From the page's document on: what holds the frame's start back is the page's.
  const order = Object.keys(marks);
  return {
    ready: summarize(cold.map((c) => c.summary.ready)),
    marks,
    offMainCompile: {
      frame: median(cold.map((c) => c.summary.offMainCompile.frame)),
      page: median(cold.map((c) => c.summary.offMainCompile.page)),
    },
    frame: medianAttribution(cold.map((c) => c.summary.frame)),
    page: medianAttribution(cold.map((c) => c.summary.page)),
    segments: coldSegments(cold, order),
    requests: medianRequests(cold),
    runs: cold.map((c) => c.summary),
  };
}

// 2. Keystrokes: the key's timestamp → the formatted value, and the relay to the page.

/**
 * Each measured key (after the warm-up ones) of a traced keystroke measure: `position` among the 16
 * digits typed between clearings; `chain` from the key's timestamp (its keydown's EventTiming entry:
 * the bench's start) to the end of the task that ran its input event (the fields format in their
 * listeners and Lit renders in that task's microtasks: the bench's end); `queue` until the key's
 * first task started; the frame's time in the chain; for a key whose change the frame relays
 * (svc-fields: not every key makes one), until the page's task that took the message has run; the
 * frame's other work until the next key (paint, 3DS).
 */
function keyRuns(events: readonly TraceEvent[], urls: { page: string; frame: string }, warmup: number) {
  const frame = documentOf(events, urls.frame);
  const page = documentOf(events, urls.page);
  const slices = { frame: trace.threadSlices(events, frame), page: trace.threadSlices(events, page) };
  const onFrameClock = (ms: unknown) => frame.navigationStart + Number(ms) * 1000;
  // The keys' timestamps, by when their keydown listeners ran (EventTiming's processingStart).
  const timings = events
    .filter((e) => {
      const d = trace.data(e);
      return (
        e.name === 'EventTiming' && e.ph === 'b' && d['type'] === 'keydown' && d['frame'] === frame.frame
      );
    })
    .map((e) => ({
      key: onFrameClock(trace.data(e)['timeStamp']),
      ran: onFrameClock(trace.data(e)['processingStart']),
    }));
  const named = (name: string, type?: string) => (s: Slice) =>
    s.event.name === name && (type === undefined || trace.data(s.event)['type'] === type);
  const keydowns = [...trace.walk(slices.frame)].filter(named('EventDispatch', 'keydown'));
  const keyOf = (keydown: Slice) =>
    timings.find((t) => Math.abs(t.ran - keydown.start) < 2000)?.key ?? trace.taskOf(keydown).start;
  return keydowns.slice(warmup).flatMap((keydown, i) => {
    const key = keyOf(keydown);
    const nextKeydown = keydowns[warmup + i + 1];
    const next = nextKeydown === undefined ? key + 100_000 : keyOf(nextKeydown);
    const input = trace.firstSlice(slices.frame, named('EventDispatch', 'input'), keydown.start, next);
    if (input === undefined) return [];
    const formatted = trace.taskOf(input).end;
    // The frame relays a field's change (not every key makes one) on its port, in the input listener.
    const relayed = trace.firstSlice(
      slices.frame,
      named('EventDispatch', 'svc-fields'),
      input.start,
      formatted,
    );
    const relay =
      relayed === undefined
        ? undefined
        : trace.firstSlice(slices.page, (s) => trace.deliversMessage(s, 'port'), relayed.start, next);
    const relayTask = relay === undefined ? undefined : trace.taskOf(relay);
    return [
      {
        position: ((warmup + i) % settings.digits) + 1,
        chain: (formatted - key) / 1000,
        queue: (trace.taskOf(keydown).start - key) / 1000,
        frame: trace.attribute(slices.frame, key, formatted),
        relayed: relayTask === undefined ? undefined : (relayTask.end - key) / 1000,
        page:
          relayTask === undefined ? undefined : trace.attribute(slices.page, relayTask.start, relayTask.end),
        after: trace.attribute(slices.frame, formatted, next),
      },
    ];
  });
}
type KeyRun = ReturnType<typeof keyRuns>[number];

/** p50 and p95 over the keys, and the mean over the slowest tenth (by chain). */
function summarizeKeys(keys: readonly KeyRun[], bench: readonly number[]) {
  const threshold = p(
    keys.map((k) => k.chain),
    90,
  );
  const slow = keys.filter((k) => k.chain >= threshold);
  const stat = (pick: (k: KeyRun) => number | undefined) => {
    const values = keys.map(pick).filter((v): v is number => v !== undefined);
    const slowValues = slow.map(pick).filter((v): v is number => v !== undefined);
    return {
      p50: p(values, 50),
      p95: p(values, 95),
      slow: slowValues.length === 0 ? NaN : slowValues.reduce((a, b) => a + b, 0) / slowValues.length,
    };
  };
  const labels = (pick: (k: KeyRun) => Attribution | undefined) => {
    const names = [...new Set(keys.flatMap((k) => Object.keys(pick(k)?.byLabel ?? {})))];
    return Object.fromEntries(names.map((name) => [name, stat((k) => pick(k)?.byLabel[name]?.wall ?? 0)]));
  };
  return {
    n: keys.length,
    bench: { p50: p(bench, 50), p95: p(bench, 95) },
    chain: stat((k) => k.chain),
    queue: stat((k) => k.queue),
    frameBusy: stat((k) => k.frame.busy.wall),
    frameCpu: stat((k) => k.frame.busy.cpu),
    frameIdle: stat((k) => k.frame.idle),
    frame: labels((k) => k.frame),
    relayed: stat((k) => k.relayed),
    page: labels((k) => k.page),
    pageBusy: stat((k) => k.page?.busy.wall),
    after: stat((k) => k.after.busy.wall),
    afterLabels: labels((k) => k.after),
    relays: keys.filter((k) => k.relayed !== undefined).length,
    /** Where the slowest tenth fall among the 16 digits typed between clearings. */
    slowPositions: [...new Set(slow.map((k) => k.position))].sort((a, b) => a - b),
    /** Each digit's medians: the keys that clear, complete or change the number's brand differ. */
    byDigit: Array.from({ length: settings.digits }, (_, i) => {
      const at = keys.filter((k) => k.position === i + 1);
      const of = (pick: (k: KeyRun) => number) => (at.length === 0 ? NaN : median(at.map(pick)));
      return {
        digit: i + 1,
        n: at.length,
        chain: of((k) => k.chain),
        relays: at.filter((k) => k.relayed !== undefined).length,
        frame: medianAttribution(at.map((k) => k.frame)),
        after: of((k) => k.after.busy.wall),
      };
    }),
  };
}

// 3. Tokenize: the page's submit → its result.

/**
 * Each traced submit, between the page's SUBMIT_MARKS: the card frame the page had then (the SDK
 * mounts a new one for every submit), the request it made and its server time, what each main thread
 * did, and the time in which neither ran nor a request was in flight (IPC, scheduling).
 */
function submitRuns(
  events: readonly TraceEvent[],
  urls: { page: string; frame: string },
  runs: readonly measure.SubmitRun[],
) {
  const page = documentOf(events, urls.page);
  const pageSlices = trace.threadSlices(events, page);
  const onPage = (name: string) => trace.marks(events, name).filter((e) => e.pid === page.pid);
  const ends = onPage(measure.SUBMIT_MARKS.end);
  const all = trace.requests(events, serverTimingMs);
  return onPage(measure.SUBMIT_MARKS.start).flatMap((mark, i) => {
    const [start, end] = [mark.ts, ends.find((e) => e.ts > mark.ts)?.ts];
    if (end === undefined) return [];
    const frame = documentOf(events, urls.frame, start);
    const frameSlices = trace.threadSlices(events, frame);
    const request = all.find(
      (r) => r.pid === frame.pid && r.sent >= start && r.sent <= end && !r.url.includes('/frames/'),
    );
    const done = request?.finished ?? request?.headers ?? start;
    const sent = request?.sent ?? start;
    const busy = [
      ...trace.busyIntervals(frameSlices, start, end),
      ...trace.busyIntervals(pageSlices, start, end),
      ...(request === undefined ? [] : [[sent, done] as [number, number]]),
    ];
    return [
      {
        bench: runs[i]?.client ?? NaN,
        window: (end - start) / 1000,
        request: request === undefined ? undefined : trace.fileName(request.url),
        toRequest: (sent - start) / 1000,
        inFlight: (done - sent) / 1000,
        serverMs: request?.serverMs ?? 0,
        serverWait: request?.serverWait ?? NaN,
        afterResponse: (end - done) / 1000,
        frame: trace.attribute(frameSlices, start, end),
        page: trace.attribute(pageSlices, start, end),
        untraced: (end - start - trace.unionLength(busy)) / 1000,
      },
    ];
  });
}
type SubmitTrace = ReturnType<typeof submitRuns>[number];

function summarizeSubmits(submits: readonly SubmitTrace[]) {
  const of = (pick: (s: SubmitTrace) => number) => (submits.length === 0 ? NaN : median(submits.map(pick)));
  return {
    n: submits.length,
    request: submits[0]?.request,
    bench: of((s) => s.bench),
    window: of((s) => s.window),
    toRequest: of((s) => s.toRequest),
    inFlight: of((s) => s.inFlight),
    serverMs: of((s) => s.serverMs),
    serverWait: of((s) => s.serverWait),
    afterResponse: of((s) => s.afterResponse),
    untraced: of((s) => s.untraced),
    frame: medianAttribution(submits.map((s) => s.frame)),
    page: medianAttribution(submits.map((s) => s.page)),
  };
}

// The tables.

const n = (ms: number | undefined) => (ms === undefined || !Number.isFinite(ms) ? '—' : ms.toFixed(1));
const both = (t: Time | undefined) => (t === undefined || t.wall < 0.05 ? '—' : `${n(t.wall)} (${n(t.cpu)})`);

/** Labels worth a row (at least `min` ms of wall time in a column), largest first; the rest summed. */
function labelRows(columns: readonly (Attribution | undefined)[], min = 0.5) {
  const names = [...new Set(columns.flatMap((c) => Object.keys(c?.byLabel ?? {})))];
  const most = (name: string) => Math.max(...columns.map((c) => c?.byLabel[name]?.wall ?? 0));
  const shown = names.filter((name) => most(name) >= min).sort((a, b) => most(b) - most(a));
  const rest = names.filter((name) => !shown.includes(name));
  const restOf = (c: Attribution | undefined): Time => ({
    wall: rest.reduce((sum, name) => sum + (c?.byLabel[name]?.wall ?? 0), 0),
    cpu: rest.reduce((sum, name) => sum + (c?.byLabel[name]?.cpu ?? 0), 0),
  });
  return [
    ...shown.map((name) => [name, ...columns.map((c) => both(c?.byLabel[name]))]),
    [`other kinds (each < ${String(min)} ms)`, ...columns.map((c) => both(restOf(c)))],
    ['**busy: in a task**', ...columns.map((c) => both(c?.busy))],
    ['… of which off CPU (waiting for a core)', ...columns.map((c) => n(c?.offCpu))],
    ['idle (waiting: network, the other side, a frame)', ...columns.map((c) => n(c?.idle))],
    ['**window**', ...columns.map((c) => n(c?.window))],
  ];
}

/** The labels with the most wall time, `label 12.3`, for one cell. */
const top = (a: Attribution, count = 3) =>
  Object.entries(a.byLabel)
    .filter(([, t]) => t.wall >= 0.5)
    .sort((x, y) => y[1].wall - x[1].wall)
    .slice(0, count)
    .map(([label, t]) => `${label} ${n(t.wall)}`)
    .join('; ') || '—';

type Results = Awaited<ReturnType<typeof collect>>;

function tables(r: Results): string {
  const { sdk, floor } = r.cold;
  const coldHeader =
    'kind of work: wall ms (CPU ms) | SDK: card frame | floor: frame | SDK: page | floor: page';
  const milestones = [...new Set([...Object.keys(sdk.marks), ...Object.keys(floor.marks)])].sort(
    (a, b) => (sdk.marks[a] ?? floor.marks[a] ?? 0) - (sdk.marks[b] ?? floor.marks[b] ?? 0),
  );
  const segmentRows = (side: string, segments: typeof sdk.segments) =>
    segments
      .filter((s) => s.ms >= 0.5)
      .map((s) => [
        side,
        `${s.from} → ${s.to}`,
        n(s.ms),
        `${n(s.frame.busy.wall)} (${n(s.frame.busy.cpu)})`,
        top(s.frame),
        `${n(s.page.busy.wall)} (${n(s.page.busy.cpu)})`,
        top(s.page),
      ]);
  const requestRows = (side: string, requests: typeof sdk.requests) =>
    requests.map((q) => [
      side,
      `${q.side}: ${q.name}${q.runs < r.settings.runs ? ` (in ${String(q.runs)} of ${String(r.settings.runs)} runs)` : ''}`,
      n(q.sent),
      n(q.headers),
      n(q.finished),
      n(q.serverWait),
      n(q.serverMs),
    ]);
  const k = r.keystrokes;
  const keyRow = (
    what: string,
    pick: (s: typeof k.sdk) => { p50: number; p95: number; slow: number } | undefined,
  ) => {
    const [a, b] = [pick(k.sdk), pick(k.floor)];
    return [what, n(a?.p50), n(a?.p95), n(a?.slow), n(b?.p50), n(b?.p95)];
  };
  const keyLabels = (
    prefix: string,
    pick: (s: typeof k.sdk) => Record<string, { p50: number; p95: number; slow: number }>,
  ) => {
    const names = [...new Set([...Object.keys(pick(k.sdk)), ...Object.keys(pick(k.floor))])];
    const most = (name: string) =>
      Math.max(pick(k.sdk)[name]?.slow ?? 0, pick(k.sdk)[name]?.p95 ?? 0, pick(k.floor)[name]?.p95 ?? 0);
    return names
      .filter((name) => most(name) >= 0.1)
      .sort((a, b) => most(b) - most(a))
      .map((name) => keyRow(`  ${prefix}${name}`, (s) => pick(s)[name]));
  };
  const t = r.tokenize;
  const submitRow = (what: string, pick: (s: typeof t.sdk) => number) => [
    what,
    n(pick(t.sdk)),
    n(pick(t.floor)),
  ];
  const [loadA, loadB] = r.loadAverage;
  return [
    `Chromium ${r.browser.version}, load average ${loadA.toFixed(1)} at the start and ${loadB.toFixed(1)} at the end: wall time counts waits for a core, CPU time does not.`,
    `### 1. Cold load: frame navigation start → ready (median of ${String(r.settings.runs)} traced runs each)`,
    `Bench's ready in these runs: SDK ${formatMs(sdk.ready.median)}, floor ${formatMs(floor.ready.median)} (median).`,
    markdownTable(coldHeader, [
      ...labelRows([sdk.frame, floor.frame, sdk.page, floor.page]),
      [
        'script compile on other threads (wall)',
        ...[sdk, floor].map((c) => n(c.offMainCompile.frame)),
        ...[sdk, floor].map((c) => n(c.offMainCompile.page)),
      ],
    ]),
    '#### Milestones (median ms from the page\'s navigation start; "trace:" ones read from the trace)',
    markdownTable(
      'milestone | SDK | floor',
      milestones.map((name) => [name, n(sdk.marks[name]), n(floor.marks[name])]),
    ),
    '#### From one milestone to the next: what each main thread did (busy wall (CPU) ms; top kinds)',
    markdownTable('side | from → to | ms | frame busy | frame: most | page busy | page: most', [
      ...segmentRows('SDK', sdk.segments),
      ...segmentRows('floor', floor.segments),
    ]),
    "#### Requests until ready (median ms from navigation start; the server's turn, sent → headers, and its handler's Server-Timing)",
    markdownTable('side | request | sent | headers | done | server turn | of which handler', [
      ...requestRows('SDK', sdk.requests),
      ...requestRows('floor', floor.requests),
    ]),
    `### 2. Keystrokes: ${String(k.sdk.n)} (SDK) and ${String(k.floor.n)} (floor) keys; wall ms`,
    `The slowest tenth of the SDK's keys are at digits ${k.sdk.slowPositions.join(', ')} of the 16 typed between clearings (floor: ${k.floor.slowPositions.join(', ')}).`,
    markdownTable('measure | SDK p50 | SDK p95 | SDK slowest 10% (mean) | floor p50 | floor p95', [
      [
        "bench's clock in these runs (keydown → updates done)",
        n(k.sdk.bench.p50),
        n(k.sdk.bench.p95),
        '',
        n(k.floor.bench.p50),
        n(k.floor.bench.p95),
      ],
      keyRow('**key → formatted (end of the input task)**', (s) => s.chain),
      keyRow('  waiting for the frame (key → its task starts)', (s) => s.queue),
      keyRow('  frame busy (CPU below)', (s) => s.frameBusy),
      keyRow('  frame busy CPU', (s) => s.frameCpu),
      ...keyLabels('frame: ', (s) => s.frame),
      keyRow(
        `**key → page has handled the relay** (${String(k.sdk.relays)} SDK keys relay)`,
        (s) => s.relayed,
      ),
      ...keyLabels('page: ', (s) => s.page),
      keyRow("frame's other work before the next key", (s) => s.after),
      ...keyLabels('after: ', (s) => s.afterLabels),
    ]),
    '#### By digit (median ms): the first digit after a clearing drops the BIN of the number before (the 3DS setup made for it is dropped), the eighth makes one, the last completes the number (relayed, and its 3DS setup starts)',
    markdownTable(
      'digit | SDK: key → formatted | SDK: frame busy (CPU) | SDK: most | SDK: keys that relay | SDK: frame after | floor: key → formatted',
      k.sdk.byDigit.map((d, i) => [
        String(d.digit),
        n(d.chain),
        `${n(d.frame.busy.wall)} (${n(d.frame.busy.cpu)})`,
        top(d.frame, 2),
        `${String(d.relays)} of ${String(d.n)}`,
        n(d.after),
        n(k.floor.byDigit[i]?.chain),
      ]),
    ),
    `### 3. Tokenize: ${String(t.sdk.n)} submits each (median ms; SDK request ${t.sdk.request ?? '—'}, floor ${t.floor.request ?? '—'})`,
    markdownTable('part | SDK | floor', [
      submitRow("bench's clock in these runs: submit → result − server", (s) => s.bench),
      submitRow('**submit → result (trace)**', (s) => s.window),
      submitRow('  submit → request sent', (s) => s.toRequest),
      submitRow('  request in flight', (s) => s.inFlight),
      submitRow("    the server's turn (last byte sent → headers' first)", (s) => s.serverWait),
      submitRow("      of which its handler's (Server-Timing)", (s) => s.serverMs),
      submitRow('  response → result on the page', (s) => s.afterResponse),
      submitRow('  neither thread busy nor a request in flight', (s) => s.untraced),
    ]),
    markdownTable(
      'kind of work: wall ms (CPU ms) | SDK: card frame | floor: frame | SDK: page | floor: page',
      labelRows([t.sdk.frame, t.floor.frame, t.sdk.page, t.floor.page], 0.1),
    ),
  ].join('\n\n');
}

async function collect(bench: Awaited<ReturnType<typeof startBench>>) {
  const { setup } = bench;
  const { browser } = setup;
  const subjects = ['sdk', 'floor'] as const;
  const urls = { sdk: measure.urlsOf(setup, 'sdk'), floor: measure.urlsOf(setup, 'floor') };

  // As the bench does: a warm-up load each (the servers' caches, Chromium's spare renderer), then
  // SDK and floor in turn.
  for (const subject of subjects) await measure.ready(setup, subject);
  const cold = { sdk: [] as ColdRun[], floor: [] as ColdRun[] };
  for (let i = 0; i < runs; i++) {
    for (const subject of subjects) {
      const { value, events } = await traced(browser, `cold-${subject}`, () => measure.ready(setup, subject));
      cold[subject].push(coldRun(events, value, urls[subject]));
    }
    process.stdout.write(`\rprofile: cold loads ${String(i + 1)}/${String(runs)}`);
  }
  process.stdout.write('\n');

  console.log(`profile: ${String(settings.keystrokes)} keystrokes each`);
  const keystrokes = async (subject: measure.Subject) => {
    const { value, events } = await traced(browser, `keys-${subject}`, () =>
      measure.keystrokes(setup, subject, settings.keystrokes, settings.keystrokeWarmup),
    );
    return summarizeKeys(keyRuns(events, urls[subject], settings.keystrokeWarmup), value.samples);
  };
  const keys = { sdk: await keystrokes('sdk'), floor: await keystrokes('floor') };

  console.log(`profile: ${String(settings.submits)} tokenize submits each`);
  const submits = async (subject: measure.Subject) => {
    // From the page's load on, so that the trace has its frames' navigation starts.
    const { value, events } = await traced(browser, `submit-${subject}`, async () => {
      const opened = await measure.open(setup, subject);
      try {
        const done: measure.SubmitRun[] = [];
        for (let i = 0; i < settings.submits; i++)
          done.push(
            subject === 'sdk'
              ? await measure.submitSdk(setup, opened.page, false)
              : await measure.submitFloor(setup, opened.page),
          );
        return done;
      } finally {
        await opened.close();
      }
    });
    return summarizeSubmits(submitRuns(events, urls[subject], value));
  };
  const tokenize = { sdk: await submits('sdk'), floor: await submits('floor') };

  return {
    date: new Date().toISOString(),
    /** 1-minute load average at the start and the end (what else ran on the machine's cores). */
    loadAverage: [loadStart, loadavg()[0] ?? NaN] as const,
    browser: { name: 'Chromium', version: bench.version, headless: true },
    settings,
    categories: CATEGORIES,
    traceDir,
    cold: { sdk: summarizeCold(cold.sdk), floor: summarizeCold(cold.floor) },
    keystrokes: keys,
    tokenize,
  };
}

const loadStart = loadavg()[0] ?? NaN;
ensureBuilt('profile');
const bench = await startBench('profile');
try {
  const results = await collect(bench);
  const json = join(root, 'bench/profile.json');
  writeFileSync(json, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\n${await formatted(tables(results))}`);
  console.log(`profile: wrote bench/profile.json; traces in ${traceDir}`);
} catch (error) {
  reportFailure('profile', error, bench.setup.problems);
} finally {
  await bench.close();
}
