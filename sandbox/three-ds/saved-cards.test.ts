// 3DS for saved cards: Token/Bind with the code of a setup made with the token runs the same enrollment as
// Token/Generate with a new card, and the bound token then pays only with its authentication.
import { describe, expect, it } from 'vitest';
import { fileSandbox } from '../test/file-sandbox.ts';
import { MAX_BIND_FAILURES } from '../lockout.ts';
import { ENROLLMENT, SCENARIOS, TEST_CARD_TYPES, TEST_CARDS } from './test-cards.ts';
import { testExpiry, threeDsSteps } from './test-support.ts';

const sb = fileSandbox();
const steps = threeDsSteps(sb);

/** Fields that name one transaction (or carry its secrets), and so differ between two enrollments. */
const PER_TRANSACTION = [
  'code',
  'referenceId',
  'transactionId',
  'authenticationTransactionId',
  'cavv',
  'accessToken',
  'pareq',
];

function outcome(block: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(block).filter(([key]) => !PER_TRANSACTION.includes(key)));
}

let customers = 0;

/**
 * A card saved with consent in one session, through Token/Generate with 3DS (whose answer is the new card's
 * enrollment), and a new session of the same customer to bind it in.
 */
async function savedCard(cardNumber: string, card: Record<string, unknown> = testExpiry()) {
  customers += 1;
  const customerId = `saved-3ds-${String(customers)}`;
  const first = await sb.session({ customerId });
  const enrolled = await steps.enroll(first, cardNumber, { card: { ...card, singleUse: false } });
  expect(enrolled.reply.body['singleUse']).toBe(false);
  const sessionId = await sb.session({ customerId });
  return { token: enrolled.token, generated: enrolled.authentication, sessionId, customerId };
}

describe('Token/Bind with authenticationInformation: the eight scenarios with a saved card', () => {
  const cases = TEST_CARD_TYPES.flatMap((type) =>
    SCENARIOS.map((scenario) => [type, scenario, TEST_CARDS[type][scenario]] as const),
  );

  it.each(cases)('card type %s, %s (%s)', async (type, scenario, number) => {
    const { token, generated, sessionId } = await savedCard(number);
    const { reply, authentication } = await steps.enrollSaved(sessionId, token);
    expect(reply.body).toMatchObject({ token, bound: true, card: { bin: number.slice(0, 6) } });

    // The same block Token/Generate answers for the card (enrollment.test.ts holds that one to the spec).
    const expected = ENROLLMENT[scenario];
    expect(outcome(authentication)).toEqual(outcome(generated));
    expect(authentication).toMatchObject({
      status: expected.pares ?? 'U',
      reasonCode: expected.reasonCode,
      veres: expected.veres,
      cardType: type,
      deviceDataCollected: true,
    });
    expect(authentication['code']).not.toBe(generated['code']);
    expect(sb.sandbox.ctx.store.authentications.get(authentication['code'] as string)).toMatchObject({
      token,
      sessionId,
      status: expected.pares ?? 'U',
    });

    // A card that ran 3DS in this session pays only with its authentication.
    const without = await steps.pay(sessionId, token, undefined);
    expect(without.status).toBe(422);
    expect(without.body.error?.code).toBe('authentication_required');
    expect((await steps.pay(sessionId, token, undefined, { paymentMethodType: '7' })).body.error?.code).toBe(
      'authentication_required',
    );

    let final = authentication;
    if (expected.pares === 'C') {
      expect(authentication).toMatchObject({
        stepUpUrl: sb.url('threeDs', '/stepup'),
        challengeWindowSize: '02',
        authenticationTransactionId: authentication['transactionId'],
      });
      expect((await steps.pay(sessionId, token, authentication)).body.error?.code).toBe(
        'authentication_invalid',
      );
      const transactionId = authentication['transactionId'] as string;
      const { acsTransId } = await steps.openChallenge(authentication);
      await steps.answerChallenge(acsTransId, 'authenticate', '1234');
      const validated = await steps.validate(sessionId, transactionId);
      expect(validated.status).toBe(200);
      const success = scenario === 'challenge_success';
      expect(validated.body).toMatchObject({
        code: authentication['code'],
        referenceId: authentication['referenceId'],
        transactionId,
        status: success ? 'Y' : 'N',
        reasonCode: success ? 100 : 476,
        pares: success ? 'Y' : 'N',
        eci: success ? (type === '002' ? '02' : '05') : type === '002' ? '00' : '07',
        liabilityShift: success ? 'full' : 'none',
        cardType: type,
      });
      final = validated.body;
    } else {
      expect(authentication).not.toHaveProperty('stepUpUrl');
      expect(authentication).not.toHaveProperty('accessToken');
    }

    const paid = await steps.pay(sessionId, token, final);
    if (final['status'] === 'N' || final['status'] === 'R') {
      expect(paid.status).toBe(422);
      expect(paid.body.error?.code).toBe('authentication_failed');
      return;
    }
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({
      status: 'authorized',
      paymentMethods: [
        { method: 'card_3ds', authentication: { status: final['status'], eci: final['eci'] } },
      ],
    });
    // One authentication pays once.
    expect((await steps.pay(sessionId, token, final)).body.error?.code).toBe('authentication_already_used');
  });
});

