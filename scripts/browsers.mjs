#!/usr/bin/env node
// @ts-check
// Finds the browsers the e2e tests run in, and installs them when it must and can.
// Order: Playwright's own downloads, then the system's packages, then an install (Playwright's
// download, then apt as root). CI machines may start bare and cannot reach Playwright's CDN, so the
// apt path is what CI really uses; a laptop usually takes the download.
// The result travels to child processes as CHROMIUM_PATH / FIREFOX_PATH / FIREFOX_KIND, which
// playwright.config.ts reads; run directly, the config does the same search without installing.
// WebKit is the exception: Playwright's WebKit needs its own patched build, so the WebKit smoke
// (e2e-webkit/smoke.mjs) drives Debian's WebKitGTK MiniBrowser through WebKitWebDriver under Xvfb,
// only ever from system packages (apt as root). E2E_WEBKIT=0 leaves it out.
//
//   node scripts/browsers.mjs               find or install, say what was done
//   node scripts/browsers.mjs --print-env   same, then print `export ...` lines for eval (logs go to stderr)

import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, firefox } from 'playwright-core';

/** @typedef {import('./browsers.d.mts').Found} Found */
/** @typedef {import('./browsers.d.mts').Browsers} Browsers */
/** @typedef {import('./browsers.d.mts').BrowserEnv} BrowserEnv */
/** @typedef {import('./browsers.d.mts').BrowserKind} BrowserKind */

/** Flags for Chromium in containers and CI: no sandbox as root, and no background traffic or GPU. */
export const CHROMIUM_ARGS = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]);

const SYSTEM_CHROMIUM = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];
const SYSTEM_FIREFOX = ['/usr/bin/firefox-esr', '/usr/bin/firefox'];
const APT_PACKAGE = { chromium: 'chromium', firefox: 'firefox-esr', webkit: 'webkit2gtk-driver xvfb xauth' };

/**
 * What the WebKit smoke needs, all from Debian packages: the driver (webkit2gtk-driver), the browser
 * its library ships (libwebkit2gtk-4.1-0), and Xvfb with xauth, since MiniBrowser has no headless mode.
 */
export const WEBKIT = Object.freeze({
  driver: '/usr/bin/WebKitWebDriver',
  browser: `/usr/lib/${process.arch === 'arm64' ? 'aarch64' : 'x86_64'}-linux-gnu/webkit2gtk-4.1/MiniBrowser`,
  xvfbRun: '/usr/bin/xvfb-run',
  xauth: '/usr/bin/xauth',
});

