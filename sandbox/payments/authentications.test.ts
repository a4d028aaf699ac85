// The 3DS outcome is enforced where the money moves: Payment/Init over real HTTP with the authentications
// Token/Generate made (sandbox/payments/authentications.ts).
import { describe, expect, it } from 'vitest';
import { AUTHENTICATION_TTL_MS } from './authentications.ts';
import type { Reply } from '../test/harness.ts';
import { fileSandbox } from '../test/file-sandbox.ts';
import { TEST_CARDS } from '../three-ds/test-cards.ts';
import { authenticationInformation, threeDsSteps } from '../three-ds/test-support.ts';

let clock = Date.now();
const sb = fileSandbox({ now: () => clock });
const steps = threeDsSteps(sb);

let orders = 0;
type Auth = Record<string, unknown>;

function pay(
  sessionId: string,
  token: string,
  authentication: Auth | undefined,
  options: { type?: string; amount?: number; currency?: string; methods?: number } = {},
): Promise<Reply & { partnerUniqueId: string }> {
  orders += 1;
  const partnerUniqueId = `auth-order-${String(orders)}`;
  const amount = options.amount ?? 100;
  const method = {
    paymentMethodType: options.type ?? (authentication === undefined ? '1' : '7'),
    amount,
    cardInfo: { token, tokenProvider: 'Service' },
    ...(authentication === undefined
      ? {}
      : { AuthenticationInformation: authenticationInformation(authentication) }),
  };
  const count = options.methods ?? 1;
  return sb
    .backend('sandbox', '/api/Payment/Init', {
      tokenSession: sessionId,
      partnerUniqueId,
      paymentData: {
        amount: amount * count,
        currency: options.currency ?? 'BRL',
        paymentMethods: Array.from({ length: count }, () => method),
      },
    })
    .then((reply) => ({ ...reply, partnerUniqueId }));
}

/** A refused Payment/Init stores nothing: the status query does not know its order. */
async function expectRefused(reply: Reply & { partnerUniqueId: string }, status: number, code: string) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  expect(reply.body.error?.code).toBe(code);
  const stored = await sb.backend('sandbox', '/api/Payment/Status', {
    partnerUniqueId: reply.partnerUniqueId,
  });
  expect(stored.body.error?.code).toBe('payment_not_found');
}

const VISA = TEST_CARDS['001'];

describe('a token that ran 3DS pays only with its authentication', () => {
  it.each([
    ['authenticated (Y)', VISA.frictionless_success],
    ['failed (N)', VISA.frictionless_failure],
    ['rejected (R)', VISA.rejected],
    ['a challenge never finished (C)', VISA.challenge_success],
  ])('refuses a token %s without AuthenticationInformation', async (_name, number) => {
    const sessionId = await sb.session();
    const { token } = await steps.enroll(sessionId, number);
    await expectRefused(await pay(sessionId, token, undefined), 422, 'authentication_required');
  });

  it('refuses N, R and an unfinished challenge with it, and pays Y', async () => {
    for (const [number, code] of [
      [VISA.frictionless_failure, 'authentication_failed'],
      [VISA.rejected, 'authentication_failed'],
      [VISA.challenge_failure, 'authentication_invalid'],
    ] as const) {
      const sessionId = await sb.session();
      const { token, authentication } = await steps.enroll(sessionId, number);
      await expectRefused(await pay(sessionId, token, authentication), 422, code);
    }
    const sessionId = await sb.session();
    const { token, authentication } = await steps.enroll(sessionId, VISA.frictionless_success);
    expect((await pay(sessionId, token, authentication)).status).toBe(201);
  });

  it('refuses method type 7 without AuthenticationInformation, even for a card that ran no 3DS', async () => {
    const sessionId = await sb.session({ account: 'demo-no3ds' });
    const token = await sb.tokenize(sessionId, {}, 'demo-no3ds');
    const reply = await sb.backend(
      'sandbox',
      '/api/Payment/Init',
      {
        tokenSession: sessionId,
        partnerUniqueId: 'type-7-without-3ds',
        paymentData: {
          amount: 100,
          currency: 'BRL',
          paymentMethods: [{ paymentMethodType: '7', cardInfo: { token, tokenProvider: 'Service' } }],
        },
      },
      { account: 'demo-no3ds' },
    );
    expect(reply.status).toBe(422);
    expect(reply.body.error).toMatchObject({
      code: 'authentication_required',
      field: 'paymentData.paymentMethods.0.AuthenticationInformation',
    });
  });
});

describe('one authentication pays once', () => {
  it('refuses a second Payment/Init with the same authentication, naming the payment', async () => {
    const sessionId = await sb.session();
    const { token, authentication } = await steps.enroll(sessionId, VISA.frictionless_success, {
      card: { singleUse: false },
    });
    const first = await pay(sessionId, token, authentication);
    expect(first.status).toBe(201);
    const again = await pay(sessionId, token, authentication);
    await expectRefused(again, 409, 'authentication_already_used');
    expect(again.body.error?.details).toEqual({ paymentId: first.body['paymentId'] });
  });

  it('lets a saved card that paid with its authentication pay again in its session, as in a later one', async () => {
    const sessionId = await sb.session();
    const { token, authentication } = await steps.enroll(sessionId, VISA.frictionless_success, {
      card: { singleUse: false },
    });
    expect((await pay(sessionId, token, authentication)).status).toBe(201);
    const again = await pay(sessionId, token, undefined);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ paymentMethods: [{ method: 'card' }] });
  });

  it('refuses the same authentication twice in one request', async () => {
    const sessionId = await sb.session();
    const { token, authentication } = await steps.enroll(sessionId, VISA.frictionless_success, {
      card: { singleUse: false },
    });
    await expectRefused(
      await pay(sessionId, token, authentication, { methods: 2 }),
      409,
      'authentication_already_used',
    );
    expect((await pay(sessionId, token, authentication)).status).toBe(201);
  });

  it('pays only the amount and currency of the order the authentication was made for', async () => {
    const sessionId = await sb.session({
      body: { partnerUniqueId: 'auth-order-session', paymentData: { amount: 100, currency: 'BRL' } },
    });
    const { token, authentication } = await steps.enroll(sessionId, VISA.frictionless_success);
    await expectRefused(
      await pay(sessionId, token, authentication, { amount: 1 }),
      422,
      'authentication_amount_mismatch',
    );
    await expectRefused(
      await pay(sessionId, token, authentication, { currency: 'USD' }),
      422,
      'authentication_amount_mismatch',
    );
    expect((await pay(sessionId, token, authentication)).status).toBe(201);
  });

  it('expires: an authentication older than the window does not pay', async () => {
    const sessionId = await sb.session();
    const { token, authentication } = await steps.enroll(sessionId, VISA.frictionless_success);
    clock += AUTHENTICATION_TTL_MS + 1_000;
    try {
      const reply = await pay(sessionId, token, authentication);
      await expectRefused(reply, 422, 'authentication_expired');
      expect(reply.body.error?.details).toEqual({ ttlSeconds: 900 });
    } finally {
      clock = Date.now();
    }
  });
});