describe('Token/Bind with authenticationInformation: which setups enroll', () => {
  it('refuses a setup made for another saved card, and leaves the card unbound and the setup unspent', async () => {
    const { token, sessionId, customerId } = await savedCard(TEST_CARDS['001'].attempted);
    const first = await sb.session({ customerId });
    const other = await sb.tokenize(first, {
      cardNumber: TEST_CARDS['001'].rejected,
      ...testExpiry(),
      singleUse: false,
    });
    const setup = await steps.setup(sessionId, { token: other });
    const refused = await steps.bind(sessionId, token, setup.body['code'] as string);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({
      code: 'authentication_invalid',
      field: 'authenticationInformation.code',
      message: 'The 3DS setup was made for another card: run the setup again.',
    });
    expect((await steps.pay(sessionId, token, undefined)).body.error?.code).toBe('token_requires_bind');
    const right = await steps.bind(sessionId, other, setup.body['code'] as string);
    expect(right.body['authentication']).toMatchObject({ status: 'R', reasonCode: 476 });
  });

  it('refuses a setup made with a card number, even the same card’s, and Generate refuses a setup by token', async () => {
    const number = TEST_CARDS['002'].frictionless_success;
    const { token, sessionId } = await savedCard(number);
    const byNumber = await steps.setupOk(sessionId, number);
    expect((await steps.bind(sessionId, token, byNumber.code)).body.error).toMatchObject({
      code: 'authentication_invalid',
      field: 'authenticationInformation.code',
    });
    const byToken = await steps.setup(sessionId, { token });
    const generated = await steps.generate(
      sessionId,
      { cardNumber: number, ...testExpiry() },
      byToken.body['code'] as string,
    );
    expect(generated.body.error?.code).toBe('authentication_invalid');
  });

  it('refuses a setup made in another session, even of the same customer and token', async () => {
    const { token, sessionId, customerId } = await savedCard(TEST_CARDS['054'].frictionless_success);
    const elsewhere = await sb.session({ customerId });
    const setup = await steps.setup(elsewhere, { token });
    expect(setup.body).toMatchObject({ enabled: true });
    const refused = await steps.bind(sessionId, token, setup.body['code'] as string);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({
      code: 'authentication_invalid',
      field: 'authenticationInformation.code',
    });
    expect((await steps.bind(elsewhere, token, setup.body['code'] as string)).status).toBe(200);
  });

  it('enrolls once per setup: the same code again is refused', async () => {
    const { token, sessionId } = await savedCard(TEST_CARDS['001'].frictionless_success);
    const setup = await steps.setup(sessionId, { token });
    const code = setup.body['code'] as string;
    expect((await steps.bind(sessionId, token, code)).body['authentication']).toMatchObject({ status: 'Y' });
    const again = await steps.bind(sessionId, token, code);
    expect(again.status).toBe(422);
    expect(again.body.error).toMatchObject({
      code: 'authentication_invalid',
      message: 'This 3DS setup was already used: run the setup again.',
    });
    // An unknown code is refused the same way.
    expect((await steps.bind(sessionId, token, 'tds_unknown')).body.error?.code).toBe(
      'authentication_invalid',
    );
  });

  it('takes the field in any casing, as Generate does, and refuses unknown fields in it', async () => {
    const { token, sessionId } = await savedCard(TEST_CARDS['002'].attempted);
    const setup = await steps.setup(sessionId, { token });
    const reply = await sb.browser('token', '/api/token/bind', {
      sessionid: sessionId,
      token,
      cvv: '123',
      authenticationinformation: { CODE: setup.body['code'] },
    });
    expect(reply.status).toBe(200);
    expect(reply.body['authentication']).toMatchObject({ status: 'A', eci: '01' });
    const extra = await sb.browser('token', '/api/Token/Bind', {
      sessionId,
      token,
      cvv: '123',
      authenticationInformation: { code: setup.body['code'], referenceId: 'x' },
    });
    expect(extra.status).toBe(400);
    expect(extra.body.error?.code).toBe('invalid_request');
  });

  it('gives a narrow screen a full-screen challenge (frontData), and refuses a card number in frontData', async () => {
    const { token, sessionId } = await savedCard(TEST_CARDS['001'].challenge_success);
    const setup = await steps.setup(sessionId, { token });
    const code = setup.body['code'] as string;
    const leaked = await steps.bind(sessionId, token, code, {
      frontData: { userAgent: TEST_CARDS['001'].challenge_success },
    });
    expect(leaked.body.error).toMatchObject({
      code: 'full_card_data_not_allowed',
      field: 'frontData.userAgent',
    });
    const reply = await steps.bind(sessionId, token, code, {
      frontData: { screenWidth: '390', screenHeight: '844' },
    });
    expect(reply.body['authentication']).toMatchObject({ status: 'C', challengeWindowSize: '05' });
  });
});

