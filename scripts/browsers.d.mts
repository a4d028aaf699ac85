// Types for browsers.mjs, so playwright.config.ts and vitest.config.ts get checked without allowJs.

export type BrowserKind = 'playwright' | 'system' | 'none';

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

export interface Browsers {
  chromium: Found;
  firefox: Found;
  /** WebKitWebDriver, found only with MiniBrowser, xvfb-run and xauth (see WEBKIT). */
  webkit: Found;
}

/** What child processes receive. An empty CHROMIUM_PATH means Playwright's own Chromium. */
export interface BrowserEnv {
  CHROMIUM_PATH: string;
  FIREFOX_PATH: string;
  FIREFOX_KIND: BrowserKind;
}

export const CHROMIUM_ARGS: readonly string[];
/** The WebKit smoke's binaries, all from Debian packages. */
export const WEBKIT: Readonly<{ driver: string; browser: string; xvfbRun: string; xauth: string }>;
export function findBrowsersSync(env?: NodeJS.ProcessEnv): Browsers;
export function toEnv(browsers: Browsers): BrowserEnv;
export function resolveBrowserEnv(env?: NodeJS.ProcessEnv): BrowserEnv & { warnings: string[] };
export function ensureBrowsers(options?: {
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}): Promise<{ ok: boolean; browsers: Browsers; env: BrowserEnv; warnings: string[] }>;
