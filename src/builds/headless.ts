// Headless tokenization as the Checkout offers it in the builds that have it (ESM, full): its flow is
// loaded at its first call (a LazyFlow, the way the build says: esm/, a lazy chunk; full/, inline) with
// the Checkout's context, loaded again after a failed load, and a token goes to the merchant's
// `callback` (not a preparation nor an authentication). The flow itself is flows/headless.ts.

import type { CheckoutContext } from '../checkout-context.ts';
import type { HeadlessFlow } from '../flows/headless.ts';
import { LazyFlow } from './lazy-flow.ts';

/** The Checkout's headless methods: the flow's, under the names the Checkout gives them. */
export interface HeadlessMethods {
  tokenizeCard: HeadlessFlow['tokenize'];
  prepareAuthentication: HeadlessFlow['prepare'];
  authenticate: HeadlessFlow['authenticate'];
}

/** What headless tokenization needs of the Checkout: what its flow needs, and `deliver` for a token. */
export type HeadlessContext = ConstructorParameters<typeof HeadlessFlow>[0] &
  Pick<CheckoutContext, 'deliver'>;

/** The headless methods of a build that loads their flow's class with `load`. */
export const lazyHeadless =
  (load: () => Promise<typeof HeadlessFlow>) =>
  (context: HeadlessContext): HeadlessMethods => {
    const headless = new LazyFlow(() => load().then((Flow) => new Flow(context)));
    return {
      tokenizeCard: (card, settings) =>
        headless.call((flow) => flow.tokenize(card, settings)).then(context.deliver),
      prepareAuthentication: (cardNumber, settings) =>
        headless.call((flow) => flow.prepare(cardNumber, settings)),
      authenticate: (authentication, settings) =>
        headless.call((flow) => flow.authenticate(authentication, settings)),
    };
  };
