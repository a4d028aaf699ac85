// Finds the browsers (CHROMIUM_PATH / FIREFOX_PATH preset one; E2E_FIREFOX=0 / E2E_WEBKIT=0 leave one
// out) for playwright.config.ts, the bench and the WebKit smoke; `npm run browsers` (and npm test) also
// installs what is missing: Playwright's download, else apt as root (what CI, which cannot reach
// Playwright's CDN, uses). WebKit only ever comes from apt: the smoke drives WebKitGTK's MiniBrowser.

import { spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { chromium, firefox } from 'playwright-core';

type Name = 'chromium' | 'firefox' | 'webkit';
const NAMES = ['chromium', 'firefox', 'webkit'] as const;
/**
 * `kind` playwright: Playwright's own download; system: any other binary; none: nothing usable, and
 * `problem` says why and what to do. `path`: the binary, or the bad preset path. `source`: where it came
 * from (an env var, Playwright's download, a system package, the search).
 */
export interface Found {
  kind: 'playwright' | 'system' | 'none';
  path: string;
  source: string;
  problem?: string;
}

/**
 * Flags for Chromium in containers and CI: no sandbox as root, and no background traffic or GPU. Nor
 * the address bar's WebUI popups: headless Chromium 156 loads one (chrome://omnibox-popup-aim) in a
 * renderer of its own for every new browser context, and it keeps a core busy for about 500 ms, while
 * the page under test loads (seen in a trace). Without them, the Chromium e2e project took 12.8 min
 * instead of 17.0 on 2 cores, and the renderers spend about 550 ms less CPU on each cold page load.
 */
export const CHROMIUM_ARGS = Object.freeze(
  `--no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync
  --no-first-run --disable-quic
  --disable-features=WebUIOmniboxAimPopup,WebUIOmniboxPopup,WebUIOmniboxFullPopup`.split(/\s+/),
);
const SYSTEM = {
  chromium: ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'],
  firefox: ['firefox-esr', 'firefox'],
};
const APT_PACKAGE = { chromium: 'chromium', firefox: 'firefox-esr', webkit: 'webkit2gtk-driver xvfb xauth' };

/** What the WebKit smoke needs from Debian: the driver, the browser, and Xvfb (MiniBrowser has no headless mode). */
export const WEBKIT = Object.freeze({
  driver: '/usr/bin/WebKitWebDriver',
  browser: `/usr/lib/${process.arch === 'arm64' ? 'aarch64' : 'x86_64'}-linux-gnu/webkit2gtk-4.1/MiniBrowser`,
  xvfbRun: '/usr/bin/xvfb-run',
  xauth: '/usr/bin/xauth',
});

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

const wanted = (name: Name, env: NodeJS.ProcessEnv) =>
  name === 'chromium' || env[`E2E_${name.toUpperCase()}`] !== '0';
/** What is said when a browser is not found: by the e2e config, the bench, the WebKit smoke and npm test. */
const NOT_FOUND: Record<Name, string> = {
  chromium: 'no Chromium found: run `npm run browsers` to install one (or set CHROMIUM_PATH)',
  firefox:
    'no Firefox found: e2e runs in Chromium only (as root, `npm run browsers` installs firefox-esr; or `npx playwright install firefox`)',
  webkit:
    'WebKit not installed, so the WebKit smoke skips its tests (as root on Debian, `npm run browsers` installs webkit2gtk-driver, xvfb and xauth)',
};
const none = (name: Name, env: NodeJS.ProcessEnv, source = 'search', path = '', problem?: string): Found => {
  const disabled = !wanted(name, env) && `E2E_${name.toUpperCase()}=0`;
  const why = problem ?? (disabled ? `disabled by ${disabled}` : NOT_FOUND[name]);
  return { kind: 'none', path, source: disabled || source, problem: why };
};

/** Chromium or Firefox: a preset path, else Playwright's download, else a system package. */
function find(name: 'chromium' | 'firefox', env: NodeJS.ProcessEnv): Found {
  if (!wanted(name, env)) return none(name, env);
  // For Chromium the full build, not the headless shell: the config runs it with channel 'chromium'.
  const own = (name === 'chromium' ? chromium : firefox).executablePath();
  const variable = `${name.toUpperCase()}_PATH`;
  const preset = env[variable];
  if (preset) {
    if (!isExecutableFile(preset))
      return none(name, env, variable, preset, `${variable}=${preset} is not an executable file`);
    // Playwright's patched Firefox must not be driven through the stock-Firefox BiDi channel.
    return { kind: preset === own ? 'playwright' : 'system', path: preset, source: variable };
  }
  if (isExecutableFile(own)) return { kind: 'playwright', path: own, source: "Playwright's download" };
  const system = SYSTEM[name].map((n) => `/usr/bin/${n}`).find(isExecutableFile);
  return system ? { kind: 'system', path: system, source: 'system package' } : none(name, env);
}

/** Looks, never installs, never prints: safe to call while loading a config. */
export function findBrowsers(env: NodeJS.ProcessEnv = process.env): Record<Name, Found> {
  const webkit =
    wanted('webkit', env) && Object.values(WEBKIT).every(isExecutableFile)
      ? { kind: 'system' as const, path: WEBKIT.driver, source: 'system package' }
      : none('webkit', env);
  return { chromium: find('chromium', env), firefox: find('firefox', env), webkit };
}

/** Why the e2e projects lack a browser (a wrong preset path, or none found), for playwright.config.ts. */
export function configWarnings(found: Record<Name, Found>): string[] {
  const { chromium: c, firefox: f } = found;
  return [c, f].flatMap((b) => (b.problem === undefined || b.source.startsWith('E2E_') ? [] : [b.problem]));
}

/** Runs an install; a failure is logged with its distinct `Error` lines (not five identical stack traces). */
function install(what: string, command: string, args: string[], env: NodeJS.ProcessEnv, log = console.log) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'pipe'], env, encoding: 'utf8' });
  if (result.status === 0) return;
  const lines = (result.error ? result.error.message : result.stderr).split('\n').map((l) => l.trim());
  const errors = [...new Set(lines.filter((l) => l.startsWith('Error') || l.startsWith('E:')))];
  const shown = errors.length > 0 ? errors.slice(0, 5) : lines.filter(Boolean).slice(-5);
  const code = result.error ? 127 : (result.status ?? 128);
  log([`browsers: ${what} failed (exit code ${String(code)}):`, ...shown].join('\n  '));
}

