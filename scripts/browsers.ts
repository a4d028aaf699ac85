// Finds the browsers the e2e tests run in, and installs them when it must and can: Playwright's own
// downloads, then the system's packages, then an install (Playwright's download, then apt as root).
// CI machines may start bare and cannot reach Playwright's CDN, so the apt path is what CI really uses;
// a laptop usually takes the download. playwright.config.ts, the bench and the WebKit smoke search the
// same way (CHROMIUM_PATH / FIREFOX_PATH preset a binary) without installing. WebKit is the exception:
// Playwright's WebKit needs its own patched build, so the WebKit smoke drives Debian's WebKitGTK
// MiniBrowser through WebKitWebDriver under Xvfb, only ever from system packages. E2E_FIREFOX=0 /
// E2E_WEBKIT=0 leave one out.
//
//   npm run browsers     find or install, say what was done

import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { chromium, firefox } from 'playwright-core';

type Name = 'chromium' | 'firefox' | 'webkit';
const NAMES = ['chromium', 'firefox', 'webkit'] as const;
export interface Found {
  /** playwright: Playwright's own download; system: any other binary; none: nothing usable. */
  kind: 'playwright' | 'system' | 'none';
  /** The binary (for `playwright`, the one Playwright will start), or the bad preset path. */
  path: string;
  /** Where it came from: an env var, Playwright's download, a system package, the search. */
  source: string;
  /** Set when a preset path is wrong. */
  problem?: string;
}

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
const SYSTEM = {
  chromium: ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'],
  firefox: ['firefox-esr', 'firefox'],
};
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
const none = (source: string): Found => ({ kind: 'none', path: '', source });

/** Chromium or Firefox: a preset path, else Playwright's download, else a system package. */
function find(name: 'chromium' | 'firefox', env: NodeJS.ProcessEnv): Found {
  if (!wanted(name, env)) return none('E2E_FIREFOX=0');
  // For Chromium the full build, not the headless shell: the config runs it with channel 'chromium'.
  const own = (name === 'chromium' ? chromium : firefox).executablePath();
  const variable = `${name.toUpperCase()}_PATH`;
  const preset = env[variable];
  if (preset) {
    if (!isExecutableFile(preset))
      return { ...none(variable), path: preset, problem: `${variable}=${preset} is not an executable file` };
    // Playwright's patched Firefox must not be driven through the stock-Firefox BiDi channel.
    return { kind: preset === own ? 'playwright' : 'system', path: preset, source: variable };
  }
  if (isExecutableFile(own)) return { kind: 'playwright', path: own, source: "Playwright's download" };
  const system = SYSTEM[name].map((n) => `/usr/bin/${n}`).find(isExecutableFile);
  return system ? { kind: 'system', path: system, source: 'system package' } : none('search');
}

/** Looks, never installs, never prints: safe to call while loading a config. */
export function findBrowsers(env: NodeJS.ProcessEnv = process.env): Record<Name, Found> {
  const webkit = !wanted('webkit', env)
    ? none('E2E_WEBKIT=0')
    : Object.values(WEBKIT).every(isExecutableFile)
      ? { kind: 'system' as const, path: WEBKIT.driver, source: 'system package' }
      : none('search');
  return { chromium: find('chromium', env), firefox: find('firefox', env), webkit };
}

/** What playwright.config.ts says when a browser is missing or a preset path is wrong. */
export function configWarnings(found: Record<Name, Found>, env: NodeJS.ProcessEnv = process.env): string[] {
  const { chromium: c, firefox: f } = found;
  return [
    ...[c, f].flatMap((b) => (b.problem === undefined ? [] : [b.problem])),
    ...(c.kind === 'none' && !c.problem
      ? ['no Chromium found: run `npm run browsers` to install one (or set CHROMIUM_PATH)']
      : []),
    ...(f.kind === 'none' && wanted('firefox', env) && !f.problem
      ? ['no Firefox found: the firefox project is left out (`npm run browsers` installs it)']
      : []),
  ];
}

/**
 * Runs a command with its stdout (progress) shown. Its stderr is kept back and boiled down to its
 * distinct `Error:` lines: an unreachable download host otherwise prints five identical stack traces.
 */
function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number; errors: string[] }>((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'], env });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    child.on('error', (error) => {
      resolve({ code: 127, errors: [error.message] });
    });
    child.on('close', (code, signal) => {
      const lines = stderr.split('\n').map((l) => l.trim());
      const errors = [...new Set(lines.filter((l) => l.startsWith('Error') || l.startsWith('E:')))];
      const shown = errors.length > 0 ? errors.slice(0, 5) : lines.filter(Boolean).slice(-5);
      resolve({ code: code ?? (signal ? 128 : 1), errors: shown });
    });
  });
}

