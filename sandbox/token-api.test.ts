import { describe, expect, it } from 'vitest';
import { futureYear, startTestSandbox, VISA } from './test/harness.ts';
import { fileSandbox } from './test/file-sandbox.ts';

const sb = fileSandbox();

describe('Token/NewSession', () => {
  it('creates a session for the backend with the minimal customer', async () => {
    const reply = await sb.backend('token', '/api/Token/NewSession', {
      customer: { id: 'c1', email: 'a@b.test' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body['sessionId']).toMatch(/^ses_[\w-]{24}$/);
    expect(Date.parse(reply.body['expiresAt'] as string)).toBeGreaterThan(Date.now());
  });

  it('accepts the all-lowercase spelling of the spec and the full session request', async () => {
    const reply = await sb.backend('token', '/api/token/newsession', {
      customer: { id: 'c1', name: 'Ada', email: 'a@b.test' },
      paymentaccount: 'demo',
      partneruniqueid: 'order-1',
      is3dstest: true,
    });
    expect(reply.status).toBe(200);
  });

  it('refuses Is3dsTest for a production account', async () => {
    const reply = await sb.backend(
      'token',
      '/api/Token/NewSession',
      { customer: { id: 'c1' }, Is3dsTest: true },
      { account: 'demo-live' },
    );
    expect(reply.status).toBe(400);
    expect(reply.body.error?.code).toBe('is3ds_test_not_allowed');
  });

  it('refuses a PaymentAccount other than the credentials', async () => {
    const reply = await sb.backend('token', '/api/Token/NewSession', {
      customer: { id: 'c1' },
      PaymentAccount: 'demo-pci',
    });
    expect(reply.status).toBe(403);
    expect(reply.body.error?.code).toBe('account_mismatch');
  });

  it('needs a customer id', async () => {
    const reply = await sb.backend('token', '/api/Token/NewSession', { customer: { email: 'a@b.test' } });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatchObject({ code: 'invalid_request', field: 'customer.id' });
  });
});

describe('Token/Generate', () => {
  const generate = async (card: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const sessionId = await sb.session();
    return sb.browser('token', '/api/Token/Generate', {
      sessionId,
      card: { ...VISA, expirationYear: futureYear(), ...card },
      ...extra,
    });
  };

  it('tokenizes a valid card and answers with masked data only', async () => {
    const reply = await generate(
      {},
      { frontData: { userAgent: 'UA', acceptLanguage: 'pt-BR', timeDifference: '-180' } },
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      singleUse: true,
      card: {
        brand: 'Visa',
        bin: '411111',
        last4: '1111',
        maskedNumber: '411111******1111',
        expirationMonth: 12,
      },
      frontData: {
        userAgent: 'UA',
        acceptLanguage: 'pt-BR',
        timeDifference: '-180',
        ipAddress: '127.0.0.1',
        acceptHeader: '*/*',
      },
    });
    expect(reply.body['token']).toMatch(/^tok_/);
    expect(JSON.stringify(reply.body)).not.toContain('4111111111111111');
    expect(JSON.stringify(reply.body)).not.toContain('"123"');
  });

  it.each([
    ['Mastercard', '5555555555554444', '123'],
    ['Amex', '378282246310005', '1234'],
    ['Elo', '6362970000457013', '123'],
  ])('tokenizes a %s card', async (brand, cardNumber, cvv) => {
    const reply = await generate({ cardNumber, cvv });
    expect(reply.status).toBe(200);
    expect(reply.body['card']).toMatchObject({ brand });
  });

  it.each([
    ['a failing Luhn check', { cardNumber: '4111111111111112' }, 'card_number_invalid', 'card.cardNumber'],
    [
      'a length the brand does not have',
      { cardNumber: '41111111111111' },
      'card_number_invalid',
      'card.cardNumber',
    ],
    ['non-digits', { cardNumber: '4111 1111 1111 1111' }, 'card_number_invalid', 'card.cardNumber'],
    ['an unknown brand', { cardNumber: '9111111111111111' }, 'card_brand_unsupported', 'card.cardNumber'],
    ['a past expiry', { expirationMonth: 1, expirationYear: 2020 }, 'card_expired', 'card.expirationYear'],
    ['month 13', { expirationMonth: 13 }, 'card_expiry_invalid', 'card.expirationMonth'],
    ['a two-digit year', { expirationYear: 29 }, 'card_expiry_invalid', 'card.expirationYear'],
    ['a short CVV', { cvv: '12' }, 'cvv_invalid', 'card.cvv'],
    ['a four-digit CVV on Visa', { cvv: '1234' }, 'cvv_invalid', 'card.cvv'],
    ['a three-digit CVV on Amex', { cardNumber: '378282246310005', cvv: '123' }, 'cvv_invalid', 'card.cvv'],
  ])('refuses %s', async (_name, card, code, field) => {
    const reply = await generate(card);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatchObject({ code, field });
    expect(JSON.stringify(reply.body)).not.toMatch(/4111111111111|378282246310005/);
  });

  it('accepts the current month as not yet expired', async () => {
    const now = new Date();
    const reply = await generate({
      expirationMonth: now.getUTCMonth() + 1,
      expirationYear: now.getUTCFullYear(),
    });
    expect(reply.status).toBe(200);
  });

  it('refuses an unknown session and a session of another account', async () => {
    const unknown = await sb.browser('token', '/api/Token/Generate', {
      sessionId: 'ses_nope',
      card: { ...VISA, expirationYear: futureYear() },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe('session_not_found');
    const other = await sb.session({ account: 'demo-no3ds' });
    const cross = await sb.browser('token', '/api/Token/Generate', {
      sessionId: other,
      card: { ...VISA, expirationYear: futureYear() },
    });
    expect(cross.status).toBe(404);
  });
});

describe('Token/List and Token/Bind', () => {
  it('lists only the stored (not single-use) cards of the session customer, masked', async () => {
    const first = await sb.session({ customerId: 'list-1' });
    const saved = await sb.tokenize(first, { singleUse: false, cardNumber: '5555555555554444' });
    await sb.tokenize(first, { singleUse: true });
    await sb.tokenize(await sb.session({ customerId: 'someone-else' }), { singleUse: false });
    const later = await sb.session({ customerId: 'list-1' });
    const reply = await sb.browser('token', '/api/Token/List', { sessionId: later });
    expect(reply.status).toBe(200);
    expect(reply.body['tokens']).toEqual([
      {
        token: saved,
        brand: 'Mastercard',
        bin: '555555',
        last4: '4444',
        maskedNumber: '555555******4444',
        expirationMonth: 12,
        expirationYear: futureYear(),
        cardHolderName: 'Ada Lovelace',
        funding: ['credit'],
        expired: false,
        passkey: false,
      },
    ]);
  });

  it('binds a stored card with the right CVV and refuses a wrong one', async () => {
    const saved = await sb.tokenize(await sb.session({ customerId: 'bind-1' }), { singleUse: false });
    const later = await sb.session({ customerId: 'bind-1' });
    const wrong = await sb.browser('token', '/api/Token/Bind', {
      sessionId: later,
      token: saved,
      cvv: '999',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error).toMatchObject({ code: 'cvv_mismatch', details: { attemptsLeft: 4 } });
    const right = await sb.browser('token', '/api/Token/Bind', {
      sessionId: later,
      token: saved,
      cvv: '123',
    });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ token: saved, bound: true, card: { last4: '1111' } });
  });

  it('refuses a token of another customer as if it did not exist', async () => {
    const saved = await sb.tokenize(await sb.session({ customerId: 'owner' }), { singleUse: false });
    const reply = await sb.browser('token', '/api/Token/Bind', {
      sessionId: await sb.session({ customerId: 'thief' }),
      token: saved,
      cvv: '123',
    });
    expect(reply.status).toBe(404);
    expect(reply.body.error?.code).toBe('token_not_found');
  });

  it('locks a token in a session after five wrong CVVs', async () => {
    const saved = await sb.tokenize(await sb.session({ customerId: 'lock' }), { singleUse: false });
    const later = await sb.session({ customerId: 'lock' });
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await sb.browser('token', '/api/Token/Bind', { sessionId: later, token: saved, cvv: '000' })).status,
      ).toBe(422);
    }
    const locked = await sb.browser('token', '/api/Token/Bind', {
      sessionId: later,
      token: saved,
      cvv: '123',
    });
    expect(locked.status).toBe(429);
    expect(locked.body.error?.code).toBe('too_many_attempts');
  });
});

describe('sessions expire', () => {
  it('answers 410 once the session is older than its lifetime', async () => {
    let now = Date.now();
    const timed = await startTestSandbox({ now: () => now, sessionTtlMs: 60_000 });
    try {
      const sessionId = await timed.session();
      now += 61_000;
      const reply = await timed.browser('token', '/api/Token/List', { sessionId });
      expect(reply.status).toBe(410);
      expect(reply.body.error?.code).toBe('session_expired');
    } finally {
      await timed.close();
    }
  });

  it('ends one session now through the sandbox control, and refuses an unknown one', async () => {
    const sessionId = await sb.session();
    const other = await sb.session();
    expect((await sb.control('/__sandbox/sessions/expire', { sessionId })).status).toBe(200);
    const reply = await sb.browser('token', '/api/Token/List', { sessionId });
    expect(reply.status).toBe(410);
    expect(reply.body.error?.code).toBe('session_expired');
    expect((await sb.browser('token', '/api/Token/List', { sessionId: other })).status).toBe(200);
    const unknown = await sb.control('/__sandbox/sessions/expire', { sessionId: 'ses_nope' });
    expect(unknown.status).toBe(404);
  });
});
