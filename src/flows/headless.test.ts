// Headless tokenization: local checks before any request, the 3DS setup by BIN and the collection on
// the page, Token/Generate with the setup's code, the verdict, and the pieces a manual page uses. The
// service is a stubbed fetch; the sandbox runs in e2e/manual-tokenization.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serviceClient } from '../api/service.ts';
import { ERROR_CODES } from '../errors.ts';
import {
  stubCollectionFrame,
  PROVIDER,
  SERVICE_Y,
  answerCollection,
  fetchUntilAborted,
  setupEnabled,
} from '../test-fixtures.ts';
import type { ThreeDsStep } from '../three-ds/model.ts';
import type { HeadlessCard } from '../types.ts';
import { messagesFor } from '../i18n/messages.ts';
import { Session } from '../session.ts';
import { HeadlessFlow } from './headless.ts';

// A challenge module that passes at once: what is checked here is what the flow leaves behind.
vi.mock('../three-ds/page/load-challenge.ts', () => ({
  loadChallenge: () =>
    Promise.resolve({
      openChallengeDialog: () => document.body.appendChild(document.createElement('div')),
      cancelChallenge: () => undefined,
      runChallenge: async () => {
        const { VERDICT_Y } = await import('../test-fixtures.ts');
        return { ok: true, value: VERDICT_Y };
      },
    }),
}));

const TOKEN = 'http://127.0.0.1:4174';
const client = serviceClient({ origin: TOKEN, account: 'demo' }, ERROR_CODES);
const year = new Date().getFullYear() + 3;
const visa: HeadlessCard = {
  cardNumber: '4111 1111 1111 1111',
  expirationMonth: 1,
  expirationYear: year,
  cvv: '123',
};
const answer = {
  token: 'tok_1',
  singleUse: true,
  card: {
    brand: 'Visa',
    bin: '41111111',
    last4: '1111',
    maskedNumber: '411111******1111',
    expirationMonth: 1,
    expirationYear: year,
  },
  frontData: { userAgent: 'test', ipAddress: '127.0.0.1' },
};
const enabled = setupEnabled;

type Call = [url: string, body: Record<string, unknown>];
let calls: Call[];
let setupAnswer: (n: number) => object;
let generateAnswer: () => Response;
let fetchMock: ReturnType<typeof vi.fn<(url: string, init: RequestInit) => Promise<Response>>>;

