// Both halves of the handshake. The frame says hello to the exact parent origin; the host accepts it
// only from the token origin, from its own iframe's window, with the nonce it generated, and answers
// with a MessagePort. After that the window listeners are gone and everything uses the port. A frame
// that loaded before the host listened (one in the page's HTML: cardFormHtml()) says hello again when
// the host pings it.

import { decodeConnect, decodeHello, decodePing } from './decode.ts';
import {
  PROTOCOL_VERSION,
  type ConnectMessage,
  type FrameRefusal,
  type HelloMessage,
  type PingMessage,
} from './protocol.ts';

/** 128 bits from the platform's CSPRNG, hex. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface HostHandshake {
  /** Resolves with the host's end of the port once the right frame said hello. */
  port: Promise<MessagePort>;
  cancel(): void;
}

/**
 * Host side: waits for the frame's hello, then hands it port2 of a new channel. A hello from the token
 * host's refusal document goes to `onRefused` instead, and the port never comes. `fromHtml`: the frame
 * came with the page's HTML (cardFormHtml()), so it may have said hello before this listener.
 */
export function acceptFrame(
  win: Window,
  frame: HTMLIFrameElement,
  tokenOrigin: string,
  nonce: string,
  onRefused: (refusal: FrameRefusal) => void = () => undefined,
  fromHtml = false,
): HostHandshake {
  let onMessage: (event: MessageEvent) => void = () => undefined;
  const port = new Promise<MessagePort>((resolve) => {
    onMessage = (event: MessageEvent) => {
      const source = frame.contentWindow;
      if (source === null) return;
      // The event is what the browser delivered: its origin, source and data.
      const hello = decodeHello(event, { origin: tokenOrigin, source, nonce });
      if (hello === undefined) return;
      win.removeEventListener('message', onMessage);
      if (hello.refused !== undefined) {
        onRefused(hello.refused);
        return;
      }
      const channel = new MessageChannel();
      const connect: ConnectMessage = { v: PROTOCOL_VERSION, type: 'svc:connect', nonce };
      source.postMessage(connect, tokenOrigin, [channel.port2]);
      resolve(channel.port1);
    };
    win.addEventListener('message', onMessage);
    // A frame from the page's HTML that is up already said hello before this listener: ask again. Not
    // one still on its first about:blank, which is this page's (the browser would warn of the origin):
    // that one says hello once its document runs. Only such a frame is looked at: on a frame still on
    // its first about:blank, reading its document has the browser set up a window for it, 10 to 30 ms
    // of the page's main thread; a frame made just now says hello to this listener anyway.
    const ping: PingMessage = { v: PROTOCOL_VERSION, type: 'svc:ping', nonce };
    if (fromHtml && frame.contentDocument === null) frame.contentWindow?.postMessage(ping, tokenOrigin);
  });
  return {
    port,
    cancel: () => {
      win.removeEventListener('message', onMessage);
    },
  };
}

export interface FrameBoot {
  nonce: string;
  parentOrigin: string;
}

/**
 * Host side: a frame's URL on the token host, with its boot in the fragment (what readBoot() reads):
 * the page's nonce and origin. Made by the card form, and by cardFormHtml() on the merchant's server.
 */
export function frameUrl(
  tokenOrigin: string,
  path: string,
  query: Readonly<Record<string, string>>,
  nonce: string,
  parentOrigin = window.location.origin,
): string {
  const fragment = new URLSearchParams({ n: nonce, o: parentOrigin });
  return `${tokenOrigin}${path}?${new URLSearchParams(query).toString()}#${fragment.toString()}`;
}

/** Frame side: the nonce and parent origin from the fragment, which is then removed from the URL. */
export function readBoot(win: Window): FrameBoot | undefined {
  const params = new URLSearchParams(win.location.hash.slice(1));
  const nonce = params.get('n');
  const parentOrigin = params.get('o');
  win.history.replaceState(null, '', win.location.pathname + win.location.search);
  if (nonce === null || !/^[0-9a-f]{32}$/.test(nonce) || parentOrigin === null) return undefined;
  return { nonce, parentOrigin };
}

/**
 * Whether the frame may run under this parent: the claimed parent origin must be allowed for the
 * account, and where the browser tells the real ancestors (ancestorOrigins), it must be the real one.
 * Browsers without ancestorOrigins rely on the CSP frame-ancestors the token host sends.
 */
export function parentAllowed(
  boot: FrameBoot,
  allowedOrigins: readonly string[],
  ancestorOrigins: DOMStringList | undefined,
): boolean {
  if (!allowedOrigins.includes(boot.parentOrigin)) return false;
  if (ancestorOrigins === undefined) return true;
  return ancestorOrigins.length > 0 && ancestorOrigins.item(0) === boot.parentOrigin;
}

/**
 * Frame side: says `hello` to the parent, and again each time the parent pings (a host that listened
 * only after the frame had loaded). Returns what stops the answers.
 */
export function greet(win: Window, boot: FrameBoot, hello: HelloMessage): () => void {
  const say = () => {
    win.parent.postMessage(hello, boot.parentOrigin);
  };
  const onPing = (event: MessageEvent) => {
    const delivered = { origin: event.origin, source: event.source, data: event.data as unknown };
    if (decodePing(delivered, { origin: boot.parentOrigin, source: win.parent, nonce: boot.nonce })) say();
  };
  say();
  win.addEventListener('message', onPing);
  return () => {
    win.removeEventListener('message', onPing);
  };
}

/**
 * Frame side: says hello to the parent, again each time it pings (a page that listened only after the
 * frame had loaded: cardFormHtml()), and waits for its port, however long the page takes to mount the
 * form (startFrame() tells the shopper meanwhile when it is long).
 */
export function connectToParent(win: Window, boot: FrameBoot): Promise<MessagePort> {
  return new Promise((resolve) => {
    const expected = { origin: boot.parentOrigin, source: win.parent, nonce: boot.nonce };
    const hello: HelloMessage = { v: PROTOCOL_VERSION, type: 'svc:hello', nonce: boot.nonce };
    const say = () => {
      win.parent.postMessage(hello, boot.parentOrigin);
    };
    const onMessage = (event: MessageEvent) => {
      const delivered = {
        origin: event.origin,
        source: event.source,
        data: event.data as unknown,
        ports: event.ports,
      };
      if (decodePing(delivered, expected)) say();
      if (decodeConnect(delivered, expected) === undefined) return;
      win.removeEventListener('message', onMessage);
      const port = event.ports[0];
      if (port === undefined) return;
      resolve(port);
    };
    win.addEventListener('message', onMessage);
    say();
  });
}
