// Passkeys for stored cards, against the sandbox over HTTP, with a software authenticator that answers
// as a browser would (sandbox/test/authenticator.ts) and, on demand, as no honest one would.

import { readFileSync } from 'node:fs';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_BIND_FAILURES } from './lockout.ts';
import { PASSKEY_TIMEOUT_MS } from './passkeys.ts';
import { SoftAuthenticator, type CeremonyPage } from './test/authenticator.ts';
import { MERCHANT_ORIGIN, type Reply } from './test/harness.ts';
import { fileSandbox } from './test/file-sandbox.ts';
import { ManualClock } from './test/manual-clock.ts';

const clock = new ManualClock();
let tokenHost: string;
const sb = fileSandbox({ now: clock.now, timers: clock.timers });
beforeAll(() => {
  tokenHost = new URL(sb.urls.tokenUrl).origin;
});
beforeEach(() => {
  sb.sandbox.ctx.store.reset();
});

/** A call from the token host's passkey frame: same-origin, with the account, never the app token. */
const fromFrame = (path: string, body: unknown, account = 'demo') =>
  sb.browser('token', path, body, { origin: tokenHost, account });

/** The frame under the demo's merchant page, as Chromium reports a cross-origin frame's ceremony. */
const inFrame = (): CeremonyPage => ({ origin: tokenHost, topOrigin: MERCHANT_ORIGIN });

interface Options {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  allowCredentials?: { id: string }[];
  excludeCredentials?: { id: string }[];
  authenticatorSelection?: { userVerification?: string };
  userVerification?: string;
  user?: { name: string; displayName: string };
}
const optionsOf = (reply: Reply) => {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body['optionsJSON'] as Options;
};

/** A session of the customer where a card was saved: the card may get a passkey in it. */
async function savedCard(customerId = 'cus-1', account = 'demo') {
  const sessionId = await sb.session({ customerId, account });
  const token = await sb.tokenize(sessionId, { singleUse: false }, account);
  return { sessionId, token };
}

async function enrol(
  card: { sessionId: string; token: string },
  authenticator = new SoftAuthenticator(),
  page: CeremonyPage = inFrame(),
  account = 'demo',
) {
  const options = optionsOf(await fromFrame('/api/Passkey/RegistrationOptions', card, account));
  const reply = await fromFrame(
    '/api/Passkey/Register',
    { ...card, response: authenticator.register(options, page) },
    account,
  );
  return { reply, authenticator };
}

/** A later session of the customer, and a passkey assertion for the card with its options. */
async function assertion(
  token: string,
  authenticator: SoftAuthenticator,
  page: CeremonyPage = inFrame(),
  customerId = 'cus-1',
) {
  const sessionId = await sb.session({ customerId });
  const options = optionsOf(await fromFrame('/api/Passkey/AuthenticationOptions', { sessionId, token }));
  return { sessionId, options, passkey: authenticator.authenticate(options, page) };
}

const bindWith = (body: Record<string, unknown>) => sb.browser('token', '/api/Token/Bind', body);

const listed = async (customerId = 'cus-1') => {
  const sessionId = await sb.session({ customerId });
  const reply = await sb.browser('token', '/api/Token/List', { sessionId });
  return reply.body['tokens'] as { token: string; passkey: boolean }[];
};