/** The version of `name` this Playwright was built for. */
function buildVersion(name: Name): string {
  const file = new URL('../node_modules/playwright-core/browsers.json', import.meta.url);
  const { browsers } = JSON.parse(readFileSync(file, 'utf8')) as {
    browsers: { name: string; browserVersion?: string }[];
  };
  return browsers.find((b) => b.name === name)?.browserVersion ?? '';
}

function describeVersion(found: Found, name: Name): string {
  if (found.kind === 'playwright') return `${name} ${buildVersion(name)}`.trim();
  // WebKitWebDriver has no --version; the package says it. Debian's chromium wrapper prints shell
  // noise on stderr; only stdout's first line matters.
  const [command, args, prefix] =
    name === 'webkit'
      ? ['dpkg-query', ['-W', '-f=${Version}', 'webkit2gtk-driver'], 'WebKitGTK ']
      : [found.path, ['--version'], ''];
  const out = spawnSync(command, args, { encoding: 'utf8', timeout: 20_000 });
  const line = out.status === 0 ? (out.stdout.trim().split('\n')[0] ?? '') : '';
  return line && `${prefix}${line}`;
}

const major = (version: string) => Number(/(\d+)\./.exec(version)?.[1] ?? NaN);

/** Finds the browsers, installing what is missing. Not `ok` without Chromium; a missing other one warns. */
export function ensureBrowsers({ env = process.env, log = console.log } = {}) {
  const missing = () => {
    const found = findBrowsers(env);
    return NAMES.filter((n) => found[n].kind === 'none' && found[n].source === 'search');
  };
  // Playwright's WebKit cannot run the smoke (it needs MiniBrowser), so WebKit only comes from apt.
  const downloadable = missing().filter((n) => n !== 'webkit');
  if (downloadable.length > 0) {
    log(`browsers: ${downloadable.join(' and ')} not found; trying Playwright's download`);
    log(`$ npx playwright install ${downloadable.join(' ')}`);
    const args = ['--no-install', 'playwright', 'install', ...downloadable];
    install("Playwright's download", 'npx', args, env, log);
  }
  if (missing().length > 0) {
    const isRoot = process.getuid?.() === 0;
    const apt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
    if (isRoot && apt) {
      const packages = missing().map((n) => APT_PACKAGE[n]);
      const script = `apt-get update -qq && apt-get install -y -qq --no-install-recommends ${packages.join(' ')}`;
      log(`browsers: trying the system packages\n$ ${script}`);
      install('apt-get', 'sh', ['-c', script], { ...env, DEBIAN_FRONTEND: 'noninteractive' }, log);
    } else {
      log(`browsers: not trying apt-get (${isRoot ? 'apt-get not found' : 'not root'})`);
    }
  }

  const found = findBrowsers(env);
  const warnings: string[] = [];
  for (const name of NAMES) {
    const b = found[name];
    if (b.kind === 'none') {
      log(`browsers: ${name}: none (${b.source === 'search' ? 'not found' : String(b.problem)})`);
      if (name !== 'chromium' && !b.source.startsWith('E2E_')) warnings.push(String(b.problem));
      continue;
    }
    const version = describeVersion(b, name);
    log(`browsers: ${name}: ${b.kind} ${b.path} (${b.source})${version ? `: ${version}` : ''}`);
    const [want, got] = [major(buildVersion('chromium')), major(version)];
    if (name === 'chromium' && b.kind === 'system' && Math.abs(want - got) > 2)
      warnings.push(
        `Chromium ${String(got)} is far from the ${String(want)} this Playwright was built for; if launches fail, that is why`,
      );
  }

  const ok = found.chromium.kind !== 'none';
  if (!ok)
    log(`
browsers: NO CHROMIUM, so the e2e tests cannot run. Any one of these fixes it:
  npx playwright install chromium firefox      (needs to reach Playwright download host)
  sudo apt-get install chromium firefox-esr    (Debian; Ubuntu: google-chrome or a non-snap chromium)
  CHROMIUM_PATH=/path/to/chrome [FIREFOX_PATH=/path/to/firefox] npm test
`);
  for (const w of warnings) log(`browsers: WARNING: ${w}`);
  return { ok, warnings };
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) process.exitCode = ensureBrowsers().ok ? 0 : 1;
