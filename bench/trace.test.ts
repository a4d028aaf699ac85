import { describe, expect, it } from 'vitest';
import { serverTimingMs } from './stats.ts';
import * as trace from './trace.ts';
import type { TraceEvent } from './trace.ts';

const thread = { pid: 1, tid: 1 };
const x = (name: string, ts: number, dur: number, more: Partial<TraceEvent> = {}): TraceEvent => ({
  name,
  ph: 'X',
  ts,
  dur,
  tdur: dur,
  ...thread,
  ...more,
});
const withData = (data: Record<string, unknown>) => ({ args: { data } });

describe('documents', () => {
  it("finds a document's renderer thread by its navigationStart mark, in time order", () => {
    const mark = (ts: number, url: string, pid: number) => ({
      name: 'navigationStart',
      cat: 'blink.user_timing',
      ph: 'R',
      ts,
      pid,
      tid: pid,
      args: { frame: `F${String(pid)}`, data: { documentLoaderURL: url } },
    });
    const events = [
      mark(30, 'http://localhost:1/frames/card.html?account=a', 7),
      mark(10, 'about:blank', 5),
      mark(20, 'http://localhost:1/frames/card.html#n=1', 6),
    ];
    expect(trace.documents(events, 'http://localhost:1/frames/card.html')).toEqual([
      { pid: 6, tid: 6, frame: 'F6', url: 'http://localhost:1/frames/card.html#n=1', navigationStart: 20 },
      {
        pid: 7,
        tid: 7,
        frame: 'F7',
        url: 'http://localhost:1/frames/card.html?account=a',
        navigationStart: 30,
      },
    ]);
  });
});

describe('attribute', () => {
  // A parse task that compiles the inline module, whose evaluation calls a function; idle; a
  // MessagePort message whose listener queues microtasks. Times in µs.
  const events: TraceEvent[] = [
    x('RunTask', 0, 10_000, { tdur: 8000 }),
    x('ParseHTML', 1000, 3000),
    x('v8.compileModule', 2000, 1000, withData({ url: 'http://h/frames/card.html?account=a' })),
    x('v8.evaluateModule', 5000, 2000),
    x('FunctionCall', 5500, 500),
    x('RunTask', 20_000, 10_000),
    x('SimpleWatcher::OnHandleReady', 20_000, 9000),
    x('v8.callFunction', 20_100, 4900),
    x('FunctionCall', 20_100, 3900),
    x('RunMicrotasks', 24_000, 1000),
    // Another thread's work counts for that thread only.
    x('Layout', 0, 40_000, { tid: 2 }),
  ];
  const slices = trace.threadSlices(events, thread);

  it("counts each slice's own time under its kind, JavaScript under what ran it", () => {
    const a = trace.attribute(slices, 0, 40_000);
    expect(a.window).toBe(40);
    expect(a.busy).toEqual({ wall: 20, cpu: 18 });
    expect(a.idle).toBe(20);
    expect(a.offCpu).toBe(2);
    const wall = Object.fromEntries(
      Object.entries(a.byLabel).map(([k, t]) => [k, Number(t.wall.toFixed(3))]),
    );
    expect(wall).toEqual({
      [trace.LABELS.parse]: 2,
      [trace.LABELS.compile]: 1,
      [trace.evaluateLabel(['card.html (inline)'])]: 2,
      [trace.LABELS.messages]: 3.9,
      [trace.LABELS.microtasks]: 1,
      [trace.LABELS.other]: 10.1,
    });
    // The first task ran 8 of its 10 ms: its slices' CPU time is what their tdur says.
    expect(a.byLabel[trace.LABELS.other]?.cpu).toBeCloseTo(3 + 1 + 4.1, 6);
  });

  it('counts only what falls in the window', () => {
    const a = trace.attribute(slices, 5000, 6000);
    expect(a.window).toBe(1);
    expect(a.busy.wall).toBe(1);
    expect(Object.keys(a.byLabel)).toEqual([trace.evaluateLabel(['card.html (inline)'])]);
    expect(a.byLabel[trace.evaluateLabel(['card.html (inline)'])]?.wall).toBe(1);
  });

  it('joins begin/end pairs and cuts a child at its parent’s end', () => {
    const roots = trace.threadSlices(
      [
        { name: 'RunTask', ph: 'B', ts: 0, ...thread },
        x('Layout', 500, 1000),
        { name: 'RunTask', ph: 'E', ts: 1000, ...thread },
      ],
      thread,
    );
    expect(roots.map((r) => [r.start, r.end, r.children.map((c) => [c.start, c.end])])).toEqual([
      [0, 1000, [[500, 1000]]],
    ]);
  });
});

