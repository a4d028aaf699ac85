// The browser side of the 3DS flow over real HTTP: setup, the collection page, the sandbox ACS, the
// return page on the token host, and validation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_ORIGIN, startTestSandbox, type TestSandbox } from '../test/harness.ts';
import { fileSandbox } from '../test/file-sandbox.ts';
import { STEP_UP_WINDOW_MS } from './provider.ts';
import { TEST_CARDS } from './test-cards.ts';
import {
  dataAttribute,
  expectNoInlineScript,
  hiddenInput,
  postForm,
  testExpiry,
  threeDsSteps,
} from './test-support.ts';

let tokenOrigin: string;
const sb = fileSandbox();
const steps = threeDsSteps(sb);
beforeAll(() => {
  tokenOrigin = sb.urls.tokenUrl;
});

function csp(headers: Headers): string {
  return headers.get('content-security-policy') ?? '';
}

/** The JWT with its payload edited and the signature left as it was. */
function tamper(jwt: string, edit: (claims: Record<string, unknown>) => void): string {
  const [header = '', payload = '', signature = ''] = jwt.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  edit(claims);
  return [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
}

describe('ThreeDS/Setup', () => {
  it('answers code, referenceId, the collection URL and a JWT naming the calling page as ReturnUrl', async () => {
    const sessionId = await sb.session();
    const setup = await steps.setupOk(sessionId, TEST_CARDS['001'].frictionless_success);
    expect(setup).toMatchObject({ enabled: true, deviceDataCollectionUrl: sb.url('threeDs', '/ddc') });
    expect(setup.code).toMatch(/^tds_/);
    expect(setup.referenceId.length).toBeLessThanOrEqual(50);
    expect(setup.accessToken.length).toBeLessThanOrEqual(2048);
    const [header = '', payload = ''] = setup.accessToken.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'HS256' });
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({
      ReferenceId: setup.referenceId,
      ReturnUrl: MERCHANT_ORIGIN,
      OrgUnitId: 'demo',
    });
    expect(claims['exp']).toBeGreaterThan(Date.now() / 1000);
    // The card frame calls from the token host: the collection answers it there.
    const fromFrame = await sb.browser(
      'token',
      '/api/ThreeDS/Setup',
      { sessionId, bin: '40000000' },
      { origin: tokenOrigin },
    );
    const framePayload = String(fromFrame.body['accessToken']).split('.')[1] ?? '';
    expect(JSON.parse(Buffer.from(framePayload, 'base64url').toString())).toMatchObject({
      ReturnUrl: tokenOrigin,
    });
  });

  it('takes a new card by its BIN alone, and the scenario comes from the number Token/Generate gets', async () => {
    const sessionId = await sb.session();
    const number = TEST_CARDS['001'].challenge_success;
    const setup = await steps.setup(sessionId, { bin: number.slice(0, 8) });
    expect(setup.body).toMatchObject({ enabled: true });
    const code = String(setup.body['code']);
    const enrolled = await steps.generate(sessionId, { cardNumber: number, ...testExpiry() }, code);
    expect(enrolled.body['authentication']).toMatchObject({ status: 'C' });
    // Another card's BIN is not this setup's.
    const other = await steps.setup(sessionId, { bin: '52000000' });
    const refused = await steps.generate(
      sessionId,
      { cardNumber: number, ...testExpiry() },
      String(other.body['code']),
    );
    expect(refused.body.error?.code).toBe('authentication_invalid');
  });

  it.each([
    ['12345', 'invalid_request'],
    ['411111111', 'invalid_request'],
    ['4111a111', 'invalid_request'],
    // Maestro's BIN: a network the service does not accept.
    ['50005500', 'card_brand_unsupported'],
  ])('refuses the BIN %j with %s', async (bin, code) => {
    const sessionId = await sb.session();
    expect((await steps.setup(sessionId, { bin })).body.error?.code).toBe(code);
  });

  it('is called cross-origin by the merchant page, with CORS', async () => {
    const reply = await fetch(sb.url('token', '/api/ThreeDS/Setup'), {
      method: 'OPTIONS',
      headers: { origin: MERCHANT_ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(reply.status).toBe(204);
    expect(reply.headers.get('access-control-allow-origin')).toBe(MERCHANT_ORIGIN);
  });

  it('takes a saved card of the customer by token, and no one else’s', async () => {
    const sessionId = await sb.session();
    const token = await sb.tokenize(sessionId, {
      cardNumber: TEST_CARDS['002'].challenge_success,
      ...testExpiry(),
      singleUse: false,
    });
    const setup = await steps.setup(sessionId, { token });
    expect(setup.body).toMatchObject({ enabled: true });
    const stranger = await sb.session({ customerId: 'stranger' });
    expect((await steps.setup(stranger, { token })).body.error?.code).toBe('token_not_found');
  });

  it('wants exactly one of bin, cardNumber and token, and card data from a server only from PCI accounts', async () => {
    const sessionId = await sb.session();
    const both = await steps.setup(sessionId, { cardNumber: '4111111111111111', token: 'tok_x' });
    expect(both.body.error?.code).toBe('invalid_request');
    const binAndNumber = await steps.setup(sessionId, { bin: '41111111', cardNumber: '4111111111111111' });
    expect(binAndNumber.body.error?.code).toBe('invalid_request');
    expect((await steps.setup(sessionId, {})).body.error?.code).toBe('invalid_request');
    const server = await sb.backend('token', '/api/ThreeDS/Setup', {
      sessionId,
      cardNumber: '4111111111111111',
    });
    expect(server.body.error?.code).toBe('pci_certification_required');
  });
});

describe('device data collection', () => {
  const collect = async (sessionId: string, number = TEST_CARDS['001'].frictionless_success) => {
    const setup = await steps.setupOk(sessionId, number);
    const page = await postForm(sb, 'threeDs', '/ddc', { JWT: setup.accessToken, Bin: number.slice(0, 6) });
    return { setup, page };
  };

  it('serves a page that answers the page that made the setup with profile.completed, under a strict CSP', async () => {
    const sessionId = await sb.session();
    const { setup, page } = await collect(sessionId);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(dataAttribute(page.html, 'target-origin')).toBe(MERCHANT_ORIGIN);
    expect(JSON.parse(dataAttribute(page.html, 'message') ?? '')).toEqual({
      MessageType: 'profile.completed',
      SessionId: setup.referenceId,
      Status: true,
    });
    expect(dataAttribute(page.html, 'delay-ms')).toBe('100');
    expect(page.html).toContain('<script src="/assets/ddc.js" defer></script>');
    expectNoInlineScript(page.html);
    expect(csp(page.headers)).toContain("script-src 'self'");
    expect(csp(page.headers)).toContain(`frame-ancestors ${tokenOrigin} ${MERCHANT_ORIGIN}`);
    const script = await fetch(sb.url('threeDs', '/assets/ddc.js'));
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain('postMessage(message, targetOrigin)');
  });

  it('records collection when the page reports it, and enrollment says so', async () => {
    const sessionId = await sb.session();
    const { setup, page } = await collect(sessionId);
    const collectionId = dataAttribute(page.html, 'collection-id') ?? '';
    expect(sb.sandbox.threeDsProvider.collectedAt(setup.referenceId)).toBeUndefined();
    expect((await postForm(sb, 'threeDs', '/ddc/collect', { collectionId })).status).toBe(204);
    expect(sb.sandbox.threeDsProvider.collectedAt(setup.referenceId)).toBeTypeOf('number');
    expect((await postForm(sb, 'threeDs', '/ddc/collect', { collectionId: 'ddc_forged' })).status).toBe(404);
  });

  it('answers the same JWT posted again (a reloaded iframe) as the first time, and keeps the first collection', async () => {
    const sessionId = await sb.session();
    const { setup, page } = await collect(sessionId);
    const again = await postForm(sb, 'threeDs', '/ddc', { JWT: setup.accessToken });
    expect(again.status).toBe(200);
    expect(dataAttribute(again.html, 'message')).toBe(dataAttribute(page.html, 'message'));
    const first = dataAttribute(page.html, 'collection-id') ?? '';
    expect((await postForm(sb, 'threeDs', '/ddc/collect', { collectionId: first })).status).toBe(204);
    const collectedAt = sb.sandbox.threeDsProvider.collectedAt(setup.referenceId);
    const second = dataAttribute(again.html, 'collection-id') ?? '';
    expect((await postForm(sb, 'threeDs', '/ddc/collect', { collectionId: second })).status).toBe(204);
    expect(sb.sandbox.threeDsProvider.collectedAt(setup.referenceId)).toBe(collectedAt);
  });

  it('is configured per session: delay, message version 2, degraded, never', async () => {
    const sessionId = await sb.session();
    const configure = (body: Record<string, unknown>) =>
      sb.control('/__sandbox/three-ds/ddc', { sessionId, ...body });
    expect((await configure({ delayMs: 7000, version: 2 })).body).toEqual({
      ok: true,
      sessionId,
      ddc: { delayMs: 7000, version: 2, outcome: 'success' },
    });
    let { setup, page } = await collect(sessionId);
    expect(dataAttribute(page.html, 'delay-ms')).toBe('7000');
    expect(JSON.parse(dataAttribute(page.html, 'message') ?? '')).toMatchObject({
      MessageType: 'profile.completed',
      Payload: {
        ActionCode: 'SUCCESS',
        SessionId: setup.referenceId,
        DataSources: expect.any(Object) as object,
      },
    });

    await configure({ version: 2, outcome: 'degraded' });
    ({ setup, page } = await collect(sessionId));
    expect(JSON.parse(dataAttribute(page.html, 'message') ?? '')).toMatchObject({
      Payload: { ActionCode: 'ERROR', SessionId: setup.referenceId },
    });
    expect(dataAttribute(page.html, 'collection-id')).toBeUndefined();

    await configure({ outcome: 'degraded' });
    ({ setup, page } = await collect(sessionId));
    expect(JSON.parse(dataAttribute(page.html, 'message') ?? '')).toEqual({
      MessageType: 'profile.completed',
      SessionId: setup.referenceId,
      Status: false,
    });

    await configure({ outcome: 'never' });
    ({ page } = await collect(sessionId));
    expect(page.status).toBe(200);
    expect(dataAttribute(page.html, 'message')).toBeUndefined();

    expect((await configure({ delayMs: 60_001 })).body.error?.code).toBe('invalid_request');
    const unknown = await sb.control('/__sandbox/three-ds/ddc', { sessionId: 'ses_nope' });
    expect(unknown.body.error?.code).toBe('session_not_found');
  });

  it('refuses a tampered, forged or misused JWT and a Bin of another card', async () => {
    const sessionId = await sb.session();
    const number = TEST_CARDS['001'].frictionless_success;
    const setup = await steps.setupOk(sessionId, number);
    const other = await steps.setupOk(await sb.session(), number);
    const refusals = [
      tamper(setup.accessToken, (claims) => {
        claims['ReferenceId'] = other.referenceId;
      }),
      tamper(setup.accessToken, (claims) => {
        claims['ReturnUrl'] = 'http://127.0.0.1:4173.evil.test';
      }),
      tamper(setup.accessToken, (claims) => {
        claims['exp'] = 9_999_999_999;
      }),
      // alg "none" with the signature dropped.
      [
        Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url'),
        setup.accessToken.split('.')[1],
        '',
      ].join('.'),
      'not-a-jwt',
    ];
    for (const JWT of refusals) {
      const page = await postForm(sb, 'threeDs', '/ddc', { JWT });
      expect(page.status, JWT).toBe(400);
      expect(page.html).toContain('role="alert"');
      expect(csp(page.headers)).toContain("default-src 'none'");
    }
    const wrongBin = await postForm(sb, 'threeDs', '/ddc', { JWT: setup.accessToken, Bin: '520000' });
    expect(wrongBin.status).toBe(400);
    expect((await postForm(sb, 'threeDs', '/ddc', {})).status).toBe(400);
    const json = await fetch(sb.url('threeDs', '/ddc'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ JWT: setup.accessToken }),
    });
    expect(json.status).toBe(415);
    // The collection JWT cannot open a challenge.
    expect((await postForm(sb, 'threeDs', '/stepup', { JWT: setup.accessToken })).status).toBe(400);
  });
});

