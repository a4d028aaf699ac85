// The card frame's submit always ends in a Result the frame posts at once: every way out, the two that
// used to return nothing (so the page waited out its 60 s submit timeout) among them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serviceClient } from '../../api/service.ts';
import { decodeAuthentication } from '../../api/three-ds.ts';
import { failure } from '../../errors.ts';
import type { FrameConfig } from '../../messaging/protocol.ts';
import { GENERATE_ANSWER as answer, SERVICE_Y } from '../../test-fixtures.ts';
import type { Preparation } from '../../three-ds/collection/preparer.ts';
import { submitCard, type CardSubmit } from './submit.ts';

const config: FrameConfig = {
  sessionId: 'ses_1',
  account: 'demo',
  locale: 'pt-BR',
  messages: {},
  appearance: {},
  mode: 'card',
  showSaveCard: false,
};
const card = {
  cardNumber: '4000000000002701',
  expirationMonth: 1,
  expirationYear: 2029,
  cvv: '123',
  cardHolderName: 'Ana Souza',
};

/** A preparer whose setups all end in `prepared` (the account's 3DS off by default). */
function preparing(prepared: Preparation = { ok: true, value: undefined }) {
  const ready = () => Promise.resolve(prepared);
  return { take: vi.fn(ready), prepare: vi.fn(ready), forget: vi.fn() };
}
const withCode = (code: string) => {
  const preparer = preparing({ ok: true, value: code });
  return { preparer, overrides: { preparer: () => Promise.resolve(preparer) } };
};
const storedConfig: FrameConfig = {
  ...config,
  mode: 'cvv',
  storedCard: { token: 'tok_s', brand: 'Visa', last4: '2701' },
};

