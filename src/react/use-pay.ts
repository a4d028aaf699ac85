// usePay(): the Checkout's pay() with its progress as React state. It pays the session the provider
// holds as of the call: a cart changed since the form mounted is paid as it is now.

import { useCallback, useState } from 'react';
import { CheckoutError, type PaymentProgress, type PaymentResult, type PayOptions } from 'service-checkout';
import { useLatest } from './latest.ts';
import { useCheckoutContext } from './provider.ts';

/** Where the latest pay() of a component is. */
export interface PayState {
  /** A pay() is running. */
  paying: boolean;
  /** Its latest step (`tokenizing`, `paying`, `pending` with a Pix code, `checking`). */
  progress?: PaymentProgress;
  /** How the latest pay() ended: paid, or why not. */
  result?: PaymentResult;
}

/** {@link PayState} and `pay()`, which runs the Checkout's and resolves as it does. */
export interface UsePay extends PayState {
  /**
   * The Checkout's `pay()`, once the provider's latest session is the Checkout's. A Pix code or a
   * boleto shows in the rendered `<PixCode>` or `<Boleto>` unless `target` names another element.
   * Resolves with `not_ready` before the Checkout exists, `session_unavailable` when the session's
   * promise rejected.
   */
  pay: (options?: PayOptions) => Promise<PaymentResult>;
}

/**
 * `checkout.pay()` for a component inside `<CheckoutProvider>`, with its progress as state: one call at
 * a time per Checkout (a second while one runs gets the same promise), the session the provider has
 * now (never a stale one), and the slots of the provider's `<PixCode>` and `<Boleto>` for what it shows.
 */
export function usePay(): UsePay {
  const context = useLatest(useCheckoutContext());
  const [state, setState] = useState<PayState>({ paying: false });

  const pay = useCallback(
    async (options: PayOptions = {}): Promise<PaymentResult> => {
      const end = (result: PaymentResult) => {
        setState((now) => ({ ...now, paying: false, result }));
        return result;
      };
      const { checkout, session, slots } = context.current;
      try {
        if (checkout === null) throw new CheckoutError('not_ready', 'configuration', 'No Checkout yet.');
        setState({ paying: true });
        await session()?.catch((cause: unknown) => {
          throw new CheckoutError('session_unavailable', 'network', 'The sessionId promise rejected.', {
            cause,
          });
        });
      } catch (error) {
        return end({ ok: false, error: error as CheckoutError });
      }
      const { method = 'card', onProgress } = options;
      const slot = method === 'card' ? undefined : slots.get(method);
      return end(
        await checkout.pay({
          ...options,
          ...(options.target === undefined && slot !== undefined ? { target: slot } : {}),
          onProgress: (progress) => {
            setState((now) => ({ ...now, progress }));
            onProgress?.(progress);
          },
        }),
      );
    },
    [context],
  );
  return { ...state, pay };
}
