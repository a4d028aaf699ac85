// The essentials script-tag build's wiring (the `#build` alias, vite.config.ts): no wallets, no headless
// tokenization and no pay() nor showPayment() in it (a page with the card form needs none of them), so each of their
// methods ends at once in `full_build_required`, which says which file has them, and loads nothing. A
// tokenization's failure goes to `callback` and a payment's to `onPayment`, as the full build delivers
// a flow that could not load; a wallet's rejects.
import { configurationError } from '../../errors.ts';
import type { Failure } from '../../types.ts';
// Typed as the ESM build's, so that the Checkout's calls fit every build.
import type * as esm from '../esm/index.ts';

/** What a method of the full build ends in here: `full_build_required`, naming the file to load. */
export const fullBuildRequired = (what: string): Failure => ({
  ok: false,
  error: configurationError('full_build_required', `${what} in the full build, checkout-<version>.js.`),
});

const wallets = (): Promise<never> => Promise.reject(fullBuildRequired('Wallets are').error);

export const walletsFlow: typeof esm.walletsFlow = () => ({
  useGooglePay: wallets,
  useApplePay: wallets,
  destroy: () => undefined,
});

export const headlessFlow: typeof esm.headlessFlow = ({ deliver }) => {
  const headless = () => Promise.resolve(fullBuildRequired('Headless tokenization and its 3DS are'));
  return {
    tokenizeCard: () => headless().then(deliver),
    prepareAuthentication: headless,
    authenticate: headless,
  };
};

export const payFlow: typeof esm.payFlow = ({ deliverPayment }) => {
  const pay = () => Promise.resolve(deliverPayment(fullBuildRequired('pay() and showPayment() are')));
  return { pay, showPayment: pay, destroy: () => undefined };
};
