#!/usr/bin/env node
// @ts-check
// WebKit smoke: the demo's card page paid by a shopper in WebKitGTK (Debian's MiniBrowser), driven
// through WebKitWebDriver with plain W3C WebDriver calls. Playwright's WebKit needs its own patched
// build, which CI cannot download, so this is a short script rather than a Playwright project.
//
//   node e2e-webkit/smoke.mjs     after `npm run build`; `npm test` runs it after the Playwright step
//
// It starts everything it needs and stops it at the end, whatever happens: the sandbox and the demo on
// their own ports (4273-4277, so it can run next to Playwright's 4173-4177), and WebKitWebDriver under
// `xvfb-run -a` (MiniBrowser has no headless mode). It writes reports/webkit.json, which test.mjs
// counts. Without WebKit (not installed: `npm run browsers` as root installs it), or with
// E2E_WEBKIT=0, the tests are recorded as skipped and it exits 0.

import { spawn } from 'node:child_process';
import { accessSync, constants, mkdirSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { findBrowsersSync, WEBKIT } from '../scripts/browsers.mjs';

/**
 * @typedef {object} TestResult
 * @property {string} name
 * @property {'passed' | 'failed' | 'skipped'} status
 * @property {number} seconds
 * @property {string} [error] why it failed
 * @property {string} [reason] why it was skipped
 */
/** @typedef {import('node:child_process').ChildProcess} ChildProcess */

const root = resolve(import.meta.dirname, '..');
const REPORT = join(root, 'reports', 'webkit.json');

const PORTS = {
  DEMO_PORT: 4273,
  SVC_TOKEN_PORT: 4274,
  SVC_ENGINE_PORT: 4275,
  SVC_3DS_PORT: 4276,
  SVC_SANDBOX_PORT: 4277,
};
const DEMO = `http://127.0.0.1:${PORTS.DEMO_PORT}`;
// Each of the sandbox's four servers answers its own health check.
const HEALTH = [PORTS.SVC_TOKEN_PORT, PORTS.SVC_ENGINE_PORT, PORTS.SVC_SANDBOX_PORT, PORTS.SVC_3DS_PORT].map(
  (port) => `http://127.0.0.1:${port}/__sandbox/health`,
);

const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
const POLL_MS = 100;
const SERVER_START_MS = 60_000;
const DRIVER_START_MS = 15_000;
const WD_CALL_MS = 30_000;
const FRAME_READY_MS = 15_000;
const PAYMENT_MS = 30_000;

const YY = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');

/** @type {{ name: string, number: string, month: string, expect: string[] }[]} */
const SCENARIOS = [
  {
    name: 'card page: Visa is paid',
    number: '4111111111111111',
    month: '12',
    expect: ['Payment authorized'],
  },
  {
    name: 'card page: frictionless 3DS (Y) is paid',
    number: '4000000000002701',
    month: '01',
    expect: ['Payment authorized', '3DS Y'],
  },
];

const started = performance.now();
const sleep = (/** @type {number} */ ms) => new Promise((done) => setTimeout(done, ms));
const message = (/** @type {unknown} */ error) => (error instanceof Error ? error.message : String(error));

/** Thrown by a probe to stop waiting at once (a server that died will not come back). */
class Fatal extends Error {}

/**
 * Calls `probe` every POLL_MS until it returns something other than undefined, or throws saying what
 * it waited for. A probe that throws counts as "not yet" (its last error goes into the message),
 * unless it throws a Fatal.
 * @template T
 * @param {string} what
 * @param {number} timeoutMs
 * @param {() => Promise<T | undefined>} probe
 * @returns {Promise<T>}
 */
async function waitFor(what, timeoutMs, probe) {
  const deadline = performance.now() + timeoutMs;
  let last = '';
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      if (error instanceof Fatal) throw error;
      last = message(error);
    }
    if (performance.now() > deadline) {
      throw new Error(
        `timed out after ${timeoutMs / 1000}s waiting for ${what}${last ? ` (last: ${last})` : ''}`,
      );
    }
    await sleep(POLL_MS);
  }
}

// ---- processes ---------------------------------------------------------------------------------

/** @type {{ name: string, child: ChildProcess, group: boolean, log: string[] }[]} */
const processes = [];

/**
 * Starts a process whose stderr is kept (the last lines) for when it misbehaves. `group` puts it in
 * its own process group, so stopping it also stops what it started (xvfb-run: Xvfb, the driver,
 * MiniBrowser).
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, group?: boolean }} [options]
 */
