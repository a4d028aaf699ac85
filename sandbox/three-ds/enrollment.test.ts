// Check enrollment inside Token/Generate: every test card gives the spec's section 8 answer, and the
// AuthenticationInformation it returns is what Payment/Init accepts or refuses.
import { describe, expect, it } from 'vitest';
import { futureYear } from '../test/harness.ts';
import { fileSandbox } from '../test/file-sandbox.ts';
import { ENROLLMENT, SCENARIOS, TEST_CARD_TYPES, TEST_CARDS, type Scenario } from './test-cards.ts';
import { testExpiry, threeDsSteps } from './test-support.ts';

const sb = fileSandbox();
const steps = threeDsSteps(sb);

/** The spec's table, written out as a reader checks it (ECI for Visa and Elo, Mastercard's in brackets). */
const SPEC: Record<Scenario, { rc: number; veres: string; pares?: string; eci?: [string, string] }> = {
  frictionless_success: { rc: 100, veres: 'Y', pares: 'Y', eci: ['05', '02'] },
  frictionless_failure: { rc: 476, veres: 'Y', pares: 'N', eci: ['07', '00'] },
  attempted: { rc: 100, veres: 'Y', pares: 'A', eci: ['06', '01'] },
  unavailable: { rc: 100, veres: 'Y', pares: 'U', eci: ['07', '00'] },
  rejected: { rc: 476, veres: 'Y', pares: 'R', eci: ['07', '00'] },
  system_error: { rc: 100, veres: 'U', eci: ['07', '00'] },
  challenge_success: { rc: 475, veres: 'Y', pares: 'C' },
  challenge_failure: { rc: 475, veres: 'Y', pares: 'C' },
};

const LIABILITY: Record<string, string> = { Y: 'full', A: 'partial' };

describe('check enrollment: the 24 test cards', () => {
  const cases = TEST_CARD_TYPES.flatMap((type) =>
    SCENARIOS.map((scenario) => [type, scenario, TEST_CARDS[type][scenario]] as const),
  );

  it.each(cases)('card type %s, %s (%s)', async (type, scenario, number) => {
    const sessionId = await sb.session();
    const { authentication, token } = await steps.enroll(sessionId, number);
    const spec = SPEC[scenario];
    expect(ENROLLMENT[scenario].reasonCode).toBe(spec.rc);
    expect(authentication).toMatchObject({
      reasonCode: spec.rc,
      veres: spec.veres,
      status: spec.pares ?? 'U',
      cardType: type,
      deviceDataCollected: true,
      liabilityShift: LIABILITY[spec.pares ?? ''] ?? 'none',
    });
    expect(authentication['pares']).toBe(spec.pares);
    expect(authentication['eci']).toBe(spec.eci?.[type === '002' ? 1 : 0]);
    expect(sb.sandbox.ctx.store.authentications.get(authentication['code'] as string)).toMatchObject({
      token,
      sessionId,
      status: spec.pares ?? 'U',
    });
    if (spec.pares === 'C') {
      expect(authentication).toMatchObject({
        stepUpUrl: sb.url('threeDs', '/stepup'),
        challengeWindowSize: '02',
        authenticationTransactionId: authentication['transactionId'],
      });
      expect((authentication['accessToken'] as string).length).toBeLessThanOrEqual(2048);
      const creq = JSON.parse(Buffer.from(authentication['pareq'] as string, 'base64').toString()) as Record<
        string,
        unknown
      >;
      expect(creq).toMatchObject({ messageType: 'CReq', challengeWindowSize: '02' });
    } else {
      expect(authentication).not.toHaveProperty('stepUpUrl');
      expect(authentication).not.toHaveProperty('accessToken');
    }
  });
});

