// The readers of Payment/InstallmentPlans and of Token/Generate's card.funding: each answer read once,
// field by field, into typed values; anything else is an invalid answer, never a guess.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES } from '../errors.ts';
import { decodeInstallmentPlans, installmentPlans } from './payments.ts';
import { decodeFunding } from './service.ts';
import { serviceClient } from './service.ts';

/** The service's plan of R$ 1.000,00 in 10× at 1,99% a.m. (sandbox/payments/installments.test.ts). */
const TEN = {
  interestFree: false,
  installments: 10,
  monthlyRate: 1.99,
  yearlyRate: 26.68,
  cetMonthly: 1.99,
  cetYearly: 26.68,
  installmentAmount: 111.27,
  firstInstallmentAmount: 111.27,
  totalAmount: 1112.7,
};
const ANSWER = { amount: 1000, currency: 'BRL', funding: 'credit', plans: [TEN] };

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('decodeInstallmentPlans', () => {
  it('reads the order and its plans, leaving anything unknown out', () => {
    expect(decodeInstallmentPlans({ ...ANSWER, extra: 1, plans: [{ ...TEN, note: 'x' }] })).toEqual(ANSWER);
  });

  it.each([
    ['no plans', { ...ANSWER, plans: undefined }],
    ['a funding it does not know', { ...ANSWER, funding: 'prepaid' }],
    ['an amount that is not a number', { ...ANSWER, amount: '1000' }],
    ['a plan without its CET', { ...ANSWER, plans: [{ ...TEN, cetYearly: undefined }] }],
    ['a plan with a figure that is not finite', { ...ANSWER, plans: [{ ...TEN, totalAmount: null }] }],
    [
      'a plan that does not say whether it is interest-free',
      { ...ANSWER, plans: [{ ...TEN, interestFree: 0 }] },
    ],
    ['something else', ['plans']],
  ])('refuses %s', (_name, answer) => {
    expect(decodeInstallmentPlans(answer)).toBeUndefined();
  });
});

describe('installmentPlans', () => {
  it('asks the engine for the session’s plans, with the funding when given', async () => {
    const fetchMock = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(Response.json(ANSWER)));
    vi.stubGlobal('fetch', fetchMock);
    const client = serviceClient({ origin: 'http://127.0.0.1:4177', account: 'demo' }, ERROR_CODES);
    expect(await installmentPlans(client, { sessionId: 'ses_1', funding: 'debit' })).toEqual({
      ok: true,
      value: ANSWER,
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('http://127.0.0.1:4177/api/Payment/InstallmentPlans');
    expect(JSON.parse(init?.body as string)).toEqual({ tokenSession: 'ses_1', funding: 'debit' });
  });

  it('answers invalid_response for a body it cannot read', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ plans: 'all' })));
    const client = serviceClient({ origin: 'http://127.0.0.1:4177', account: 'demo' }, ERROR_CODES);
    const reply = await installmentPlans(client, { sessionId: 'ses_1' });
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_response' } });
  });
});

describe('decodeFunding', () => {
  it.each([
    [['credit'], ['credit']],
    [['debit'], ['debit']],
    [
      ['credit', 'debit'],
      ['credit', 'debit'],
    ],
  ])('reads %j', (funding, expected) => {
    expect(decodeFunding({ brand: 'Visa', funding })).toEqual(expected);
  });

  it.each([[undefined], [[]], [['credit', 'credit']], [['prepaid']], ['credit'], [['credit', 'debit', 'x']]])(
    'reads %j as nothing',
    (funding) => {
      expect(decodeFunding({ brand: 'Visa', funding })).toBeUndefined();
    },
  );
});
