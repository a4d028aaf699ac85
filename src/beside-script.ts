// The script-tag builds' files next to the script (vite.config.ts writes them with it): the en and es
// strings (i18n/load-locale.script.ts), the 3DS challenge (three-ds/page/load-challenge.script.ts) and,
// beside the full build, the boleto (elements/load-boleto.script.ts). Each is a classic script loaded by
// a <script> element, so the page's `script-src` for the script covers it, and pinned by the integrity
// the build put in this script (itself pinned by the page's integrity): a changed file is refused by the
// browser, never run. The loader gives the file what it needs of this script on its element (`d`), and
// the file hands back what it holds on the same element (`t`), both read through
// `document.currentScript` while the file runs.

import { CheckoutError, ERROR_CODES, ERROR_TYPES } from './errors.ts';

/** The script's own URL, read while it runs: `document.currentScript` is gone afterwards. */
const base = (document.currentScript as HTMLScriptElement | null)?.src;

/** A file's element while it runs: what the loader gave it, and what it hands back. */
export type BesideScript<T, D = undefined> = HTMLScriptElement & { t?: T; d?: D | undefined };

/**
 * What a file with code takes from the script: errors.ts's run-time values (errors.script.ts), so that
 * its errors are the CheckoutError the merchant checks against, not a copy of it.
 */
export const scriptErrors = { CheckoutError, ERROR_CODES, ERROR_TYPES };
export type ScriptErrors = typeof scriptErrors;

/** Loads `name` from next to the script, gives it `given`, and resolves with what it handed back. */
export const loadBeside = <T>(name: string, integrity: string, given?: unknown): Promise<T> =>
  new Promise((resolve, reject) => {
    const script = document.createElement('script') as BesideScript<T, unknown>;
    // No base (the script was not loaded by a <script src>): a TypeError, which rejects.
    script.src = new URL(name, base).href;
    script.integrity = integrity;
    script.crossOrigin = 'anonymous';
    script.d = given;
    // Left in the document once run, as the script's own element is.
    script.onload = script.onerror = () => {
      if (script.t) resolve(script.t);
      else reject(new Error(`${script.src} did not load`));
    };
    document.head.append(script);
  });

/**
 * A file with code, given the script's errors: loaded once, as its elements are defined once; a failed
 * load is tried again by the next call.
 */
export const loadBesideOnce = <T>(name: string, integrity: string): (() => Promise<T>) => {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= loadBeside<T>(name, integrity, scriptErrors).catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
};
