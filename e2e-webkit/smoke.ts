// WebKit smoke: the demo's card page paid by a shopper in WebKitGTK (Debian's MiniBrowser), driven
// through WebKitWebDriver with plain W3C WebDriver calls. Playwright's WebKit needs its own patched
// build, which CI cannot download, so this is a short script rather than a Playwright project.
//
//   npm run test:webkit     after `npm run build`; `npm test` runs it after the Playwright step
//
// It starts the demo and the sandbox in this process on free ports (demo/server.ts), and
// WebKitWebDriver under `xvfb-run -a` (MiniBrowser has no headless mode), and stops them at the end,
// whatever happens. It writes reports/webkit.json, which scripts/test.ts counts. Without WebKit (as root,
// `npm run browsers` installs it), or with E2E_WEBKIT=0, the tests are recorded as skipped.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FREE_PORTS, startDemoStack } from '../demo/server.ts';
import { close, listen, portOf } from '../sandbox/server.ts';
import { findBrowsers, WEBKIT } from '../scripts/browsers.ts';

type Status = 'passed' | 'failed' | 'skipped';
type Element = Record<string, string>;
const REPORTS = resolve(import.meta.dirname, '..', 'reports');
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
const YY = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');
const SCENARIOS = [
  { name: 'card page: Visa is paid', number: '4111111111111111', month: '12', expect: '' },
  // 3DS test cards authenticate only with expiry 01 / current year + 3.
  {
    name: 'card page: frictionless 3DS (Y) is paid',
    number: '4000000000002701',
    month: '01',
    expect: '3DS Y',
  },
];

const started = performance.now();
const since = (t: number) => (performance.now() - t) / 1000;
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Calls `probe` every 100 ms until it returns something other than undefined; a throw counts as "not yet". */
async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const deadline = performance.now() + ms;
  let last = '';
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = ` (last: ${message(error)})`;
    }
    if (performance.now() > deadline)
      throw new Error(`timed out after ${String(ms / 1000)}s waiting for ${what}${last}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** A WebDriver session: each call throws with the driver's error when it answers one. */
function session(driverUrl: string, id = '') {
  const call = async <T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) => {
    const response = await fetch(`${driverUrl}${id ? `/session/${id}` : ''}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(30_000),
    });
    const { value } = (await response.json()) as { value: T & { error?: string; message?: string } };
    if (!response.ok) throw new Error(`${method} ${path}: ${String(value.error)}: ${String(value.message)}`);
    return value as T;
  };
  const click = (element: Element) => call('POST', `/element/${String(element[ELEMENT])}/click`, {});
  return {
    call,
    run: (script: string, args: unknown[] = []) => call('POST', '/execute/sync', { script, args }),
    find: (css: string) => call<Element>('POST', '/element', { using: 'css selector', value: css }),
    click,
    /** Types like a shopper: WebKitWebDriver only sends keys to a focused field, so click it first. */
    type: async (element: Element, text: string) => {
      await click(element);
      await call('POST', `/element/${String(element[ELEMENT])}/value`, { text });
    },
    /** null: the top-level page. */
    frame: (frame: Element | null) => call('POST', '/frame', { id: frame }),
  };
}
type Session = ReturnType<typeof session>;

/** Opens the card page, types the card into the token host's frame, pays, and checks the outcome. */
async function payByCard(s: Session, demoUrl: string, scenario: (typeof SCENARIOS)[number]) {
  await s.frame(null);
  await s.call('POST', '/url', { url: `${demoUrl}/card.html` });
  // Pay is enabled once the card frame said it is ready (svc-ready).
  const enabled = 'const b = document.getElementById("pay"); return !!b && !b.disabled;';
  await waitFor('the Pay button to be enabled', async () => (await s.run(enabled)) === true || undefined);
  // The frame sits in <svc-card-form>'s open shadow root, where a CSS lookup from the page cannot go.
  const frame = 'return document.querySelector("svc-card-form")?.shadowRoot?.querySelector("iframe");';
  await s.frame(
    await waitFor('the card frame', async () => ((await s.run(frame)) as Element | null) ?? undefined),
  );
  const fields = [
    ['cc-number', scenario.number, scenario.number.replace(/(\d{4})(?=\d)/g, '$1 ')],
    // The shopper types the digits; the field puts in the ' / '.
    ['cc-exp', `${scenario.month}${YY}`, `${scenario.month} / ${YY}`],
    ['cc-csc', '123', '123'],
    ['cc-name', 'Ada Lovelace', 'Ada Lovelace'],
  ] as const;
  for (const [autocomplete, text, shown] of fields) {
    const input = await waitFor(`the ${autocomplete} field in the card frame`, async () => {
      const element = await s.find(`input[autocomplete="${autocomplete}"]`);
      return (await s.run('return !arguments[0].disabled;', [element])) === true ? element : undefined;
    });
    await s.type(input, text);
    const value: unknown = await s.run('return arguments[0].value;', [input]);
    if (value !== shown)
      throw new Error(`${autocomplete} shows ${JSON.stringify(value)}, not ${JSON.stringify(shown)}`);
  }
  await s.frame(null);
  await s.click(await s.find('#pay'));
  // After "Processing…" the page shows one outcome: "Payment authorized: …", "Payment declined: …",
  // "Payment refused: …" or "Not paid: …".
  let status = '';
  const outcome = async () => {
    status = String(await s.run('return document.getElementById("status")?.textContent ?? "";'));
    return /^(Payment |Not paid)/.test(status) || undefined;
  };
  await waitFor('the payment outcome in #status', outcome, 30_000).catch((error: unknown) => {
    throw new Error(`${message(error)}; #status says ${JSON.stringify(status)}`);
  });
  if (!status.startsWith('Payment authorized') || !status.includes(scenario.expect))
    throw new Error(`#status says ${JSON.stringify(status)}, expected it authorized ${scenario.expect}`);
}