function start(name, command, args, { env = process.env, group = false } = {}) {
  const child = spawn(command, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: group,
  });
  /** @type {string[]} */
  const log = [];
  child.stderr?.on('data', (chunk) => {
    log.push(...String(chunk).split('\n').filter(Boolean));
    log.splice(0, Math.max(0, log.length - 20));
  });
  child.on('error', (error) => log.push(`could not start ${command}: ${error.message}`));
  const entry = { name, child, group, log };
  processes.push(entry);
  return entry;
}

/** @param {{ child: ChildProcess, group: boolean }} p @param {NodeJS.Signals} signal */
function signal({ child, group }, signal) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    if (group) process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    // Already gone.
  }
}

/** Stops every process started here: SIGTERM, then SIGKILL for what is still there after 5 s. */
async function stopAll() {
  const running = processes.filter((p) => p.child.exitCode === null && p.child.signalCode === null);
  for (const p of running) signal(p, 'SIGTERM');
  const exited = (/** @type {ChildProcess} */ child) =>
    new Promise((done) => {
      if (child.exitCode !== null || child.signalCode !== null) done(undefined);
      else child.once('exit', done);
    });
  // Unref'd: a pending timer must not keep this process alive once everything has exited.
  const grace = new Promise((done) => setTimeout(done, 5_000).unref());
  await Promise.race([Promise.all(running.map((p) => exited(p.child))), grace]);
  for (const p of running) signal(p, 'SIGKILL');
}

// Backstop for an exit that skips the `finally` below (an uncaught error, a signal).
process.on('exit', () => {
  for (const p of processes) signal(p, 'SIGKILL');
});
for (const [name, number] of /** @type {const} */ ([
  ['SIGINT', 2],
  ['SIGTERM', 15],
])) {
  process.once(name, () => {
    console.log(`webkit: ${name}, stopping`);
    process.exit(128 + number);
  });
}

/** @param {number} port @returns {Promise<boolean>} */
function portInUse(port) {
  return new Promise((done) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => {
      done(false);
    });
  });
}

/** @param {string} path */
function missing(path) {
  try {
    accessSync(path, constants.X_OK);
    return false;
  } catch {
    return true;
  }
}

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address !== null && typeof address === 'object') done(address.port);
        else fail(new Error('no port'));
      });
    });
  });
}

/**
 * Waits until every URL answers 2xx; fails early, with its stderr, if the process dies first.
 * @param {{ name: string, child: ChildProcess, log: string[] }} p
 * @param {string[]} urls
 * @param {number} [timeoutMs]
 */
async function waitHealthy(p, urls, timeoutMs = SERVER_START_MS) {
  await waitFor(`${p.name} (${urls.join(', ')})`, timeoutMs, async () => {
    if (p.child.exitCode !== null || p.child.signalCode !== null) {
      const code = p.child.exitCode ?? p.child.signalCode;
      throw new Fatal(`${p.name} exited (${String(code)}) before it was ready:\n  ${p.log.join('\n  ')}`);
    }
    for (const url of urls) {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (!response.ok) return undefined;
    }
    return true;
  });
}

// ---- WebDriver ---------------------------------------------------------------------------------

/** @type {string} */
let driverUrl = '';

/**
 * One W3C WebDriver call; throws with the driver's error when it answers one.
 * @param {'GET' | 'POST' | 'DELETE'} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<any>}
 */
async function wd(method, path, body) {
  const response = await fetch(driverUrl + path, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(WD_CALL_MS),
  });
  /** @type {{ value: any }} */
  const json = /** @type {any} */ (await response.json());
  if (!response.ok) {
    const { error, message: text } = json.value ?? {};
    throw new Error(`${method} ${path}: ${response.status} ${String(error)}: ${String(text)}`);
  }
  return json.value;
}

/** A browser session, with the few commands the scenarios use. */
class Session {
  /** @param {string} id */
  constructor(id) {
    this.base = `/session/${id}`;
  }

  /** @param {string} url */
  go(url) {
    return wd('POST', `${this.base}/url`, { url });
  }

  /**
   * @param {string} script
   * @param {unknown[]} [args]
   * @returns {Promise<any>}
   */
  run(script, args = []) {
    return wd('POST', `${this.base}/execute/sync`, { script, args });
  }

  /** @param {string} css @returns {Promise<Record<string, string>>} */
  find(css) {
    return wd('POST', `${this.base}/element`, { using: 'css selector', value: css });
  }

  /** @param {Record<string, string>} element */
  click(element) {
    return wd('POST', `${this.base}/element/${String(element[ELEMENT])}/click`, {});
  }