describe('messages and tasks', () => {
  // A page's postMessage with its listener; a network response; a port message with its listener.
  const tasks = [
    ['Receive mojo message', 0, 100],
    ['v8.callFunction', 10, 50],
    ['SimpleWatcher::OnHandleReady', 200, 100],
    ['ThrottlingURLLoader::OnReceiveResponse', 210, 50],
    ['SimpleWatcher::OnHandleReady', 400, 100],
    ['v8.callFunction', 410, 50],
    ['FunctionCall', 410, 50],
  ] as const;
  const slices = trace.threadSlices(
    tasks.map(([name, ts, dur]) => x(name, ts, dur)),
    thread,
  );
  it('tells a message that runs a listener from a network callback', () => {
    const delivering = (kind: 'window' | 'port') =>
      [...trace.walk(slices)].filter((s) => trace.deliversMessage(s, kind)).map((s) => s.start);
    expect(delivering('window')).toEqual([0]);
    expect(delivering('port')).toEqual([400]);
    expect(trace.firstSlice(slices, (s) => s.event.name === 'FunctionCall')?.start).toBe(410);
    const call = trace.firstSlice(slices, (s) => s.event.name === 'FunctionCall');
    expect(call && trace.taskOf(call).start).toBe(400);
  });
});

describe('requests', () => {
  it("reads a request's timing and its Server-Timing", () => {
    const event = (name: string, ts: number, data: Record<string, unknown>): TraceEvent => ({
      name,
      ph: 'I',
      ts,
      ...thread,
      ...withData({ requestId: 'r1', ...data }),
    });
    const requests = trace.requests(
      [
        event('ResourceSendRequest', 1_000_100, { url: 'http://h/api/Token/Generate' }),
        event('ResourceReceiveResponse', 1_030_000, {
          timing: { requestTime: 1.0001, sendEnd: 0.5, receiveHeadersStart: 19.5, receiveHeadersEnd: 20 },
          headers: [{ name: 'Server-Timing', value: 'app;dur=4.5' }],
        }),
        event('ResourceFinish', 1_040_000, { finishTime: 1.025 }),
      ],
      serverTimingMs,
    );
    expect(requests).toEqual([
      {
        id: '1:r1',
        url: 'http://h/api/Token/Generate',
        pid: 1,
        sent: 1_000_100,
        headers: 1_020_100,
        finished: 1_025_000,
        serverMs: 4.5,
        serverWait: 19,
      },
    ]);
  });
});

describe('names and intervals', () => {
  it('names scripts by file, without the content hash', () => {
    expect(trace.scriptName('http://h/frames/0.1.0/assets/card-later-VZSId3mF.js')).toBe('card-later.js');
    expect(trace.scriptName('http://h/sdk/checkout-essentials-0.1.0.js')).toBe(
      'checkout-essentials-0.1.0.js',
    );
    expect(trace.scriptName('http://h/frames/0.1.0/card.html?account=a#n=1')).toBe('card.html (inline)');
    expect(trace.fileName('http://h/frames/0.1.0/assets/logos-DyYXVV0V.svg#visa')).toBe('logos.svg');
  });

  it('measures a union of intervals', () => {
    expect(
      trace.unionLength([
        [0, 10],
        [5, 15],
        [20, 25],
        [21, 22],
      ]),
    ).toBe(20);
  });
});