const results: { name: string; status: Status; seconds: number; error?: string }[] = [];
function record(name: string, status: Status, seconds: number, error?: string) {
  results.push({ name, status, seconds, ...(error === undefined ? {} : { error }) });
  const label = { passed: 'PASS', failed: 'FAIL', skipped: 'SKIP' }[status];
  console.log(
    `  ${label} ${seconds.toFixed(1).padStart(5)}s  webkit › ${name}${error ? `\n        ${error}` : ''}`,
  );
}
const recordRest = (status: Status, error: string) => {
  for (const { name } of SCENARIOS.filter((sc) => !results.some((r) => r.name === sc.name)))
    record(name, status, 0, error);
};

/** WebKitWebDriver under xvfb-run, in its own process group: stopping it stops Xvfb and the browser too. */
let driver: ChildProcess | undefined;
const signalDriver = (signal: NodeJS.Signals) => {
  if (driver?.pid === undefined || driver.exitCode !== null || driver.signalCode !== null) return false;
  try {
    process.kill(-driver.pid, signal);
  } catch {
    // Already gone.
  }
  return true;
};
// Backstop for an exit that skips the `finally` below (an uncaught error, a signal).
process.on('exit', () => signalDriver('SIGKILL'));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

async function main(): Promise<void> {
  const webkit = findBrowsers().webkit;
  if (webkit.kind === 'none') {
    const why =
      webkit.source === 'E2E_WEBKIT=0'
        ? 'disabled by E2E_WEBKIT=0'
        : 'WebKit not installed (as root, `npm run browsers` installs webkit2gtk-driver, xvfb and xauth)';
    recordRest('skipped', why);
    return;
  }
  // A free port for the driver: bound and released (the driver cannot report the one it picked).
  const probe = await listen(() => new Response(), 0);
  const driverUrl = `http://127.0.0.1:${String(portOf(probe))}`;
  await close(probe);
  const log: string[] = [];
  const child = spawn(WEBKIT.xvfbRun, ['-a', WEBKIT.driver, `--port=${new URL(driverUrl).port}`], {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  driver = child;
  child.stderr.on('data', (chunk) => log.push(String(chunk)));
  const stack = await startDemoStack(FREE_PORTS, {});
  try {
    await waitFor('WebKitWebDriver', async () => {
      if (child.exitCode !== null) throw new Error(`exited: ${log.join('').slice(-500)}`);
      return (await fetch(`${driverUrl}/status`)).ok || undefined;
    });
    console.log(`webkit: demo ${stack.urls.demoUrl}, driver up in ${since(started).toFixed(1)}s`);
    const options = { 'webkitgtk:browserOptions': { binary: WEBKIT.browser, args: ['--automation'] } };
    const created = await session(driverUrl).call<{
      sessionId: string;
      capabilities: Record<string, unknown>;
    }>('POST', '/session', { capabilities: { alwaysMatch: options } });
    const { browserName, browserVersion } = created.capabilities;
    console.log(`webkit: ${String(browserName)} ${String(browserVersion)}`);
    const s = session(driverUrl, created.sessionId);
    try {
      await s.call('POST', '/window/rect', { width: 1280, height: 900 }).catch(() => undefined);
      for (const scenario of SCENARIOS) {
        const t = performance.now();
        try {
          await payByCard(s, stack.urls.demoUrl, scenario);
          record(scenario.name, 'passed', since(t));
        } catch (error) {
          record(scenario.name, 'failed', since(t), message(error));
          const shot = join(REPORTS, `webkit-${scenario.number}.png`);
          await s
            .frame(null)
            .then(() => s.call<string>('GET', '/screenshot'))
            .then((png) => {
              writeFileSync(shot, Buffer.from(png, 'base64'));
              console.log(`        screenshot: ${shot}`);
            })
            .catch(() => undefined);
        }
      }
    } finally {
      await s.call('DELETE', '').catch(() => undefined);
    }
  } finally {
    await stack.close();
  }
}

mkdirSync(REPORTS, { recursive: true });
console.log(`webkit: ${String(SCENARIOS.length)} tests`);
try {
  await main();
} catch (error) {
  // Set-up went wrong (the servers or the driver did not start): every test not run is a failure.
  console.log(`webkit: ${message(error)}`);
  recordRest('failed', `not run, set-up failed: ${message(error).split('\n')[0] ?? ''}`);
} finally {
  // SIGTERM, then SIGKILL for what is still there after 5 s.
  const exited = new Promise((done) => driver?.once('exit', done));
  if (signalDriver('SIGTERM'))
    await Promise.race([exited, new Promise((done) => setTimeout(done, 5_000).unref())]);
  signalDriver('SIGKILL');
  const count = (status: Status) => results.filter((r) => r.status === status).length;
  const report = {
    passed: count('passed'),
    failed: count('failed'),
    skipped: count('skipped'),
    tests: results,
  };
  writeFileSync(join(REPORTS, 'webkit.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `webkit: ${String(report.passed)} passed, ${String(report.failed)} failed, ${String(report.skipped)} skipped ` +
      `in ${since(started).toFixed(1)}s (reports/webkit.json)`,
  );
  process.exitCode = report.failed > 0 ? 1 : 0;
}
