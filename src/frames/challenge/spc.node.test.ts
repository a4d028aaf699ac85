// The 3DS frame's Secure Payment Confirmation against the sandbox's issuer over real HTTP. The browser's
// sheet is a stand-in here (no browser of this machine runs SPC: e2e/spc-probe.spec.ts): a PaymentRequest
// that signs what it was asked to show with a software authenticator enrolled at the issuer, so the
// request the frame builds (credential ids, challenge bytes, payee, amount, card) is checked by the
// issuer's own verification, and each way the sheet can end is played.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MERCHANT_ORIGIN, startTestSandbox, type TestSandbox } from '../../../sandbox/test/harness.ts';
import { SoftAuthenticator } from '../../../sandbox/test/authenticator.ts';
import { TEST_CARDS } from '../../../sandbox/three-ds/test-cards.ts';
import { enrolSpcDevice, postForm, threeDsSteps } from '../../../sandbox/three-ds/test-support.ts';
import { serviceClient } from '../../api/service.ts';
import { spcMessages } from '../../i18n/spc.ts';
import type { ChallengeStart } from '../../messaging/challenge-messages.ts';
import { authenticateWithSpc, confirmWithSpc, spcMayRun, spcRequest, SPC_GRACE_MS } from './spc.ts';

let sb: TestSandbox;
let steps: ReturnType<typeof threeDsSteps>;
const realFetch = globalThis.fetch;
/** Every call the frame made to the token host, by path. */
const calls: string[] = [];
/** Which call's answer is lost on its way back to the frame (once). */
let lose: (path: string) => boolean = () => false;
beforeAll(async () => {
  sb = await startTestSandbox();
  steps = threeDsSteps(sb);
  // The frame's calls come from the token host's origin, as a browser sends them from the 3DS frame.
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    const headers = { ...(init.headers as Record<string, string> | undefined) };
    // The frame's client (no origin of its own, no app token); the harness's calls go as they are.
    const fromFrame =
      'x-service-account' in headers && !('origin' in headers) && !('x-service-apptoken' in headers);
    if (!fromFrame) return realFetch(url, init);
    const path = new URL(url).pathname;
    calls.push(path);
    const reply = realFetch(url, { ...init, headers: { ...headers, origin: sb.urls.tokenUrl } });
    if (!lose(path)) return reply;
    // Delivered, and its answer lost on the way back, once.
    lose = () => false;
    return reply.then(() => {
      throw new TypeError('Failed to fetch');
    });
  });
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await sb.close();
});

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
let orders = 0;

/** A challenge of the card, passed with the code; on a device that enrols when asked. */
async function enrol(number: string): Promise<SoftAuthenticator> {
  const device = new SoftAuthenticator();
  const { authentication } = await steps.enroll(await sb.session(), number);
  const { acsTransId } = await steps.openChallenge(authentication);
  const result = await steps.answerChallenge(acsTransId, 'authenticate', '1234');
  await enrolSpcDevice(sb, result.html, device);
  return device;
}

/** A new order of R$ 120,00 paid with the card: the challenge the page would start the 3DS frame with. */
async function challengeOf(number: string): Promise<ChallengeStart & { accessToken: string }> {
  orders += 1;
  const sessionId = await sb.session({
    body: { partnerUniqueId: `spc-frame-${String(orders)}`, paymentData: { amount: 120, currency: 'BRL' } },
  });
  const { authentication } = await steps.enroll(sessionId, number);
  return {
    sessionId,
    account: 'demo',
    locale: 'pt-BR',
    title: 'Confirme a compra',
    stepUpUrl: String(authentication['stepUpUrl']),
    accessToken: String(authentication['accessToken']),
    authenticationTransactionId: String(authentication['authenticationTransactionId']),
  };
}

type Sheet = 'confirm' | 'cancel' | 'never' | { amount: string };

/**
 * The frame's window with a stand-in for the browser's SPC: its sheet confirms with the device's key
 * when it holds one of the offered credentials (as the browser matches them), or is cancelled, or never
 * answers, or shows another amount than it was given (a browser that lied).
 */
