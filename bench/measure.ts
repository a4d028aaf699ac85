// Parts 2-6 of the benchmark, in Chromium: each measures the SDK on the demo's plain page and its floor
// on the bench's floor page (a cross-origin frame with one plain <input>), in the same browser.

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

/** What the bench puts on the pages' windows (typed here, set by init scripts and evaluate calls). */
interface BenchWindow {
  benchReady?: number;
  benchSteps?: string[];
  /** Resolves on the form's svc-ready; rejects on svc-error or after 15 s, naming `what`. */
  benchWhenReady?: (form: HTMLElement, what: string) => Promise<void>;
  benchCheckout?: InstanceType<Window['Checkout']>;
  benchPorts?: { channels: number; hostPortsClosed: number };
  benchKeys?: { ms: number; value: string }[];
  demo?: { checkout: InstanceType<Window['Checkout']> };
  floor?: {
    ready: number | undefined;
    submit(body: unknown): Promise<unknown>;
    cycle(): Promise<number>;
  };
}

const year = new Date().getUTCFullYear() + 3;
const yy = String(year % 100).padStart(2, '0');
export const CARD = { number: '4111111111111111', expiry: `12 / ${yy}`, cvc: '123', holder: 'Ada Lovelace' };
/** Visa frictionless success; 3DS test cards authenticate only with expiry 01 / current year + 3. */
export const THREE_DS_CARD = { ...CARD, number: '4000000000002701', expiry: `01 / ${yy}` };

async function newContext(setup: Setup): Promise<BrowserContext> {
  const context = await setup.browser.newContext({ viewport: { width: 1280, height: 900 } });
  // tsx compiles this file with esbuild's keepNames, which wraps the named functions inside the
  // callbacks given to evaluate() in a `__name` helper that pages do not have.
  await context.addInitScript('globalThis.__name ??= (target) => target;');
  const token = new URL(setup.urls.tokenUrl).origin;
  const demo = new URL(setup.urls.demoUrl).origin;
  const problem = (line: string) => {
    setup.problems.push(`${new Date().toISOString()} ${line}`);
  };
  context.on('page', (page) => {
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        problem(`console ${message.type()} (${message.location().url}): ${message.text()}`);
    });
    page.on('crash', () => {
      problem(`page crashed: ${page.url()}`);
    });
  });
  context.on('weberror', (error) => {
    problem(`page error: ${error.error().message}`);
  });
  context.on('requestfailed', (request) => {
    problem(`request failed: ${request.method()} ${request.url()}: ${request.failure()?.errorText ?? ''}`);
  });
  context.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === token && url.pathname.startsWith('/frames/')) setup.loaded.add(url.pathname.slice(1));
    if (url.origin === demo && url.pathname.startsWith('/sdk/')) setup.loaded.add(url.pathname.slice(5));
  });
  return context;
}

/**
 * Records, in the demo's pages only, when the first svc-ready and each svc-3ds step reach the document;
 * and gives the page `benchWhenReady` for the runs that mount a form themselves.
 */
function recordEvents(demoOrigin: string): void {
  if (location.origin !== demoOrigin) return;
  const w = window as unknown as BenchWindow;
  w.benchSteps = [];
  w.benchWhenReady = (form, what) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`${what}svc-ready did not come within 15 s`));
      }, 15_000);
      form.addEventListener(
        'svc-ready',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
      form.addEventListener('svc-error', (event) => {
        clearTimeout(timer);
        const { code, message } = (event as Event & { error: { code: string; message: string } }).error;
        reject(new Error(`${what}svc-error ${code}: ${message}`));
      });
    });
  document.addEventListener(
    'svc-ready',
    () => {
      w.benchReady ??= performance.now();
    },
    { capture: true },
  );
  document.addEventListener(
    'svc-3ds',
    (event) => {
      w.benchSteps?.push((event as Event & { step: string }).step);
    },
    { capture: true },
  );
}

/** The card frame of the page (the token host's /frames/<version>/card.html). */
function cardFrame(page: Page, tokenUrl: string): Frame {
  const frame = page.frames().find((f) => f.url().startsWith(`${tokenUrl}/${framesDir()}/card.html`));
  if (frame === undefined) throw new Error('no card frame on the page');
  return frame;
}