describe('Token/Bind with authenticationInformation: the CVV first', () => {
  it('refuses a wrong CVV before 3DS: no authentication, the setup unspent, the card unbound', async () => {
    const { token, sessionId } = await savedCard(TEST_CARDS['002'].challenge_success);
    const setup = await steps.setup(sessionId, { token });
    const code = setup.body['code'] as string;
    const wrong = await steps.bind(sessionId, token, code, { cvv: '999' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error).toMatchObject({
      code: 'cvv_mismatch',
      details: { attemptsLeft: MAX_BIND_FAILURES - 1 },
    });
    expect((await steps.bind(sessionId, token, code, { cvv: '12' })).body.error?.code).toBe('cvv_invalid');
    const carried = [...sb.sandbox.ctx.store.authentications.values()].filter(
      (a) => a.token === token && a.sessionId === sessionId,
    );
    expect(carried).toEqual([]);
    expect((await steps.pay(sessionId, token, undefined)).body.error?.code).toBe('token_requires_bind');
    const right = await steps.bind(sessionId, token, code);
    expect(right.body['authentication']).toMatchObject({ status: 'C' });
  });

  it('refuses a locked card with a valid code, and spends nothing', async () => {
    const { token, sessionId } = await savedCard(TEST_CARDS['054'].frictionless_success);
    const setup = await steps.setup(sessionId, { token });
    const code = setup.body['code'] as string;
    for (let i = 0; i < MAX_BIND_FAILURES; i += 1) await steps.bind(sessionId, token, code, { cvv: '000' });
    const locked = await steps.bind(sessionId, token, code);
    expect(locked.status).toBe(429);
    expect(locked.body.error?.code).toBe('too_many_attempts');
    expect(sb.sandbox.ctx.store.authentications.get(code)).toBeUndefined();
  });

  it('keeps a wrong-CVV count when the CVV is right but the code is refused', async () => {
    const { token, sessionId } = await savedCard(TEST_CARDS['001'].unavailable);
    await steps.bind(sessionId, token, undefined, { cvv: '000' });
    const refused = await steps.bind(sessionId, token, 'tds_unknown');
    expect(refused.body.error?.code).toBe('authentication_invalid');
    const wrong = await steps.bind(sessionId, token, undefined, { cvv: '000' });
    expect(wrong.body.error?.details).toEqual({ attemptsLeft: MAX_BIND_FAILURES - 2 });
  });
});

describe('Token/Bind without authenticationInformation', () => {
  it('binds as before, and the card pays without 3DS', async () => {
    const { token, sessionId } = await savedCard('4111111111111111', { expirationMonth: 12 });
    const reply = await steps.bind(sessionId, token, undefined);
    expect(reply.status).toBe(200);
    expect(reply.body).not.toHaveProperty('authentication');
    const paid = await steps.pay(sessionId, token, undefined);
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ paymentMethods: [{ method: 'card' }] });
  });

  it('pays with the newest authentication of the session: a second Bind with a new setup replaces the first', async () => {
    const { token, sessionId } = await savedCard(TEST_CARDS['001'].frictionless_success);
    const first = (await steps.enrollSaved(sessionId, token)).authentication;
    const second = (await steps.enrollSaved(sessionId, token)).authentication;
    expect((await steps.pay(sessionId, token, second)).status).toBe(201);
    // The newest has paid, so the card pays on without 3DS, as after Generate; the older one stays valid once.
    expect((await steps.pay(sessionId, token, undefined)).status).toBe(201);
    expect((await steps.pay(sessionId, token, first)).status).toBe(201);
  });
});

describe('3DS off', () => {
  it('ignores the code, as Generate does', async () => {
    const customerId = 'saved-3ds-off';
    const token = await sb.tokenize(
      await sb.session({ account: 'demo-no3ds', customerId }),
      { cardNumber: TEST_CARDS['001'].challenge_success, ...testExpiry(), singleUse: false },
      'demo-no3ds',
    );
    const sessionId = await sb.session({ account: 'demo-no3ds', customerId });
    const setup = await steps.setup(sessionId, { token }, 'demo-no3ds');
    expect(setup.body).toEqual({ enabled: false });
    const reply = await steps.bind(sessionId, token, 'tds_anything', { account: 'demo-no3ds' });
    expect(reply.status).toBe(200);
    expect(reply.body).not.toHaveProperty('authentication');
  });
});
