// Parts 2-6 of the benchmark, in Chromium: each measures the SDK on the demo's plain page and its floor
// on the bench's floor page (a cross-origin frame with one plain <input>, bench/floor/), in the same
// browser.

import type { Browser, BrowserContext, CDPSession, Frame, Page, Response } from 'playwright-core';
import { loadAccounts } from '../sandbox/accounts.ts';
import type { SandboxUrls } from '../sandbox/config.ts';
import { ACCOUNTS_FILE } from '../sandbox/main.ts';
import { framesDir, scriptFile } from '../scripts/artifacts.ts';
import { serverTimingMs } from './stats.ts';

export interface Setup {
  browser: Browser;
  urls: SandboxUrls;
  floorPageUrl: string;
  floorFrameOrigin: string;
  /** Every SDK file (dist path) the browser fetched during the run, to check the size budgets cover them. */
  loaded: Set<string>;
  /** Console errors, page errors, failed requests and crashes, for the message when a run fails. */
  problems: string[];
}

/** The SDK on the demo's plain page, or the floor. */
export type Subject = 'sdk' | 'floor';

type Checkout = InstanceType<Window['Checkout']>;
/** What the bench reads on the pages' windows: set by its init scripts, the demo page and the floor page. */
declare global {
  interface Window {
    bench?: {
      ready?: number;
      steps: string[];
      /** Resolves on the form's svc-ready; rejects on svc-error or after 15 s, naming `what`. */
      whenReady: (form: HTMLElement, what: string) => Promise<void>;
      checkout?: Checkout;
    };
    /** In the frame: one sample per keystroke. */
    benchKeys?: { ms: number; value: string }[];
    /** MessageChannels created, and their host-side ports closed. */
    benchPorts?: { channels: number; hostPortsClosed: number };
    demo?: { checkout: Checkout };
    floor?: { ready: number | undefined; submit(body: unknown): Promise<unknown>; cycle(): Promise<number> };
  }
}

const yy = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');
export const CARD = { number: '4111111111111111', expiry: `12 / ${yy}`, cvc: '123', holder: 'Ada Lovelace' };
/** Visa frictionless success; 3DS test cards authenticate only with expiry 01 / current year + 3. */
export const THREE_DS_CARD = { ...CARD, number: '4000000000002701', expiry: `01 / ${yy}` };

async function newContext(setup: Setup): Promise<BrowserContext> {
  const context = await setup.browser.newContext({ viewport: { width: 1280, height: 900 } });
  // tsx compiles this file with esbuild's keepNames, which wraps the named functions inside the
  // callbacks given to evaluate() in a `__name` helper that pages do not have.
  await context.addInitScript('globalThis.__name ??= (target) => target;');
  const { tokenUrl, demoUrl } = setup.urls;
  const problem = (line: string) => setup.problems.push(`${new Date().toISOString()} ${line}`);
  context.on('page', (page) => {
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        problem(`console ${message.type()} (${message.location().url}): ${message.text()}`);
    });
    page.on('crash', () => problem(`page crashed: ${page.url()}`));
  });
  context.on('weberror', (error) => problem(`page error: ${error.error().message}`));
  context.on('requestfailed', (request) => {
    problem(`request failed: ${request.method()} ${request.url()}: ${request.failure()?.errorText ?? ''}`);
  });
  context.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === tokenUrl && url.pathname.startsWith('/frames/'))
      setup.loaded.add(url.pathname.slice(1));
    if (url.origin === demoUrl && url.pathname.startsWith('/sdk/')) setup.loaded.add(url.pathname.slice(5));
  });
  return context;
}