beforeEach(() => {
  calls = [];
  setupAnswer = () => ({ enabled: false });
  generateAnswer = () => Response.json(answer);
  fetchMock = vi.fn((url: string, init: RequestInit) => {
    calls.push([url, JSON.parse(init.body as string) as Record<string, unknown>]);
    if (url === `${TOKEN}/api/ThreeDS/Setup`)
      return Promise.resolve(Response.json(setupAnswer(calls.filter(([u]) => u === url).length)));
    return Promise.resolve(generateAnswer());
  });
  vi.stubGlobal('fetch', fetchMock);
  stubCollectionFrame();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

const flow = () =>
  new HeadlessFlow({
    client,
    // The challenge is the stub above: the dialog itself is tested with the card form and in e2e.
    target: { origin: TOKEN, account: 'demo' },
    session: new Session('ses_1'),
    options: { account: 'demo', environment: 'sandbox' },
    locale: 'en',
    messages: () => messagesFor('en'),
  });
const paths = () => calls.map(([url]) => url.replace(TOKEN, ''));
const until = (predicate: () => boolean) =>
  vi.waitFor(() => {
    expect(predicate()).toBe(true);
  });

describe('headless tokenization', () => {
  it.each([
    [{ ...visa, cardNumber: '4111 1111 1111 1112' }, 'card_number_invalid'],
    [{ ...visa, expirationMonth: 13 }, 'card_expiry_invalid'],
    [{ ...visa, expirationYear: 2020 }, 'card_expired'],
    [{ ...visa, cvv: '12' }, 'cvv_invalid'],
  ])('refuses a bad card locally, without a request (%#: %s)', async (card, code) => {
    expect(await flow().tokenize(card)).toMatchObject({ ok: false, error: { code } });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('on an account without 3DS: a setup with the BIN only, then Token/Generate without a code', async () => {
    const result = await flow().tokenize({ ...visa, cardHolderName: 'Ana Souza' });
    expect(result).toEqual({
      ok: true,
      token: 'tok_1',
      brand: 'Visa',
      last4: '1111',
      maskedNumber: '411111******1111',
      expirationMonth: 1,
      expirationYear: year,
      singleUse: true,
      frontData: answer.frontData,
    });
    expect(paths()).toEqual(['/api/ThreeDS/Setup', '/api/Token/Generate']);
    expect(calls[0]?.[1]).toEqual({ sessionId: 'ses_1', bin: '41111111' });
    const generate = calls[1]?.[1];
    expect(generate).toMatchObject({
      sessionId: 'ses_1',
      card: { cardNumber: '4111111111111111', cardHolderName: 'Ana Souza', singleUse: true },
    });
    expect(generate).not.toHaveProperty('authenticationInformation');
  });

  it('on an account with 3DS: collects on the page, sends the code, and hands over the verdict', async () => {
    setupAnswer = enabled;
    generateAnswer = () => Response.json({ ...answer, authentication: SERVICE_Y });
    const steps: ThreeDsStep[] = [];
    const run = flow().tokenize(visa, { onThreeDsStep: (step) => steps.push(step) });
    await until(() => document.querySelector('form') !== null);
    expect(document.querySelector('form')?.action).toBe(`${PROVIDER}/ddc`);
    answerCollection('ref-1');
    // The service's Y, field for field, beside the token.
    expect(await run).toMatchObject({ ok: true, token: 'tok_1', ...SERVICE_Y });
    expect(calls[1]?.[1]).toMatchObject({ authenticationInformation: { code: 'code-1' } });
    expect(steps).toEqual(['collection-started', 'collection-finished']);
  });

  it('spends the preparation prepareAuthentication() started for the same BIN', async () => {
    setupAnswer = enabled;
    generateAnswer = () => Response.json({ ...answer, authentication: SERVICE_Y });
    const headless = flow();
    const prepared = headless.prepare('4111 1111 1111 1111');
    await until(() => document.querySelector('form') !== null);
    answerCollection('ref-1');
    expect(await prepared).toEqual({ ok: true, code: 'code-1' });
    expect(await headless.tokenize(visa)).toMatchObject({ ok: true, status: 'Y' });
    expect(paths()).toEqual(['/api/ThreeDS/Setup', '/api/Token/Generate']);
    // Spent: the next card runs a new setup.
    const again = headless.tokenize(visa);
    await until(() => paths().length === 3);
    answerCollection('ref-2');
    await again;
    expect(calls[3]?.[1]).toMatchObject({ authenticationInformation: { code: 'code-2' } });
  });

  it('replaces a preparation when the BIN changes: the old call resolves aborted', async () => {
    setupAnswer = enabled;
    const headless = flow();
    const first = headless.prepare('4111111111111111');
    await until(() => paths().length === 1);
    const second = headless.prepare('5555555555554444');
    expect(await first).toMatchObject({ ok: false, error: { code: 'aborted' } });
    // The first setup answered after it was replaced: only the second card's collection runs.
    await until(() => document.querySelector('form') !== null);
    expect(document.querySelectorAll('form')).toHaveLength(1);
    answerCollection('ref-2');
    expect(await second).toEqual({ ok: true, code: 'code-2' });
    expect(calls.map(([, body]) => body['bin'])).toEqual(['41111111', '55555555']);
  });

  it('refuses an incomplete number in prepareAuthentication() without a request', async () => {
    expect(await flow().prepare('4111 1111')).toMatchObject({
      ok: false,
      error: { code: 'card_number_invalid' },
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stops at the merchant’s AbortSignal with aborted', async () => {
    const controller = new AbortController();
    generateAnswer = () => {
      throw new Error('unused');
    };
    fetchMock.mockImplementation((url: string, init: RequestInit) =>
      url.endsWith('/Setup')
        ? Promise.resolve(Response.json({ enabled: false }))
        : fetchUntilAborted(url, init),
    );
    const result = flow().tokenize(visa, { signal: controller.signal });
    await until(() => fetchMock.mock.calls.length === 2);
    controller.abort();
    expect(await result).toMatchObject({ ok: false, error: { code: 'aborted', type: 'cancelled' } });
  });

  it('passes a service refusal on with its code', async () => {
    generateAnswer = () =>
      Response.json({ error: { code: 'session_expired', message: 'The session expired.' } }, { status: 401 });
    expect(await flow().tokenize(visa)).toMatchObject({
      ok: false,
      error: { code: 'session_expired', type: 'configuration' },
    });
  });
});

describe('authenticate(), for a page that called Token/Generate itself', () => {
  it('gives the fields for Payment/Init from a Y', async () => {
    expect(await flow().authenticate(SERVICE_Y)).toEqual({ ok: true, ...SERVICE_Y });
  });

  it.each([
    ['N', 'authentication_failed'],
    ['R', 'authentication_rejected'],
  ])('ends a %s with %s', async (status, code) => {
    expect(await flow().authenticate({ ...SERVICE_Y, status })).toMatchObject({
      ok: false,
      error: { code, type: 'authentication' },
    });
  });

  it('after a challenge, leaves no listener on the merchant’s AbortSignal, which may serve many payments', async () => {
    const { signal } = new AbortController();
    const added = vi.spyOn(signal, 'addEventListener');
    const removed = vi.spyOn(signal, 'removeEventListener');
    const challenged = {
      ...SERVICE_Y,
      status: 'C',
      stepUpUrl: 'http://127.0.0.1:4176/stepup',
      accessToken: 'jwt',
      pareq: 'cGFyZXE=',
      authenticationTransactionId: 'atx_1',
    };
    expect(await flow().authenticate(challenged, { signal })).toMatchObject({ ok: true, status: 'Y' });
    expect(added).toHaveBeenCalled();
    expect(removed.mock.calls.map(([, listener]) => listener)).toEqual(
      added.mock.calls.map(([, listener]) => listener),
    );
  });

  it('says what it takes when given something else', async () => {
    const result = await flow().authenticate({ status: 'Y' });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_option' } });
    expect(result.ok ? '' : result.error.message).toContain('Token/Generate');
  });
});