describe('check enrollment: rules', () => {
  it('gives VERes U to a test card with any other expiry', async () => {
    const sessionId = await sb.session();
    for (const expiry of [
      { expirationMonth: 2, expirationYear: futureYear(3) },
      { expirationMonth: 1, expirationYear: futureYear(4) },
    ]) {
      const { authentication } = await steps.enroll(sessionId, TEST_CARDS['001'].challenge_success, {
        card: expiry,
      });
      expect(authentication).toMatchObject({ reasonCode: 100, veres: 'U', status: 'U', eci: '07' });
      expect(authentication).not.toHaveProperty('pares');
    }
  });

  it('authenticates cards that are not 3DS test cards frictionlessly, whatever the expiry', async () => {
    const sessionId = await sb.session();
    const { authentication } = await steps.enroll(sessionId, '5555555555554444', {
      card: { expirationMonth: 12, expirationYear: futureYear(2) },
    });
    expect(authentication).toMatchObject({
      status: 'Y',
      reasonCode: 100,
      veres: 'Y',
      eci: '02',
      liabilityShift: 'full',
    });
  });

  it('says whether device data was collected before enrollment', async () => {
    const sessionId = await sb.session();
    const { authentication } = await steps.enroll(sessionId, TEST_CARDS['054'].attempted, { collect: false });
    expect(authentication).toMatchObject({ deviceDataCollected: false, status: 'A', eci: '06' });
  });

  it('gives a full-screen challenge to a narrow screen', async () => {
    const sessionId = await sb.session();
    const setup = await steps.setupOk(sessionId, TEST_CARDS['002'].challenge_success);
    const reply = await steps.generate(
      sessionId,
      { cardNumber: TEST_CARDS['002'].challenge_success, ...testExpiry() },
      setup.code,
      { frontData: { screenWidth: '390', screenHeight: '844' } },
    );
    expect(reply.body['authentication']).toMatchObject({ status: 'C', challengeWindowSize: '05' });
  });

  it('asks for the window size a session was configured with (sandbox hook for tests of each size)', async () => {
    const sessionId = await sb.session();
    const configure = (windowSize: string) =>
      sb.control('/__sandbox/three-ds/challenge', { sessionId, windowSize });
    expect((await configure('04')).body).toEqual({ ok: true, sessionId, windowSize: '04' });
    const number = TEST_CARDS['001'].challenge_success;
    const setup = await steps.setupOk(sessionId, number);
    const reply = await steps.generate(sessionId, { cardNumber: number, ...testExpiry() }, setup.code, {
      frontData: { screenWidth: '390', screenHeight: '844' },
    });
    expect(reply.body['authentication']).toMatchObject({ status: 'C', challengeWindowSize: '04' });
    expect((await configure('06')).body.error?.code).toBe('invalid_request');
  });

  it('refuses a code of another session, a used code and a setup for another BIN', async () => {
    const number = TEST_CARDS['001'].frictionless_success;
    const card = { cardNumber: number, ...testExpiry() };
    const other = await sb.session({ customerId: 'someone-else' });
    const stale = await steps.setupOk(other, number);
    const sessionId = await sb.session();
    const refused = await steps.generate(sessionId, card, stale.code);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({
      code: 'authentication_invalid',
      field: 'authenticationInformation.code',
    });

    const setup = await steps.setupOk(sessionId, number);
    expect((await steps.generate(sessionId, card, setup.code)).status).toBe(200);
    const again = await steps.generate(sessionId, card, setup.code);
    expect(again.body.error?.code).toBe('authentication_invalid');

    const visa = await steps.setupOk(sessionId, number);
    const mastercard = await steps.generate(
      sessionId,
      { cardNumber: TEST_CARDS['002'].frictionless_success, ...testExpiry() },
      visa.code,
    );
    expect(mastercard.body.error?.code).toBe('authentication_invalid');
    // Refused enrollments leave no token behind.
    const tokens = [...sb.sandbox.ctx.store.tokens.values()].filter((t) => t.sessionId === sessionId);
    expect(tokens).toHaveLength(1);
  });

  it('never keeps the card number in the setup', async () => {
    const sessionId = await sb.session();
    const number = TEST_CARDS['054'].rejected;
    await steps.setupOk(sessionId, number);
    const inspect = (value: unknown): string =>
      JSON.stringify(value, (_key, v: unknown) =>
        v instanceof Map ? [...v.entries()] : v instanceof Set ? [...v] : v,
      );
    expect(inspect(sb.sandbox.threeDsProvider)).not.toContain(number);
    expect(inspect(sb.sandbox.threeDsProvider)).toContain(number.slice(0, 6));
  });
});

