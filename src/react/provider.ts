// <CheckoutProvider>: one Checkout for a React subtree, created after the first commit (never while
// rendering, so a server renders without one) and destroyed on unmount. A new session reaches the same
// Checkout (the form keeps what the shopper typed); new settings make a new one.

import { createContext, createElement, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { Checkout, type CheckoutOptions } from 'service-checkout';
import { settingsKey, useLatest, withLatestCallbacks } from './latest.ts';

/** What the provider gives its subtree. */
export interface CheckoutContextValue {
  /** The Checkout; null before the first commit (and on a server) and after unmount. */
  checkout: Checkout | null;
  /** The options of the latest render. */
  options: CheckoutOptions;
  /** Settles once the Checkout holds the latest render's session: rejects when its promise did. */
  session: () => Promise<void> | undefined;
  /** The elements `pay()` shows a Pix code or a boleto in, by method, while one is rendered. */
  slots: Map<'pix' | 'boleto', Element>;
}

const CheckoutContext = createContext<CheckoutContextValue | null>(null);

/** The provider's value; throws outside a provider, where nothing could work. */
export function useCheckoutContext(): CheckoutContextValue {
  const value = useContext(CheckoutContext);
  if (value === null) throw new Error('No <CheckoutProvider> above.');
  return value;
}

/**
 * The Checkout of the nearest {@link CheckoutProvider}: null until it is created after the first
 * commit, and on a server.
 */
export function useCheckout(): Checkout | null {
  return useCheckoutContext().checkout;
}

/** The props of {@link CheckoutProvider}. */
export interface CheckoutProviderProps {
  /**
   * As `new Checkout()` takes them; `sessionId` may be a promise (the card frame loads meanwhile).
   * Callbacks are always called as the latest render passed them; a new `sessionId` (a new cart) is
   * handed to the same Checkout; a change to any other option, compared by value, makes a new Checkout.
   * A promise is a new session whenever it is another promise: keep the same one (`useState`,
   * `useMemo`) while the session is the same.
   */
  options: CheckoutOptions;
  /** The part of the app that pays: its components reach the Checkout with `useCheckout()`. */
  children?: ReactNode;
}

/** Creates one Checkout for its subtree, and destroys it on unmount. */
export function CheckoutProvider({ options, children }: CheckoutProviderProps): ReactNode {
  const latest = useLatest(options);
  const [checkout, setCheckout] = useState<Checkout | null>(null);
  /** The session the Checkout was last given, and when it holds it. */
  const given = useRef<CheckoutOptions['sessionId'] | undefined>(undefined);
  const ready = useRef<Promise<void> | undefined>(undefined);
  const slots = useRef(new Map<'pix' | 'boleto', Element>()).current;
  const settings = settingsKey(options, ['sessionId']);

  useEffect(() => {
    const instance = new Checkout(withLatestCallbacks(latest));
    given.current = latest.current.sessionId;
    ready.current = undefined;
    setCheckout(instance);
    return () => {
      instance.destroy();
      setCheckout((current) => (current === instance ? null : current));
    };
    // The settings by value: the options object itself is new at each render.
  }, [settings]);

  const { sessionId } = options;
  useEffect(() => {
    if (checkout === null || given.current === sessionId) return;
    given.current = sessionId;
    const handed = Promise.resolve(sessionId).then((id) => {
      // A session given since wins.
      if (given.current === sessionId) checkout.updateSession(id);
    });
    // Its failure is the next pay()'s to report (usePay), not an unhandled rejection.
    handed.catch(() => undefined);
    ready.current = handed;
  }, [checkout, sessionId]);

  // A new value with each render, as the options are: the elements read the latest.
  const value = { checkout, options, session: () => ready.current, slots };
  return createElement(CheckoutContext.Provider, { value }, children);
}
