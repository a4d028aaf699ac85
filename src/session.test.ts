// The Checkout's session: a string at once, or a promise the card frame need not wait for.
import { describe, expect, it } from 'vitest';
import { Session } from './session.ts';

describe('Session', () => {
  it('knows a session given as a string at once', async () => {
    const session = new Session('ses_1');
    expect(session.current).toBe('ses_1');
    await expect(session.ready).resolves.toBe('ses_1');
  });

  it('knows a session given as a promise once it resolves, before anyone awaiting it runs', async () => {
    let resolve: (id: string) => void = () => undefined;
    const session = new Session(new Promise<string>((r) => (resolve = r)));
    expect(session.current).toBeUndefined();
    const seen = session.ready.then(() => session.current);
    resolve('ses_2');
    await expect(seen).resolves.toBe('ses_2');
  });

  it('rejects with session_unavailable when the promise rejects, the reason as cause', async () => {
    const reason = new Error('backend down');
    const session = new Session(Promise.reject(reason));
    await expect(session.ready).rejects.toMatchObject({
      code: 'session_unavailable',
      type: 'network',
      cause: reason,
    });
    expect(session.current).toBeUndefined();
  });

  it('rejects with invalid_option when the promise resolves to no session id', async () => {
    for (const value of ['', '  ', 'x'.repeat(129), 42])
      await expect(new Session(Promise.resolve(value as string)).ready).rejects.toMatchObject({
        code: 'invalid_option',
      });
  });

  it('lets a newer session win over one still on its way', async () => {
    let resolve: (id: string) => void = () => undefined;
    const session = new Session(new Promise<string>((r) => (resolve = r)));
    session.set('ses_new');
    resolve('ses_old');
    await new Promise((r) => setTimeout(r, 0));
    expect(session.current).toBe('ses_new');
    await expect(session.ready).resolves.toBe('ses_new');
  });
});