function submit(overrides: Partial<CardSubmit> = {}, fields: Partial<CardSubmit['fields']> = {}): CardSubmit {
  return {
    config,
    client: serviceClient({ origin: 'http://127.0.0.1:4174', account: 'demo' }),
    fields: {
      validateAll: () => true,
      readCard: () => card,
      readCvv: () => ({ cvv: '123' }),
      readChoices: () => ({}),
      saveCard: false,
      ...fields,
    },
    preparer: () => Promise.resolve(preparing()),
    authenticationReader: () => Promise.resolve(decodeAuthentication),
    ...overrides,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the card frame’s submit', () => {
  it.each([
    ['the fields are invalid', submit({}, { validateAll: () => false })],
    ['the card cannot be read after validation', submit({}, { readCard: () => undefined })],
    [
      'the security code cannot be read after validation',
      submit(
        { config: { ...config, mode: 'cvv', storedCard: { token: 'tok_s', brand: 'Visa', last4: '2701' } } },
        { readCvv: () => undefined },
      ),
    ],
  ])('fails at once with validation_failed when %s', async (_case, run) => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const started = performance.now();
    expect(await submitCard(run, {})).toMatchObject({
      ok: false,
      error: { code: 'validation_failed', type: 'validation' },
    });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('ends with the setup’s failure, without Token/Generate', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const failed = failure('timeout', 'network', 'Late.');
    expect(await submitCard(submit({ preparer: () => Promise.resolve(preparing(failed)) }), {})).toBe(failed);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the setup’s code with Token/Generate and reads the 3DS block it answers with', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        Response.json({
          ...answer,
          authentication: SERVICE_Y,
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const result = await submitCard(submit(withCode('c1').overrides), { userAgent: 'test' });
    expect(result).toMatchObject({
      ok: true,
      value: { token: 'tok_1', authentication: { status: 'Y', eci: '05' } },
    });
    expect(result.ok && 'bin' in result.value).toBe(false);
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(init.body as string)).toMatchObject({
      authenticationInformation: { code: 'c1' },
      frontData: { userAgent: 'test' },
    });
  });

  it('refuses a Token/Generate answer without a readable 3DS block when 3DS ran', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json(answer)));
    const result = await submitCard(submit(withCode('c1').overrides), {});
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_response' } });
  });

  it('binds a stored card with its security code, keeping the page’s frontData', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(Response.json({ token: 'tok_s', bound: true, card: answer.card })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const stored = {
      ...config,
      mode: 'cvv' as const,
      storedCard: { token: 'tok_s', brand: 'Visa', last4: '2701' },
    };
    expect(await submitCard(submit({ config: stored }), { userAgent: 'test' })).toMatchObject({
      ok: true,
      value: { token: 'tok_s', singleUse: false, frontData: { userAgent: 'test' } },
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:4174/api/Token/Bind');
    expect(JSON.parse(init.body as string)).toEqual({ sessionId: 'ses_1', token: 'tok_s', cvv: '123' });
  });

  it('binds a stored card with the code of the setup made with its token, and reads the 3DS block', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        Response.json({ token: 'tok_s', bound: true, card: answer.card, authentication: SERVICE_Y }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { preparer, overrides } = withCode('c7');
    expect(
      await submitCard(submit({ ...overrides, config: storedConfig }), { userAgent: 'test' }),
    ).toMatchObject({ ok: true, value: { token: 'tok_s', authentication: { status: 'Y', eci: '05' } } });
    expect(preparer.prepare).toHaveBeenCalledWith({ token: 'tok_s' });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(init.body as string)).toEqual({
      sessionId: 'ses_1',
      token: 'tok_s',
      cvv: '123',
      authenticationInformation: { code: 'c7' },
      frontData: { userAgent: 'test' },
    });
    // Spent: the next bind runs a new setup.
    expect(preparer.forget).toHaveBeenCalledOnce();
  });

  it('keeps the setup after a wrong security code, which spends none, and forgets it after any other failure', async () => {
    const wrong = { error: { code: 'cvv_mismatch', message: 'Wrong.', details: { attemptsLeft: 4 } } };
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json(wrong, { status: 422 })));
    const kept = withCode('c7');
    expect(await submitCard(submit({ ...kept.overrides, config: storedConfig }), {})).toMatchObject({
      ok: false,
      error: { code: 'cvv_mismatch' },
    });
    expect(kept.preparer.forget).not.toHaveBeenCalled();
    const refused = { error: { code: 'authentication_invalid', message: 'Used.' } };
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json(refused, { status: 422 })));
    const spent = withCode('c7');
    expect(await submitCard(submit({ ...spent.overrides, config: storedConfig }), {})).toMatchObject({
      ok: false,
      error: { code: 'authentication_invalid' },
    });
    expect(spent.preparer.forget).toHaveBeenCalledOnce();
  });

  it('refuses a Token/Bind answer without a readable 3DS block when 3DS ran', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(Response.json({ token: 'tok_s', bound: true, card: answer.card })),
    );
    const result = await submitCard(submit({ ...withCode('c7').overrides, config: storedConfig }), {});
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_response' } });
  });

  it('hands back the shopper’s installments and tax id with the token, and sends neither to the service', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(Response.json(answer)));
    vi.stubGlobal('fetch', fetchMock);
    const choices = { installments: 6, document: '52998224725', documentType: 'CPF' } as const;
    expect(await submitCard(submit({}, { readChoices: () => choices }), {})).toMatchObject({
      ok: true,
      value: { token: 'tok_1', ...choices },
    });
    const body = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string;
    expect(body).not.toContain('52998224725');
    expect(body).not.toContain('installments');
    const stored = {
      ...config,
      mode: 'cvv' as const,
      storedCard: { token: 'tok_s', brand: 'Visa', last4: '2701' },
    };
    fetchMock.mockImplementation(() =>
      Promise.resolve(Response.json({ token: 'tok_s', bound: true, card: answer.card })),
    );
    expect(
      await submitCard(submit({ config: stored }, { readChoices: () => ({ installments: 3 }) }), {}),
    ).toMatchObject({ ok: true, value: { token: 'tok_s', installments: 3 } });
  });
});
