// WebKit smoke (`npm run test:webkit` after a build; README's "WebKit"): the demo's card page (a new
// card, and a saved one by its code with passkeys on) and Apple Pay, paid in WebKitGTK's MiniBrowser
// through WebKitWebDriver (plain W3C WebDriver calls) under `xvfb-run -a`, with the demo and sandbox in
// this process on free ports; all stopped at the end, whatever happens. Playwright's WebKit needs a
// patched build CI cannot download. Skipped without WebKit, with E2E_WEBKIT=0 or before a build.

import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, it, onTestFailed, vi } from 'vitest';
import { FREE_PORTS, startDemoStack, type DemoStack } from '../demo/server.ts';
import { close, listen, portOf } from '../sandbox/server.ts';
import { root, scriptFile } from '../scripts/artifacts.ts';
import { findBrowsers, WEBKIT } from '../scripts/browsers.ts';

type Element = Record<string, string>;
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
const YY = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');
const SCENARIOS = [
  { name: 'Visa is paid', number: '4111111111111111', month: '12', expect: '' },
  // 3DS test cards authenticate only with expiry 01 / current year + 3.
  { name: 'frictionless 3DS (Y) is paid', number: '4000000000002701', month: '01', expect: '3DS Y' },
];

const [webkit, built] = [findBrowsers().webkit, existsSync(join(root, 'dist', scriptFile()))];
const skip = webkit.problem ?? (built ? undefined : 'dist/ is not built: run `npm run build` first');
if (skip !== undefined) console.log(`webkit: skipped: ${skip}`);