/** @param {string} path */
function isExecutableFile(path) {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** @param {NodeJS.ProcessEnv} env */
const firefoxWanted = (env) => env.E2E_FIREFOX !== '0';

/** @param {NodeJS.ProcessEnv} env */
const webkitWanted = (env) => env.E2E_WEBKIT !== '0';

/**
 * @param {NodeJS.ProcessEnv} env
 * @returns {Found}
 */
function findChromium(env) {
  const preset = env.CHROMIUM_PATH;
  if (preset) {
    return isExecutableFile(preset)
      ? { kind: 'system', path: preset, source: 'CHROMIUM_PATH' }
      : {
          kind: 'none',
          path: preset,
          source: 'CHROMIUM_PATH',
          problem: `CHROMIUM_PATH=${preset} is not an executable file`,
        };
  }
  // The full build, not the headless shell: the config runs it with channel 'chromium', so this
  // is exactly the binary that will start.
  const own = chromium.executablePath();
  if (isExecutableFile(own)) return { kind: 'playwright', path: own, source: "Playwright's download" };
  const system = SYSTEM_CHROMIUM.find(isExecutableFile);
  if (system) return { kind: 'system', path: system, source: 'system package' };
  return { kind: 'none', path: '', source: 'search' };
}

/**
 * @param {NodeJS.ProcessEnv} env
 * @returns {Found}
 */
function findFirefox(env) {
  if (!firefoxWanted(env)) return { kind: 'none', path: '', source: 'E2E_FIREFOX=0' };
  const own = firefox.executablePath();
  const preset = env.FIREFOX_PATH;
  if (preset) {
    if (!isExecutableFile(preset)) {
      return {
        kind: 'none',
        path: preset,
        source: 'FIREFOX_PATH',
        problem: `FIREFOX_PATH=${preset} is not an executable file`,
      };
    }
    // Playwright's patched Firefox must not be driven through the stock-Firefox BiDi channel.
    return { kind: preset === own ? 'playwright' : 'system', path: preset, source: 'FIREFOX_PATH' };
  }
  if (isExecutableFile(own)) return { kind: 'playwright', path: own, source: "Playwright's download" };
  const system = SYSTEM_FIREFOX.find(isExecutableFile);
  if (system) return { kind: 'system', path: system, source: 'system package' };
  return { kind: 'none', path: '', source: 'search' };
}

/**
 * The WebKit smoke's driver; found only when all of WEBKIT is there.
 * @param {NodeJS.ProcessEnv} env
 * @returns {Found}
 */
function findWebKit(env) {
  if (!webkitWanted(env)) return { kind: 'none', path: '', source: 'E2E_WEBKIT=0' };
  if (Object.values(WEBKIT).every(isExecutableFile)) {
    return { kind: 'system', path: WEBKIT.driver, source: 'system package' };
  }
  return { kind: 'none', path: '', source: 'search' };
}

/**
 * Looks, never installs, never prints: safe to call while loading a config.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Browsers}
 */
export function findBrowsersSync(env = process.env) {
  return { chromium: findChromium(env), firefox: findFirefox(env), webkit: findWebKit(env) };
}

/**
 * @param {Browsers} browsers
 * @returns {BrowserEnv}
 */
export function toEnv({ chromium: c, firefox: f }) {
  return {
    // A wrong preset is passed on as it is, so the launch error names the path the user gave.
    CHROMIUM_PATH: c.kind === 'system' || c.problem ? c.path : '',
    FIREFOX_PATH: f.kind === 'system' ? f.path : '',
    FIREFOX_KIND: f.kind,
  };
}

/** @param {unknown} v @returns {v is BrowserKind} */
const isBrowserKind = (v) => v === 'playwright' || v === 'system' || v === 'none';

/**
 * For playwright.config.ts. Trusts what test.mjs (or an earlier call) put in the environment, so
 * Playwright's workers, which load the config again, see the same projects as the main process;
 * otherwise searches and writes the result into `env` for them.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {BrowserEnv & { warnings: string[] }}
 */
export function resolveBrowserEnv(env = process.env) {
  /** @type {string[]} */
  const warnings = [];
  const kind = env.FIREFOX_KIND;
  /** @type {BrowserEnv} */
  let result;
  if (isBrowserKind(kind) && !(kind === 'system' && !env.FIREFOX_PATH)) {
    result = {
      CHROMIUM_PATH: env.CHROMIUM_PATH ?? '',
      FIREFOX_PATH: env.FIREFOX_PATH ?? '',
      FIREFOX_KIND: kind,
    };
  } else {
    const found = findBrowsersSync(env);
    result = toEnv(found);
    for (const b of [found.chromium, found.firefox]) if (b.problem) warnings.push(b.problem);
    if (found.chromium.kind === 'none' && !found.chromium.problem) {
      warnings.push('no Chromium found: run `npm run browsers` to install one (or set CHROMIUM_PATH)');
    }
    if (found.firefox.kind === 'none' && firefoxWanted(env) && !found.firefox.problem) {
      warnings.push('no Firefox found: the firefox project is left out (`npm run browsers` installs it)');
    }
    Object.assign(env, result);
  }
  if (!firefoxWanted(env)) result = { ...result, FIREFOX_PATH: '', FIREFOX_KIND: 'none' };
  return { ...result, warnings };
}

/**
 * Runs a command with its stdout (progress) shown. Its stderr is kept back and boiled down to its
 * distinct `Error:` lines: an unreachable download host otherwise prints five identical stack traces.
 * @param {string} command
 * @param {readonly string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<{ code: number, errors: string[] }>}
 */
function run(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'], env });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    const errors = () => {
      const lines = stderr.split('\n').map((l) => l.trim());
      const found = [...new Set(lines.filter((l) => l.startsWith('Error') || l.startsWith('E:')))];
      return found.length > 0 ? found.slice(0, 5) : lines.filter(Boolean).slice(-5);
    };
    child.on('error', (error) => {
      resolve({ code: 127, errors: [error.message] });
    });
    child.on('close', (code, signal) => {
      resolve({ code: code ?? (signal ? 128 : 1), errors: code === 0 ? [] : errors() });
    });
  });
}

