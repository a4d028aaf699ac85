// Stored cards: Token/List read into the merchant's masked cards. The service is a stubbed fetch; the
// sandbox runs in e2e and sandbox/token-api.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serviceClient } from '../api/service.ts';
import { ERROR_CODES } from '../errors.ts';
import { Session } from '../session.ts';
import { listStoredCards } from './stored-cards.ts';

const client = serviceClient({ origin: 'http://127.0.0.1:4174', account: 'demo' }, ERROR_CODES);
const entry = {
  token: 'tok_s1',
  brand: 'Elo',
  bin: '50670900',
  last4: '3334',
  maskedNumber: '506709******3334',
  expirationMonth: 1,
  expirationYear: 2029,
  cardHolderName: 'Ana Souza',
  expired: false,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('listStoredCards', () => {
  it('waits for the session, and fails with its error, without a request, when it never came', async () => {
    const fetch = vi.fn(() => Promise.resolve(Response.json({ tokens: [] })));
    vi.stubGlobal('fetch', fetch);
    const session = new Session(Promise.reject(new Error('backend down')));
    expect(await listStoredCards(client, session.ready)).toMatchObject({
      ok: false,
      error: { code: 'session_unavailable', type: 'network' },
    });
    expect(fetch).not.toHaveBeenCalled();
    expect(await listStoredCards(client, Promise.resolve('ses_2'))).toEqual({ ok: true, cards: [] });
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('lists the masked cards, without the BIN, expired ones and ones with a passkey marked', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        Response.json({
          tokens: [
            entry,
            { ...entry, token: 'tok_s2', expired: true, passkey: true },
            { ...entry, token: 'tok_s3', passkey: 'yes' },
          ],
        }),
      ),
    );
    const { bin: _bin, ...card } = entry;
    expect(await listStoredCards(client, Promise.resolve('ses_1'))).toEqual({
      ok: true,
      cards: [
        { ...card, passkey: false },
        { ...card, token: 'tok_s2', expired: true, passkey: true },
        { ...card, token: 'tok_s3', passkey: false },
      ],
    });
  });

  it('refuses a list with an unreadable entry as invalid_response', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ tokens: [{ token: 'tok_s1' }] })));
    expect(await listStoredCards(client, Promise.resolve('ses_1'))).toMatchObject({
      ok: false,
      error: { code: 'invalid_response', type: 'service' },
    });
  });

  it('turns a code the script does not know into service_error, keeping the original', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(Response.json({ error: { code: 'brand_new_code', message: 'New.' } }, { status: 400 })),
    );
    const result = await listStoredCards(client, Promise.resolve('ses_1'));
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'service_error', cause: { code: 'brand_new_code' } },
    });
  });
});
