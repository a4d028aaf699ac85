import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeAuthentication, setupThreeDs, validateThreeDs } from './three-ds.ts';
import { serviceClient } from './service.ts';
import { SERVICE_Y as base, VERDICT_Y } from '../test-fixtures.ts';

const target = { origin: 'http://localhost:4174', account: 'demo' };
const challenge = {
  ...base,
  status: 'C',
  eci: undefined,
  liabilityShift: 'none',
  stepUpUrl: 'http://127.0.0.1:4176/stepup',
  accessToken: 'jwt',
  pareq: 'cGFyZXE=',
  challengeWindowSize: '03',
  authenticationTransactionId: 't1',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(status: number, body: unknown) {
  const seen: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    seen.push({ url, body: JSON.parse(init.body as string) as unknown });
    return Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );
  });
  return seen;
}

describe('decodeAuthentication', () => {
  it('reads a frictionless and a challenge answer', () => {
    expect(decodeAuthentication(base)).toEqual(VERDICT_Y);
    expect(decodeAuthentication(challenge)?.challenge).toEqual({
      stepUpUrl: challenge.stepUpUrl,
      accessToken: 'jwt',
      pareq: 'cGFyZXE=',
      windowSize: '03',
      authenticationTransactionId: 't1',
    });
  });

  it('reads an unknown status (EMV D, I) as U, not authenticated', () => {
    expect(decodeAuthentication({ ...base, status: 'D' })?.status).toBe('U');
  });

  it('refuses a challenge whose step-up URL is not http(s), and incomplete answers', () => {
    expect(decodeAuthentication({ ...challenge, stepUpUrl: 'javascript:alert(1)' })).toBeUndefined();
    expect(decodeAuthentication({ ...challenge, accessToken: undefined })).toBeUndefined();
    expect(decodeAuthentication({ ...base, code: '' })).toBeUndefined();
    expect(decodeAuthentication('Y')).toBeUndefined();
  });

  it('marks a cancelled challenge', () => {
    expect(decodeAuthentication({ ...base, status: 'N', challengeCancel: '01' })?.cancelled).toBe(true);
  });
});

describe('setupThreeDs and validateThreeDs', () => {
  it('posts the session and the card’s BIN, and reads the setup', async () => {
    const seen = answer(200, {
      enabled: true,
      code: 'c1',
      referenceId: 'r1',
      deviceDataCollectionUrl: 'http://127.0.0.1:4176/ddc',
      accessToken: 'jwt',
    });
    const reply = await setupThreeDs(serviceClient(target), {
      sessionId: 's1',
      bin: '40000000',
    });
    expect(reply).toEqual({
      ok: true,
      value: {
        enabled: true,
        code: 'c1',
        referenceId: 'r1',
        deviceDataCollectionUrl: 'http://127.0.0.1:4176/ddc',
        accessToken: 'jwt',
      },
    });
    expect(seen).toEqual([
      {
        url: 'http://localhost:4174/api/ThreeDS/Setup',
        body: { sessionId: 's1', bin: '40000000' },
      },
    ]);
  });

  it('knows an account without 3DS', async () => {
    answer(200, { enabled: false });
    expect(await setupThreeDs(serviceClient(target), { sessionId: 's1', token: 'tok_1' })).toEqual({
      ok: true,
      value: { enabled: false },
    });
  });

  it('turns a malformed answer and a service error into CheckoutErrors', async () => {
    answer(200, { enabled: true });
    expect(await setupThreeDs(serviceClient(target), { sessionId: 's1', bin: '40000000' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_response', type: 'service' },
    });
    answer(409, { error: { code: 'challenge_not_completed', message: 'The challenge has not finished.' } });
    expect(
      await validateThreeDs(serviceClient(target), { sessionId: 's1', authenticationTransactionId: 't1' }),
    ).toMatchObject({ ok: false, error: { code: 'challenge_not_completed' } });
  });
});
