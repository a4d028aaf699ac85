import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COLLECTION_TIMEOUT_MS,
  DeviceDataCollection,
  type CollectionResult,
} from './device-data-collection.ts';
import { stubCollectionFrame } from '../../test-fixtures.ts';

const URL_ = 'http://127.0.0.1:4176/ddc';
const start = { url: URL_, jwt: 'header.payload.signature', bin: '40000000', referenceId: 'ref-1' };

beforeEach(() => {
  vi.useFakeTimers();
  stubCollectionFrame();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

function post(
  collection: DeviceDataCollection,
  data: unknown,
  origin = 'http://127.0.0.1:4176',
  source?: unknown,
) {
  const frame = document.querySelector('iframe');
  window.dispatchEvent(
    new MessageEvent('message', {
      data,
      origin,
      source: (source ?? frame?.contentWindow ?? null) as MessageEventSource | null,
    }),
  );
  return collection;
}

const completed = (referenceId = 'ref-1', status = true) =>
  JSON.stringify({ MessageType: 'profile.completed', SessionId: referenceId, Status: status });

async function settledAt(
  result: Promise<CollectionResult>,
): Promise<{ result: CollectionResult; at: number }> {
  const t0 = Date.now();
  const value = await result;
  return { result: value, at: Date.now() - t0 };
}

describe('DeviceDataCollection', () => {
  it('posts JWT and BIN to the collection page in a hidden iframe', () => {
    const submitted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this);
    });
    new DeviceDataCollection(window, start);
    const form = document.querySelector('form');
    const frame = document.querySelector('iframe');
    expect(form?.getAttribute('action')).toBe(URL_);
    expect(form?.method.toLowerCase()).toBe('post');
    expect(form?.target).toBe(frame?.name);
    expect(frame?.hidden).toBe(true);
    expect(Object.fromEntries(new FormData(form!))).toEqual({
      JWT: start.jwt,
      Bin: '40000000',
    });
    expect(submitted).toEqual([form]);
  });

  it('waits at most 10 s when the collection never answers, and not less', async () => {
    const collection = new DeviceDataCollection(window, start);
    let done = false;
    void collection.result.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(COLLECTION_TIMEOUT_MS - 1);
    expect(done).toBe(false);
    const settled = settledAt(collection.result);
    await vi.advanceTimersByTimeAsync(1);
    expect((await settled).result).toBe('timeout');
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('goes on as soon as the answer comes, at 7 s', async () => {
    const collection = new DeviceDataCollection(window, start);
    const settled = settledAt(collection.result);
    await vi.advanceTimersByTimeAsync(7_000);
    post(collection, completed());
    expect(await settled).toEqual({ result: 'completed', at: 7_000 });
  });

  it('treats a degraded answer as the end of collection, not an error', async () => {
    const collection = post(new DeviceDataCollection(window, start), completed('ref-1', false));
    expect(await collection.result).toBe('degraded');
  });

  it('ignores an answer for another referenceId, another origin or another window', async () => {
    const collection = new DeviceDataCollection(window, start);
    post(collection, completed('ref-old'));
    post(collection, completed(), 'http://127.0.0.1:4176.evil.test');
    post(collection, completed(), 'http://127.0.0.1:4176', window);
    await vi.advanceTimersByTimeAsync(COLLECTION_TIMEOUT_MS);
    expect(await collection.result).toBe('timeout');
  });

  it('can be cancelled when the BIN changes, and then ignores its answer', async () => {
    const collection = new DeviceDataCollection(window, start);
    collection.cancel();
    post(collection, completed());
    expect(await collection.result).toBe('cancelled');
    expect(document.querySelectorAll('iframe, form')).toHaveLength(0);
  });
});