describe('enrolment', () => {
  it('registers a passkey for a card saved in this session, shown by Token/List in the next', async () => {
    const card = await savedCard();
    const options = optionsOf(await fromFrame('/api/Passkey/RegistrationOptions', card));
    // The token host's domain is the RP; user verification is required; the entry names the card only.
    expect(options.rp?.id).toBe('localhost');
    expect(options.authenticatorSelection?.userVerification).toBe('required');
    expect(options.user).toMatchObject({ name: 'Visa •••• 1111', displayName: 'Visa •••• 1111' });
    const authenticator = new SoftAuthenticator();
    const reply = await fromFrame('/api/Passkey/Register', {
      ...card,
      response: authenticator.register(options, inFrame()),
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({
      registered: true,
      passkey: { credentialId: authenticator.id, token: card.token },
    });
    expect(JSON.stringify(reply.body)).not.toContain('publicKey');
    expect(await listed()).toEqual([expect.objectContaining({ token: card.token, passkey: true })]);
  });

  it('registers after Token/Bind proved the code of a card saved earlier', async () => {
    const { token } = await savedCard();
    const sessionId = await sb.session();
    expect((await bindWith({ sessionId, token, cvv: '123' })).status).toBe(200);
    const { reply } = await enrol({ sessionId, token });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  });

  it('refuses a card that was neither saved nor proved in this session', async () => {
    const { token } = await savedCard();
    const sessionId = await sb.session();
    const reply = await fromFrame('/api/Passkey/RegistrationOptions', { sessionId, token });
    expect(reply.status).toBe(409);
    expect(reply.body.error?.code).toBe('passkey_enrollment_not_allowed');
  });

  it('refuses a card bound with a passkey alone, and enrols once its code is proved in the session', async () => {
    const card = await savedCard();
    const { authenticator } = await enrol(card);
    const { sessionId, passkey } = await assertion(card.token, authenticator);
    expect((await bindWith({ sessionId, token: card.token, passkey })).status).toBe(200);
    const options = await fromFrame('/api/Passkey/RegistrationOptions', { sessionId, token: card.token });
    expect(options.status).toBe(409);
    expect(options.body.error).toMatchObject({ code: 'passkey_enrollment_not_allowed', field: 'token' });
    expect(options.body.error?.message).toContain('bind it with its security code in this session');
    // Register, the write, refuses before it looks at the challenge.
    const second = new SoftAuthenticator();
    const made = { challenge: 'bm90LWlzc3VlZA', rp: { id: 'localhost' } };
    const register = await fromFrame('/api/Passkey/Register', {
      sessionId,
      token: card.token,
      response: second.register(made, inFrame()),
    });
    expect(register.status).toBe(409);
    expect(register.body.error?.code).toBe('passkey_enrollment_not_allowed');
    expect(sb.sandbox.ctx.store.passkeys.size).toBe(1);
    expect((await bindWith({ sessionId, token: card.token, cvv: '123' })).status).toBe(200);
    const { reply } = await enrol({ sessionId, token: card.token }, second);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(sb.sandbox.ctx.store.passkeys.size).toBe(2);
  });

  it('keeps a code proved in the session when the card is bound again with its passkey', async () => {
    const card = await savedCard();
    const { authenticator } = await enrol(card);
    const { sessionId, passkey } = await assertion(card.token, authenticator);
    expect((await bindWith({ sessionId, token: card.token, cvv: '123' })).status).toBe(200);
    expect((await bindWith({ sessionId, token: card.token, passkey })).status).toBe(200);
    const { reply } = await enrol({ sessionId, token: card.token });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  });

  it('refuses a single-use token, and another customer’s or account’s card, as not found', async () => {
    const sessionId = await sb.session();
    const singleUse = await sb.tokenize(sessionId);
    const other = await savedCard('cus-2');
    const foreign = await savedCard('cus-1', 'demo-no3ds');
    for (const token of [singleUse, other.token, foreign.token]) {
      const reply = await fromFrame('/api/Passkey/RegistrationOptions', { sessionId, token });
      expect(reply.body.error?.code).toBe('token_not_found');
    }
  });

  it('takes the ceremonies only from the token host’s frames: not a merchant page, not a server', async () => {
    const card = await savedCard();
    const fromPage = await sb.browser('token', '/api/Passkey/RegistrationOptions', card);
    expect(fromPage.status).toBe(403);
    expect(fromPage.body.error?.code).toBe('origin_not_allowed');
    const fromServer = await sb.backend('token', '/api/Passkey/RegistrationOptions', card);
    expect(fromServer.body.error?.code).toBe('browser_only');
  });

  it.each([
    [
      'a top page the account does not allow',
      { topOrigin: 'http://127.0.0.1:4173.evil.test' },
      'top_origin_not_allowed',
    ],
    [
      'a frame that hides its top page',
      { topOrigin: undefined, crossOrigin: true },
      'top_origin_not_allowed',
    ],
    ['a top page without a cross-origin frame', { crossOrigin: false }, 'top_origin_without_cross_origin'],
    [
      'the merchant page’s own origin',
      { origin: MERCHANT_ORIGIN, topOrigin: undefined },
      'registration_invalid',
    ],
    ['no user verification', { userVerified: false }, 'registration_invalid'],
  ] as const)('refuses a registration made under %s, and keeps nothing', async (_, change, reason) => {
    const { reply } = await enrol(await savedCard(), new SoftAuthenticator(), { ...inFrame(), ...change });
    expect(reply.status).toBe(422);
    expect(reply.body.error).toMatchObject({ code: 'passkey_verification_failed', details: { reason } });
    expect(sb.sandbox.ctx.store.passkeys.size).toBe(0);
  });

  it('accepts a top-level ceremony on the token host (the window Safari needs)', async () => {
    const { reply } = await enrol(await savedCard(), new SoftAuthenticator(), { origin: tokenHost });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  });

  it('spends the challenge once: a replayed registration is refused', async () => {
    const card = await savedCard();
    const options = optionsOf(await fromFrame('/api/Passkey/RegistrationOptions', card));
    const response = new SoftAuthenticator().register(options, inFrame());
    expect((await fromFrame('/api/Passkey/Register', { ...card, response })).status).toBe(200);
    const again = await fromFrame('/api/Passkey/Register', { ...card, response });
    expect(again.body.error).toMatchObject({ details: { reason: 'challenge_not_found' } });
  });

  it('lists the card’s passkeys as excluded, so a device registers once per card', async () => {
    const card = await savedCard();
    const { authenticator } = await enrol(card);
    const options = optionsOf(await fromFrame('/api/Passkey/RegistrationOptions', card));
    expect(options.excludeCredentials).toEqual([expect.objectContaining({ id: authenticator.id })]);
  });
});

describe('Token/Bind with a passkey', () => {
  it('binds the card in a new session without its code, marked as verified by passkey', async () => {
    const card = await savedCard();
    const { authenticator } = await enrol(card);
    const { sessionId, options, passkey } = await assertion(card.token, authenticator);
    expect(options.allowCredentials).toEqual([expect.objectContaining({ id: authenticator.id })]);
    expect(options.userVerification).toBe('required');
    const reply = await bindWith({ sessionId, token: card.token, passkey });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ token: card.token, bound: true, verification: 'passkey' });
    // Bound as a CVV bind binds: Payment/Init takes the token in this session.
    const paid = await sb.backend('sandbox', '/api/Payment/Init', {
      tokenSession: sessionId,
      partnerUniqueId: `order-${String(Date.now())}`,
      paymentData: {
        amount: 10,
        currency: 'BRL',
        paymentMethods: [
          { paymentMethodType: '1', amount: 10, cardInfo: { token: card.token, tokenProvider: 'Service' } },
        ],
      },
    });
    expect(paid.body['status'], JSON.stringify(paid.body)).toBe('authorized');
  });

  it('marks a CVV bind as verified by cvv', async () => {
    const { token } = await savedCard();
    const reply = await bindWith({ sessionId: await sb.session(), token, cvv: '123' });
    expect(reply.body['verification']).toBe('cvv');
  });

  it('takes the code or the passkey, exactly one', async () => {
    const card = await savedCard();
    const { authenticator } = await enrol(card);
    const { sessionId, passkey } = await assertion(card.token, authenticator);
    for (const body of [
      { sessionId, token: card.token },
      { sessionId, token: card.token, cvv: '123', passkey },
    ]) {
      const reply = await bindWith(body);
      expect(reply.body.error?.code).toBe('invalid_request');
    }
  });

  it('has no options for a card without a passkey', async () => {
    const { token } = await savedCard();
    const reply = await fromFrame('/api/Passkey/AuthenticationOptions', {
      sessionId: await sb.session(),
      token,
    });
    expect(reply.status).toBe(404);
    expect(reply.body.error?.code).toBe('passkey_not_found');
  });

  const refusals: [
    string,
    (card: { token: string }, authenticator: SoftAuthenticator) => Promise<Record<string, unknown>>,
    string,
  ][] = [
    [
      'a replayed assertion',
      async (card, authenticator) => {
        const { sessionId, passkey } = await assertion(card.token, authenticator);
        expect((await bindWith({ sessionId, token: card.token, passkey })).status).toBe(200);
        return { sessionId, token: card.token, passkey };
      },
      'challenge_not_found',
    ],
    [
      'a wrong top page',
      async (card, authenticator) => {
        const page = { ...inFrame(), topOrigin: 'http://127.0.0.1:4176' };
        const { sessionId, passkey } = await assertion(card.token, authenticator, page);
        return { sessionId, token: card.token, passkey };
      },
      'assertion_invalid',
    ],
    [
      'no user verification',
      async (card, authenticator) => {
        const page = { ...inFrame(), userVerified: false };
        const { sessionId, passkey } = await assertion(card.token, authenticator, page);
        return { sessionId, token: card.token, passkey };
      },
      'assertion_invalid',
    ],
    [
      'a counter that went back (a cloned authenticator)',
      async (card, authenticator) => {
        const first = await assertion(card.token, authenticator);
        const bound = await bindWith({
          sessionId: first.sessionId,
          token: card.token,
          passkey: first.passkey,
        });
        expect(bound.status).toBe(200);
        authenticator.counter = 0;
        const { sessionId, passkey } = await assertion(card.token, authenticator);
        return { sessionId, token: card.token, passkey };
      },
      'assertion_invalid',
    ],
    [
      'a passkey of another customer',
      async (card) => {
        const theirs = await savedCard('cus-2');
        const { authenticator: other } = await enrol(theirs);
        const sessionId = await sb.session();
        const options = optionsOf(
          await fromFrame('/api/Passkey/AuthenticationOptions', { sessionId, token: card.token }),
        );
        return { sessionId, token: card.token, passkey: other.authenticate(options, inFrame()) };
      },
      'credential_not_found',
    ],
    [
      'a challenge past its time',
      async (card, authenticator) => {
        const { sessionId, passkey } = await assertion(card.token, authenticator);
        await clock.advance(PASSKEY_TIMEOUT_MS + 1);
        return { sessionId, token: card.token, passkey };
      },
      'challenge_not_found',
    ],
  ];

  it.each(refusals)('refuses %s', async (_, make, reason) => {
    const card = await savedCard();
    const { authenticator } = await enrol(card);
    const reply = await bindWith(await make(card, authenticator));
    expect(reply.status).toBe(422);
    expect(reply.body.error).toMatchObject({
      code: 'passkey_verification_failed',
      field: 'passkey',
      details: { reason },
    });
  });

  it('refuses a card of another account, whatever passkey comes with it', async () => {
    const card = await savedCard();
    const { authenticator } = await enrol(card);
    const { passkey } = await assertion(card.token, authenticator);
    const sessionId = await sb.session({ account: 'demo-no3ds' });
    const reply = await sb.browser(
      'token',
      '/api/Token/Bind',
      { sessionId, token: card.token, passkey },
      { account: 'demo-no3ds' },
    );
    expect(reply.body.error?.code).toBe('token_not_found');
  });

  it('counts failed assertions with wrong codes: the lock refuses both and revokes the passkeys', async () => {
    const card = await savedCard();
    const { authenticator } = await enrol(card);
    const { sessionId } = await assertion(card.token, authenticator);
    await bindWith({ sessionId, token: card.token, cvv: '999' });
    let last: Reply | undefined;
    for (let attempt = 1; attempt < MAX_BIND_FAILURES; attempt++) {
      const { sessionId: next, passkey } = await assertion(card.token, authenticator, {
        ...inFrame(),
        userVerified: false,
      });
      last = await bindWith({ sessionId: next, token: card.token, passkey });
    }
    expect(last?.body.error).toMatchObject({
      code: 'passkey_verification_failed',
      details: { attemptsLeft: 0 },
    });
    expect((await bindWith({ sessionId, token: card.token, cvv: '123' })).body.error?.code).toBe(
      'too_many_attempts',
    );
    expect(await listed()).toEqual([expect.objectContaining({ passkey: false })]);
  });
});