/** The demo's plain page, loaded until its form is ready; `prepare` adds init scripts of its own first. */
async function openPlainPage(
  setup: Setup,
  context: BrowserContext,
  prepare: (page: Page) => Promise<unknown> = () => Promise.resolve(),
): Promise<Page> {
  const page = await context.newPage();
  await prepare(page);
  await page.addInitScript(recordEvents, new URL(setup.urls.demoUrl).origin);
  await page.goto(`${setup.urls.demoUrl}/plain.html`);
  await page.waitForFunction(() => (window as unknown as BenchWindow).benchReady !== undefined, undefined, {
    timeout: 30_000,
  });
  return page;
}

// ---------------------------------------------------------------------------------------------------
// 2. Card fields ready, cold cache.

export interface ReadyRun {
  /** Navigation start to svc-ready (SDK) or to the floor frame's hello (floor), ms. */
  ready: number;
  /** Milestones on the same clock, for the report's breakdown. */
  marks: Record<string, number>;
}

interface DocumentTimes {
  timeOrigin: number;
  /** The document's own response end (its navigation timing). */
  documentReceived: number;
  resources: { name: string; startTime: number; responseEnd: number }[];
}

/** In a page or frame: its clock's origin, when its document arrived, and what it fetched. */
function documentTimes(): DocumentTimes {
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

/** The frame's milestones on the page's clock (both count from their own navigation start). */
function frameMarks(onPage: DocumentTimes, inFrame: DocumentTimes, marks: Record<string, number>): void {
  const shift = inFrame.timeOrigin - onPage.timeOrigin;
  marks['frame navigation started'] = shift;
  if (Number.isFinite(inFrame.documentReceived))
    marks['frame document received'] = inFrame.documentReceived + shift;
  const assets = inFrame.resources.filter((e) => /\.(?:js|css)$/.test(new URL(e.name).pathname));
  if (assets.length > 0)
    marks['frame scripts and styles received'] = Math.max(...assets.map((e) => e.responseEnd)) + shift;
}

/** One cold load of the demo's plain page (fresh browser context: empty cache, no open connections). */
export async function readySdk(setup: Setup): Promise<ReadyRun> {
  const context = await newContext(setup);
  try {
    const page = await openPlainPage(setup, context);
    const ready = await page.evaluate(() => (window as unknown as BenchWindow).benchReady ?? NaN);
    const onPage = await page.evaluate(documentTimes);
    const inFrame = await cardFrame(page, setup.urls.tokenUrl).evaluate(documentTimes);
    const marks: Record<string, number> = { 'page document received': onPage.documentReceived };
    const sdk = onPage.resources.find((e) => e.name.endsWith(`/sdk/${scriptFile()}`));
    if (sdk !== undefined) {
      marks['SDK script requested'] = sdk.startTime;
      marks['SDK script received'] = sdk.responseEnd;
    }
    const session = onPage.resources.find((e) => e.name.endsWith('/api/session'));
    if (session !== undefined) {
      marks['session requested (page scripts ran)'] = session.startTime;
      marks['session received (merchant backend → Token/NewSession)'] = session.responseEnd;
    }
    frameMarks(onPage, inFrame, marks);
    marks['ready: svc-ready (floor: hello from the frame)'] = ready;
    return { ready, marks };
  } finally {
    await context.close();
  }
}

export async function readyFloor(setup: Setup): Promise<ReadyRun> {
  const context = await newContext(setup);
  try {
    const page = await context.newPage();
    await page.goto(setup.floorPageUrl);
    await page.waitForFunction(
      () => (window as unknown as BenchWindow).floor?.ready !== undefined,
      undefined,
      { timeout: 30_000 },
    );
    const ready = await page.evaluate(() => (window as unknown as BenchWindow).floor?.ready ?? NaN);
    const onPage = await page.evaluate(documentTimes);
    const frame = page.frames().find((f) => f.url() === `${setup.floorFrameOrigin}/frame.html`);
    if (frame === undefined) throw new Error('no floor frame');
    const inFrame = await frame.evaluate(documentTimes);
    const marks: Record<string, number> = { 'page document received': onPage.documentReceived };
    frameMarks(onPage, inFrame, marks);
    marks['ready: svc-ready (floor: hello from the frame)'] = ready;
    return { ready, marks };
  } finally {
    await context.close();
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
  const w = window as unknown as BenchWindow;
  w.benchKeys = [];
  let down: number | undefined;
  document.addEventListener(
    'keydown',
    (event) => {
      down = event.timeStamp;
    },
    { capture: true },
  );
  document.addEventListener('input', (event) => {
    const start = down;
    down = undefined;
    if (start === undefined) return;
    const input = event.target as HTMLInputElement;
    const updates: Promise<unknown>[] = [];
    for (let el: Element | null = input; el !== null; el = el.parentElement) {
      if ('updateComplete' in el)
        updates.push((el as Element & { updateComplete: Promise<unknown> }).updateComplete);
    }
    const done = () => w.benchKeys?.push({ ms: performance.now() - start, value: input.value });
    if (updates.length === 0) done();
    else void Promise.all(updates).then(done);
  });
}

export interface KeystrokeRun {
  samples: number[];
  /** How many of the measured values had the formatting's spaces (SDK) — a check that it formatted. */
  formatted: number;
}

async function typeDigits(
  page: Page,
  frame: Frame,
  count: number,
  warmup: number,
  reset: () => Promise<void>,
): Promise<KeystrokeRun> {
  const digits = CARD.number;
  let typed = 0;
  const press = async () => {
    if (typed === digits.length) {
      await reset();
      typed = 0;
    }
    await page.keyboard.press(digits[typed] ?? '4');
    typed += 1;
  };
  for (let i = 0; i < warmup; i++) await press();
  await frame.waitForFunction((n) => (window as unknown as BenchWindow).benchKeys?.length === n, warmup);
  await frame.evaluate(() => {
    (window as unknown as BenchWindow).benchKeys = [];
  });
  for (let i = 0; i < count; i++) await press();
  await frame.waitForFunction((n) => ((window as unknown as BenchWindow).benchKeys?.length ?? 0) >= n, count);
  const keys = await frame.evaluate(() => (window as unknown as BenchWindow).benchKeys ?? []);
  return { samples: keys.map((k) => k.ms), formatted: keys.filter((k) => k.value.includes(' ')).length };
}

export async function keystrokesSdk(setup: Setup, count: number, warmup: number): Promise<KeystrokeRun> {
  const context = await newContext(setup);
  try {
    const page = await openPlainPage(setup, context);
    const frame = cardFrame(page, setup.urls.tokenUrl);
    await frame.evaluate(installKeyClock);
    await page.frameLocator('svc-card-form iframe').getByLabel('Card number', { exact: true }).click();
    return await typeDigits(page, frame, count, warmup, () =>
      frame.evaluate(() => {
        document.querySelector('svc-card-number')?.clear();
      }),
    );
  } finally {
    await context.close();
  }
}

export async function keystrokesFloor(setup: Setup, count: number, warmup: number): Promise<KeystrokeRun> {
  const context = await newContext(setup);
  try {
    const page = await context.newPage();
    await page.goto(setup.floorPageUrl);
    await page.waitForFunction(() => (window as unknown as BenchWindow).floor?.ready !== undefined);
    const frame = page.frames().find((f) => f.url() === `${setup.floorFrameOrigin}/frame.html`);
    if (frame === undefined) throw new Error('no floor frame');
    await frame.evaluate(installKeyClock);
    await page.frameLocator('#f').getByLabel('Card number').click();
    return await typeDigits(page, frame, count, warmup, () =>
      frame.evaluate(() => {
        const input = document.querySelector('input');
        if (input !== null) input.value = '';
      }),
    );
  } finally {
    await context.close();
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
  const base = urls.tokenUrl.replace('localhost', '127.0.0.1');
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(account === undefined
        ? {}
        : { 'x-service-account': account.name, 'x-service-apptoken': account.appToken }),
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path} answered ${String(response.status)}: ${JSON.stringify(json)}`);
  return json;
}

async function newSession(urls: SandboxUrls, account: SessionAccount): Promise<string> {
  const reply = await tokenApi(
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
  return String(reply['sessionId']);
}

/** Collects the responses from `origin` while `run` runs, and their Server-Timing. */
async function timedWindow<T>(
  page: Page,
  origin: string,
  expected: (path: string) => boolean,
  run: () => Promise<T>,
): Promise<{ value: T; server: number; requests: string[] }> {
  const responses: Response[] = [];
  const listener = (response: Response) => {
    if (new URL(response.url()).origin === origin) responses.push(response);
  };
  page.on('response', listener);
  let value: T;
  try {
    value = await run();
    // The response event can trail the result by a CDP message; wait a little for the expected one.
    const deadline = Date.now() + 2_000;
    while (!responses.some((r) => expected(new URL(r.url()).pathname.toLowerCase())) && Date.now() < deadline)
      await new Promise((done) => setTimeout(done, 10));
  } finally {
    page.off('response', listener);
  }
  let server = 0;
  for (const response of responses) server += serverTimingMs((await response.allHeaders())['server-timing']);
  return { value, server, requests: responses.map((r) => new URL(r.url()).pathname) };
}

/**
 * A page for submits: the demo's plain page, whose own form is replaced for each run by a new Checkout
 * on a new session (created here, server to server) for `account`.
 */
export async function submitPage(setup: Setup): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await newContext(setup);
  const page = await openPlainPage(setup, context);
  return { page, close: () => context.close() };
}

/** The pause between the form being filled (and 3DS prepared) and the submit. */
export const SETTLE_MS = 250;

export async function submitSdk(
  setup: Setup,
  page: Page,
  account: SessionAccount,
  threeDs: boolean,
): Promise<SubmitRun> {
  const { urls } = setup;
  const sessionId = await newSession(urls, account);
  if (threeDs) await tokenApi(urls, '/__sandbox/three-ds/ddc', { sessionId, delayMs: 0 });
  await page.evaluate(
    ({ sessionId, account, tokenUrl }) => {
      const w = window as unknown as BenchWindow;
      w.demo?.checkout.destroy();
      w.benchCheckout?.destroy();
      w.benchSteps = [];
      const checkout = new window.Checkout({
        sessionId,
        account,
        environment: 'sandbox',
        tokenUrl,
        locale: 'en',
        callback: () => undefined,
      });
      w.benchCheckout = checkout;
      const form = checkout.mountCardForm('#card-slot');
      if (w.benchWhenReady === undefined) throw new Error('recordEvents is not installed');
      return w.benchWhenReady(form, '');
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
  if (threeDs) {
    // Collection answers at once (delayMs 0); submit once it has, as a shopper who typed the rest would.
    await page.waitForFunction(
      () => (window as unknown as BenchWindow).benchSteps?.includes('collection-finished') === true,
    );
  }
  // A shopper's click comes well after the last keystroke: let the frame finish handling the setup's
  // answer and the fields' updates, so the window holds the submit alone.
  await page.waitForTimeout(SETTLE_MS);
  const tokenOrigin = new URL(urls.tokenUrl).origin;
  const { value, server, requests } = await timedWindow(
    page,
    tokenOrigin,
    (path) => path === '/api/token/generate',
    () =>
      page.evaluate(async () => {
        const checkout = (window as unknown as BenchWindow).benchCheckout;
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
  return { total: value.total, server, client: value.total - server, requests };
}

export async function floorPage(setup: Setup): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await newContext(setup);
  const page = await context.newPage();
  await page.goto(setup.floorPageUrl);
  await page.waitForFunction(() => (window as unknown as BenchWindow).floor?.ready !== undefined);
  return { page, close: () => context.close() };
}

/** The floor's submit: a message over the port, the frame's same-origin POST, the answer back. */
export async function submitFloor(setup: Setup, page: Page): Promise<SubmitRun> {
  const { value, server, requests } = await timedWindow(
    page,
    setup.floorFrameOrigin,
    (path) => path === '/echo',
    () =>
      page.evaluate(async (card) => {
        const floor = (window as unknown as BenchWindow).floor;
        if (floor === undefined) throw new Error('no floor');
        const started = performance.now();
        await floor.submit({ sessionId: 'floor', card, frontData: { userAgent: navigator.userAgent } });
        return performance.now() - started;
      }, CARD),
  );
  return { total: value, server, client: value - server, requests };
}

// ---------------------------------------------------------------------------------------------------
// 6. Memory and hygiene after mount/destroy cycles.

/**
 * Before the SDK loads: counts the MessageChannels the page creates and the closing of their first
 * port, the one the host keeps (the second is transferred to the frame, design §3). Demo origin only.
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

interface Snapshot {
  heap: number;
  livePorts: number;
  listeners: { type: string }[];
}

async function snapshot(cdp: CDPSession): Promise<Snapshot> {
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
  return { heap: usedSize, livePorts: Number(count.result.value), listeners };
}

/** Iframes anywhere in the page's DOM, open shadow roots included. */
function countIframes(): number {
  let count = 0;
  const visit = (root: Document | ShadowRoot) => {
    for (const el of root.querySelectorAll('*')) {
      if (el instanceof HTMLIFrameElement) count += 1;
      if (el.shadowRoot !== null) visit(el.shadowRoot);
    }
  };
  visit(document);
  return count;
}

function difference(before: { type: string }[], after: { type: string }[]): string[] {
  const left = after.map((l) => l.type);
  for (const l of before) {
    const i = left.indexOf(l.type);
    if (i >= 0) left.splice(i, 1);
  }
  return left;
}

async function settle(page: Page): Promise<void> {
  // Removed frames detach and unload asynchronously.
  await page.waitForTimeout(300);
}

export async function hygieneSdk(setup: Setup, cycles: number, warmup: number): Promise<Hygiene> {
  const context = await newContext(setup);
  try {
    const page = await openPlainPage(setup, context, (p) =>
      p.addInitScript(trackPorts, new URL(setup.urls.demoUrl).origin),
    );
    const cdp = await context.newCDPSession(page);
    const run = (n: number) =>
      page.evaluate(async (n) => {
        const checkout = (window as unknown as BenchWindow).demo?.checkout;
        if (checkout === undefined) throw new Error('no window.demo.checkout');
        checkout.destroy();
        const times: number[] = [];
        for (let i = 0; i < n; i++) {
          const started = performance.now();
          const form = checkout.mountCardForm('#card-slot');
          const { benchWhenReady } = window as unknown as BenchWindow;
          if (benchWhenReady === undefined) throw new Error('recordEvents is not installed');
          await benchWhenReady(form, `cycle ${String(i)}: `);
          times.push(performance.now() - started);
          checkout.destroy();
        }
        return times;
      }, n);
    await run(warmup);
    await settle(page);
    const before = await snapshot(cdp);
    const half = Math.floor(cycles / 2);
    const cycleMs = await run(half);
    await settle(page);
    const middle = await snapshot(cdp);
    cycleMs.push(...(await run(cycles - half)));
    await settle(page);
    const after = await snapshot(cdp);
    const ports = await page.evaluate(
      () => (window as unknown as BenchWindow).benchPorts ?? { channels: NaN, hostPortsClosed: 0 },
    );
    const domIframes = await page.evaluate(countIframes);
    const frames = page.frames().length - 1;
    const left = difference(before.listeners, after.listeners);
    return {
      heapBefore: before.heap,
      heapAfter: after.heap,
      heapGrowth: after.heap - before.heap,
      heapGrowthSecondHalf: after.heap - middle.heap,
      iframes: Math.max(domIframes, frames),
      openPorts: ports.channels - ports.hostPortsClosed,
      livePorts: after.livePorts - before.livePorts,
      windowListeners: after.listeners.length - before.listeners.length,
      listenerTypes: left,
      cycleMs,
    };
  } finally {
    await context.close();
  }
}

export async function hygieneFloor(setup: Setup, cycles: number, warmup: number): Promise<Hygiene> {
  const { page, close } = await floorPage(setup);
  try {
    const cdp = await page.context().newCDPSession(page);
    const run = (n: number) =>
      page.evaluate(async (n) => {
        const floor = (window as unknown as BenchWindow).floor;
        if (floor === undefined) throw new Error('no floor');
        const times: number[] = [];
        for (let i = 0; i < n; i++) times.push(await floor.cycle());
        return times;
      }, n);
    await run(warmup);
    await settle(page);
    const before = await snapshot(cdp);
    const framesBefore = await page.evaluate(countIframes);
    const half = Math.floor(cycles / 2);
    const cycleMs = await run(half);
    await settle(page);
    const middle = await snapshot(cdp);
    cycleMs.push(...(await run(cycles - half)));
    await settle(page);
    const after = await snapshot(cdp);
    const framesAfter = await page.evaluate(countIframes);
    return {
      heapBefore: before.heap,
      heapAfter: after.heap,
      heapGrowth: after.heap - before.heap,
      heapGrowthSecondHalf: after.heap - middle.heap,
      iframes: framesAfter - framesBefore,
      openPorts: 0,
      livePorts: after.livePorts - before.livePorts,
      windowListeners: after.listeners.length - before.listeners.length,
      listenerTypes: difference(before.listeners, after.listeners),
      cycleMs,
    };
  } finally {
    await close();
  }
}
