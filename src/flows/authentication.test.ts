// The authentication flow on the page: a token's 3DS block to the merchant's result, with the challenge
// chunk mocked (the challenge itself: three-ds/page/challenge.test.ts and the e2e runs).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TokenizedCard } from '../card/tokenized-card.ts';
import { CheckoutError } from '../errors.ts';
import type { Authentication, ThreeDsStep } from '../three-ds/model.ts';
import { CHALLENGE as challenge, TOKENIZED, VERDICT_Y } from '../test-fixtures.ts';
import {
  authenticate,
  CHALLENGE_LOAD_TIMEOUT_MS,
  verdictOf,
  type ChallengeSettings,
} from './authentication.ts';

const load = vi.hoisted(() => ({ next: (): Promise<unknown> => Promise.reject(new Error('unset')) }));
vi.mock('../three-ds/page/load-challenge.ts', () => ({ loadChallenge: () => load.next() }));

const verdict = (status: Authentication['status'], more: Partial<Authentication> = {}): Authentication => ({
  ...VERDICT_Y,
  status,
  eci: status === 'Y' ? '05' : undefined,
  liabilityShift: status === 'Y' ? 'full' : 'none',
  ...more,
});

const card = (authentication?: Authentication): TokenizedCard => ({
  ...TOKENIZED,
  ...(authentication === undefined ? {} : { authentication }),
});

function settings(controller = new AbortController()) {
  const steps: ThreeDsStep[] = [];
  const onClosed = vi.fn();
  const value: ChallengeSettings = {
    tokenOrigin: 'http://127.0.0.1:4174',
    sessionId: 'ses_1',
    account: 'demo',
    locale: 'pt-BR',
    title: 'Verificação',
    closeLabel: 'Fechar',
    timeoutMs: 600_000,
    onStep: (step) => steps.push(step),
    onClosed,
    signal: controller.signal,
  };
  return { value, steps, onClosed, controller };
}

