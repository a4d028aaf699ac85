// Reading Chromium performance traces for `npm run bench:profile` (bench/profile.ts): which renderer
// thread runs a document, and where a thread's time goes within a window, by kind of work. Pure
// functions over the trace's JSON events, so bench/trace.test.ts checks them on made-up traces.

/** One event of a Chromium trace (the Trace Event Format); times in microseconds. */
export interface TraceEvent {
  name: string;
  cat?: string;
  /** X: complete (ts + dur), B/E: begin/end, I/R: instant and mark, M: metadata, b/e: async. */
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time within a complete event: less than `dur` when the thread did not run. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { data?: Record<string, unknown> } & Record<string, unknown>;
}

/** The events of a trace as Chromium writes it: `{ traceEvents: [...] }` or a bare array. */
export function parseTrace(json: string): TraceEvent[] {
  const parsed = JSON.parse(json) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
}

export const data = (e: TraceEvent): Record<string, unknown> => e.args?.data ?? {};
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export interface Thread {
  pid: number;
  tid: number;
}

/** A document as its renderer saw it: its thread, frame id, and navigation start (trace clock, µs). */
export interface DocumentThread extends Thread {
  frame: string;
  url: string;
  navigationStart: number;
}

/**
 * Every document whose URL starts with `urlPrefix`, in time order: the thread that ran it, found by
 * the `navigationStart` mark its renderer's main thread records with the frame id and URL. A
 * browser-wide trace, which the bench's measures need (they close their browser context, and with it
 * any page's DevTools session, before they return), has no `FrameCommittedInBrowser` events and
 * `TracingStartedInBrowser` names no frames; the mark is in every renderer's trace.
 */
export function documents(events: readonly TraceEvent[], urlPrefix: string): DocumentThread[] {
  return events
    .filter((e) => e.name === 'navigationStart' && text(data(e)['documentLoaderURL']).startsWith(urlPrefix))
    .map((e) => ({
      pid: e.pid,
      tid: e.tid,
      frame: text(e.args?.['frame']),
      url: text(data(e)['documentLoaderURL']),
      navigationStart: e.ts,
    }))
    .sort((a, b) => a.navigationStart - b.navigationStart);
}

/** A complete event on a thread, with its place in the thread's call tree. */
export interface Slice {
  event: TraceEvent;
  start: number;
  end: number;
  /** Thread CPU time, where the trace has it. */
  cpu: number | undefined;
  parent: Slice | undefined;
  children: Slice[];
  /** The kind of work its own time (less its children's) is counted as: `label()` below. */
  label: string;
  depth: number;
}

/**
 * The kinds of work a thread's time is counted as. Each slice of a thread's call tree counts its own
 * time (less its children's) under the first label found from it up to the root: its own kind (parse,
 * style and layout, paint, compile, GC...), or, for JavaScript, what ran it (a script's evaluation, an
 * event, a message, a microtask). What nothing names is `other`: scheduling, IPC, and work the
 * enabled categories do not trace.
 */
export const LABELS = {
  navigation: 'navigation commit, V8 context',
  parse: 'HTML parse',
  style: 'style + layout',
  paint: 'paint, layerize, commit',
  compile: 'script compile',
  interrupts: 'V8 interrupts (tier-up)',
  gc: 'GC',
  microtasks: 'microtasks (promise jobs, Lit updates)',
  messages: 'message handlers (postMessage, MessagePort)',
  timers: 'timers',
  network: 'network callbacks (loader)',
  otherJs: 'JS: other callbacks',
  other: 'other (scheduling, IPC, untraced)',
} as const;

/** Script evaluation's label: `evaluate: card.html (inline)`, `evaluate: card-later.js + service.js`. */
export const evaluateLabel = (names: readonly string[]) => `evaluate: ${names.join(' + ') || '?'}`;

