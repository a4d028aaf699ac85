// The CVV guessing limit belongs to the stored card: Token/Bind over real HTTP, each guess in a new
// session as a script looping NewSession would send it (sandbox/lockout.ts).
import { describe, expect, it } from 'vitest';
import { BIND_LOCKOUT_MS, MAX_BIND_FAILURES } from './lockout.ts';
import { fileSandbox } from './test/file-sandbox.ts';

let clock = Date.now();
const sb = fileSandbox({ now: () => clock });

/** A saved card (CVV 123) of a new customer, and a way to guess its CVV from a brand-new session. */
async function savedCard(customerId: string) {
  const token = await sb.tokenize(await sb.session({ customerId }), { singleUse: false });
  const bind = async (cvv: string) =>
    sb.browser('token', '/api/Token/Bind', { sessionId: await sb.session({ customerId }), token, cvv });
  return { token, bind };
}

describe('Token/Bind locks the card, not the session', () => {
  it('refuses a sixth guess from yet another session, right CVV or not, and says when to retry', async () => {
    const { bind } = await savedCard('guessed');
    for (let i = 0; i < MAX_BIND_FAILURES; i += 1) {
      const wrong = await bind(String(900 + i));
      expect(wrong.status).toBe(422);
      expect(wrong.body.error).toMatchObject({
        code: 'cvv_mismatch',
        details: { attemptsLeft: MAX_BIND_FAILURES - i - 1 },
      });
    }
    for (const cvv of ['999', '123']) {
      const locked = await bind(cvv);
      expect(locked.status).toBe(429);
      expect(locked.body.error).toMatchObject({
        code: 'too_many_attempts',
        details: { retryAfterSeconds: BIND_LOCKOUT_MS / 1000 },
      });
      expect(locked.headers.get('retry-after')).toBe(String(BIND_LOCKOUT_MS / 1000));
    }
  });

  it('unlocks after the cool-down, with the count started over', async () => {
    const { bind } = await savedCard('cooled-down');
    for (let i = 0; i < MAX_BIND_FAILURES; i += 1) await bind('000');
    try {
      clock += BIND_LOCKOUT_MS - 1_000;
      expect((await bind('123')).status).toBe(429);
      clock += 1_000;
      expect((await bind('000')).body.error?.details).toEqual({ attemptsLeft: MAX_BIND_FAILURES - 1 });
      expect((await bind('123')).status).toBe(200);
    } finally {
      clock = Date.now();
    }
  });

  it('starts the count over after a right CVV', async () => {
    const { bind } = await savedCard('forgetful');
    for (let i = 0; i < MAX_BIND_FAILURES - 1; i += 1) await bind('000');
    expect((await bind('123')).status).toBe(200);
    const wrong = await bind('000');
    expect(wrong.body.error?.details).toEqual({ attemptsLeft: MAX_BIND_FAILURES - 1 });
  });

  it('does not lock another card of the same customer', async () => {
    const { bind } = await savedCard('two-cards');
    for (let i = 0; i < MAX_BIND_FAILURES; i += 1) await bind('000');
    const other = await sb.tokenize(await sb.session({ customerId: 'two-cards' }), {
      singleUse: false,
      cardNumber: '5555555555554444',
    });
    const reply = await sb.browser('token', '/api/Token/Bind', {
      sessionId: await sb.session({ customerId: 'two-cards' }),
      token: other,
      cvv: '123',
    });
    expect(reply.status).toBe(200);
  });
});
