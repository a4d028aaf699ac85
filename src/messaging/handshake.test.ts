import { describe, expect, it, vi } from 'vitest';
import { acceptFrame, connectToParent, createNonce, parentAllowed, readBoot } from './handshake.ts';
import { PROTOCOL_VERSION } from './protocol.ts';

const list = (...origins: string[]) =>
  ({
    length: origins.length,
    item: (i: number) => origins[i] ?? null,
    contains: (o: string) => origins.includes(o),
  }) as unknown as DOMStringList;

describe('createNonce', () => {
  it('gives 32 hex characters, different each time', () => {
    const a = createNonce();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(createNonce()).not.toBe(a);
  });
});

describe('readBoot', () => {
  it('reads nonce and parent origin from the fragment and removes the fragment', () => {
    window.history.replaceState(
      null,
      '',
      `/frames/card.html?account=demo#n=${'a'.repeat(32)}&o=${encodeURIComponent('http://127.0.0.1:4173')}`,
    );
    expect(readBoot(window)).toEqual({ nonce: 'a'.repeat(32), parentOrigin: 'http://127.0.0.1:4173' });
    expect(window.location.hash).toBe('');
    expect(window.location.search).toBe('?account=demo');
  });

  it('refuses a malformed nonce or a missing origin', () => {
    window.history.replaceState(null, '', '/frames/card.html#n=short&o=x');
    expect(readBoot(window)).toBeUndefined();
    window.history.replaceState(null, '', `/frames/card.html#n=${'a'.repeat(32)}`);
    expect(readBoot(window)).toBeUndefined();
  });
});

describe('parentAllowed', () => {
  const boot = { nonce: 'a'.repeat(32), parentOrigin: 'http://127.0.0.1:4173' };
  const allowed = ['http://127.0.0.1:4173'];

  it('allows an allowed parent that is the real ancestor', () => {
    expect(parentAllowed(boot, allowed, list('http://127.0.0.1:4173'))).toBe(true);
  });

  it('relies on frame-ancestors where the browser has no ancestorOrigins', () => {
    expect(parentAllowed(boot, allowed, undefined)).toBe(true);
  });

  it('refuses a claimed origin the account does not allow, even by prefix', () => {
    expect(
      parentAllowed({ ...boot, parentOrigin: 'http://127.0.0.1:4173.evil.test' }, allowed, undefined),
    ).toBe(false);
    expect(parentAllowed({ ...boot, parentOrigin: 'http://127.0.0.1:417' }, allowed, undefined)).toBe(false);
  });

  it('refuses when the real ancestor differs from the claimed parent', () => {
    expect(parentAllowed(boot, allowed, list('http://evil.test'))).toBe(false);
    expect(parentAllowed(boot, allowed, list())).toBe(false);
  });
});

describe('connectToParent', () => {
  const parentOrigin = 'http://127.0.0.1:4173';
  const boot = { nonce: 'b'.repeat(32), parentOrigin };

  /** A frame window whose parent notes what it is sent, and which the test sends messages to. */
  function frameWindow() {
    const said: unknown[] = [];
    const parent = {
      postMessage: (data: unknown, origin: string) => {
        expect(origin).toBe(parentOrigin);
        said.push(data);
      },
    };
    const listeners = new Set<(event: MessageEvent) => void>();
    const win = {
      parent,
      addEventListener: (_: string, listener: (event: MessageEvent) => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: (event: MessageEvent) => void) => listeners.delete(listener),
    } as unknown as Window;
    const send = (
      data: unknown,
      {
        origin = parentOrigin,
        source,
        ports = [],
      }: { origin?: string; source?: object; ports?: unknown[] } = {},
    ) => {
      for (const listener of [...listeners])
        listener({ data, origin, source: source ?? parent, ports } as unknown as MessageEvent);
    };
    return { win, said, send, listening: () => listeners.size };
  }
  const hello = { v: PROTOCOL_VERSION, type: 'svc:hello', nonce: boot.nonce };
  const ping = { v: PROTOCOL_VERSION, type: 'svc:ping', nonce: boot.nonce };

  it('says hello, again when its parent pings (a page that listened late), and takes the port of its connect', async () => {
    const { win, said, send, listening } = frameWindow();
    const connected = connectToParent(win, boot);
    expect(said).toEqual([hello]);
    // Only the parent, from its origin, with this frame's nonce.
    send(ping, { origin: 'http://evil.test' });
    send(ping, { source: {} });
    send({ ...ping, nonce: 'c'.repeat(32) });
    expect(said).toEqual([hello]);
    send(ping);
    expect(said).toEqual([hello, hello]);
    const { port1 } = new MessageChannel();
    send({ v: PROTOCOL_VERSION, type: 'svc:connect', nonce: boot.nonce }, { ports: [port1] });
    expect(await connected).toBe(port1);
    expect(listening()).toBe(0);
    send(ping);
    expect(said).toEqual([hello, hello]);
    port1.close();
  });

  it('waits for its connect however late it comes (a form mounted long after its HTML), answering pings', async () => {
    vi.useFakeTimers();
    const { win, said, send, listening } = frameWindow();
    let port: MessagePort | undefined;
    void connectToParent(win, boot).then((connected) => (port = connected));
    vi.advanceTimersByTime(120_000);
    await Promise.resolve();
    expect(port).toBeUndefined();
    expect(listening()).toBe(1);
    send(ping);
    expect(said).toEqual([hello, hello]);
    const { port1 } = new MessageChannel();
    send({ v: PROTOCOL_VERSION, type: 'svc:connect', nonce: boot.nonce }, { ports: [port1] });
    await vi.waitFor(() => {
      expect(port).toBe(port1);
    });
    vi.useRealTimers();
    port1.close();
  });
});

describe('acceptFrame', () => {
  const tokenOrigin = 'http://localhost:4174';
  const nonce = 'd'.repeat(32);

  /**
   * An iframe whose window notes what it is sent, with how often its document is read: `loaded` says
   * whether it shows the token host's document (cross-origin: none to read) or its first about:blank.
   */
  function iframe(loaded: boolean) {
    const sent: unknown[] = [];
    const frameWindow = {
      postMessage: (data: unknown, origin: string) => {
        expect(origin).toBe(tokenOrigin);
        sent.push(data);
      },
    };
    const frame = document.createElement('iframe');
    const read = vi.spyOn(frame, 'contentDocument', 'get').mockReturnValue(loaded ? null : document);
    vi.spyOn(frame, 'contentWindow', 'get').mockReturnValue(frameWindow as unknown as Window);
    return { frame, sent, read };
  }

  it('never reads the document of a frame it made, nor pings it: that frame says hello once it runs', () => {
    // On a frame still on its first about:blank, reading the document has the browser set up a window
    // for it: 10 to 30 ms of the page's main thread at every mount.
    const { frame, sent, read } = iframe(false);
    const handshake = acceptFrame(window, frame, tokenOrigin, nonce);
    expect(read).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
    handshake.cancel();
  });

  it('pings a frame from the page’s HTML that is up already, which may have said hello before', () => {
    const { frame, sent } = iframe(true);
    const handshake = acceptFrame(window, frame, tokenOrigin, nonce, undefined, true);
    expect(sent).toEqual([{ v: PROTOCOL_VERSION, type: 'svc:ping', nonce }]);
    handshake.cancel();
  });

  it('does not ping a frame from the page’s HTML still on its first about:blank (the page’s own origin)', () => {
    const { frame, sent } = iframe(false);
    const handshake = acceptFrame(window, frame, tokenOrigin, nonce, undefined, true);
    expect(sent).toEqual([]);
    handshake.cancel();
  });
});