/** @param {string} name */
function onPath(name) {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir && isExecutableFile(join(dir, name)));
}

/** @param {'chromium' | 'firefox' | 'webkit'} name @returns {string} */
function playwrightBuildVersion(name) {
  try {
    const file = new URL('../node_modules/playwright-core/browsers.json', import.meta.url);
    /** @type {{ browsers: { name: string, browserVersion?: string }[] }} */
    const json = JSON.parse(readFileSync(file, 'utf8'));
    return json.browsers.find((b) => b.name === name)?.browserVersion ?? '';
  } catch {
    return '';
  }
}

/** @param {Found} found @param {'chromium' | 'firefox' | 'webkit'} name */
function describeVersion(found, name) {
  if (found.kind === 'playwright') return `${name} ${playwrightBuildVersion(name)}`.trim();
  if (found.kind !== 'system') return '';
  if (name === 'webkit') {
    // WebKitWebDriver has no --version; the package says it.
    const pkg = spawnSync('dpkg-query', ['-W', '-f=${Version}', 'webkit2gtk-driver'], { encoding: 'utf8' });
    return pkg.status === 0 ? `WebKitGTK ${pkg.stdout.trim()}` : '';
  }
  // Debian's chromium wrapper prints shell noise on stderr; only stdout's first line matters.
  const out = spawnSync(found.path, ['--version'], { encoding: 'utf8', timeout: 20_000 });
  return (out.stdout || '').trim().split('\n')[0] ?? '';
}

/** @param {string} version */
const major = (version) => Number(/(\d+)\./.exec(version)?.[1] ?? NaN);

/**
 * Finds the browsers, installing what is missing, and says what it does through `log`.
 * `ok` is false only when no Chromium can be had (or a preset CHROMIUM_PATH is wrong): Firefox and
 * WebKit are optional, their absence is a loud warning.
 * @param {{ env?: NodeJS.ProcessEnv, log?: (line: string) => void }} [options]
 * @returns {Promise<{ ok: boolean, browsers: Browsers, env: BrowserEnv, warnings: string[] }>}
 */