function frameWindow(
  device: SoftAuthenticator | undefined,
  sheet: Sheet = 'confirm',
  /** Another PaymentRequest than the stand-in: none, or one that says nothing of SPC. */
  paymentRequest?: { other: unknown },
) {
  const shown: { methods: PaymentMethodData[]; details: PaymentDetailsInit }[] = [];
  const status = { textContent: '', role: '' };
  const complete = vi.fn(() => Promise.resolve());
  const abort = vi.fn(() => Promise.resolve());
  class StandInPaymentRequest {
    constructor(
      readonly methods: PaymentMethodData[],
      readonly details: PaymentDetailsInit,
    ) {}
    static securePaymentConfirmationAvailability = () => Promise.resolve('available');
    canMakePayment = () => Promise.resolve(true);
    abort = abort;
    show = () => {
      shown.push({ methods: this.methods, details: this.details });
      const data = this.methods[0]?.data as {
        credentialIds: Uint8Array[];
        challenge: Uint8Array;
        rpId: string;
        payeeOrigin: string;
        instrument: { displayName: string; icon: string };
      };
      if (sheet === 'never') return new Promise(() => undefined);
      const held = device !== undefined && data.credentialIds.some((id) => b64url(id) === device.id);
      if (sheet === 'cancel' || !held)
        return Promise.reject(new DOMException('The user cancelled.', 'NotAllowedError'));
      const total = this.details.total.amount;
      const assertion = device.authenticate(
        { challenge: b64url(data.challenge), rpId: data.rpId },
        { origin: sb.urls.tokenUrl, topOrigin: MERCHANT_ORIGIN },
        {
          rpId: data.rpId,
          topOrigin: MERCHANT_ORIGIN,
          payeeOrigin: data.payeeOrigin,
          total: typeof sheet === 'object' ? { ...total, value: sheet.amount } : total,
          instrument: data.instrument,
        },
      );
      return Promise.resolve({ details: { toJSON: () => assertion }, complete });
    };
  }
  const win = {
    PaymentRequest: paymentRequest === undefined ? StandInPaymentRequest : paymentRequest.other,
    location: { ancestorOrigins: { item: (i: number) => (i === 0 ? MERCHANT_ORIGIN : null) } },
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms) as unknown as number,
    clearTimeout: (id: number | undefined) => {
      clearTimeout(id);
    },
    document: {
      createElement: () => ({
        setAttribute: (_name: string, value: string) => {
          status.role = value;
        },
        set textContent(text: string) {
          status.textContent = text;
        },
      }),
      getElementById: () => ({ replaceChildren: vi.fn() }),
    },
  };
  return { win: win as unknown as Window, shown, status, complete, abort };
}

const client = () => serviceClient({ origin: sb.urls.tokenUrl, account: 'demo' });
/** Whether the challenge still opens, as the frame's fallback posts it. */
const stillOpens = async (challenge: { accessToken: string }) =>
  (await postForm(sb, 'threeDs', '/stepup', { JWT: challenge.accessToken, MD: 'md' })).status === 200;