describe('step-up and validation', () => {
  const challenge = async (number: string = TEST_CARDS['001'].challenge_success) => {
    const sessionId = await sb.session();
    const { authentication, token } = await steps.enroll(sessionId, number);
    expect(authentication['status']).toBe('C');
    return { sessionId, token, authentication, transactionId: authentication['transactionId'] as string };
  };

  const open = (authentication: Record<string, unknown>) => steps.openChallenge(authentication);
  const answer = (acsTransId: string, action: string, code?: string) =>
    steps.answerChallenge(acsTransId, action, code);
  const pay = (sessionId: string, token: string, authentication: Record<string, unknown>) =>
    steps.pay(sessionId, token, authentication);

  it('runs a successful challenge: page, code 1234, return POST, validation Y, payment', async () => {
    const { sessionId, token, authentication, transactionId } = await challenge();
    const pending = await steps.validate(sessionId, transactionId);
    expect(pending.status).toBe(409);
    expect(pending.body.error).toMatchObject({
      code: 'challenge_not_completed',
      details: { state: 'pending' },
    });

    const { page, acsTransId } = await open(authentication);
    expect(page.html).toContain('<html lang="en">');
    expect(page.html).toMatch(/<label for="otp">One-time code<\/label>/);
    expect(page.html).toContain('autocomplete="one-time-code"');
    for (const button of ['Authenticate', 'Fail authentication', 'Cancel'])
      expect(page.html).toContain(`>${button}</button>`);
    expect(page.html).toContain('<link rel="stylesheet" href="/assets/acs.css">');
    // No autofocus, which a cross-origin frame may not use (Chromium logs it): its script focuses the code.
    expect(page.html).not.toContain('autofocus');
    expect(page.html).toContain('<script src="/assets/acs.js" defer></script>');
    expectNoInlineScript(page.html);
    expect(csp(page.headers)).toContain("form-action 'self'");
    expect(csp(page.headers)).toContain(`frame-ancestors ${tokenOrigin} ${MERCHANT_ORIGIN}`);
    expect((await fetch(sb.url('threeDs', '/assets/acs.css'))).headers.get('content-type')).toMatch(
      /^text\/css/,
    );
    expect((await fetch(sb.url('threeDs', '/assets/acs.js'))).headers.get('content-type')).toMatch(
      /^text\/javascript/,
    );
    expect((await steps.validate(sessionId, transactionId)).body.error?.details).toEqual({
      state: 'started',
    });

    const wrong = await answer(acsTransId, 'authenticate', '0000');
    expect(wrong.status).toBe(422);
    expect(wrong.html).toContain('role="alert"');
    expect(wrong.html).toContain('2 attempts left');
    expect(wrong.html).toContain('aria-invalid="true"');

    const done = await answer(acsTransId, 'authenticate', '1234');
    expect(done.status).toBe(200);
    expect(done.html).toContain(`<form id="cres" method="post" action="${tokenOrigin}/frames/3ds-return">`);
    expect(hiddenInput(done.html, 'TransactionId')).toBe(transactionId);
    expect(hiddenInput(done.html, 'MD')).toBe('merchant-data-42');
    // It offers to enrol the card for SPC first (spc-enrol.js returns at once without a platform authenticator).
    expect(done.html).toContain('<script src="/assets/spc-enrol.js" defer></script>');
    expectNoInlineScript(done.html);
    expect(csp(done.headers)).toContain(`form-action ${tokenOrigin}`);

    const returned = await postForm(sb, 'token', '/frames/3ds-return', {
      TransactionId: transactionId,
      MD: 'merchant-data-42',
    });
    expect(returned.status).toBe(200);
    expect(dataAttribute(returned.html, 'transaction-id')).toBe(transactionId);
    expect(dataAttribute(returned.html, 'md')).toBe('merchant-data-42');
    expect(dataAttribute(returned.html, 'target-origin')).toBe(tokenOrigin);
    expect(returned.html).toContain('<script src="/frames/3ds-return.js" defer></script>');
    expectNoInlineScript(returned.html);
    expect(csp(returned.headers)).toContain("script-src 'self'");
    expect(csp(returned.headers)).toContain(`frame-ancestors ${tokenOrigin} ${MERCHANT_ORIGIN}`);
    const script = await fetch(sb.url('token', '/frames/3ds-return.js'));
    expect(script.status).toBe(200);
    expect(await script.text()).toContain("type: 'svc:3ds-complete'");

    const validated = await steps.validate(sessionId, transactionId);
    expect(validated.status).toBe(200);
    expect(validated.body).toMatchObject({
      status: 'Y',
      reasonCode: 100,
      pares: 'Y',
      eci: '05',
      ecommerceIndicator: 'vbv',
      liabilityShift: 'full',
      transactionId,
      code: authentication['code'],
      referenceId: authentication['referenceId'],
    });
    expect((await steps.validate(sessionId, transactionId)).body).toMatchObject({ status: 'Y' });
    const payment = await pay(sessionId, token, authentication);
    expect(payment.status).toBe(201);
    expect(payment.body).toMatchObject({ paymentMethods: [{ authentication: { status: 'Y', eci: '05' } }] });
  });

  it('gives Mastercard ECI 02 after a successful challenge', async () => {
    const { sessionId, authentication, transactionId } = await challenge(TEST_CARDS['002'].challenge_success);
    const { acsTransId } = await open(authentication);
    await answer(acsTransId, 'authenticate', '1234');
    expect((await steps.validate(sessionId, transactionId)).body).toMatchObject({ status: 'Y', eci: '02' });
  });

  it('fails: the failing test card whatever the code, the Fail button, three wrong codes', async () => {
    const failing = await challenge(TEST_CARDS['054'].challenge_failure);
    await answer((await open(failing.authentication)).acsTransId, 'authenticate', '1234');
    const validated = await steps.validate(failing.sessionId, failing.transactionId);
    expect(validated.body).toMatchObject({
      status: 'N',
      reasonCode: 476,
      pares: 'N',
      eci: '07',
      liabilityShift: 'none',
    });
    expect(validated.body).not.toHaveProperty('challengeCancel');
    expect((await pay(failing.sessionId, failing.token, failing.authentication)).body.error?.code).toBe(
      'authentication_failed',
    );

    const button = await challenge(TEST_CARDS['002'].challenge_success);
    await answer((await open(button.authentication)).acsTransId, 'fail');
    expect((await steps.validate(button.sessionId, button.transactionId)).body).toMatchObject({
      status: 'N',
      eci: '00',
    });

    const guesses = await challenge();
    const { acsTransId } = await open(guesses.authentication);
    expect((await answer(acsTransId, 'authenticate', '')).html).toContain('Enter the code.');
    await answer(acsTransId, 'authenticate', '1111');
    await answer(acsTransId, 'authenticate', '2222');
    const last = await answer(acsTransId, 'authenticate', '3333');
    expect(hiddenInput(last.html, 'TransactionId')).toBe(guesses.transactionId);
    expect((await steps.validate(guesses.sessionId, guesses.transactionId)).body).toMatchObject({
      status: 'N',
    });
    expect((await answer(acsTransId, 'authenticate', '1234')).status).toBe(400);
  });

  it('cancels: the return POST as usual, validation N with challengeCancel 01', async () => {
    const { sessionId, authentication, transactionId } = await challenge();
    const done = await answer((await open(authentication)).acsTransId, 'cancel');
    expect(hiddenInput(done.html, 'TransactionId')).toBe(transactionId);
    expect((await steps.validate(sessionId, transactionId)).body).toMatchObject({
      status: 'N',
      reasonCode: 476,
      challengeCancel: '01',
    });
  });

  it('opens a challenge once, and only with its own signed JWT', async () => {
    const { authentication } = await challenge();
    const forged = tamper(authentication['accessToken'] as string, (claims) => {
      claims['ReturnUrl'] = 'http://127.0.0.1:4173.evil.test/steal';
    });
    expect((await postForm(sb, 'threeDs', '/stepup', { JWT: forged })).status).toBe(400);
    await open(authentication);
    const again = await postForm(sb, 'threeDs', '/stepup', { JWT: authentication['accessToken'] as string });
    expect(again.status).toBe(400);
    expect(again.html).toContain('already opened');
  });

  it('keeps validation to the session of the challenge', async () => {
    const { transactionId } = await challenge();
    const stranger = await sb.session();
    const reply = await steps.validate(stranger, transactionId);
    expect(reply.status).toBe(404);
    expect(reply.body.error?.code).toBe('authentication_not_found');
    const frictionless = await steps.enroll(stranger, TEST_CARDS['001'].frictionless_success);
    expect(
      (await steps.validate(stranger, frictionless.authentication['transactionId'] as string)).status,
    ).toBe(404);
  });

  it('refuses a return POST for an unknown transaction', async () => {
    const page = await postForm(sb, 'token', '/frames/3ds-return', { TransactionId: 'txn_unknown', MD: '' });
    expect(page.status).toBe(400);
    expect((await postForm(sb, 'token', '/frames/3ds-return', {})).status).toBe(400);
  });
});

