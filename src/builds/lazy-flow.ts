// A flow of the full build as the Checkout holds it: loaded at its first call (as the build says: a lazy
// chunk in ESM, inline in the full script-tag build; builds/esm/, builds/full/), and loaded again at the
// next call when it could not be.

import { CheckoutError } from '../errors.ts';
import type { Failure } from '../types.ts';

export class LazyFlow<F> {
  readonly #load: () => Promise<F>;
  /** The flow once a call asked for it, loading or loaded; undefined again when it could not load. */
  loaded: Promise<F> | undefined;

  constructor(load: () => Promise<F>) {
    this.#load = load;
  }

  /**
   * Runs `run` on the flow, loading it first. A flow that could not load is a failure, which `notLoaded`
   * hears too (the flow tells the merchant of its own results); so is a session that never came.
   */
  async call<T>(run: (flow: F) => Promise<T>, notLoaded?: (failure: Failure) => void): Promise<T | Failure> {
    let flow: F;
    try {
      flow = await (this.loaded ??= this.#load());
    } catch (error) {
      this.loaded = undefined;
      const failed: Failure = {
        ok: false,
        error:
          error instanceof CheckoutError
            ? error
            : new CheckoutError('network_error', 'network', 'This method could not be loaded.', {
                cause: error,
              }),
      };
      notLoaded?.(failed);
      return failed;
    }
    try {
      return await run(flow);
    } catch (error) {
      // The session given as a promise was rejected (session_unavailable).
      if (error instanceof CheckoutError) return { ok: false, error };
      throw error;
    }
  }
}
