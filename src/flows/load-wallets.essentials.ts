// The essentials script-tag build's stand-in for load-wallets.ts (vite.config.ts): no wallets in it, so
// either method says which file has them, in the promise it returns.
import { CheckoutError } from '../errors.ts';

const missing = (): Promise<never> =>
  Promise.reject(
    new CheckoutError(
      'full_build_required',
      'configuration',
      'Wallets are in the full build, checkout-<version>.js.',
    ),
  );

export const loadGooglePay = missing;
export const loadApplePay = missing;