describe('the merchant backend', () => {
  it('lists a customer’s passkeys (never the key) and revokes one', async () => {
    const card = await savedCard();
    const { authenticator } = await enrol(card);
    await enrol(await savedCard('cus-2'));
    const list = await sb.backend('token', '/api/Passkey/List', { customerId: 'cus-1' });
    expect(list.body['passkeys']).toEqual([
      expect.objectContaining({
        credentialId: authenticator.id,
        token: card.token,
        deviceType: 'singleDevice',
      }),
    ]);
    expect(JSON.stringify(list.body)).not.toContain('publicKey');
    const revoked = await sb.backend('token', '/api/Passkey/Revoke', { credentialId: authenticator.id });
    expect(revoked.body).toMatchObject({ revoked: true });
    expect(await listed()).toEqual([expect.objectContaining({ passkey: false })]);
    const options = await fromFrame('/api/Passkey/AuthenticationOptions', {
      sessionId: await sb.session(),
      token: card.token,
    });
    expect(options.body.error?.code).toBe('passkey_not_found');
  });

  it('cannot revoke another account’s passkey, nor list it', async () => {
    const { authenticator } = await enrol(await savedCard());
    const revoke = await sb.backend(
      'token',
      '/api/Passkey/Revoke',
      { credentialId: authenticator.id },
      { account: 'demo-no3ds' },
    );
    expect(revoke.body.error?.code).toBe('passkey_not_found');
    const list = await sb.backend(
      'token',
      '/api/Passkey/List',
      { customerId: 'cus-1' },
      { account: 'demo-no3ds' },
    );
    expect(list.body['passkeys']).toEqual([]);
  });

  it('deletes a stored card with its passkeys', async () => {
    const card = await savedCard();
    await enrol(card);
    const reply = await sb.backend('token', '/api/Token/Delete', { token: card.token });
    expect(reply.body).toMatchObject({ deleted: true, passkeysRevoked: 1 });
    expect(sb.sandbox.ctx.store.passkeys.size).toBe(0);
    expect(await listed()).toEqual([]);
  });

  it('keeps the backend calls from browsers', async () => {
    const reply = await sb.browser('token', '/api/Passkey/List', { customerId: 'cus-1' });
    expect(reply.body.error?.code).toBe('browser_call_forbidden');
  });
});

