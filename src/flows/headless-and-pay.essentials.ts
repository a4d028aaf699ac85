// The essentials script-tag build's stand-in for headless-and-pay.ts (vite.config.ts): neither headless
// tokenization nor pay() is in it, so each method ends at once in `full_build_required`, which says which
// file has them, delivered as the full build delivers a flow that could not load: a tokenization's to
// `callback`, a payment's to `onPayment`.
import { hand } from './hand.ts';
import type { headlessAndPayFlow as full } from './headless-and-pay.ts';
import { fullBuildRequired } from './load-full.essentials.ts';

export const headlessAndPayFlow: typeof full = ({ options }) => {
  const headless = () => Promise.resolve(fullBuildRequired('Headless tokenization and its 3DS are'));
  return {
    tokenizeCard: () => headless().then((result) => hand(options.callback, result)),
    prepareAuthentication: headless,
    authenticate: headless,
    pay: () => Promise.resolve(hand(options.onPayment, fullBuildRequired('pay() is'))),
    destroy: () => undefined,
  };
};
