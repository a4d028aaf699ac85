// Secure Payment Confirmation through the service, over real HTTP: a challenge passed with the code
// enrols the card on the issuer's page; the next challenge of that card is offered to the browser's SPC
// sheet first (ThreeDS/SpcOffer), and its assertion ends it in Y with no code (ThreeDS/Validate with
// spcAssertion); a refused assertion counts as a wrong code, and the challenge still opens.
import { describe, expect, it } from 'vitest';
import { MERCHANT_ORIGIN } from '../test/harness.ts';
import { fileSandbox } from '../test/file-sandbox.ts';
import { SoftAuthenticator } from '../test/authenticator.ts';
import { SPC_STEP_UP_EXTRA_MS, STEP_UP_WINDOW_MS } from './provider.ts';
import { SPC_TIMEOUT_MS } from './spc.ts';
import { TEST_CARDS } from './test-cards.ts';
import {
  authenticationInformation,
  dataAttribute,
  enrolSpcDevice,
  issuerPageCall,
  spcIssuerOrigin,
  expectNoInlineScript,
  hiddenInput,
  postForm,
  threeDsSteps,
} from './test-support.ts';

const sb = fileSandbox();
const steps = threeDsSteps(sb);
const ORDER = { amount: 120, currency: 'BRL' };
let orders = 0;

/** A session made by the backend for one order: the amount the browser's sheet shows comes from it. */
async function orderSession() {
  orders += 1;
  const partnerUniqueId = `spc-order-${String(orders)}`;
  const sessionId = await sb.session({ body: { partnerUniqueId, paymentData: ORDER } });
  return { sessionId, partnerUniqueId };
}

const issuerOrigin = () => spcIssuerOrigin(sb);
const json = (path: string, body: unknown, origin?: string) => issuerPageCall(sb, path, body, origin);

/** A challenge of the card in a new order session, answered with the code on the issuer's page. */
async function passChallenge(number: string) {
  const { sessionId, partnerUniqueId } = await orderSession();
  const { authentication, token } = await steps.enroll(sessionId, number);
  expect(authentication['status']).toBe('C');
  const { page, acsTransId } = await steps.openChallenge(authentication);
  expect(page.html).toContain(`action="${issuerOrigin()}/stepup/answer"`);
  const done = await steps.answerChallenge(acsTransId, 'authenticate', '1234');
  return { sessionId, partnerUniqueId, token, authentication, acsTransId, done };
}

/** Enrols a new device for the card on the issuer's result page, as spc-enrol.js does. */
async function enrolDevice(number: string) {
  const device = new SoftAuthenticator();
  const { done } = await passChallenge(number);
  expect(done.html).toContain('Use this device next time?');
  await enrolSpcDevice(sb, done.html, device);
  return { device };
}

const offerFor = (
  sessionId: string,
  authentication: Record<string, unknown>,
  payeeOrigin = MERCHANT_ORIGIN,
) =>
  sb.browser(
    'token',
    '/api/ThreeDS/SpcOffer',
    { sessionId, authenticationTransactionId: authentication['authenticationTransactionId'], payeeOrigin },
    { origin: sb.urls.tokenUrl },
  );

interface Offer {
  challenge: string;
  rpId: string;
  payeeOrigin: string;
  total: { currency: string; value: string };
  instrument: { displayName: string; icon: string };
}

/** The browser's SPC assertion for the offer, made in the token host's 3DS frame on the merchant page. */
function confirm(device: SoftAuthenticator, offer: Offer, edit: Partial<Offer> = {}) {
  const shown = { ...offer, ...edit };
  return device.authenticate(
    { challenge: shown.challenge, rpId: shown.rpId },
    { origin: sb.urls.tokenUrl, topOrigin: MERCHANT_ORIGIN },
    {
      rpId: shown.rpId,
      topOrigin: MERCHANT_ORIGIN,
      payeeOrigin: shown.payeeOrigin,
      total: shown.total,
      instrument: shown.instrument,
    },
  );
}

const validate = (sessionId: string, authentication: Record<string, unknown>, spcAssertion: unknown) =>
  sb.browser(
    'token',
    '/api/ThreeDS/Validate',
    { sessionId, authenticationTransactionId: authentication['authenticationTransactionId'], spcAssertion },
    { origin: sb.urls.tokenUrl },
  );

/** A new order's challenge of an enrolled card, with its SPC offer. */
async function offeredChallenge(number: string) {
  const { sessionId, partnerUniqueId } = await orderSession();
  const { authentication, token } = await steps.enroll(sessionId, number);
  expect(authentication['status']).toBe('C');
  const reply = await offerFor(sessionId, authentication);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return {
    sessionId,
    partnerUniqueId,
    token,
    authentication,
    offer: reply.body as unknown as Offer & { available: boolean },
  };
}