/** A URL's file name, without query, fragment or the content hash of a built asset's name. */
export function fileName(url: string): string {
  const path = url.replace(/[?#].*$/, '');
  const file = path.slice(path.lastIndexOf('/') + 1) || path;
  return file.replace(/-[\w-]{8}(\.\w+)$/, '$1');
}

/** A script's short name: its file's; a document's inline script says so. */
export const scriptName = (url: string) => {
  const file = fileName(url);
  return /\.html?$/.test(file) ? `${file} (inline)` : file;
};

const OWN: [RegExp, string][] = [
  [/^(DocumentLoader::|LocalWindowProxy::|V8\.DeserializeContext$|V8PerIsolateData::)/, LABELS.navigation],
  [/^ParseHTML$/, LABELS.parse],
  [/^(UpdateLayoutTree|RecalculateStyles|Layout|UpdateLayout|ParseAuthorStyleSheet|HitTest)$/, LABELS.style],
  [/^(PrePaint|Paint|PaintImage|Layerize|Commit|UpdateLayer|CompositeLayers|Decode Image)$/, LABELS.paint],
  [/^(v8\.compile|V8\.Compile|v8\.parseOnBackground|v8\.produce|CompileScript|V8\.Parse)/, LABELS.compile],
  [/^V8\.(BytecodeBudgetInterrupt|HandleInterrupts|StackGuard)/, LABELS.interrupts],
  [/(^|\.)(MinorGC|MajorGC|GC_|GCScavenger|BlinkGC)|^BlinkGC\./, LABELS.gc],
  [/^RunMicrotasks$/, LABELS.microtasks],
  [/^(TimerFire|FireAnimationFrame|FireIdleCallback)$/, LABELS.timers],
  [/^(ThrottlingURLLoader::|MojoURLLoaderClient::|ResourceRequestSender::|URLLoader::)/, LABELS.network],
];
/** What runs JavaScript: labelled by what made it run (an event, a message, a script's evaluation). */
const JS = /^(FunctionCall|v8\.callFunction|v8\.callAsConstructor|v8\.run|V8\.Execute|v8\.newInstance)$/;

/**
 * `slice`'s own label, or undefined to take its parent's. `compiled` names the modules compiled on
 * the thread since its last module evaluation: the graph `v8.evaluateModule` (which names no URL) runs.
 */
function ownLabel(slice: Slice, compiled: string[]): string | undefined {
  const { event } = slice;
  if (event.name === 'EvaluateScript') return evaluateLabel([scriptName(text(data(event)['url']))]);
  if (event.name === 'v8.evaluateModule') return evaluateLabel(compiled.splice(0));
  if (event.name === 'EventDispatch') {
    const type = text(data(event)['type']);
    return type === 'message' ? LABELS.messages : `event: ${type}`;
  }
  // A message from the page (window.postMessage arrives as a LocalFrame IPC) or on a MessagePort (a
  // mojo pipe watcher) runs its handler with no EventDispatch around it; a network callback has none.
  if (JS.test(event.name)) {
    const runner = slice.parent?.event.name ?? '';
    if (runner === 'SimpleWatcher::OnHandleReady' || runner === 'Receive mojo message')
      return LABELS.messages;
    return slice.parent === undefined || slice.parent.label === LABELS.other ? LABELS.otherJs : undefined;
  }
  return OWN.find(([pattern]) => pattern.test(event.name))?.[1];
}

/**
 * A thread's complete events as call trees, in time order (B/E pairs joined into one). A child that
 * ends after its parent (rounding) is cut at the parent's end.
 */
export function threadSlices(events: readonly TraceEvent[], thread: Thread): Slice[] {
  const own = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid);
  const complete: TraceEvent[] = [];
  const open: TraceEvent[] = [];
  for (const e of [...own].sort((a, b) => a.ts - b.ts)) {
    if (e.ph === 'X') complete.push(e);
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      const begin = open.pop();
      if (begin !== undefined) complete.push({ ...begin, ph: 'X', dur: e.ts - begin.ts });
    }
  }
  complete.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const roots: Slice[] = [];
  const stack: Slice[] = [];
  const compiled: string[] = [];
  for (const event of complete) {
    while (stack.length > 0 && (stack.at(-1)?.end ?? 0) <= event.ts) stack.pop();
    const parent = stack.at(-1);
    const end = Math.min(event.ts + (event.dur ?? 0), parent?.end ?? Infinity);
    const slice: Slice = {
      event,
      start: event.ts,
      end,
      cpu: event.tdur,
      parent,
      children: [],
      label: LABELS.other,
      depth: stack.length,
    };
    if (event.name === 'v8.compileModule') compiled.push(scriptName(text(data(event)['url'])));
    slice.label = ownLabel(slice, compiled) ?? parent?.label ?? LABELS.other;
    (parent?.children ?? roots).push(slice);
    stack.push(slice);
  }
  return roots;
}