/** Init script, demo pages only: when the first svc-ready and each svc-3ds step reach the document. */
function recordEvents(demoOrigin: string): void {
  if (location.origin !== demoOrigin) return;
  const bench: NonNullable<Window['bench']> = (window.bench = {
    steps: [],
    whenReady: (form: HTMLElement, what: string) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(new Error(`${what}svc-ready did not come within 15 s`));
        }, 15_000);
        form.addEventListener('svc-ready', () => {
          clearTimeout(timer);
          resolve();
        });
        form.addEventListener('svc-error', (event) => {
          clearTimeout(timer);
          const { code, message } = (event as Event & { error: { code: string; message: string } }).error;
          reject(new Error(`${what}svc-error ${code}: ${message}`));
        });
      }),
  });
  const capture = { capture: true };
  document.addEventListener('svc-ready', () => (bench.ready ??= performance.now()), capture);
  document.addEventListener(
    'svc-3ds',
    (event) => bench.steps.push((event as Event & { step: string }).step),
    capture,
  );
}

/**
 * Before the SDK loads (demo origin only): counts the MessageChannels the page creates and the closing
 * of their first port, the one the host keeps (the second is transferred to the frame, design §3).
 */
function trackPorts(demoOrigin: string): void {
  if (location.origin !== demoOrigin) return;
  const stats = { channels: 0, hostPortsClosed: 0 };
  const hostPorts = new WeakSet<MessagePort>();
  const closed = new WeakSet<MessagePort>();
  const nativeClose = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'close')?.value as (
    this: MessagePort,
  ) => void;
  MessagePort.prototype.close = function close(this: MessagePort) {
    if (hostPorts.has(this) && !closed.has(this)) {
      closed.add(this);
      stats.hostPortsClosed += 1;
    }
    nativeClose.call(this);
  };
  const Native = window.MessageChannel;
  window.MessageChannel = class extends Native {
    constructor() {
      super();
      stats.channels += 1;
      hostPorts.add(this.port1);
    }
  };
  Object.defineProperty(window, 'benchPorts', { value: stats });
}

interface Opened {
  page: Page;
  /** The card frame (the token host's card.html) or the floor's frame. */
  frame: Frame;
  close: () => Promise<void>;
}

/**
 * A new browser context (empty HTTP cache, no open connections) with the subject's page loaded until
 * ready: the demo's plain page until its form's svc-ready, or the floor page until its frame's hello.
 */
export async function open(setup: Setup, subject: Subject, trackingPorts = false): Promise<Opened> {
  const context = await newContext(setup);
  const demoOrigin = setup.urls.demoUrl;
  const page = await context.newPage();
  if (trackingPorts) await page.addInitScript(trackPorts, demoOrigin);
  await page.addInitScript(recordEvents, demoOrigin);
  await page.goto(subject === 'sdk' ? `${demoOrigin}/plain.html` : setup.floorPageUrl);
  await page.waitForFunction(
    (s) => (s === 'sdk' ? window.bench?.ready : window.floor?.ready) !== undefined,
    subject,
    {
      timeout: 30_000,
    },
  );
  const url =
    subject === 'sdk'
      ? `${setup.urls.tokenUrl}/${framesDir()}/card.html`
      : `${setup.floorFrameOrigin}/frame.html`;
  const frame = page.frames().find((f) => f.url().startsWith(url));
  if (frame === undefined) throw new Error(`no frame ${url} on the page`);
  return { page, frame, close: () => context.close() };
}

// ---------------------------------------------------------------------------------------------------
// 2. Card fields ready, cold cache.

export interface ReadyRun {
  /** Navigation start to svc-ready (SDK) or to the floor frame's hello (floor), ms. */
  ready: number;
  /** Milestones on the same clock, for the report's breakdown. */
  marks: Record<string, number>;
}

/** In a page or frame: its clock's origin, when its document arrived (its navigation), and what it fetched. */
function documentTimes() {
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return {
    timeOrigin: performance.timeOrigin,
    documentReceived: navigation?.responseEnd ?? NaN,
    resources: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({
      name: e.name,
      startTime: e.startTime,
      responseEnd: e.responseEnd,
    })),
  };
}

