// The Checkout's side of a 3DS challenge when the challenge code is a lazy chunk: a chunk that fails to
// load, and a form removed while it loads. (The challenge itself: three-ds/challenge.test.ts and e2e.)
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Checkout } from './checkout.ts';
import type { WireTokenResult } from './messaging/protocol.ts';

// happy-dom has no ElementInternals; the card form only needs the object to exist here.
if (!('attachInternals' in HTMLElement.prototype)) {
  Object.defineProperty(HTMLElement.prototype, 'attachInternals', { value: () => ({}) });
}

const load = vi.hoisted(() => ({ next: (): Promise<unknown> => Promise.reject(new Error('unset')) }));
vi.mock('./three-ds/load-challenge.ts', () => ({ loadChallenge: () => load.next() }));

const challenged: WireTokenResult = {
  token: 'tok_1',
  brand: 'Visa',
  last4: '2503',
  maskedNumber: '400000******2503',
  expirationMonth: 1,
  expirationYear: 2029,
  singleUse: true,
  frontData: {},
  authentication: {
    code: 'tds_1',
    referenceId: 'ref_1',
    transactionId: 'txn_1',
    status: 'C',
    stepUpUrl: 'http://127.0.0.1:4176/stepup',
    accessToken: 'jwt',
    pareq: 'cGFyZXE=',
    challengeWindowSize: '03',
    authenticationTransactionId: 'atx_1',
  },
};

/** A mounted form whose frame answers a submit with a token that needs a challenge. */
function checkoutWithChallenge(): Checkout {
  const checkout = new Checkout({ sessionId: 'ses_1', account: 'demo', environment: 'sandbox' });
  const form = checkout.mountCardForm(document.body);
  form.submit = () => Promise.resolve({ ok: true, result: challenged });
  form.alert = () => undefined;
  return checkout;
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('the challenge chunk', () => {
  it('that fails to load ends the submit in network_error, with no dialog left', async () => {
    load.next = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    const result = await checkoutWithChallenge().submit();
    expect(result).toMatchObject({ ok: false, error: { code: 'network_error', type: 'network' } });
    expect(document.querySelector('svc-challenge-dialog')).toBeNull();
  });

  it('that arrives after the form was removed opens no dialog and ends in destroyed', async () => {
    let arrive: ((module: unknown) => void) | undefined;
    const openChallengeDialog = vi.fn();
    load.next = () =>
      new Promise((resolve) => {
        arrive = resolve;
      });
    const checkout = checkoutWithChallenge();
    const result = checkout.submit();
    await vi.waitFor(() => {
      expect(arrive).toBeDefined();
    });
    checkout.destroy();
    arrive?.({ openChallengeDialog, runChallenge: vi.fn(), cancelChallenge: vi.fn() });
    expect(await result).toMatchObject({ ok: false, error: { code: 'destroyed', type: 'cancelled' } });
    expect(openChallengeDialog).not.toHaveBeenCalled();
  });
});