  /**
   * Types like a shopper: WebKitWebDriver only sends keys to a focused field, so click it first.
   * @param {Record<string, string>} element
   * @param {string} text
   */
  async type(element, text) {
    await this.click(element);
    await wd('POST', `${this.base}/element/${String(element[ELEMENT])}/value`, { text });
  }

  /** @param {Record<string, string> | null} frame null: the top-level page */
  frame(frame) {
    return wd('POST', `${this.base}/frame`, { id: frame });
  }

  /** @returns {Promise<string>} base64 PNG */
  screenshot() {
    return wd('GET', `${this.base}/screenshot`);
  }

  close() {
    return wd('DELETE', this.base);
  }
}

// ---- the shopper -------------------------------------------------------------------------------

/**
 * Opens the card page, types the card into the token host's frame, pays, and waits for the outcome.
 * @param {Session} s
 * @param {(typeof SCENARIOS)[number]} scenario
 */
async function payByCard(s, scenario) {
  await s.frame(null);
  await s.go(`${DEMO}/card.html`);
  // Pay is enabled once the card frame said it is ready (svc-ready).
  await waitFor('the Pay button to be enabled', FRAME_READY_MS, async () =>
    (await s.run('const b = document.getElementById("pay"); return !!b && !b.disabled;')) === true
      ? true
      : undefined,
  );
  // The frame sits in <svc-card-form>'s open shadow root, where a CSS lookup from the page cannot go.
  const iframe = await waitFor('the card frame', FRAME_READY_MS, async () => {
    /** @type {Record<string, string> | null} */
    const found = await s.run(
      'return document.querySelector("svc-card-form")?.shadowRoot?.querySelector("iframe") ?? null;',
    );
    return found ?? undefined;
  });
  await s.frame(iframe);

  const fields = /** @type {const} */ ([
    ['cc-number', scenario.number, scenario.number.replace(/(\d{4})(?=\d)/g, '$1 ')],
    // The shopper types the digits; the field puts in the ' / '.
    ['cc-exp', `${scenario.month}${YY}`, `${scenario.month} / ${YY}`],
    ['cc-csc', '123', '123'],
    ['cc-name', 'Ada Lovelace', 'Ada Lovelace'],
  ]);
  for (const [autocomplete, text, shown] of fields) {
    const css = `input[autocomplete="${autocomplete}"]`;
    const input = await waitFor(`the ${autocomplete} field in the card frame`, FRAME_READY_MS, async () => {
      const element = await s.find(css);
      return (await s.run('return !arguments[0].disabled;', [element])) === true ? element : undefined;
    });
    await s.type(input, text);
    const value = await s.run('return arguments[0].value;', [input]);
    if (value !== shown) {
      throw new Error(`${autocomplete} shows ${JSON.stringify(value)}, not ${JSON.stringify(shown)}`);
    }
  }

  await s.frame(null);
  await s.click(await s.find('#pay'));

  // After "Processing…" the page shows one outcome: "Payment authorized: …", "Payment declined: …",
  // "Payment refused: …" or "Not paid: …". Wait for it, then check it is the one expected.
  /** @type {string} */
  let status = '';
  await waitFor('the payment outcome in #status', PAYMENT_MS, async () => {
    status = await s.run('return document.getElementById("status")?.textContent ?? "";');
    return /^(Payment |Not paid)/.test(status) ? true : undefined;
  }).catch((/** @type {unknown} */ error) => {
    throw new Error(`${message(error)}; #status says ${JSON.stringify(status)}`);
  });
  if (!status.startsWith('Payment authorized') || !scenario.expect.every((text) => status.includes(text))) {
    throw new Error(`#status says ${JSON.stringify(status)}, expected ${JSON.stringify(scenario.expect)}`);
  }
}

// ---- the run -----------------------------------------------------------------------------------

/** @type {TestResult[]} */
const results = [];

/** @param {TestResult} result */
function record(result) {
  results.push(result);
  const time = result.seconds.toFixed(1).padStart(5);
  const label = { passed: 'PASS', failed: 'FAIL', skipped: 'SKIP' }[result.status];
  const why = result.error ?? result.reason;
  console.log(`  ${label} ${time}s  webkit › ${result.name}${why === undefined ? '' : `\n        ${why}`}`);
}

function writeReport() {
  const count = (/** @type {TestResult['status']} */ status) =>
    results.filter((r) => r.status === status).length;
  const tests = results.map((r) => ({ ...r, seconds: Math.round(r.seconds * 1000) / 1000 }));
  const report = {
    passed: count('passed'),
    failed: count('failed'),
    skipped: count('skipped'),
    tests,
  };
  mkdirSync(join(root, 'reports'), { recursive: true });
  writeFileSync(REPORT, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `webkit: ${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)}s (reports/webkit.json)`,
  );
  return report;
}

