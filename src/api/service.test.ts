// The service client on its own: what it sends, and how every kind of answer and failure becomes a
// value (the fault matrix in e2e runs the same against the sandbox in real browsers).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES } from '../errors.ts';
import { GENERATE_ANSWER, TOKENIZED, fetchUntilAborted } from '../test-fixtures.ts';
import { REQUEST_TIMEOUT_MS, bindToken, generateToken, linkSignals, serviceClient } from './service.ts';

const target = { origin: 'http://127.0.0.1:4174', account: 'demo' };
const page = serviceClient(target, ERROR_CODES);
const frame = serviceClient(target);
const request = {
  sessionId: 'ses_1',
  card: {
    cardNumber: '4000000000002701',
    expirationMonth: 1,
    expirationYear: 2029,
    cvv: '123',
    singleUse: true,
  },
  frontData: { userAgent: 'test' },
};

function answer(response: () => Promise<Response>) {
  const fetchMock = vi.fn((_url: string, _init: RequestInit) => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const json = (status: number, body: unknown) => () => Promise.resolve(Response.json(body, { status }));

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the service client', () => {
  it('posts JSON to the token host with the account, no cookies and no referrer', async () => {
    const fetchMock = answer(json(200, GENERATE_ANSWER));
    await generateToken(page, request);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('http://127.0.0.1:4174/api/Token/Generate');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
      headers: { 'content-type': 'application/json', 'x-service-account': 'demo' },
    });
    expect(JSON.parse(init?.body as string)).toEqual(request);
  });

  it('reads an answer field by field, leaving the BIN and anything unknown out', async () => {
    answer(json(200, { ...GENERATE_ANSWER, extra: 'x', card: { ...GENERATE_ANSWER.card, pan: '4000' } }));
    const reply = await generateToken(page, request);
    expect(reply).toEqual({ ok: true, value: TOKENIZED });
  });

  it.each([
    ['a body it cannot read', 'invalid_response', 'service', json(200, { token: 1 })],
    ['a 200 that is not JSON', 'invalid_response', 'service', () => Promise.resolve(new Response('<html>'))],
    [
      'a 502 that is not JSON',
      'service_unavailable',
      'service',
      () => Promise.resolve(new Response('Bad gateway', { status: 502 })),
    ],
    ['a 500 with a code', 'service_unavailable', 'service', json(500, { error: { code: 'internal_error' } })],
    // The type follows the 5xx, not the body's code: a retry, not a setup problem to fix.
    [
      'a 503 naming a session code',
      'service_unavailable',
      'service',
      json(503, { error: { code: 'session_expired' } }),
    ],
    [
      'a refusal with its code',
      'card_expired',
      'validation',
      json(422, { error: { code: 'card_expired', message: 'Expired.' } }),
    ],
    ['a refusal without a code', 'service_error', 'service', json(400, {})],
    ['a failed fetch', 'network_error', 'network', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('turns %s into %s', async (_case, code, type, response) => {
    answer(response);
    expect(await generateToken(page, request)).toMatchObject({ ok: false, error: { code, type } });
  });

  it('removes card numbers from the service’s messages and cuts them to 300 characters', async () => {
    answer(
      json(422, {
        error: { code: 'card_number_invalid', message: `Bad 4000 0000 0000 2701 ${'x'.repeat(400)}` },
      }),
    );
    const reply = await generateToken(page, request);
    expect(reply.ok).toBe(false);
    if (reply.ok) return;
    expect(reply.error.message).not.toMatch(/4000 0000/);
    expect(reply.error.message).toContain('[redacted]');
    expect(reply.error.message.length).toBeLessThan(400);
  });

  it('keeps an unknown code as service_error on the page, and passes it on from a frame', async () => {
    answer(json(409, { error: { code: 'brand_new_rule', message: 'New.' } }));
    expect(await generateToken(page, request)).toMatchObject({
      ok: false,
      error: { code: 'service_error', cause: { status: 409, code: 'brand_new_rule' } },
    });
    expect(await generateToken(frame, request)).toMatchObject({
      ok: false,
      error: { code: 'brand_new_rule' },
    });
  });

  it('gives up after 20 s with timeout, and stops at the caller’s signal with aborted', async () => {
    const timeouts: AbortController[] = [];
    vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms) => {
      expect(ms).toBe(REQUEST_TIMEOUT_MS);
      const controller = new AbortController();
      timeouts.push(controller);
      return controller.signal;
    });
    vi.stubGlobal('fetch', fetchUntilAborted);
    const late = generateToken(page, request);
    timeouts[0]?.abort(new DOMException('Timed out', 'TimeoutError'));
    expect(await late).toMatchObject({ ok: false, error: { code: 'timeout', type: 'network' } });
    const controller = new AbortController();
    const stopped = generateToken(page, request, undefined, controller.signal);
    controller.abort();
    expect(await stopped).toMatchObject({ ok: false, error: { code: 'aborted', type: 'cancelled' } });
  });

  it('binds a stored token only on an answer that says it is bound', async () => {
    const bind = { sessionId: 'ses_1', token: 'tok_s', cvv: '123' };
    answer(json(200, { token: 'tok_s', bound: false, card: GENERATE_ANSWER.card }));
    expect(await bindToken(frame, bind, {})).toMatchObject({
      ok: false,
      error: { code: 'invalid_response' },
    });
  });
});

describe('linkSignals', () => {
  it('aborts with the first reason, and lets go of its sources once unlinked', () => {
    const [a, b] = [new AbortController(), new AbortController()];
    const linked = linkSignals(a.signal, undefined, b.signal);
    b.abort('b first');
    expect(linked.signal.aborted).toBe(true);
    expect(linked.signal.reason).toBe('b first');
    const later = new AbortController();
    const unlinked = linkSignals(later.signal);
    unlinked.unlink();
    later.abort();
    expect(unlinked.signal.aborted).toBe(false);
    const already = new AbortController();
    already.abort('gone');
    expect(linkSignals(already.signal).signal.reason).toBe('gone');
  });
});