describe('docs/guides/passkeys.md, the backend samples', () => {
  const guide = readFileSync(new URL('../docs/guides/passkeys.md', import.meta.url), 'utf8');
  /** The JSON body under a heading, posted to the path the guide names above it. */
  const sample = (heading: string) => {
    const found = new RegExp(
      `### ${heading}\\n+\`POST \\{token_url\\}(\\S+)\`\\n+\`\`\`json\\n([\\s\\S]*?)\`\`\``,
    ).exec(guide);
    if (found === null) throw new Error(`no sample under "${heading}"`);
    return { path: found[1] ?? '', body: JSON.parse(found[2] ?? '') as Record<string, string> };
  };

  it('lists, revokes and deletes as written, with a real customer, credential and card', async () => {
    const card = await savedCard('customer-42');
    const { authenticator } = await enrol(card);
    const list = sample("List a customer's passkeys");
    const listed = await sb.backend('token', list.path, list.body);
    expect(listed.body['passkeys']).toEqual([expect.objectContaining({ credentialId: authenticator.id })]);
    const revoke = sample('Revoke one');
    const revoked = await sb.backend('token', revoke.path, {
      ...revoke.body,
      credentialId: authenticator.id,
    });
    expect(revoked.body).toMatchObject({ revoked: true });
    const remove = sample('Delete a stored card with its passkeys');
    const deleted = await sb.backend('token', remove.path, { ...remove.body, token: card.token });
    expect(deleted.body).toMatchObject({ deleted: true });
    expect(Object.keys(revoke.body)).toEqual(['credentialId']);
    expect(Object.keys(remove.body)).toEqual(['token']);
  });
});