/** One cold load: the subject's page in a new context, navigation start to ready, with its milestones. */
export async function ready(setup: Setup, subject: Subject): Promise<ReadyRun> {
  const { page, frame, close } = await open(setup, subject);
  try {
    const ready = await page.evaluate(
      (s) => (s === 'sdk' ? window.bench?.ready : window.floor?.ready) ?? NaN,
      subject,
    );
    const onPage = await page.evaluate(documentTimes);
    const inFrame = await frame.evaluate(documentTimes);
    const marks: Record<string, number> = { 'page document received': onPage.documentReceived };
    const resource = (suffix: string) => onPage.resources.find((e) => e.name.endsWith(suffix));
    const sdk = resource(`/sdk/${scriptFile()}`);
    const session = resource('/api/session');
    if (sdk !== undefined) {
      marks['SDK script requested'] = sdk.startTime;
      marks['SDK script received'] = sdk.responseEnd;
    }
    if (session !== undefined) {
      marks['session requested (page scripts ran)'] = session.startTime;
      marks['session received (merchant backend → Token/NewSession)'] = session.responseEnd;
    }
    // The frame's milestones on the page's clock (both count from their own navigation start).
    const shift = inFrame.timeOrigin - onPage.timeOrigin;
    marks['frame navigation started'] = shift;
    if (Number.isFinite(inFrame.documentReceived))
      marks['frame document received'] = inFrame.documentReceived + shift;
    const assets = inFrame.resources.filter((e) => /\.(?:js|css)$/.test(new URL(e.name).pathname));
    if (assets.length > 0)
      marks['frame scripts and styles received'] = Math.max(...assets.map((e) => e.responseEnd)) + shift;
    marks['ready: svc-ready (floor: hello from the frame)'] = ready;
    return { ready, marks };
  } finally {
    await close();
  }
}

// ---------------------------------------------------------------------------------------------------
// 3. Keystroke to formatted value, inside the frame.

/**
 * Installs, in the frame, the clock for each keystroke: from the keydown's timeStamp (when the browser
 * took the key; Playwright's keys come through the browser process like a real keyboard's) to the
 * moment the `input` event has gone through every handler up to the document, and every Lit element
 * around the input has finished the update that edit caused (the formatted value and brand shown).
 */
function installKeyClock(): void {
  const keys: { ms: number; value: string }[] = (window.benchKeys = []);
  let down: number | undefined;
  document.addEventListener('keydown', (event) => (down = event.timeStamp), { capture: true });
  document.addEventListener('input', (event) => {
    const start = down;
    down = undefined;
    if (start === undefined) return;
    const input = event.target as HTMLInputElement;
    const updates: Promise<unknown>[] = [];
    for (let el: Element | null = input; el !== null; el = el.parentElement)
      if ('updateComplete' in el)
        updates.push((el as Element & { updateComplete: Promise<unknown> }).updateComplete);
    const done = () => keys.push({ ms: performance.now() - start, value: input.value });
    if (updates.length === 0) done();
    else void Promise.all(updates).then(done);
  });
}

export interface KeystrokeRun {
  samples: number[];
  /** How many of the measured values had the formatting's spaces (SDK) — a check that it formatted. */
  formatted: number;
}

/** Types the card number into the frame's field, clearing it (not counted) every 16 digits. */
export async function keystrokes(
  setup: Setup,
  subject: Subject,
  count: number,
  warmup: number,
): Promise<KeystrokeRun> {
  const { page, frame, close } = await open(setup, subject);
  try {
    await frame.evaluate(installKeyClock);
    const frames = page.frameLocator(subject === 'sdk' ? 'svc-card-form iframe' : '#f');
    await frames.getByLabel('Card number', { exact: true }).click();
    let typed = 0;
    const press = async () => {
      if (typed === CARD.number.length) {
        await frame.evaluate(() => {
          const field = document.querySelector('svc-card-number');
          const input = document.querySelector('input');
          if (field !== null) field.clear();
          else if (input !== null) input.value = '';
        });
        typed = 0;
      }
      await page.keyboard.press(CARD.number[typed] ?? '4');
      typed += 1;
    };
    for (let i = 0; i < warmup; i++) await press();
    await frame.waitForFunction((n) => window.benchKeys?.length === n, warmup);
    await frame.evaluate(() => window.benchKeys?.splice(0));
    for (let i = 0; i < count; i++) await press();
    await frame.waitForFunction((n) => (window.benchKeys?.length ?? 0) >= n, count);
    const measured = await frame.evaluate(() => window.benchKeys ?? []);
    return {
      samples: measured.map((k) => k.ms),
      formatted: measured.filter((k) => k.value.includes(' ')).length,
    };
  } finally {
    await close();
  }
}