/** Calls `probe` until it returns true; a throw is "not yet", and said on timeout. */
async function until(what: string, probe: () => Promise<unknown>, timeout = 15_000): Promise<void> {
  const check = async () => {
    if ((await probe()) !== true) throw new Error('not yet');
  };
  await vi.waitFor(check, { timeout, interval: 100 }).catch((error: unknown) => {
    throw new Error(`timed out after ${timeout / 1000}s waiting for ${what} (last: ${String(error)})`);
  });
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
    run: <T = unknown>(script: string, args: unknown[] = []) =>
      call<T>('POST', '/execute/sync', { script, args }),
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

describe.skipIf(skip !== undefined)('webkit › card and wallets pages', () => {
  /** In its own process group: stopping it stops xvfb-run, Xvfb and the browser too. */
  let driver: ChildProcess | undefined;
  let stack: DemoStack | undefined;
  let s = session('');
  const signalDriver = (signal: NodeJS.Signals) => {
    if (driver?.pid === undefined || driver.exitCode !== null || driver.signalCode !== null) return false;
    try {
      process.kill(-driver.pid, signal);
    } catch {
      // Already gone.
    }
    return true;
  };
  // Backstop for an exit that skips afterAll (a crash, a signal).
  process.on('exit', () => signalDriver('SIGKILL'));
  /** Waits for the element that `script` returns (in an open shadow root, say, where CSS cannot go). */
  const element = async (what: string, script: string) => {
    await until(what, async () => (await s.run(script)) !== null);
    return s.run<Element>(script);
  };
  /** Waits for #status to say an outcome (`done`), and checks that it starts with `paid` and has `expect`. */
  const outcome = async (what: string, done: RegExp, paid: string, expect = '') => {
    let status = '';
    const said = async () => {
      status = String(await s.run('return document.getElementById("status")?.textContent ?? "";'));
      return done.test(status);
    };
    await until(what, said, 30_000).catch((error: unknown) => {
      throw new Error(`${String(error)}; #status says ${JSON.stringify(status)}`);
    });
    if (!status.startsWith(paid) || !status.includes(expect))
      throw new Error(`#status says ${JSON.stringify(status)}, expected ${paid}… ${expect}`);
  };

  const CARD_FRAME = 'return document.querySelector("svc-card-form")?.shadowRoot?.querySelector("iframe");';
  /** Opens a demo page with the card form and waits for Pay: enabled once the card frame said ready. */
  const openCardPage = async (path: string) => {
    await s.frame(null);
    await s.call('POST', '/url', { url: `${stack?.urls.demoUrl ?? ''}${path}` });
    await until('the Pay button to be enabled', () =>
      s.run('const b = document.getElementById("pay"); return !!b && !b.disabled;'),
    );
  };
  /** Types into a field of the card frame (switched into) as a shopper does, and checks what it shows. */
  const typeField = async (autocomplete: string, text: string, shown: string) => {
    const enabled = `return document.querySelector('input[autocomplete="${autocomplete}"]:enabled');`;
    const input = await element(`the ${autocomplete} field in the card frame`, enabled);
    await s.type(input, text);
    const value = await s.run('return arguments[0].value;', [input]);
    if (value !== shown)
      throw new Error(`${autocomplete} shows ${JSON.stringify(value)}, not ${JSON.stringify(shown)}`);
  };
  /** Types a card into the card frame; the driver stays in the frame. */
  const typeCard = async (number: string, month: string) => {
    await s.frame(await element('the card frame', CARD_FRAME));
    await typeField('cc-number', number, number.replace(/(\d{4})(?=\d)/g, '$1 '));
    // The shopper types the digits; the field puts in the ' / '.
    await typeField('cc-exp', `${month}${YY}`, `${month} / ${YY}`);
    await typeField('cc-csc', '123', '123');
    await typeField('cc-name', 'Ada Lovelace', 'Ada Lovelace');
  };
  /** Clicks the page's Pay and checks the payment was authorized (`expect`: what #status must include). */
  const pay = async (expect: string) => {
    await s.frame(null);
    await s.click(await s.find('#pay'));
    // After "Processing…": "Payment authorized: …", "Payment declined: …", "Payment refused: …" or "Not paid: …".
    // A failure is the shopper's sentence, with the error under "Details for the developer".
    await outcome(
      'the payment outcome in #status',
      /^Payment |Details for the developer/,
      'Payment authorized',
      expect,
    );
  };

  beforeAll(async () => {
    const started = performance.now();
    // A free port for the driver: bound and released (the driver cannot report the one it picked).
    const probe = await listen(() => new Response(), 0);
    const port = portOf(probe);
    await close(probe);
    const log: string[] = [];
    const args = ['-a', WEBKIT.driver, `--port=${port}`];
    const child = spawn(WEBKIT.xvfbRun, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    driver = child;
    child.stderr.on('data', (chunk) => log.push(String(chunk)));
    stack = await startDemoStack(FREE_PORTS, {});
    const driverUrl = `http://127.0.0.1:${port}`;
    await until('WebKitWebDriver', async () => {
      if (child.exitCode !== null) throw new Error(`exited: ${log.join('').slice(-500)}`);
      return (await fetch(`${driverUrl}/status`)).ok;
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`webkit: demo ${stack.urls.demoUrl}, driver up in ${seconds}s`);
    const options = { 'webkitgtk:browserOptions': { binary: WEBKIT.browser, args: ['--automation'] } };
    const created = await session(driverUrl).call<{
      sessionId: string;
      capabilities: Record<string, unknown>;
    }>('POST', '/session', { capabilities: { alwaysMatch: options } });
    const { browserName, browserVersion } = created.capabilities;
    console.log(`webkit: ${String(browserName)} ${String(browserVersion)}`);
    s = session(driverUrl, created.sessionId);
    await s.call('POST', '/window/rect', { width: 1280, height: 900 }).catch(() => undefined);
  }, 60_000);

  afterAll(async () => {
    await s.call('DELETE', '').catch(() => undefined);
    await stack?.close();
    // SIGTERM, then SIGKILL for what is still there after 5 s.
    if (driver !== undefined && signalDriver('SIGTERM'))
      await Promise.race([once(driver, 'exit'), sleep(5_000)]);
    signalDriver('SIGKILL');
  }, 15_000);

  /** Opens the card page, types the card into the token host's frame, pays, and checks the outcome. */
  it.each(SCENARIOS.map((sc) => [sc.name, sc] as const))('%s', { timeout: 90_000 }, async (_, scenario) => {
    onTestFailed(async () => {
      const shot = join(root, 'reports', `webkit-${scenario.number}.png`);
      mkdirSync(join(root, 'reports'), { recursive: true });
      await s
        .frame(null)
        .then(() => s.call<string>('GET', '/screenshot'))
        .then((png) => {
          writeFileSync(shot, Buffer.from(png, 'base64'));
          console.log(`webkit: screenshot: ${shot}`);
        })
        .catch(() => undefined);
    });
    await openCardPage('/card.html');
    await typeCard(scenario.number, scenario.month);
    await pay(scenario.expect);
  });

  /**
   * The demo's card page has passkeys on. WebKitGTK has no platform authenticator, so nothing offers one
   * and a stored card asks for its security code, which pays: the way every browser without passkeys goes.
   */
  it('with passkeys on, a saved card pays with its security code', { timeout: 120_000 }, async () => {
    const page = `/card.html?customer=webkit-${String(Date.now())}`;
    await openCardPage(page);
    await typeCard('5555555555554444', '12');
    await s.click(await s.find('input[type="checkbox"]'));
    await pay('');
    await s.frame(await element('the card frame', CARD_FRAME));
    const offered =
      'return [...document.querySelectorAll("button")].some((b) => /passkey/i.test(b.textContent));';
    if ((await s.run(offered)) === true) throw new Error('a passkey was offered without an authenticator');

    await openCardPage(page);
    const stored = 'return document.querySelector("input[name=stored-card]:not([value=new])");';
    await s.click(await element('the saved card', stored));
    await until('the saved card’s frame', async () =>
      s.run(
        'return document.getElementById("pay")?.disabled === false && document.querySelector("input[name=stored-card]:checked")?.value !== "new";',
      ),
    );
    await s.frame(await element('the card frame', CARD_FRAME));
    if ((await s.run(offered)) === true) throw new Error('"Pay with passkey" shown without a passkey');
    await typeField('cc-csc', '123', '123');
    await pay('');
  });

  /**
   * Apple Pay in WebKit, with the sandbox's stand-in: the click is the driver's (a user gesture), the
   * service validates the merchant, the shopper pays in the stand-in's sheet, and the backend's
   * Payment/Init record says authorized.
   */
  it('Apple Pay is paid', { timeout: 90_000 }, async () => {
    await s.frame(null);
    await s.call('POST', '/url', { url: `${stack?.urls.demoUrl ?? ''}/wallets.html` });
    await until('the Apple Pay button', async () =>
      s.run('return document.querySelector("#apple-pay")?.getAttribute("data-svc-wallet") === "ready";'),
    );
    await s.click(await s.find('#apple-pay apple-pay-button'));
    // The stand-in puts its sheet's frame in an open shadow root, as the card form does.
    const sheet =
      'return document.querySelector("[data-apple-pay-sheet]")?.shadowRoot?.querySelector("iframe") ?? null;';
    const sheetFrame = await element('the Apple Pay sheet', sheet).catch(async (error: unknown) => {
      const seen = await s.run(
        'return JSON.stringify({status: document.getElementById("status")?.textContent, outcomes: window.demo?.outcomes, log: window.__applePayStandIn?.log});',
      );
      throw new Error(`${String(error)}; the page: ${String(seen)}`);
    });
    await s.frame(sheetFrame);
    const pay =
      'return [...document.querySelectorAll("button")].find((b) => b.textContent.trim() === "Pagar com Touch ID") ?? null;';
    await s.click(await element('the sheet’s Pay button', pay));
    await s.frame(null);
    // The wallets page speaks the wallets' language, Portuguese unless ?locale= asks for another.
    await outcome('the Apple Pay outcome in #status', /^Pago|Detalhes para o desenvolvedor/, 'Pago: ');
  });
});
