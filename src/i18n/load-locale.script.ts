// The script-tag builds' load-locale.ts (vite.config.ts swaps it in): en's and es's tables are files
// next to the script, checkout-<version>-<locale>.js, that the build writes with the script. Each is a
// classic script loaded by a <script> element, so the page's `script-src` for the script covers it, and
// pinned by the integrity the build put in this script (itself pinned by the page's integrity): a
// changed file is refused by the browser, never run. It hands its table to its own element.

import type { Messages } from './en.ts';
import type { Locale } from './locale.ts';

/** The script's own URL, read while it runs: `document.currentScript` is gone afterwards. */
const base = (document.currentScript as HTMLScriptElement | null)?.src;

export const loadTable = (locale: Locale): Promise<Messages> =>
  new Promise((resolve, reject) => {
    const script = document.createElement('script') as HTMLScriptElement & { t?: Messages };
    // No base (the script was not loaded by a <script src>): a TypeError, which rejects.
    script.src = new URL(`checkout-${__SDK_VERSION__}-${locale}.js`, base).href;
    script.integrity = __LOCALE_INTEGRITY__[locale];
    script.crossOrigin = 'anonymous';
    // Left in the document once run, as the script's own element is.
    script.onload = script.onerror = () => {
      if (script.t) resolve(script.t);
      else reject(new Error(`${script.src} did not load`));
    };
    document.head.append(script);
  });