describe('SPC in the 3DS frame, with the sandbox’s issuer', () => {
  it('ends the challenge in Y with the browser’s assertion: the order’s amount, the merchant page, the card', async () => {
    const number = TEST_CARDS['001'].challenge_success;
    const device = await enrol(number);
    const challenge = await challengeOf(number);
    const { win, shown, status, complete } = frameWindow(device);
    const verdict = await authenticateWithSpc(win, client(), challenge);
    expect(verdict).toMatchObject({ status: 'Y', eci: '05', liabilityShift: 'full', method: 'spc' });
    expect(complete).toHaveBeenCalledWith('success');
    expect(shown[0]?.details.total).toEqual({ label: 'Total', amount: { currency: 'BRL', value: '120.00' } });
    expect(shown[0]?.methods[0]).toMatchObject({
      supportedMethods: 'secure-payment-confirmation',
      data: {
        rpId: 'localhost',
        payeeOrigin: MERCHANT_ORIGIN,
        instrument: { displayName: `Visa •••• ${number.slice(-4)}` },
      },
    });
    expect(status).toEqual({ role: 'status', textContent: spcMessages['pt-BR'].spcConfirm });
    expect(await stillOpens(challenge)).toBe(false);
  });

  it('opens the challenge when the shopper cancels the sheet, or the device holds none of the card’s credentials', async () => {
    const number = TEST_CARDS['002'].challenge_success;
    const device = await enrol(number);
    const cancelled = await challengeOf(number);
    expect(await authenticateWithSpc(frameWindow(device, 'cancel').win, client(), cancelled)).toBeUndefined();
    expect(await stillOpens(cancelled)).toBe(true);
    const otherDevice = await challengeOf(number);
    const { win, shown } = frameWindow(new SoftAuthenticator());
    expect(await authenticateWithSpc(win, client(), otherDevice)).toBeUndefined();
    expect(shown).toHaveLength(1);
    expect(await stillOpens(otherDevice)).toBe(true);
  });

  it('asks again, without the assertion, for a verdict whose answer was lost: the issuer’s Y is not lost with it', async () => {
    const number = TEST_CARDS['001'].challenge_success;
    const device = await enrol(number);
    const challenge = await challengeOf(number);
    // The service takes the assertion; its answer never reaches the frame.
    lose = (path) => path === '/api/ThreeDS/Validate';
    calls.length = 0;
    const verdict = await authenticateWithSpc(frameWindow(device).win, client(), challenge);
    expect(verdict).toMatchObject({ status: 'Y', method: 'spc' });
    expect(calls).toEqual(['/api/ThreeDS/SpcOffer', '/api/ThreeDS/Validate', '/api/ThreeDS/Validate']);
  });

  it('opens the challenge when the issuer refuses the assertion (another amount than the order’s)', async () => {
    const number = TEST_CARDS['054'].challenge_success;
    const device = await enrol(number);
    const challenge = await challengeOf(number);
    const verdict = await authenticateWithSpc(
      frameWindow(device, { amount: '1.20' }).win,
      client(),
      challenge,
    );
    expect(verdict).toBeUndefined();
    expect(await stillOpens(challenge)).toBe(true);
  });

  it('asks the service nothing for a card without credentials beyond the offer, and shows no sheet', async () => {
    const challenge = await challengeOf(TEST_CARDS['002'].challenge_failure);
    const { win, shown } = frameWindow(new SoftAuthenticator());
    calls.length = 0;
    expect(await authenticateWithSpc(win, client(), challenge)).toBeUndefined();
    expect(calls).toEqual(['/api/ThreeDS/SpcOffer']);
    expect(shown).toEqual([]);
  });

  it('asks the service nothing in a browser without SPC (Firefox, Safari, this Chromium)', async () => {
    const challenge = await challengeOf(TEST_CARDS['001'].challenge_success);
    calls.length = 0;
    const noPaymentRequest = frameWindow(undefined, 'confirm', { other: undefined }).win;
    expect(await authenticateWithSpc(noPaymentRequest, client(), challenge)).toBeUndefined();
    const safari = frameWindow(undefined, 'confirm', { other: () => undefined }).win;
    expect(await authenticateWithSpc(safari, client(), challenge)).toBeUndefined();
    // This machine's Chromium: PaymentRequest, and SPC "unavailable-feature-not-enabled".
    const unavailable = Object.assign(() => undefined, {
      securePaymentConfirmationAvailability: () => Promise.resolve('unavailable-feature-not-enabled'),
    });
    const { win } = frameWindow(undefined, 'confirm', { other: unavailable });
    expect(await authenticateWithSpc(win, client(), challenge)).toBeUndefined();
    expect(calls).toEqual([]);
  });
});

describe('the sheet, alone', () => {
  const offer = {
    credentialIds: ['AQID'],
    challenge: 'BAUG',
    rpId: 'bank.example',
    payeeOrigin: 'https://shop.example',
    instrument: { displayName: 'Visa •••• 2503', icon: 'https://bank.example/card.png' },
    total: { currency: 'BRL', value: '99.90' },
    timeout: 60_000,
  };

  it('builds the request from the offer, the ids and challenge as bytes', () => {
    const [methods, details] = spcRequest(offer);
    const data = methods[0]?.data as { credentialIds: Uint8Array[]; challenge: Uint8Array };
    expect([...(data.credentialIds[0] ?? [])]).toEqual([1, 2, 3]);
    expect([...data.challenge]).toEqual([4, 5, 6]);
    expect(details).toEqual({ total: { label: 'Total', amount: { currency: 'BRL', value: '99.90' } } });
  });

  it('says whether SPC may run: PaymentRequest’s own answer, and no answer is a no', async () => {
    const { win } = frameWindow(undefined);
    expect(await spcMayRun(win)).toBe(true);
    // Safari: a PaymentRequest (for Apple Pay) that says nothing of SPC.
    const safari = () => undefined;
    expect(await spcMayRun(frameWindow(undefined, 'confirm', { other: safari }).win)).toBe(false);
    expect(await spcMayRun(frameWindow(undefined, 'confirm', { other: undefined }).win)).toBe(false);
  });

  it('stops waiting for a sheet that never answers, after its timeout and a grace, and aborts it', async () => {
    vi.useFakeTimers();
    try {
      const { win, abort } = frameWindow(new SoftAuthenticator(), 'never');
      const confirmed = confirmWithSpc(win, offer);
      await vi.advanceTimersByTimeAsync(offer.timeout + SPC_GRACE_MS - 1);
      expect(abort).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(await confirmed).toBeUndefined();
      expect(abort).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});