export async function ensureBrowsers({ env = process.env, log = console.log } = {}) {
  let found = findBrowsersSync(env);
  /** @type {string[]} */
  const warnings = [];

  /** @returns {('chromium' | 'firefox' | 'webkit')[]} */
  const missing = () => {
    /** @type {('chromium' | 'firefox' | 'webkit')[]} */
    const names = [];
    if (found.chromium.kind === 'none' && !found.chromium.problem) names.push('chromium');
    if (found.firefox.kind === 'none' && firefoxWanted(env) && !found.firefox.problem) names.push('firefox');
    if (found.webkit.kind === 'none' && webkitWanted(env)) names.push('webkit');
    return names;
  };
  // Playwright's WebKit cannot run the smoke (it needs MiniBrowser), so WebKit only comes from apt.
  const downloadable = () => missing().filter((n) => n !== 'webkit');

  if (downloadable().length > 0) {
    const names = downloadable();
    log(`browsers: ${names.join(' and ')} not found; trying Playwright's download`);
    log(`$ npx playwright install ${names.join(' ')}`);
    const { code, errors } = await run('npx', ['--no-install', 'playwright', 'install', ...names], env);
    if (code !== 0) {
      log(`browsers: Playwright's download failed (exit code ${code}):`);
      for (const line of errors) log(`  ${line}`);
    }
    found = findBrowsersSync(env);
  }

  if (missing().length > 0) {
    const packages = missing().map((n) => APT_PACKAGE[n]);
    const isRoot = process.getuid?.() === 0;
    if (isRoot && onPath('apt-get')) {
      const script = `apt-get update -qq && apt-get install -y -qq --no-install-recommends ${packages.join(' ')}`;
      log(`browsers: trying the system packages`);
      log(`$ ${script}`);
      const { code, errors } = await run('sh', ['-c', script], { ...env, DEBIAN_FRONTEND: 'noninteractive' });
      if (code !== 0) {
        log(`browsers: apt-get failed (exit code ${code}):`);
        for (const line of errors) log(`  ${line}`);
      }
      found = findBrowsersSync(env);
    } else {
      log(`browsers: not trying apt-get (${isRoot ? 'apt-get not found' : 'not root'})`);
    }
  }

  for (const [name, b] of /** @type {const} */ ([
    ['chromium', found.chromium],
    ['firefox', found.firefox],
    ['webkit', found.webkit],
  ])) {
    if (b.kind === 'none') {
      log(
        `browsers: ${name}: none (${b.problem ?? (b.source.endsWith('=0') ? `disabled by ${b.source}` : 'not found')})`,
      );
    } else {
      const version = describeVersion(b, name);
      log(`browsers: ${name}: ${b.kind} ${b.path} (${b.source})${version ? `: ${version}` : ''}`);
      if (name === 'chromium' && b.kind === 'system') {
        const wantedMajor = major(playwrightBuildVersion('chromium'));
        const gotMajor = major(version);
        if (Math.abs(wantedMajor - gotMajor) > 2) {
          warnings.push(
            `Chromium ${gotMajor} is far from the ${wantedMajor} this Playwright was built for; if launches fail, that is why`,
          );
        }
      }
    }
  }

  const ok = found.chromium.kind !== 'none';
  if (!ok) {
    log(
      [
        '',
        'browsers: NO CHROMIUM, so the e2e tests cannot run. Any one of these fixes it:',
        '  npx playwright install chromium firefox      (needs to reach Playwright download host)',
        '  sudo apt-get install chromium firefox-esr    (Debian; Ubuntu: google-chrome or a non-snap chromium)',
        '  CHROMIUM_PATH=/path/to/chrome [FIREFOX_PATH=/path/to/firefox] npm test',
        '',
      ].join('\n'),
    );
  }
  if (found.firefox.kind === 'none' && firefoxWanted(env)) {
    warnings.push(
      `NO FIREFOX (${found.firefox.problem ?? 'not found, install failed'}): e2e runs in Chromium only. ` +
        'Install firefox-esr or run `npx playwright install firefox`.',
    );
  }
  if (found.webkit.kind === 'none' && webkitWanted(env)) {
    warnings.push(
      'NO WEBKIT: the WebKit smoke skips its tests. ' +
        'As root on Debian, `npm run browsers` installs webkit2gtk-driver, xvfb and xauth.',
    );
  }
  for (const w of warnings) log(`browsers: WARNING: ${w}`);

  const result = toEnv(found);
  Object.assign(env, result);
  return { ok, browsers: found, env: result, warnings };
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const printEnv = process.argv.includes('--print-env');
  const { ok, env } = await ensureBrowsers({
    log: printEnv ? (line) => void process.stderr.write(`${line}\n`) : (line) => void console.log(line),
  });
  if (printEnv) {
    for (const [key, value] of Object.entries(env)) console.log(`export ${key}='${value}'`);
  }
  process.exitCode = ok ? 0 : 1;
}