// ---------------------------------------------------------------------------------------------------
// 4 and 5. Submit to result, minus the server's own time.

export interface SubmitRun {
  /** Submit to result as the page saw it, ms. */
  total: number;
  /** The sandbox's (or floor server's) own time for the requests in between (Server-Timing), ms. */
  server: number;
  /** total − server. */
  client: number;
  requests: string[];
}

interface SessionAccount {
  name: string;
  appToken: string;
}

export function benchAccounts(urls: SandboxUrls): { demo: SessionAccount; no3ds: SessionAccount } {
  const accounts = loadAccounts(ACCOUNTS_FILE, { demo_origin: urls.demoUrl });
  const pick = (name: string): SessionAccount => {
    const account = accounts.find((a) => a.name === name);
    if (account === undefined) throw new Error(`no account "${name}" in sandbox/accounts.json`);
    return { name: account.name, appToken: account.appToken };
  };
  return { demo: pick('demo'), no3ds: pick('demo-no3ds') };
}

/** Server to server, as a merchant backend does (the app token never reaches the browser). */
async function tokenApi(urls: SandboxUrls, path: string, body: unknown, account?: SessionAccount) {
  const response = await fetch(`${urls.tokenUrl.replace('localhost', '127.0.0.1')}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(account && { 'x-service-account': account.name, 'x-service-apptoken': account.appToken }),
      // The sandbox's own controls (/__sandbox/*) answer test code that says so.
      ...(path.startsWith('/__sandbox/') && { 'x-sandbox-control': '1' }),
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path} answered ${String(response.status)}: ${JSON.stringify(json)}`);
  return json;
}

/** Runs `submit` in the page and collects the responses from `origin` meanwhile, with their Server-Timing. */
async function timedSubmit<T extends { total: number }>(
  page: Page,
  origin: string,
  expected: string,
  submit: () => Promise<T>,
): Promise<{ value: T; run: SubmitRun }> {
  const responses: Response[] = [];
  const listener = (response: Response) => {
    if (new URL(response.url()).origin === origin) responses.push(response);
  };
  page.on('response', listener);
  let value: T;
  try {
    value = await submit();
    // The response event can trail the result by a CDP message; wait a little for the expected one.
    const deadline = Date.now() + 2_000;
    while (
      !responses.some((r) => new URL(r.url()).pathname.toLowerCase() === expected) &&
      Date.now() < deadline
    )
      await new Promise((done) => setTimeout(done, 10));
  } finally {
    page.off('response', listener);
  }
  let server = 0;
  for (const response of responses) server += serverTimingMs((await response.allHeaders())['server-timing']);
  const requests = responses.map((r) => new URL(r.url()).pathname);
  return { value, run: { total: value.total, server, client: value.total - server, requests } };
}

/** The pause between the form being filled (and 3DS prepared) and the submit. */
export const SETTLE_MS = 250;

/**
 * On the demo's plain page, whose own form is replaced for each run by a new Checkout on a new session
 * (created here, server to server) for `account`: fill the card, then time submit() to its result.
 */