/** A challenge module whose run resolves as `outcome` says, recording what it was asked. */
function challengeModule(outcome: () => Promise<unknown>) {
  const dialog = document.createElement('div');
  return {
    dialog,
    module: {
      openChallengeDialog: vi.fn(() => document.body.appendChild(dialog)),
      cancelChallenge: vi.fn(),
      runChallenge: vi.fn(async (run: { onShown: () => void }) => {
        run.onShown();
        return outcome();
      }),
    },
  };
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('authenticate', () => {
  it('hands a token without a 3DS block over as it is, with no 3DS fields', async () => {
    const result = await authenticate(card());
    expect(result).toEqual({ ok: true, ...card() });
    expect(result).not.toHaveProperty('status');
  });

  it.each([
    ['Y', '05', 'full'],
    ['A', undefined, 'none'],
    ['U', undefined, 'none'],
  ] as const)(
    'lets a frictionless %s through with the fields Payment/Init needs',
    async (status, eci, shift) => {
      expect(await authenticate(card(verdict(status)))).toEqual({
        ok: true,
        ...card(),
        code: 'c1',
        referenceId: 'r1',
        transactionId: 't1',
        status,
        ...(eci === undefined ? {} : { eci }),
        liabilityShift: shift,
      });
    },
  );

  it.each([
    ['N', 'authentication_failed', 'authentication'],
    ['R', 'authentication_rejected', 'authentication'],
  ] as const)('ends the card payment on %s with %s', async (status, code, type) => {
    expect(await authenticate(card(verdict(status)))).toMatchObject({ ok: false, error: { code, type } });
  });

  it('ends a challenge the shopper cancelled at the issuer as challenge_cancelled', () => {
    expect(verdictOf(verdict('Y', { cancelled: true }))).toMatchObject({
      ok: false,
      error: { code: 'challenge_cancelled', type: 'cancelled' },
    });
  });

  it('runs the challenge and takes the service’s verdict, with the steps and the focus hand-back', async () => {
    const s = settings();
    const { module } = challengeModule(() => Promise.resolve({ ok: true, value: verdict('Y') }));
    load.next = () => Promise.resolve(module);
    const result = await authenticate(card(verdict('C', { challenge })), s.value);
    expect(result).toMatchObject({
      ok: true,
      status: 'Y',
      eci: '05',
      liabilityShift: 'full',
      token: 'tok_1',
    });
    expect(module.runChallenge).toHaveBeenCalledWith(
      expect.objectContaining({ challenge, sessionId: 'ses_1', title: 'Verificação', locale: 'pt-BR' }),
    );
    expect(s.steps).toEqual(['challenge-shown', 'challenge-finished']);
    expect(s.onClosed).toHaveBeenCalledOnce();
    expect(document.body.children).toHaveLength(0);
  });

  it('ends in authentication_failed when the challenge ends in N', async () => {
    const { module } = challengeModule(() => Promise.resolve({ ok: true, value: verdict('N') }));
    load.next = () => Promise.resolve(module);
    expect(await authenticate(card(verdict('C', { challenge })), settings().value)).toMatchObject({
      ok: false,
      error: { code: 'authentication_failed' },
    });
  });

  it('cancels an open challenge when its signal aborts', async () => {
    const s = settings();
    let finish: (value: unknown) => void = () => undefined;
    const { module } = challengeModule(() => new Promise((resolve) => (finish = resolve)));
    module.cancelChallenge.mockImplementation(() => {
      finish({ ok: false, error: new CheckoutError('challenge_cancelled', 'cancelled', 'Closed.') });
    });
    load.next = () => Promise.resolve(module);
    const result = authenticate(card(verdict('C', { challenge })), s.value);
    await vi.waitFor(() => {
      expect(module.runChallenge).toHaveBeenCalled();
    });
    s.controller.abort();
    expect(await result).toMatchObject({ ok: false, error: { code: 'challenge_cancelled' } });
    expect(module.cancelChallenge).toHaveBeenCalledOnce();
  });

  it('ends in network_error, with no dialog, when the challenge chunk fails to load', async () => {
    load.next = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    const s = settings();
    expect(await authenticate(card(verdict('C', { challenge })), s.value)).toMatchObject({
      ok: false,
      error: { code: 'network_error', type: 'network' },
    });
    expect(s.steps).toEqual([]);
  });

  it('opens no dialog when the signal aborted while the chunk loaded, and ends with its reason', async () => {
    let arrive: (module: unknown) => void = () => undefined;
    load.next = () => new Promise((resolve) => (arrive = resolve));
    const s = settings();
    const { module } = challengeModule(() => Promise.resolve({ ok: true, value: verdict('Y') }));
    const result = authenticate(card(verdict('C', { challenge })), s.value);
    s.controller.abort(new CheckoutError('destroyed', 'cancelled', 'Removed.'));
    arrive(module);
    expect(await result).toMatchObject({ ok: false, error: { code: 'destroyed', type: 'cancelled' } });
    expect(module.openChallengeDialog).not.toHaveBeenCalled();
  });

  it('ends at once with the abort’s reason when the signal aborts while the chunk never arrives', async () => {
    load.next = () => new Promise(() => undefined);
    const s = settings();
    const result = authenticate(card(verdict('C', { challenge })), s.value);
    s.controller.abort(new CheckoutError('destroyed', 'cancelled', 'Removed.'));
    expect(await result).toMatchObject({ ok: false, error: { code: 'destroyed', type: 'cancelled' } });
  });

  it('ends in network_error when the chunk has not arrived after CHALLENGE_LOAD_TIMEOUT_MS', async () => {
    vi.useFakeTimers();
    load.next = () => new Promise(() => undefined);
    const s = settings();
    let result: unknown;
    void authenticate(card(verdict('C', { challenge })), s.value).then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(CHALLENGE_LOAD_TIMEOUT_MS - 1);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toMatchObject({ ok: false, error: { code: 'network_error', type: 'network' } });
    expect(s.steps).toEqual([]);
    vi.useRealTimers();
  });

  it('leaves no timer behind once the challenge’s code has come', async () => {
    vi.useFakeTimers();
    const s = settings();
    const { module } = challengeModule(() => Promise.resolve({ ok: true, value: verdict('Y') }));
    load.next = () => Promise.resolve(module);
    expect(await authenticate(card(verdict('C', { challenge })), s.value)).toMatchObject({ ok: true });
    // The download's CHALLENGE_LOAD_TIMEOUT_MS timer is cleared, not left to fire 30 s later.
    expect(vi.getTimerCount()).toBe(0);
    vi.useRealTimers();
  });

  it('refuses a challenge where the flow cannot show one', async () => {
    expect(await authenticate(card(verdict('C', { challenge })))).toMatchObject({
      ok: false,
      error: { code: 'invalid_response' },
    });
  });
});
