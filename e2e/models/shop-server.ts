// A shop's own server (examples/) paid in a browser against the suite's sandbox. The sandbox's `demo`
// account allows the demo's origin only, so the page is opened there and every request to that origin
// goes on to the shop's server.

import type { Page } from '@playwright/test';

/** The demo's origin, the one the `demo` account allows. */
const DEMO_ORIGIN = 'http://127.0.0.1:4173';

/** Why these pages run in Chromium only. */
export const CHROMIUM_ONLY = 'Firefox (BiDi) turns a rewritten request into a redirect to the shop’s port';

/** Sends the page's requests to the demo's origin on to the shop's server at `shopUrl`. */
export async function continueToShop(page: Page, shopUrl: string): Promise<void> {
  await page.route(
    (url) => url.origin === DEMO_ORIGIN,
    async (route) => {
      // Continued, not fulfilled: the browser fetches from the shop's loopback address itself, so the
      // page is a loopback page as a shopper's would be, which Chromium's local network checks let
      // frame the token host (a fulfilled page counts as a public one, and is refused). Firefox over
      // WebDriver BiDi follows the new URL as a redirect instead: the page would be the shop's own
      // port, an origin the demo account does not allow.
      const url = new URL(route.request().url());
      await route.continue({ url: `${shopUrl}${url.pathname}${url.search}` });
    },
  );
}