export async function submitSdk(
  setup: Setup,
  page: Page,
  account: SessionAccount,
  threeDs: boolean,
): Promise<SubmitRun> {
  const { urls } = setup;
  const session = await tokenApi(
    urls,
    '/api/Token/NewSession',
    {
      customer: { id: 'bench-shopper', name: 'Ada Lovelace', email: 'bench@example.test' },
      PaymentAccount: account.name,
      partnerUniqueId: `bench-${Date.now().toString(36)}`,
      Is3dsTest: true,
    },
    account,
  );
  const sessionId = String(session['sessionId']);
  if (threeDs) await tokenApi(urls, '/__sandbox/three-ds/ddc', { sessionId, delayMs: 0 });
  await page.evaluate(
    ({ sessionId, account, tokenUrl }) => {
      const bench = window.bench;
      if (bench === undefined) throw new Error('recordEvents is not installed');
      window.demo?.checkout.destroy();
      bench.checkout?.destroy();
      bench.steps = [];
      bench.checkout = new window.Checkout({
        sessionId,
        account,
        environment: 'sandbox',
        tokenUrl,
        locale: 'en',
        callback: () => undefined,
      });
      return bench.whenReady(bench.checkout.mountCardForm('#card-slot'), '');
    },
    { sessionId, account: account.name, tokenUrl: urls.tokenUrl },
  );
  const card = threeDs ? THREE_DS_CARD : CARD;
  const fields = page.frameLocator('svc-card-form iframe');
  // The frame runs ThreeDS/Setup as soon as the number is valid (it answers "off" for demo-no3ds).
  const setupDone = page.waitForResponse((r) => r.url().toLowerCase().endsWith('/api/threeds/setup'));
  await fields.getByLabel('Card number', { exact: true }).fill(card.number);
  await fields.getByLabel('Expiry date', { exact: true }).fill(card.expiry);
  await fields.getByLabel('Security code', { exact: true }).fill(card.cvc);
  await fields.getByLabel('Name on card', { exact: true }).fill(card.holder);
  await setupDone;
  // Collection answers at once (delayMs 0); submit once it has, as a shopper who typed the rest would.
  if (threeDs) await page.waitForFunction(() => window.bench?.steps.includes('collection-finished') === true);
  // A shopper's click comes well after the last keystroke: let the frame finish handling the setup's
  // answer and the fields' updates, so the window holds the submit alone.
  await page.waitForTimeout(SETTLE_MS);
  const { value, run } = await timedSubmit(page, urls.tokenUrl, '/api/token/generate', () =>
    page.evaluate(async () => {
      const checkout = window.bench?.checkout;
      if (checkout === undefined) throw new Error('no checkout');
      const started = performance.now();
      const result = await checkout.submit();
      const total = performance.now() - started;
      return result.ok
        ? { total, ok: true, status: 'status' in result ? result.status : undefined }
        : { total, ok: false, error: result.error.code };
    }),
  );
  if (!value.ok) throw new Error(`submit failed: ${String(value.error)}`);
  if (threeDs && value.status !== 'Y') throw new Error(`3DS status ${String(value.status)}, expected Y`);
  return run;
}

/** The floor's submit: a message over the port, the frame's same-origin POST, the answer back. */
export async function submitFloor(setup: Setup, page: Page): Promise<SubmitRun> {
  const { run } = await timedSubmit(page, setup.floorFrameOrigin, '/echo', () =>
    page.evaluate(async (card) => {
      const started = performance.now();
      await window.floor?.submit({ sessionId: 'floor', card, frontData: { userAgent: navigator.userAgent } });
      return { total: performance.now() - started };
    }, CARD),
  );
  return run;
}

// ---------------------------------------------------------------------------------------------------
// 6. Memory and hygiene after mount/destroy cycles.

export interface Hygiene {
  heapBefore: number;
  heapAfter: number;
  /** heapAfter − heapBefore, bytes, after forced garbage collection. */
  heapGrowth: number;
  /**
   * The growth over the second half of the cycles alone: near zero when the growth is a one-time cost
   * (caches, compiled code), about half of heapGrowth when every cycle leaks.
   */
  heapGrowthSecondHalf: number;
  iframes: number;
  /** Host-side ports never closed: channels − host ports closed. */
  openPorts: number;
  /** Growth of the MessagePort objects alive in the page's heap (Runtime.queryObjects). */
  livePorts: number;
  /** Growth of the listeners on window (DOMDebugger.getEventListeners). */
  windowListeners: number;
  listenerTypes: string[];
  /** Mount to ready (SDK) or frame creation to hello (floor) for each measured cycle, warm, ms. */
  cycleMs: number[];
}

