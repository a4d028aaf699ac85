import { describe, expect, it } from 'vitest';
import { decodeChallengeToPage, decodeCompletion, decodePageToChallenge } from './challenge-messages.ts';
import { itRefuses, VERDICT_Y } from '../test-fixtures.ts';

const TOKEN = 'http://localhost:4174';
const stepUp = { name: 'step-up iframe' };
const expected = { origin: TOKEN, source: stepUp, transactionId: 'atx-1', md: 'a'.repeat(32) };
const completion = (fields: Record<string, unknown> = {}) => ({
  v: 1,
  type: 'svc:3ds-complete',
  transactionId: 'atx-1',
  md: 'a'.repeat(32),
  ...fields,
});

describe('decodeCompletion (the return page’s report inside the 3DS frame)', () => {
  it('accepts the expected transaction and MD from the frame’s own origin and step-up iframe', () => {
    expect(decodeCompletion({ origin: TOKEN, source: stepUp, data: completion() }, expected)).toEqual(
      completion(),
    );
  });

  itRefuses(
    (message) => decodeCompletion(message, expected),
    { origin: TOKEN, source: stepUp, data: completion() },
    [
      ['another origin (a forged report from the merchant page)', { origin: 'http://127.0.0.1:4173' }],
      ['the 3DS provider’s origin', { origin: 'http://127.0.0.1:4176' }],
      ['a wrong TransactionId', { data: completion({ transactionId: 'atx-2' }) }],
      ['a wrong MD', { data: completion({ md: 'b'.repeat(32) }) }],
      ['no MD', { data: completion({ md: undefined }) }],
      ['another type', { data: completion({ type: 'svc:3ds-completed' }) }],
      ['another version', { data: completion({ v: 2 }) }],
      ['a string', { data: JSON.stringify(completion()) }],
    ],
    completion({ pad: 'x'.repeat(40_000) }),
  );

  it('never matches before the step-up iframe exists or without an MD', () => {
    expect(
      decodeCompletion({ origin: TOKEN, source: null, data: completion() }, { ...expected, source: null }),
    ).toBeUndefined();
    expect(
      decodeCompletion(
        { origin: TOKEN, source: stepUp, data: completion({ md: '' }) },
        { ...expected, md: '' },
      ),
    ).toBeUndefined();
  });
});

const start = {
  sessionId: 'ses-1',
  account: 'demo',
  locale: 'pt-BR',
  title: 'Confirme o pagamento',
  stepUpUrl: 'http://127.0.0.1:4176/stepup',
  accessToken: 'h.p.s',
  authenticationTransactionId: 'atx-1',
};

describe('decodePageToChallenge', () => {
  it('accepts a start with every field', () => {
    expect(decodePageToChallenge({ v: 1, type: 'start', challenge: start })).toEqual({
      v: 1,
      type: 'start',
      challenge: start,
    });
  });

  it.each([
    ['a javascript: step-up URL', { stepUpUrl: 'javascript:alert(1)' }],
    ['a relative step-up URL', { stepUpUrl: '/stepup' }],
    ['an empty JWT', { accessToken: '' }],
    ['a locale that is not a tag', { locale: 'pt_BR<' }],
    ['no transaction id', { authenticationTransactionId: undefined }],
  ])('refuses %s', (_name, change) => {
    expect(
      decodePageToChallenge({ v: 1, type: 'start', challenge: { ...start, ...change } }),
    ).toBeUndefined();
  });
});

describe('decodeChallengeToPage', () => {
  it('reads the verdict and failures once, and drops the rest', () => {
    const verdict = VERDICT_Y;
    expect(decodeChallengeToPage({ v: 1, type: 'completed' })).toEqual({ v: 1, type: 'completed' });
    expect(decodeChallengeToPage({ v: 1, type: 'authenticated', authentication: verdict })).toEqual({
      v: 1,
      type: 'authenticated',
      authentication: verdict,
    });
    expect(
      decodeChallengeToPage({
        v: 1,
        type: 'failure',
        error: { code: 'timeout', type: 'network', message: 'Late.' },
      }),
    ).toMatchObject({
      v: 1,
      type: 'failure',
      error: { name: 'CheckoutError', code: 'timeout', type: 'network' },
    });
    // An unreadable verdict, or a C, ends the challenge rather than leaving the shopper waiting.
    for (const authentication of [{ eci: 5 }, { ...verdict, status: 'C' }]) {
      expect(decodeChallengeToPage({ v: 1, type: 'authenticated', authentication })).toMatchObject({
        type: 'failure',
        error: { code: 'invalid_response' },
      });
    }
    expect(decodeChallengeToPage({ v: 1, type: 'failure', error: { code: 'x' } })).toBeUndefined();
    expect(decodeChallengeToPage({ v: 1, type: 'result' })).toBeUndefined();
    expect(decodeChallengeToPage('completed')).toBeUndefined();
  });
});
