// Finds the browsers the e2e tests run in, and installs them when it must and can: Playwright's own
// downloads, then the system's packages, then an install (Playwright's download, then apt as root).
// CI machines may start bare and cannot reach Playwright's CDN, so the apt path is what CI really uses;
// a laptop usually takes the download. The result travels to child processes as CHROMIUM_PATH /
// FIREFOX_PATH / FIREFOX_KIND, which playwright.config.ts reads; run directly, the config does the same
// search without installing. WebKit is the exception: Playwright's WebKit needs its own patched build,
// so the WebKit smoke (e2e-webkit/smoke.ts) drives Debian's WebKitGTK MiniBrowser through
// WebKitWebDriver under Xvfb, only ever from system packages. E2E_FIREFOX=0 / E2E_WEBKIT=0 leave one out.
//
//   npm run browsers     find or install, say what was done

import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { chromium, firefox } from 'playwright-core';

export type BrowserKind = 'playwright' | 'system' | 'none';
type Name = 'chromium' | 'firefox' | 'webkit';

export interface Found {
  /** playwright: Playwright's own download; system: any other binary; none: nothing usable. */
  kind: BrowserKind;
  /** The binary (for `playwright`, the one Playwright will start), or the bad preset path. */
  path: string;
  /** Where it came from: an env var, Playwright's download, a system package, the search. */
  source: string;
  /** Set when a preset path is wrong. */
  problem?: string;
}
export type Browsers = Record<Name, Found>;

/** What child processes receive. An empty CHROMIUM_PATH means Playwright's own Chromium. */
export interface BrowserEnv {
  CHROMIUM_PATH: string;
  FIREFOX_PATH: string;
  FIREFOX_KIND: BrowserKind;
}

/** Flags for Chromium in containers and CI: no sandbox as root, and no background traffic or GPU. */
export const CHROMIUM_ARGS: readonly string[] = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]);

const SYSTEM = {
  chromium: [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
  ],
  firefox: ['/usr/bin/firefox-esr', '/usr/bin/firefox'],
};
const APT_PACKAGE: Record<Name, string> = {
  chromium: 'chromium',
  firefox: 'firefox-esr',
  webkit: 'webkit2gtk-driver xvfb xauth',
};

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

/** Chromium or Firefox: a preset path, else Playwright's download, else a system package. */
function find(name: 'chromium' | 'firefox', env: NodeJS.ProcessEnv): Found {
  if (!wanted(name, env)) return { kind: 'none', path: '', source: 'E2E_FIREFOX=0' };
  // For Chromium the full build, not the headless shell: the config runs it with channel 'chromium'.
  const own = (name === 'chromium' ? chromium : firefox).executablePath();
  const variable = `${name.toUpperCase()}_PATH`;
  const preset = env[variable];
  if (preset) {
    if (!isExecutableFile(preset))
      return {
        kind: 'none',
        path: preset,
        source: variable,
        problem: `${variable}=${preset} is not an executable file`,
      };
    // Playwright's patched Firefox must not be driven through the stock-Firefox BiDi channel.
    return { kind: preset === own ? 'playwright' : 'system', path: preset, source: variable };
  }
  if (isExecutableFile(own)) return { kind: 'playwright', path: own, source: "Playwright's download" };
  const system = SYSTEM[name].find(isExecutableFile);
  return system
    ? { kind: 'system', path: system, source: 'system package' }
    : { kind: 'none', path: '', source: 'search' };
}

/** Looks, never installs, never prints: safe to call while loading a config. */
export function findBrowsersSync(env: NodeJS.ProcessEnv = process.env): Browsers {
  const webkit: Found = !wanted('webkit', env)
    ? { kind: 'none', path: '', source: 'E2E_WEBKIT=0' }
    : Object.values(WEBKIT).every(isExecutableFile)
      ? { kind: 'system', path: WEBKIT.driver, source: 'system package' }
      : { kind: 'none', path: '', source: 'search' };
  return { chromium: find('chromium', env), firefox: find('firefox', env), webkit };
}

function toEnv({ chromium: c, firefox: f }: Browsers): BrowserEnv {
  // A wrong preset is passed on as it is, so the launch error names the path the user gave.
  return {
    CHROMIUM_PATH: c.kind === 'system' || c.problem ? c.path : '',
    FIREFOX_PATH: f.kind === 'system' ? f.path : '',
    FIREFOX_KIND: f.kind,
  };
}

/**
 * For playwright.config.ts. Trusts what test.ts (or an earlier call) put in the environment, so
 * Playwright's workers, which load the config again, see the same projects as the main process;
 * otherwise searches and writes the result into `env` for them.
 */