describe('SPC through the service', () => {
  it('offers enrolment after a passed challenge, on the issuer’s origin, with the payment extension', async () => {
    const number = TEST_CARDS['001'].challenge_success;
    const { done, acsTransId } = await passChallenge(number);
    expect(done.html).toContain('<script src="/assets/spc-enrol.js" defer></script>');
    const ticket = dataAttribute(done.html, 'ticket') ?? '';
    expect(ticket).toMatch(/^[\w-]{32}$/);
    expect(done.html).not.toContain(`data-ticket="${acsTransId}"`);
    // Without script (or a platform authenticator) the page still returns to the merchant.
    expect(hiddenInput(done.html, 'TransactionId')).toBeDefined();
    expect(done.html).toContain('<button type="submit" id="continue">Continue</button>');
    expectNoInlineScript(done.html);
    const options = await json('/stepup/spc/options', { ticket });
    expect(options.body).toMatchObject({
      rp: { id: 'localhost', name: 'Sandbox issuer' },
      user: { name: expect.stringMatching(/^Visa •••• \d{4}$/) as unknown },
      extensions: { payment: { isPayment: true } },
      authenticatorSelection: { authenticatorAttachment: 'platform', userVerification: 'required' },
    });
    // A failed or cancelled challenge enrols nothing; nor does an unknown one.
    const failed = await passChallenge(TEST_CARDS['001'].challenge_failure);
    expect(failed.done.html).not.toContain('Use this device next time?');
    expect(dataAttribute(failed.done.html, 'ticket')).toBeUndefined();
    expect((await json('/stepup/spc/options', { ticket: 'ticket_unknown' })).status).toBe(409);
  });

  it('pays the enrolled card’s next order with the browser’s assertion: Y, ECI 05, full liability shift, no code', async () => {
    const number = TEST_CARDS['001'].challenge_success;
    const { device } = await enrolDevice(number);
    const { sessionId, partnerUniqueId, token, authentication, offer } = await offeredChallenge(number);
    expect(offer).toMatchObject({
      available: true,
      credentialIds: [device.id],
      rpId: 'localhost',
      payeeOrigin: MERCHANT_ORIGIN,
      total: { currency: 'BRL', value: '120.00' },
      instrument: { displayName: `Visa •••• ${number.slice(-4)}`, icon: `${issuerOrigin()}/assets/card.svg` },
      timeout: SPC_TIMEOUT_MS,
    });
    const icon = await fetch(offer.instrument.icon);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    // The step-up JWT leaves room for the browser's sheet before the challenge would open.
    const claims = JSON.parse(
      Buffer.from(String(authentication['accessToken']).split('.')[1] ?? '', 'base64url').toString(),
    ) as { iat: number; exp: number };
    expect((claims.exp - claims.iat) * 1000).toBeGreaterThanOrEqual(
      STEP_UP_WINDOW_MS + SPC_TIMEOUT_MS - 1000,
    );

    const verdict = await validate(sessionId, authentication, confirm(device, offer));
    expect(verdict.status, JSON.stringify(verdict.body)).toBe(200);
    expect(verdict.body).toMatchObject({
      status: 'Y',
      pares: 'Y',
      reasonCode: 100,
      eci: '05',
      liabilityShift: 'full',
      authenticationMethod: 'spc',
      transactionId: authentication['transactionId'],
    });
    // The challenge is over: it cannot be opened, nor confirmed again.
    const opened = await postForm(sb, 'threeDs', '/stepup', {
      JWT: String(authentication['accessToken']),
      MD: 'm',
    });
    expect(opened.status).toBe(400);
    expect((await validate(sessionId, authentication, confirm(device, offer))).body.error?.code).toBe(
      'spc_refused',
    );
    const paid = await sb.backend('sandbox', '/api/Payment/Init', {
      tokenSession: sessionId,
      partnerUniqueId,
      isTest: true,
      paymentData: {
        ...ORDER,
        paymentMethods: [
          {
            paymentMethodType: '7',
            amount: ORDER.amount,
            cardInfo: { token, tokenProvider: 'Service' },
            AuthenticationInformation: authenticationInformation(verdict.body),
          },
        ],
      },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body).toMatchObject({ status: 'authorized' });
  });

  it('refuses an assertion for another amount, merchant or challenge, counted as wrong codes; the challenge still opens', async () => {
    const number = TEST_CARDS['002'].challenge_success;
    const { device } = await enrolDevice(number);
    const { sessionId, authentication, offer } = await offeredChallenge(number);
    const amount = await validate(
      sessionId,
      authentication,
      confirm(device, offer, { total: { currency: 'BRL', value: '1.00' } }),
    );
    expect(amount.status).toBe(422);
    expect(amount.body.error).toMatchObject({
      code: 'spc_refused',
      details: { reason: 'payment_mismatch', attemptsLeft: 2 },
    });
    // The offer's challenge was spent: a new one for the retry, and this assertion is signed over another.
    const again = (await offerFor(sessionId, authentication)).body as unknown as Offer;
    const stale = await validate(
      sessionId,
      authentication,
      confirm(device, again, { challenge: offer.challenge }),
    );
    expect(stale.body.error).toMatchObject({ code: 'spc_refused', details: { attemptsLeft: 1 } });
    // The fallback: the challenge opens with the enrollment's JWT, and the code passes.
    const { acsTransId } = await steps.openChallenge(authentication);
    const done = await steps.answerChallenge(acsTransId, 'authenticate', '1234');
    expect(done.status).toBe(200);
    expect(
      (await steps.validate(sessionId, String(authentication['authenticationTransactionId']))).body,
    ).toMatchObject({
      status: 'Y',
      authenticationMethod: 'challenge',
    });
  });

  it('fails the authentication at the third refused assertion, as at the third wrong code', async () => {
    const number = TEST_CARDS['054'].challenge_success;
    const { device } = await enrolDevice(number);
    const { sessionId, authentication } = await offeredChallenge(number);
    const other = new SoftAuthenticator();
    let last: Awaited<ReturnType<typeof validate>> | undefined;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const offer = (await offerFor(sessionId, authentication)).body as unknown as Offer;
      // Another device's key, under the enrolled credential's id.
      const forged = { ...confirm(other, offer), id: device.id, rawId: device.id };
      last = await validate(sessionId, authentication, forged);
    }
    expect(last?.status).toBe(200);
    expect(last?.body).toMatchObject({ status: 'N', liabilityShift: 'none', authenticationMethod: 'spc' });
  });

  it('offers nothing for a card without credentials, a session without an order, or a page the account does not allow', async () => {
    const number = TEST_CARDS['001'].challenge_success;
    const plainSession = await sb.session();
    const plain = await steps.enroll(plainSession, number);
    expect((await offerFor(plainSession, plain.authentication)).body).toEqual({ available: false });
    const fresh = await offeredChallenge(TEST_CARDS['002'].challenge_failure);
    expect(fresh.offer).toEqual({ available: false });
    const elsewhere = await offerFor(fresh.sessionId, fresh.authentication, 'http://127.0.0.1:9');
    expect(elsewhere.body.error).toMatchObject({ code: 'origin_not_allowed' });
  });

  it('forgets a card’s credentials through the sandbox control: the next challenge asks for the code', async () => {
    const number = TEST_CARDS['001'].challenge_success;
    const { device } = await enrolDevice(number);
    const before = await offeredChallenge(number);
    expect(before.offer.available).toBe(true);
    const removed = await sb.control('/__sandbox/three-ds/spc/remove', {
      cardNumber: number,
      credentialId: device.id,
    });
    expect(removed.body).toEqual({ removed: 1 });
    const after = await offeredChallenge(number);
    expect((after.offer as { credentialIds?: string[] }).credentialIds ?? []).not.toContain(device.id);
  });

  it('offers a saved card’s passkeys when it is bound in a later order, as when typed again', async () => {
    const number = TEST_CARDS['054'].challenge_success;
    const { device } = await enrolDevice(number);
    // The card saved in one order, bound with its code in the next (Token/Bind runs its 3DS).
    const first = await orderSession();
    const saved = await steps.enroll(first.sessionId, number, { card: { singleUse: false } });
    const next = await orderSession();
    const { authentication } = await steps.enrollSaved(next.sessionId, saved.token);
    expect(authentication['status']).toBe('C');
    const offer = await offerFor(next.sessionId, authentication);
    expect(offer.body).toMatchObject({ available: true });
    expect((offer.body as { credentialIds: string[] }).credentialIds).toContain(device.id);
  });

  it('gives the offer to the token host’s frames only: not to a merchant page, nor to a server', async () => {
    const { sessionId, authentication } = await offeredChallenge(TEST_CARDS['001'].challenge_failure);
    const body = {
      sessionId,
      authenticationTransactionId: authentication['authenticationTransactionId'],
      payeeOrigin: MERCHANT_ORIGIN,
    };
    const fromPage = await sb.browser('token', '/api/ThreeDS/SpcOffer', body);
    expect(fromPage.body.error).toMatchObject({ code: 'origin_not_allowed' });
    const fromServer = await sb.backend('token', '/api/ThreeDS/SpcOffer', body);
    expect(fromServer.body.error).toMatchObject({ code: 'browser_only' });
  });

  it('enrols only with the result page’s ticket, once, from the issuer’s own origin: not with the acsTransId the merchant holds', async () => {
    const { acsTransId, done, authentication } = await passChallenge(TEST_CARDS['002'].challenge_success);
    // The pareq the merchant receives names the ACS's transaction: it enrols nothing.
    const pareq = JSON.parse(Buffer.from(String(authentication['pareq']), 'base64').toString()) as {
      acsTransID: string;
    };
    expect(pareq.acsTransID).toBe(acsTransId);
    expect((await json('/stepup/spc/options', { acsTransId })).status).toBe(400);
    const ticket = dataAttribute(done.html, 'ticket') ?? '';
    // The ticket from another origin (a merchant page, or a server that says so) is refused.
    expect((await json('/stepup/spc/options', { ticket }, MERCHANT_ORIGIN)).status).toBe(403);
    const options = await json('/stepup/spc/options', { ticket });
    const device = new SoftAuthenticator();
    const credential = device.register(options.body as { challenge: string }, { origin: issuerOrigin() });
    expect((await json('/stepup/spc/enrol', { ticket, credential })).status).toBe(204);
    // Spent: a second device cannot ride on it.
    const again = new SoftAuthenticator().register(options.body as { challenge: string }, {
      origin: issuerOrigin(),
    });
    expect((await json('/stepup/spc/enrol', { ticket, credential: again })).status).toBe(422);
  });

  it('counts for nothing an assertion without a live offer or of no credential of the card: a page cannot fail the challenge with junk', async () => {
    const number = TEST_CARDS['001'].challenge_success;
    const { device } = await enrolDevice(number);
    const { sessionId, authentication } = await offeredChallenge(number);
    const stranger = new SoftAuthenticator();
    const fake = {
      challenge: 'AAAA',
      rpId: 'localhost',
      payeeOrigin: MERCHANT_ORIGIN,
      total: { currency: 'BRL', value: '120.00' },
      instrument: { displayName: 'x', icon: 'y' },
    };
    // The first spends the live offer (no credential of the card), the next find none: none counts.
    for (const reason of ['credential_not_found', 'challenge_not_found', 'challenge_not_found']) {
      const junk = await validate(sessionId, authentication, confirm(stranger, fake));
      expect(junk.body.error).toMatchObject({
        code: 'spc_refused',
        details: { reason, attemptsLeft: 3 },
      });
    }
    // The shopper's own assertion still ends it in Y (a new offer: the junk spent the first).
    const offer = (await offerFor(sessionId, authentication)).body as unknown as Offer;
    expect((await validate(sessionId, authentication, confirm(device, offer))).body).toMatchObject({
      status: 'Y',
    });
    // From the merchant's page, ThreeDS/Validate takes no assertion at all.
    const fromPage = await sb.browser('token', '/api/ThreeDS/Validate', {
      sessionId,
      authenticationTransactionId: authentication['authenticationTransactionId'],
      spcAssertion: confirm(stranger, fake),
    });
    expect(fromPage.body.error).toMatchObject({ code: 'origin_not_allowed' });
  });

  it('offers and takes nothing once the challenge’s step-up window is over, as the code could not be entered either', async () => {
    const number = TEST_CARDS['001'].challenge_success;
    const { device } = await enrolDevice(number);
    const { sessionId, authentication, offer } = await offeredChallenge(number);
    const assertion = confirm(device, offer);
    // The sandbox's clock, moved past 30 s and the room the sheet has (SPC_STEP_UP_EXTRA_MS).
    const { ctx } = sb.sandbox;
    const now = ctx.now;
    ctx.now = () => now() + STEP_UP_WINDOW_MS + SPC_STEP_UP_EXTRA_MS + 1;
    try {
      expect((await validate(sessionId, authentication, assertion)).body.error).toMatchObject({
        code: 'spc_refused',
      });
      expect((await offerFor(sessionId, authentication)).body).toEqual({ available: false });
      expect(
        (await steps.validate(sessionId, String(authentication['authenticationTransactionId']))).body.error
          ?.details,
      ).toEqual({ state: 'expired' });
    } finally {
      ctx.now = now;
    }
  });
});