describe('saved cards', () => {
  it('enroll through a setup made with the token (the provider under Token/Bind)', async () => {
    const sessionId = await sb.session();
    const provider = sb.sandbox.threeDsProvider;
    const session = sb.sandbox.ctx.store.sessions.get(sessionId)!;
    const enrollSaved = async (cardNumber: string, card: Record<string, unknown> = testExpiry()) => {
      const tokenId = await sb.tokenize(sessionId, { cardNumber, ...card, singleUse: false });
      const setup = await steps.setup(sessionId, { token: tokenId });
      const token = sb.sandbox.ctx.store.tokens.get(tokenId)!;
      const pending = await provider.prepareSavedCardEnrollment(
        session,
        setup.body['code'] as string,
        token,
        undefined,
      );
      pending.commit(tokenId);
      return pending.answer;
    };
    expect(await enrollSaved(TEST_CARDS['002'].challenge_success)).toMatchObject({
      status: 'C',
      cardType: '002',
    });
    expect(await enrollSaved(TEST_CARDS['054'].rejected)).toMatchObject({ status: 'R', reasonCode: 476 });
    expect(
      await enrollSaved('4111111111111111', { expirationMonth: 12, expirationYear: futureYear(2) }),
    ).toMatchObject({ status: 'Y', eci: '05' });
    // A setup made for one saved card does not enroll another with the same BIN.
    const first = await sb.tokenize(sessionId, {
      cardNumber: TEST_CARDS['001'].attempted,
      ...testExpiry(),
      singleUse: false,
    });
    const second = await sb.tokenize(sessionId, {
      cardNumber: TEST_CARDS['001'].rejected,
      ...testExpiry(),
      singleUse: false,
    });
    const setup = await steps.setup(sessionId, { token: first });
    await expect(
      provider.prepareSavedCardEnrollment(
        session,
        setup.body['code'] as string,
        sb.sandbox.ctx.store.tokens.get(second)!,
        undefined,
      ),
    ).rejects.toMatchObject({ code: 'authentication_invalid' });
  });
});

describe('3DS off', () => {
  it('answers setup with enabled: false and Generate without an authentication block', async () => {
    const sessionId = await sb.session({ account: 'demo-no3ds' });
    const setup = await steps.setup(
      sessionId,
      { cardNumber: TEST_CARDS['001'].challenge_success },
      'demo-no3ds',
    );
    expect(setup.status).toBe(200);
    expect(setup.body).toEqual({ enabled: false });
    const reply = await steps.generate(
      sessionId,
      { cardNumber: TEST_CARDS['001'].challenge_success, ...testExpiry() },
      'tds_anything',
      { account: 'demo-no3ds' },
    );
    expect(reply.status).toBe(200);
    expect(reply.body).not.toHaveProperty('authentication');
  });

  it('still checks the card number', async () => {
    const sessionId = await sb.session({ account: 'demo-no3ds' });
    const reply = await steps.setup(sessionId, { cardNumber: '4000000000002702' }, 'demo-no3ds');
    expect(reply.body.error).toMatchObject({ code: 'card_number_invalid', field: 'cardNumber' });
  });
});

describe('Payment/Init with the AuthenticationInformation of an enrollment', () => {
  it.each([
    ['frictionless_success', 'Y', '05'],
    ['attempted', 'A', '06'],
    ['unavailable', 'U', '07'],
    ['system_error', 'U', '07'],
  ] as const)('authorizes %s (%s)', async (scenario, status, eci) => {
    const sessionId = await sb.session();
    const { authentication, token } = await steps.enroll(sessionId, TEST_CARDS['001'][scenario]);
    const reply = await steps.pay(sessionId, token, authentication);
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      status: 'authorized',
      paymentMethods: [{ method: 'card_3ds', authentication: { status, eci } }],
    });
  });

  it.each([['frictionless_failure'], ['rejected']] as const)('refuses %s', async (scenario) => {
    const sessionId = await sb.session();
    const { authentication, token } = await steps.enroll(sessionId, TEST_CARDS['002'][scenario]);
    const reply = await steps.pay(sessionId, token, authentication);
    expect(reply.status).toBe(422);
    expect(reply.body.error?.code).toBe('authentication_failed');
  });

  it('refuses a pending challenge', async () => {
    const sessionId = await sb.session();
    const { authentication, token } = await steps.enroll(sessionId, TEST_CARDS['054'].challenge_success);
    expect((await steps.pay(sessionId, token, authentication)).body.error?.code).toBe(
      'authentication_invalid',
    );
  });
});
