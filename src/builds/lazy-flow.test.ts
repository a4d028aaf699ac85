// A full build's flow as the Checkout holds it: loaded once, at its first call; a failed load is a
// failure the next call retries; a session that never came is a failure, a bug stays a rejection.
import { describe, expect, it, vi } from 'vitest';
import { CheckoutError } from '../errors.ts';
import type { Failure } from '../types.ts';
import { LazyFlow } from './lazy-flow.ts';

const flow = { name: 'the flow' };

describe('LazyFlow', () => {
  it('loads the flow at the first call only, and keeps it for the next ones', async () => {
    const load = vi.fn(() => Promise.resolve(flow));
    const lazy = new LazyFlow(load);
    expect(lazy.loaded).toBeUndefined();
    expect(load).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([
      lazy.call((f) => Promise.resolve(`a: ${f.name}`)),
      lazy.call((f) => Promise.resolve(`b: ${f.name}`)),
    ]);
    expect([a, b]).toEqual(['a: the flow', 'b: the flow']);
    expect(await lazy.call((f) => Promise.resolve(f))).toBe(flow);
    expect(load).toHaveBeenCalledOnce();
    expect(await lazy.loaded).toBe(flow);
  });

  it('fails a call whose flow could not load with network_error, tells notLoaded, and loads again at the next call', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const load = vi.fn().mockRejectedValueOnce(cause).mockResolvedValueOnce(flow);
    const lazy = new LazyFlow<typeof flow>(load);
    const run = vi.fn(() => Promise.resolve('ran'));
    const heard: Failure[] = [];
    const failed = await lazy.call(run, (failure) => heard.push(failure));
    expect(failed).toMatchObject({ ok: false, error: { code: 'network_error', type: 'network' } });
    const { error } = failed as Failure;
    expect(error.message).toMatch(/^This method could not be loaded\./);
    expect(error.cause).toBe(cause);
    expect(heard).toEqual([failed]);
    expect(run).not.toHaveBeenCalled();
    expect(lazy.loaded).toBeUndefined();
    expect(await lazy.call(run, (failure) => heard.push(failure))).toBe('ran');
    expect(heard).toHaveLength(1);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('passes a CheckoutError of the load on as it is (full_build_required in the essentials build)', async () => {
    const error = new CheckoutError('full_build_required', 'configuration', 'pay() is in the full build.');
    const lazy = new LazyFlow(() => Promise.reject(error));
    expect(await lazy.call(() => Promise.resolve('ran'))).toEqual({ ok: false, error });
  });

  it('resolves a CheckoutError the flow throws (a session that never came) as a failure, and rejects with any other error', async () => {
    const lazy = new LazyFlow(() => Promise.resolve(flow));
    const error = new CheckoutError('session_unavailable', 'network', 'The sessionId promise rejected.');
    const heard = vi.fn();
    expect(await lazy.call(() => Promise.reject(error), heard)).toEqual({ ok: false, error });
    expect(heard).not.toHaveBeenCalled();
    const bug = new TypeError('a bug');
    await expect(lazy.call(() => Promise.reject(bug))).rejects.toBe(bug);
  });
});