async function snapshot(cdp: CDPSession) {
  // Removed frames detach and unload asynchronously.
  await new Promise((done) => setTimeout(done, 300));
  // Each frame's navigation leaves a resource timing entry in the page (up to 250): the browser's
  // bookkeeping, not the SDK's, and the same for the floor. Cleared before each snapshot.
  await cdp.send('Runtime.evaluate', { expression: 'performance.clearResourceTimings()' });
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const proto = await cdp.send('Runtime.evaluate', { expression: 'MessagePort.prototype' });
  const ports = await cdp.send('Runtime.queryObjects', { prototypeObjectId: proto.result.objectId ?? '' });
  const count = await cdp.send('Runtime.callFunctionOn', {
    objectId: ports.objects.objectId ?? '',
    functionDeclaration: 'function () { return this.length; }',
    returnByValue: true,
  });
  const self = await cdp.send('Runtime.evaluate', { expression: 'window' });
  const { listeners } = await cdp.send('DOMDebugger.getEventListeners', {
    objectId: self.result.objectId ?? '',
  });
  await cdp.send('Runtime.releaseObjectGroup', { objectGroup: '' }).catch(() => undefined);
  return { heap: usedSize, livePorts: Number(count.result.value), listeners: listeners.map((l) => l.type) };
}

/** Iframes anywhere in the page's DOM, open shadow roots included. */
function countIframes(): number {
  const visit = (root: Document | ShadowRoot): number =>
    [...root.querySelectorAll('*')].reduce(
      (n, el) =>
        n + (el instanceof HTMLIFrameElement ? 1 : 0) + (el.shadowRoot === null ? 0 : visit(el.shadowRoot)),
      0,
    );
  return visit(document);
}

/**
 * Mount, ready, destroy, `warmup` times and then `cycles` times: the SDK's card form through the demo
 * page's checkout, the floor's bare frame and port. Heap, live ports and window listeners through CDP
 * before, halfway and after; iframes and (SDK) host ports left open at the end.
 */
export async function hygiene(
  setup: Setup,
  subject: Subject,
  cycles: number,
  warmup: number,
): Promise<Hygiene> {
  const { page, close } = await open(setup, subject, subject === 'sdk');
  try {
    const cdp = await page.context().newCDPSession(page);
    const run = (n: number) =>
      page.evaluate(
        async ({ n, subject }) => {
          const times: number[] = [];
          const { floor, bench } = window;
          if (subject === 'floor') {
            for (let i = 0; i < n; i++) times.push((await floor?.cycle()) ?? NaN);
            return times;
          }
          const checkout = window.demo?.checkout;
          if (checkout === undefined || bench === undefined) throw new Error('no window.demo.checkout');
          checkout.destroy();
          for (let i = 0; i < n; i++) {
            const started = performance.now();
            await bench.whenReady(checkout.mountCardForm('#card-slot'), `cycle ${String(i)}: `);
            times.push(performance.now() - started);
            checkout.destroy();
          }
          return times;
        },
        { n, subject },
      );
    await run(warmup);
    const before = await snapshot(cdp);
    // The floor page keeps its own static frame.
    const iframesBefore = subject === 'floor' ? await page.evaluate(countIframes) : 0;
    const half = Math.floor(cycles / 2);
    const cycleMs = await run(half);
    const middle = await snapshot(cdp);
    cycleMs.push(...(await run(cycles - half)));
    const after = await snapshot(cdp);
    const iframes = (await page.evaluate(countIframes)) - iframesBefore;
    const ports = await page.evaluate(() => window.benchPorts ?? { channels: NaN, hostPortsClosed: 0 });
    const left = [...after.listeners];
    for (const type of before.listeners) if (left.includes(type)) left.splice(left.indexOf(type), 1);
    return {
      heapBefore: before.heap,
      heapAfter: after.heap,
      heapGrowth: after.heap - before.heap,
      heapGrowthSecondHalf: after.heap - middle.heap,
      iframes: subject === 'sdk' ? Math.max(iframes, page.frames().length - 1) : iframes,
      openPorts: subject === 'sdk' ? ports.channels - ports.hostPortsClosed : 0,
      livePorts: after.livePorts - before.livePorts,
      windowListeners: after.listeners.length - before.listeners.length,
      listenerTypes: left,
      cycleMs,
    };
  } finally {
    await close();
  }
}
