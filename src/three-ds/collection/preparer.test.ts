import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serviceClient } from '../../api/service.ts';
import type { ThreeDsStep } from '../model.ts';
import { COLLECTION_TIMEOUT_MS } from './device-data-collection.ts';
import { PROVIDER, answerCollection, setupEnabled, stubCollectionFrame } from '../../test-fixtures.ts';
import { createPreparer } from './preparer.ts';

const VISA = '4000000000002701';
const OTHER_BIN = '5200000000002235';

let setups: string[];
let steps: ThreeDsStep[];
/** The token host's answer to the nth setup: a body, or an Error for a failed fetch. */
let answer: (n: number) => object;

/** The frame's real client, over a fetch that records each setup and answers as `answer` says. */
const client = serviceClient({ origin: 'http://127.0.0.1:4174', account: 'demo' });
function fakeFetch(url: string, init: RequestInit): Promise<Response> {
  expect(url).toBe('http://127.0.0.1:4174/api/ThreeDS/Setup');
  const body = JSON.parse(init.body as string) as { sessionId: string; bin?: string; token?: string };
  expect(body.sessionId).toBe('ses-1');
  expect(Object.keys(body)).toHaveLength(2);
  setups.push(body.bin ?? `token ${String(body.token)}`);
  const reply = answer(setups.length);
  return reply instanceof Error ? Promise.reject(reply) : Promise.resolve(Response.json(reply));
}
const enabled = setupEnabled;

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  stubCollectionFrame();
  setups = [];
  steps = [];
  answer = enabled;
  // The token host says the account runs 3DS, as it does for the demo account.
  document.head.innerHTML = '<meta name="svc-3ds" content="on" />';
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

const preparer = () =>
  createPreparer(window, client, 'ses-1', (step) => {
    steps.push(step);
  });

