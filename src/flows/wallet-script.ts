// Loads a wallet's own script (Google's pay.js, Apple Pay JS, or the sandbox's stand-ins) into the page,
// once. A module of its own so tests can stand in for the network.

import { WALLET_SCRIPT_TIMEOUT_MS } from '../wallets/constants.ts';

const loading = new Map<string, Promise<void>>();

/**
 * Loads a wallet's script once per page (a failed load is forgotten, so a later call tries again). A
 * script that neither loads nor fails within {@link WALLET_SCRIPT_TIMEOUT_MS} counts as failed.
 */
export function loadWalletScript(src: string): Promise<void> {
  let load = loading.get(src);
  if (load === undefined) {
    load = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      const timer = setTimeout(() => {
        reject(new Error(`${src} did not load in ${String(WALLET_SCRIPT_TIMEOUT_MS / 1000)} s`));
      }, WALLET_SCRIPT_TIMEOUT_MS);
      script.src = src;
      script.async = true;
      script.addEventListener('load', () => {
        clearTimeout(timer);
        resolve();
      });
      script.addEventListener('error', () => {
        clearTimeout(timer);
        script.remove();
        reject(new Error(`${src} did not load (blocked by the page's CSP, or unreachable)`));
      });
      document.head.append(script);
    });
    loading.set(src, load);
    load.catch(() => loading.delete(src));
  }
  return load;
}