/** Wall and CPU milliseconds. */
export interface Time {
  wall: number;
  cpu: number;
}

/** Where a thread's time went in a window: by label, busy (in a task), off CPU within tasks, and idle. */
export interface Attribution {
  window: number;
  busy: Time;
  /** Busy but not running: the thread waited for a core, a lock or a page fault. */
  offCpu: number;
  idle: number;
  byLabel: Record<string, Time>;
}

const overlap = (s: { start: number; end: number }, from: number, to: number) =>
  Math.max(0, Math.min(s.end, to) - Math.max(s.start, from));

/**
 * The time of `roots`' slices within [from, to] (trace clock, µs), in milliseconds: each slice's own
 * time under its label; its CPU time as much of its `tdur` as its wall time falls in the window.
 */
export function attribute(roots: readonly Slice[], from: number, to: number): Attribution {
  const byLabel: Record<string, Time> = {};
  const busy: Time = { wall: 0, cpu: 0 };
  const share = (s: Slice) => {
    const wall = overlap(s, from, to);
    const whole = s.end - s.start;
    return { wall, cpu: s.cpu === undefined || whole <= 0 ? 0 : (Math.min(s.cpu, whole) * wall) / whole };
  };
  const visit = (s: Slice) => {
    let { wall, cpu } = share(s);
    if (wall <= 0) return;
    for (const child of s.children) {
      const theirs = share(child);
      wall -= theirs.wall;
      cpu -= theirs.cpu;
      visit(child);
    }
    if (wall <= 0) return;
    const entry = (byLabel[s.label] ??= { wall: 0, cpu: 0 });
    entry.wall += wall / 1000;
    entry.cpu += Math.max(0, cpu) / 1000;
  };
  for (const root of roots) {
    const time = share(root);
    busy.wall += time.wall / 1000;
    busy.cpu += time.cpu / 1000;
    visit(root);
  }
  const window = Math.max(0, to - from) / 1000;
  return {
    window,
    busy,
    offCpu: Math.max(0, busy.wall - busy.cpu),
    idle: Math.max(0, window - busy.wall),
    byLabel,
  };
}

/** The tasks (roots) of a thread within [from, to], as intervals cut to the window. */
export const busyIntervals = (roots: readonly Slice[], from: number, to: number): [number, number][] =>
  roots
    .filter((s) => overlap(s, from, to) > 0)
    .map((s): [number, number] => [Math.max(s.start, from), Math.min(s.end, to)]);

/** The length of the union of intervals. */
export function unionLength(intervals: readonly (readonly [number, number])[]): number {
  let total = 0;
  let reach = -Infinity;
  for (const [start, end] of [...intervals].sort((a, b) => a[0] - b[0])) {
    if (end <= reach) continue;
    total += end - Math.max(start, reach);
    reach = end;
  }
  return total;
}

/** Every slice of the trees, depth first. */
export function* walk(roots: readonly Slice[]): Generator<Slice> {
  for (const root of roots) {
    yield root;
    yield* walk(root.children);
  }
}

