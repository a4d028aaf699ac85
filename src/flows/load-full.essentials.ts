// The essentials script-tag build's stand-in for load-full.ts (vite.config.ts): no wallets, no headless
// tokenization and no pay() in it (a page with the card form needs none of them), so each method says
// which file has them. The build swaps the modules that would load them (wallets.ts,
// headless-and-pay.ts) for stand-ins that end here.
import { configurationError } from '../errors.ts';
import type { Failure } from '../types.ts';

/** What a method of the full build ends in here: `full_build_required`, naming the file to load. */
export const fullBuildRequired = (what: string): Failure => ({
  ok: false,
  error: configurationError('full_build_required', `${what} in the full build, checkout-<version>.js.`),
});

const wallets = (): Promise<never> => Promise.reject(fullBuildRequired('Wallets are').error);
export const loadGooglePay = wallets;
export const loadApplePay = wallets;