/** The version of `name` this Playwright was built for. */
function buildVersion(name: Name): string {
  try {
    const file = new URL('../node_modules/playwright-core/browsers.json', import.meta.url);
    const json = JSON.parse(readFileSync(file, 'utf8')) as {
      browsers: { name: string; browserVersion?: string }[];
    };
    return json.browsers.find((b) => b.name === name)?.browserVersion ?? '';
  } catch {
    return '';
  }
}

function describeVersion(found: Found, name: Name): string {
  if (found.kind === 'playwright') return `${name} ${buildVersion(name)}`.trim();
  // WebKitWebDriver has no --version; the package says it.
  if (name === 'webkit') {
    const pkg = spawnSync('dpkg-query', ['-W', '-f=${Version}', 'webkit2gtk-driver'], { encoding: 'utf8' });
    return pkg.status === 0 ? `WebKitGTK ${pkg.stdout.trim()}` : '';
  }
  // Debian's chromium wrapper prints shell noise on stderr; only stdout's first line matters.
  const out = spawnSync(found.path, ['--version'], { encoding: 'utf8', timeout: 20_000 });
  return (out.stdout || '').trim().split('\n')[0] ?? '';
}

const major = (version: string) => Number(/(\d+)\./.exec(version)?.[1] ?? NaN);

/**
 * Finds the browsers, installing what is missing, and says what it does through `log`. `ok` is false
 * only when no Chromium can be had (or a preset CHROMIUM_PATH is wrong): Firefox and WebKit are
 * optional, their absence is a loud warning.
 */
export async function ensureBrowsers({ env = process.env, log = console.log } = {}) {
  let found = findBrowsers(env);
  const warnings: string[] = [];
  const missing = () => NAMES.filter((n) => found[n].kind === 'none' && wanted(n, env) && !found[n].problem);
  const install = async (what: string, command: string, args: string[], extraEnv = {}) => {
    const { code, errors } = await run(command, args, { ...env, ...extraEnv });
    if (code !== 0) log([`browsers: ${what} failed (exit code ${String(code)}):`, ...errors].join('\n  '));
    found = findBrowsers(env);
  };

  // Playwright's WebKit cannot run the smoke (it needs MiniBrowser), so WebKit only comes from apt.
  const downloadable = missing().filter((n) => n !== 'webkit');
  if (downloadable.length > 0) {
    log(`browsers: ${downloadable.join(' and ')} not found; trying Playwright's download`);
    log(`$ npx playwright install ${downloadable.join(' ')}`);
    await install("Playwright's download", 'npx', ['--no-install', 'playwright', 'install', ...downloadable]);
  }
  if (missing().length > 0) {
    const isRoot = process.getuid?.() === 0;
    const apt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
    if (isRoot && apt) {
      const packages = missing().map((n) => APT_PACKAGE[n]);
      const script = `apt-get update -qq && apt-get install -y -qq --no-install-recommends ${packages.join(' ')}`;
      log(`browsers: trying the system packages\n$ ${script}`);
      await install('apt-get', 'sh', ['-c', script], { DEBIAN_FRONTEND: 'noninteractive' });
    } else {
      log(`browsers: not trying apt-get (${isRoot ? 'apt-get not found' : 'not root'})`);
    }
  }

  for (const name of NAMES) {
    const b = found[name];
    if (b.kind === 'none') {
      const why = b.problem ?? (b.source.endsWith('=0') ? `disabled by ${b.source}` : 'not found');
      log(`browsers: ${name}: none (${why})`);
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
  if (found.firefox.kind === 'none' && wanted('firefox', env))
    warnings.push(
      `NO FIREFOX (${found.firefox.problem ?? 'not found, install failed'}): e2e runs in Chromium only. ` +
        'Install firefox-esr or run `npx playwright install firefox`.',
    );
  if (found.webkit.kind === 'none' && wanted('webkit', env))
    warnings.push(
      'NO WEBKIT: the WebKit smoke skips its tests. As root on Debian, `npm run browsers` installs webkit2gtk-driver, xvfb and xauth.',
    );
  for (const w of warnings) log(`browsers: WARNING: ${w}`);
  return { ok, browsers: found, warnings };
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  void ensureBrowsers().then(({ ok }) => (process.exitCode = ok ? 0 : 1));
}