/** The first slice at or after `from` (and before `to`) that `test` accepts, depth first in time order. */
export function firstSlice(
  roots: readonly Slice[],
  test: (s: Slice) => boolean,
  from = -Infinity,
  to = Infinity,
) {
  let found: Slice | undefined;
  for (const s of walk(roots))
    if (s.start >= from && s.start < to && test(s) && (found === undefined || s.start < found.start))
      found = s;
  return found;
}

/** The root (task) a slice runs in. */
export function taskOf(slice: Slice): Slice {
  let s = slice;
  while (s.parent !== undefined) s = s.parent;
  return s;
}

/**
 * A task that delivers a message and runs its listener: from the page by window.postMessage (a
 * LocalFrame IPC), or on a MessagePort (a mojo pipe watcher, which also carries network callbacks:
 * those run no JavaScript directly under it).
 */
export const deliversMessage = (s: Slice, kind: 'window' | 'port'): boolean =>
  s.event.name === (kind === 'window' ? 'Receive mojo message' : 'SimpleWatcher::OnHandleReady') &&
  s.children.some((c) => JS.test(c.event.name));

/** A network request as a renderer saw it (trace clock, µs), with the server's time from Server-Timing. */
export interface Request {
  id: string;
  url: string;
  pid: number;
  /** When the request went out (for a document: when its navigation asked for it). */
  sent: number;
  headers: number | undefined;
  finished: number | undefined;
  /** The response's Server-Timing durations, summed (ms). */
  serverMs: number;
  /**
   * From the request's last byte sent to the response headers' first byte, as the network service
   * timed them (ms): the server's whole turn, of which Server-Timing covers its handler.
   */
  serverWait: number | undefined;
}

/** Each request a renderer process traced, by its ResourceSendRequest / ReceiveResponse / Finish events. */
export function requests(events: readonly TraceEvent[], serverTimingMs: (header: string) => number) {
  const byId = new Map<string, Request>();
  for (const e of events) {
    const d = data(e);
    const id = `${e.pid}:${text(d['requestId'])}`;
    if (e.name === 'ResourceSendRequest')
      byId.set(id, {
        id,
        url: text(d['url']),
        pid: e.pid,
        sent: e.ts,
        headers: undefined,
        finished: undefined,
        serverMs: 0,
        serverWait: undefined,
      });
    const request = byId.get(id);
    if (request === undefined) continue;
    if (e.name === 'ResourceReceiveResponse') {
      const timing = d['timing'] as Partial<Record<string, number>> | undefined;
      // The response's own timing (seconds on the trace's clock, and ms from them) where it has it:
      // a document's events are written only when it commits, after the fact.
      const { requestTime = 0, receiveHeadersEnd = 0, receiveHeadersStart, sendEnd } = timing ?? {};
      if (requestTime > 0) {
        request.sent = Math.round(requestTime * 1e6);
        request.headers = request.sent + receiveHeadersEnd * 1000;
        if (receiveHeadersStart !== undefined && sendEnd !== undefined && sendEnd >= 0)
          request.serverWait = receiveHeadersStart - sendEnd;
      } else request.headers = e.ts;
      const headers = (d['headers'] ?? []) as { name: string; value: string }[];
      const timingHeader = headers.find((h) => h.name.toLowerCase() === 'server-timing')?.value ?? '';
      request.serverMs = serverTimingMs(timingHeader);
    }
    if (e.name === 'ResourceFinish') {
      const finishTime = Number(d['finishTime']);
      request.finished = Number.isFinite(finishTime) && finishTime > 0 ? Math.round(finishTime * 1e6) : e.ts;
    }
  }
  return [...byId.values()].sort((a, b) => a.sent - b.sent);
}

/** A user-timing mark's time on the trace clock (performance.mark() in a page or frame). */
export function marks(events: readonly TraceEvent[], name: string): TraceEvent[] {
  return events
    .filter((e) => e.name === name && (e.cat ?? '').includes('blink.user_timing'))
    .sort((a, b) => a.ts - b.ts);
}