describe('the card frame’s 3DS preparation', () => {
  it.each(['off', ''])(
    'sends the number to no 3DS call when the token host says 3DS is %j for the account',
    async (value) => {
      document.head.innerHTML = `<meta name="svc-3ds" content="${value}" />`;
      const tds = preparer();
      expect(await tds.prepare(VISA)).toEqual({ ok: true, value: undefined });
      expect(await tds.take(VISA)).toEqual({ ok: true, value: undefined });
      expect(setups).toEqual([]);
      expect(steps).toEqual([]);
      expect(document.querySelector('iframe')).toBeNull();
    },
  );

  it('runs one setup and collection per BIN, and submits with its code once the collection answers', async () => {
    const tds = preparer();
    const first = tds.prepare(VISA);
    // Another digit of the same card: same BIN, same attempt.
    expect(tds.prepare(`${VISA.slice(0, 15)}9`)).toBe(first);
    await flush();
    expect(steps).toEqual(['collection-started']);
    const form = document.querySelector('form');
    expect(form?.action).toBe(`${PROVIDER}/ddc`);
    expect(new FormData(form ?? undefined).get('Bin')).toBe('40000000');
    answerCollection('ref-1');
    expect(await first).toEqual({ ok: true, value: 'code-1' });
    expect(steps).toEqual(['collection-started', 'collection-finished']);
    // Only the BIN: the number goes to Token/Generate alone.
    expect(setups).toEqual([VISA.slice(0, 8)]);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('prepares a stored card by its token, with no BIN in the collection, until the code is spent', async () => {
    const tds = preparer();
    const first = tds.prepare({ token: 'tok_s' });
    expect(tds.prepare({ token: 'tok_s' })).toBe(first);
    await flush();
    const form = document.querySelector('form');
    expect(form?.action).toBe(`${PROVIDER}/ddc`);
    expect([...new FormData(form ?? undefined).keys()]).toEqual(['JWT']);
    answerCollection('ref-1');
    expect(await first).toEqual({ ok: true, value: 'code-1' });
    // A wrong CVV spends no setup: the retry binds with the same code.
    expect(await tds.prepare({ token: 'tok_s' })).toEqual({ ok: true, value: 'code-1' });
    tds.forget();
    const second = tds.prepare({ token: 'tok_s' });
    await flush();
    answerCollection('ref-2');
    expect(await second).toEqual({ ok: true, value: 'code-2' });
    expect(setups).toEqual(['token tok_s', 'token tok_s']);
  });

  it('drops an attempt when the BIN changes, ignoring its late answer', async () => {
    const tds = preparer();
    void tds.prepare(VISA);
    await flush();
    tds.keepOnly('52000000');
    const second = tds.prepare(OTHER_BIN);
    await flush();
    answerCollection('ref-1'); // stale: the first BIN's collection
    await vi.advanceTimersByTimeAsync(1000);
    let settled = false;
    void second.then(() => (settled = true));
    await flush();
    expect(settled).toBe(false);
    answerCollection('ref-2');
    expect(await second).toEqual({ ok: true, value: 'code-2' });
    expect(setups).toEqual([VISA.slice(0, 8), OTHER_BIN.slice(0, 8)]);
  });

  it('starts no collection for a setup that answers after its BIN changed', async () => {
    let release: (value: Response) => void = () => undefined;
    vi.stubGlobal('fetch', () => new Promise((resolve) => (release = resolve)));
    const tds = preparer();
    const first = tds.prepare(VISA);
    tds.keepOnly(undefined);
    release(Response.json(enabled(1)));
    expect(await first).toEqual({ ok: true, value: undefined });
    expect(document.querySelector('iframe')).toBeNull();
    expect(steps).toEqual([]);
  });

  it('goes on without the collection at 10 s, not before', async () => {
    const tds = preparer();
    let result: unknown;
    void tds.prepare(VISA).then((r) => (result = r));
    await flush();
    await vi.advanceTimersByTimeAsync(COLLECTION_TIMEOUT_MS - 1);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toEqual({ ok: true, value: 'code-1' });
    expect(steps).toEqual(['collection-started', 'collection-timed-out']);
  });

  it('goes on as soon as the collection answers, at 7 s', async () => {
    const start = Date.now();
    const tds = preparer();
    let result: unknown;
    void tds.prepare(VISA).then((r) => (result = r));
    await flush();
    await vi.advanceTimersByTimeAsync(6_999);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    answerCollection('ref-1');
    await flush();
    expect(result).toEqual({ ok: true, value: 'code-1' });
    expect(Date.now() - start).toBe(7_000);
  });

  it('ignores a well-formed profile.completed from another origin', async () => {
    const tds = preparer();
    let result: unknown;
    void tds.prepare(VISA).then((r) => (result = r));
    await flush();
    answerCollection('ref-1', 'http://127.0.0.1:4173');
    await flush();
    expect(result).toBeUndefined();
    answerCollection('ref-1');
    await flush();
    expect(result).toEqual({ ok: true, value: 'code-1' });
  });

  it('has nothing to do when the account has 3DS off', async () => {
    answer = () => ({ enabled: false });
    expect(await preparer().prepare(VISA)).toEqual({ ok: true, value: undefined });
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('reports a failed setup as its error, and tries again on the next submit', async () => {
    answer = (n) => (n === 1 ? new TypeError('Failed to fetch') : enabled(n));
    const tds = preparer();
    expect(await tds.take(VISA)).toMatchObject({
      ok: false,
      error: { code: 'network_error', type: 'network' },
    });
    const retry = tds.take(VISA);
    await flush();
    answerCollection('ref-2');
    expect(await retry).toEqual({ ok: true, value: 'code-2' });
  });

  it('refuses a malformed setup answer', async () => {
    answer = () => ({ enabled: true, code: 'c', referenceId: 'r' });
    expect(await preparer().take(VISA)).toMatchObject({ ok: false, error: { code: 'invalid_response' } });
    answer = () => ({ ...enabled(1), deviceDataCollectionUrl: 'javascript:x' });
    expect(await preparer().take(VISA)).toMatchObject({ ok: false, error: { code: 'invalid_response' } });
  });

  it('spends a setup on submit: the next submit runs a new one', async () => {
    const tds = preparer();
    const first = tds.take(VISA);
    await flush();
    answerCollection('ref-1');
    expect(await first).toEqual({ ok: true, value: 'code-1' });
    const second = tds.take(VISA);
    await flush();
    answerCollection('ref-2');
    expect(await second).toEqual({ ok: true, value: 'code-2' });
    expect(setups).toHaveLength(2);
  });
});
