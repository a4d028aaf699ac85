// End-to-end tests: the demo merchant site (127.0.0.1:4173) and the sandbox service (:4174) in real
// browsers. Chromium always; Firefox when one can be had. Which binaries is decided by
// scripts/browsers.ts's search (after `npm test` installed what was missing).
import { defineConfig, type Project } from '@playwright/test';
import { CHROMIUM_ARGS, configWarnings, findBrowsers } from './scripts/browsers.ts';

const CI = Boolean(process.env.CI);
const browsers = findBrowsers();
// Workers load the config again; the main process has said it once.
if (process.env.TEST_WORKER_INDEX === undefined)
  for (const warning of configWarnings(browsers)) console.warn(`playwright.config: ${warning}`);
const { chromium: c, firefox: f } = browsers;
// A wrong preset path is passed on as it is, so the launch error names the path the user gave.
const chromiumPath = c.kind === 'system' || c.problem !== undefined ? c.path : '';

const chromium: Project = {
  name: 'chromium',
  use: {
    browserName: 'chromium',
    // Empty path = Playwright's download; channel 'chromium' runs its full build (the binary
    // browsers.ts checked for) instead of the separately downloaded headless shell.
    ...(chromiumPath ? {} : { channel: 'chromium' }),
    launchOptions: { args: [...CHROMIUM_ARGS], ...(chromiumPath ? { executablePath: chromiumPath } : {}) },
  },
};

// Stock Firefox is driven through WebDriver BiDi ('moz-firefox'); Playwright's own patched build
// needs no channel. Only works up to @playwright/test 1.64.x with Firefox ESR 153.
const firefox: Project[] =
  f.kind === 'none'
    ? []
    : [
        {
          name: 'firefox',
          // Firefox, driven over WebDriver BiDi, takes 1.5 to 3 times Chromium's time for the same test
          // here (the 3DS dialog's axe check: 37 s against 15 s; the Google Pay payment: 40 s against
          // 15 s; each fill or click about 1 s), so slower CI machines ran past 30 s, then 45 s, on
          // tests that were only slow. 60 s keeps a third of headroom over the slowest seen.
          timeout: 60_000,
          use:
            f.kind === 'system'
              ? {
                  browserName: 'firefox',
                  channel: 'moz-firefox',
                  launchOptions: {
                    executablePath: f.path,
                    // Without it, clicks and keys into cross-origin iframes are silently lost (Fission).
                    firefoxUserPrefs: { 'fission.webContentIsolationStrategy': 0 },
                  },
                }
              : { browserName: 'firefox' },
        },
      ];

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: true,
  // Retries stay at 0, on CI too: a flaky test is a bug to see, not to hide behind a green run.
  retries: 0,
  forbidOnly: CI,
  // A hung run should fail with a message long before CI's own limit kills it silently. The suite
  // takes about 19 min on a 2-core machine; a slower CI machine needs more than that, and the limit
  // still leaves the whole of .ci/run under 45 min.
  ...(CI ? { workers: 2, globalTimeout: 32 * 60_000 } : {}),
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    baseURL: 'http://127.0.0.1:4173',
    viewport: { width: 1280, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // The demo and the sandbox in one process (demo/server.ts), on the fixed ports the specs name.
  webServer: {
    command: 'node --import tsx demo/start.ts',
    url: 'http://127.0.0.1:4173/',
    timeout: 60_000,
    reuseExistingServer: !CI,
    stdout: 'ignore',
    stderr: 'pipe',
  },
  projects: [chromium, ...firefox],
});
