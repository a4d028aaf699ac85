// The shopper's session as the Checkout holds it: given at once (a string), or later (a promise of one,
// so the card frame can start loading while the merchant's backend creates the session). `current` is
// the id once known; `ready` waits for it, rejecting with `session_unavailable` (the promise rejected)
// or `invalid_option` (it resolved to no session id). A newer session (updateSession) wins.

import { CheckoutError, invalidOption } from './errors.ts';

export class Session {
  /** The session id, or undefined while the promise it came as is pending (or failed). */
  current: string | undefined;
  ready!: Promise<string>;

  constructor(source: string | PromiseLike<string>) {
    this.set(source);
  }

  set(source: string | PromiseLike<string>): void {
    this.current = typeof source === 'string' ? source : undefined;
    const ready: Promise<string> = Promise.resolve(source).then(
      (id) => {
        if (typeof id !== 'string' || id.trim() === '' || id.length > 128)
          invalidOption('The sessionId promise resolved to no session id.');
        // Noted before anyone awaiting `ready` runs; a session set since wins.
        if (this.ready === ready) this.current = id;
        return id;
      },
      (cause: unknown) => {
        throw new CheckoutError(
          'session_unavailable',
          'network',
          'The sessionId promise rejected: create a session, then call updateSession().',
          { cause },
        );
      },
    );
    this.ready = ready;
  }
}
