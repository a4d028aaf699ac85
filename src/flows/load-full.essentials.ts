// The essentials script-tag build's stand-in for load-full.ts (vite.config.ts): no wallets and no
// headless tokenization in it (a page with the card form needs neither), so each method says which
// file has them.
import { CheckoutError } from '../errors.ts';

const missing = (what: string) => (): Promise<never> =>
  Promise.reject(
    new CheckoutError(
      'full_build_required',
      'configuration',
      `${what} in the full build, checkout-<version>.js.`,
    ),
  );

export const loadGooglePay = missing('Wallets are');
export const loadApplePay = missing('Wallets are');
export const loadHeadless = missing('Headless tokenization and its 3DS are');
export const loadBrowserPayment = missing('pay() is');