export function resolveBrowserEnv(env: NodeJS.ProcessEnv = process.env): BrowserEnv & { warnings: string[] } {
  const warnings: string[] = [];
  const kind = env['FIREFOX_KIND'];
  let result: BrowserEnv;
  if (
    (kind === 'playwright' || kind === 'none' || kind === 'system') &&
    !(kind === 'system' && !env['FIREFOX_PATH'])
  ) {
    result = {
      CHROMIUM_PATH: env['CHROMIUM_PATH'] ?? '',
      FIREFOX_PATH: env['FIREFOX_PATH'] ?? '',
      FIREFOX_KIND: kind,
    };
  } else {
    const found = findBrowsersSync(env);
    result = toEnv(found);
    for (const b of [found.chromium, found.firefox]) if (b.problem) warnings.push(b.problem);
    if (found.chromium.kind === 'none' && !found.chromium.problem)
      warnings.push('no Chromium found: run `npm run browsers` to install one (or set CHROMIUM_PATH)');
    if (found.firefox.kind === 'none' && wanted('firefox', env) && !found.firefox.problem)
      warnings.push('no Firefox found: the firefox project is left out (`npm run browsers` installs it)');
    Object.assign(env, result);
  }
  if (!wanted('firefox', env)) result = { ...result, FIREFOX_PATH: '', FIREFOX_KIND: 'none' };
  return { ...result, warnings };
}

/**
 * Runs a command with its stdout (progress) shown. Its stderr is kept back and boiled down to its
 * distinct `Error:` lines: an unreachable download host otherwise prints five identical stack traces.
 */
function run(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; errors: string[] }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'], env });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    child.on('error', (error) => {
      resolve({ code: 127, errors: [error.message] });
    });
    child.on('close', (code, signal) => {
      const lines = stderr.split('\n').map((l) => l.trim());
      const errors = [...new Set(lines.filter((l) => l.startsWith('Error') || l.startsWith('E:')))];
      resolve({
        code: code ?? (signal ? 128 : 1),
        errors: errors.length > 0 ? errors.slice(0, 5) : lines.filter(Boolean).slice(-5),
      });
    });
  });
}

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
  let found = findBrowsersSync(env);
  const warnings: string[] = [];
  const missing = () =>
    (['chromium', 'firefox', 'webkit'] as const).filter(
      (n) => found[n].kind === 'none' && wanted(n, env) && !found[n].problem,
    );

  // Playwright's WebKit cannot run the smoke (it needs MiniBrowser), so WebKit only comes from apt.
  const downloadable = missing().filter((n) => n !== 'webkit');
  if (downloadable.length > 0) {
    log(`browsers: ${downloadable.join(' and ')} not found; trying Playwright's download`);
    log(`$ npx playwright install ${downloadable.join(' ')}`);
    const { code, errors } = await run(
      'npx',
      ['--no-install', 'playwright', 'install', ...downloadable],
      env,
    );
    if (code !== 0)
      log([`browsers: Playwright's download failed (exit code ${String(code)}):`, ...errors].join('\n  '));
    found = findBrowsersSync(env);
  }

  if (missing().length > 0) {
    const isRoot = process.getuid?.() === 0;
    const apt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
    if (isRoot && apt) {
      const script = `apt-get update -qq && apt-get install -y -qq --no-install-recommends ${missing()
        .map((n) => APT_PACKAGE[n])
        .join(' ')}`;
      log(`browsers: trying the system packages\n$ ${script}`);
      const { code, errors } = await run('sh', ['-c', script], { ...env, DEBIAN_FRONTEND: 'noninteractive' });
      if (code !== 0) log([`browsers: apt-get failed (exit code ${String(code)}):`, ...errors].join('\n  '));
      found = findBrowsersSync(env);
    } else {
      log(`browsers: not trying apt-get (${isRoot ? 'apt-get not found' : 'not root'})`);
    }
  }

  for (const name of ['chromium', 'firefox', 'webkit'] as const) {
    const b = found[name];
    if (b.kind === 'none') {
      log(
        `browsers: ${name}: none (${b.problem ?? (b.source.endsWith('=0') ? `disabled by ${b.source}` : 'not found')})`,
      );
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
  if (found.firefox.kind === 'none' && wanted('firefox', env)) {
    warnings.push(
      `NO FIREFOX (${found.firefox.problem ?? 'not found, install failed'}): e2e runs in Chromium only. ` +
        'Install firefox-esr or run `npx playwright install firefox`.',
    );
  }
  if (found.webkit.kind === 'none' && wanted('webkit', env)) {
    warnings.push(
      'NO WEBKIT: the WebKit smoke skips its tests. As root on Debian, `npm run browsers` installs webkit2gtk-driver, xvfb and xauth.',
    );
  }
  for (const w of warnings) log(`browsers: WARNING: ${w}`);
  const result = toEnv(found);
  Object.assign(env, result);
  return { ok, browsers: found, env: result, warnings };
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  void ensureBrowsers().then(({ ok }) => (process.exitCode = ok ? 0 : 1));
}
