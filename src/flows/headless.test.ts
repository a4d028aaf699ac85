// Headless tokenization: local checks before any request, then Token/Generate from the page, with the
// merchant's AbortSignal. The service is a stubbed fetch; the sandbox runs in e2e/manual-tokenization.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serviceClient } from '../api/service.ts';
import { ERROR_CODES } from '../errors.ts';
import { fetchUntilAborted } from '../test-fixtures.ts';
import { tokenizeCard, type HeadlessCard } from './headless.ts';

const client = serviceClient({ origin: 'http://127.0.0.1:4174', account: 'demo' }, ERROR_CODES);
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

let fetchMock: ReturnType<typeof vi.fn<(url: string, init: RequestInit) => Promise<Response>>>;
beforeEach(() => {
  fetchMock = vi.fn(() => Promise.resolve(Response.json(answer)));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('headless tokenization', () => {
  it.each([
    [{ ...visa, cardNumber: '4111 1111 1111 1112' }, 'card_number_invalid'],
    [{ ...visa, expirationMonth: 13 }, 'card_expiry_invalid'],
    [{ ...visa, expirationYear: 2020 }, 'card_expired'],
    [{ ...visa, cvv: '12' }, 'cvv_invalid'],
  ])('refuses a bad card locally, without a request (%#: %s)', async (card, code) => {
    expect(await tokenizeCard(client, 'ses_1', card)).toMatchObject({ ok: false, error: { code } });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('tokenizes with the digits only, single use unless saved, and gives the token without the BIN', async () => {
    const result = await tokenizeCard(client, 'ses_1', { ...visa, cardHolderName: 'Ana Souza' });
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
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('http://127.0.0.1:4174/api/Token/Generate');
    expect(JSON.parse(init?.body as string)).toMatchObject({
      sessionId: 'ses_1',
      card: { cardNumber: '4111111111111111', cardHolderName: 'Ana Souza', singleUse: true },
    });
  });

  it('stops at the merchant’s AbortSignal with aborted', async () => {
    vi.stubGlobal('fetch', fetchUntilAborted);
    const controller = new AbortController();
    const result = tokenizeCard(client, 'ses_1', visa, controller.signal);
    controller.abort();
    expect(await result).toMatchObject({ ok: false, error: { code: 'aborted', type: 'cancelled' } });
  });

  it('passes a service refusal on with its code', async () => {
    fetchMock.mockResolvedValue(
      Response.json({ error: { code: 'session_expired', message: 'The session expired.' } }, { status: 401 }),
    );
    expect(await tokenizeCard(client, 'ses_1', visa)).toMatchObject({
      ok: false,
      error: { code: 'session_expired', type: 'configuration' },
    });
  });
});