/** @param {string} why */
function skipAll(why) {
  for (const { name } of SCENARIOS) record({ name, status: 'skipped', seconds: 0, reason: why });
}

/** @param {string} why */
function failAll(why) {
  for (const { name } of SCENARIOS.filter((sc) => !results.some((r) => r.name === sc.name))) {
    record({ name, status: 'failed', seconds: 0, error: why });
  }
}

async function main() {
  const webkit = findBrowsersSync(process.env).webkit;
  if (webkit.kind === 'none') {
    skipAll(
      webkit.source === 'E2E_WEBKIT=0'
        ? 'disabled by E2E_WEBKIT=0'
        : `WebKit not installed (missing ${Object.values(WEBKIT).filter(missing).join(', ')}; ` +
            'as root, `npm run browsers` installs them)',
    );
    return;
  }

  // Stale servers on our ports would make the run test whatever they are: refuse instead.
  const ports = Object.values(PORTS);
  const busy = (await Promise.all(ports.map(async (port) => ((await portInUse(port)) ? port : 0)))).filter(
    Boolean,
  );
  if (busy.length > 0) throw new Error(`port(s) ${busy.join(', ')} already in use (a leftover run?)`);

  console.log(`webkit: starting the sandbox and the demo on ports ${ports.join(', ')}`);
  // Overrides from a developer's shell would point the demo at other ports: leave them out.
  const overrides = new Set(['SVC_TOKEN_URL', 'SVC_TOKEN_API_URL', 'SVC_ENGINE_API_URL']);
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !overrides.has(key))),
    ...Object.fromEntries(Object.entries(PORTS).map(([key, port]) => [key, String(port)])),
  };
  const driverPort = await freePort();
  driverUrl = `http://127.0.0.1:${driverPort}`;
  // Started in this order: the demo's backend talks to the sandbox.
  const sandbox = start('sandbox', process.execPath, ['--import', 'tsx', 'sandbox/main.ts'], { env });
  const driver = start('WebKitWebDriver', WEBKIT.xvfbRun, ['-a', WEBKIT.driver, `--port=${driverPort}`], {
    group: true,
  });
  await waitHealthy(sandbox, HEALTH);
  const demo = start('demo', process.execPath, ['--import', 'tsx', 'demo/server.ts'], { env });
  await waitHealthy(demo, [`${DEMO}/`]);
  await waitHealthy(driver, [`${driverUrl}/status`], DRIVER_START_MS).catch(
    (/** @type {unknown} */ error) => {
      throw new Error(`WebKitWebDriver did not start: ${message(error)}`);
    },
  );
  console.log(`webkit: servers and driver up in ${((performance.now() - started) / 1000).toFixed(1)}s`);

  /** @type {{ sessionId: string, capabilities: Record<string, unknown> }} */
  const created = await wd('POST', '/session', {
    capabilities: {
      alwaysMatch: { 'webkitgtk:browserOptions': { binary: WEBKIT.browser, args: ['--automation'] } },
    },
  });
  const session = new Session(created.sessionId);
  const { browserName, browserVersion } = created.capabilities;
  console.log(`webkit: ${String(browserName)} ${String(browserVersion)}`);
  try {
    await wd('POST', `${session.base}/window/rect`, { width: 1280, height: 900 }).catch(() => undefined);
    for (const scenario of SCENARIOS) {
      const t = performance.now();
      const seconds = () => (performance.now() - t) / 1000;
      try {
        await payByCard(session, scenario);
        record({ name: scenario.name, status: 'passed', seconds: seconds() });
      } catch (error) {
        record({ name: scenario.name, status: 'failed', seconds: seconds(), error: message(error) });
        const shot = join('reports', `webkit-${scenario.number}.png`);
        await session
          .frame(null)
          .then(() => session.screenshot())
          .then((png) => {
            writeFileSync(join(root, shot), Buffer.from(png, 'base64'));
            console.log(`        screenshot: ${shot}`);
          })
          .catch(() => undefined);
      }
    }
  } finally {
    await session.close().catch(() => undefined);
  }
}

try {
  mkdirSync(join(root, 'reports'), { recursive: true });
  console.log(`webkit: ${SCENARIOS.length} tests`);
  await main();
} catch (error) {
  // Set-up went wrong (a server or the driver did not start): every test not run is a failure.
  console.log(`webkit: ${message(error)}`);
  failAll(`not run, set-up failed: ${message(error).split('\n')[0] ?? ''}`);
} finally {
  await stopAll();
  process.exitCode = writeReport().failed > 0 ? 1 : 0;
}