describe('the 30 s rule and JWT expiry (sandbox clock)', () => {
  let clocked: TestSandbox;
  let clock = Date.now();
  beforeAll(async () => {
    clocked = await startTestSandbox({ now: () => clock });
  });
  afterAll(() => clocked.close());

  it('refuses a step-up opened more than 30 s after enrollment', async () => {
    const flow = threeDsSteps(clocked);
    const sessionId = await clocked.session();
    const { authentication } = await flow.enroll(sessionId, TEST_CARDS['001'].challenge_success);
    clock += STEP_UP_WINDOW_MS + 1;
    const page = await postForm(clocked, 'threeDs', '/stepup', {
      JWT: authentication['accessToken'] as string,
    });
    expect(page.status).toBe(400);
    expect(page.html).toContain('within 30 s');
    const reply = await flow.validate(sessionId, authentication['transactionId'] as string);
    expect(reply.body.error).toMatchObject({
      code: 'challenge_not_completed',
      details: { state: 'expired' },
    });
  });

  it('refuses a collection JWT once its session has expired', async () => {
    const flow = threeDsSteps(clocked);
    const sessionId = await clocked.session();
    const setup = await flow.setupOk(sessionId, TEST_CARDS['002'].attempted);
    clock += 31 * 60_000;
    const page = await postForm(clocked, 'threeDs', '/ddc', { JWT: setup.accessToken });
    expect(page.status).toBe(400);
    expect(page.html).toContain('expired');
  });
});
