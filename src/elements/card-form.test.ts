// <svc-card-form> on its own: the handshake with its frame, the frame's messages turned into the
// public events and submit outcomes, and what it does when the frame goes quiet or the element goes.
// The frame is a stand-in window on the other end of the real MessagePort the element hands it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineElements } from '../define.ts';
import { CheckoutError } from '../errors.ts';
import { PROTOCOL_VERSION, type FrameToHost, type HostToFrame } from '../messaging/protocol.ts';
import { TOKENIZED, VERDICT_Y } from '../test-fixtures.ts';
import type { CardFormState } from '../types.ts';
import { Checkout } from '../checkout.ts';
import { FRAME_HELLO_GRACE_MS, FRAME_READY_TIMEOUT_MS, type SvcCardForm } from './card-form.ts';

// happy-dom has no ElementInternals; the card form only needs the object to exist here.
if (!('attachInternals' in HTMLElement.prototype)) {
  Object.defineProperty(HTMLElement.prototype, 'attachInternals', { value: () => ({}) });
}

const TOKEN_ORIGIN = 'http://127.0.0.1:4174';
const state: CardFormState = {
  brand: 'visa',
  complete: false,
  fields: {
    number: { empty: false, complete: true, valid: true, error: undefined },
    expiry: { empty: true, complete: false, valid: false, error: undefined },
    cvc: { empty: true, complete: false, valid: false, error: undefined },
    holder: { empty: true, complete: false, valid: false, error: undefined },
    document: { empty: true, complete: true, valid: true, error: undefined },
  },
};

/** The frame's end: the port the element handed over, and what came through it. */
interface FakeFrame {
  window: { postMessage: (data: unknown, origin: string, ports?: MessagePort[]) => void };
  port: MessagePort | undefined;
  pings: unknown[];
  received: HostToFrame[];
  send(message: FrameToHost | Record<string, unknown>): void;
}

let frame: FakeFrame;
let submitRequests: number;

beforeEach(() => {
  frame = {
    port: undefined,
    pings: [],
    received: [],
    window: {
      postMessage: (data, origin, ports = []) => {
        expect(origin).toBe(TOKEN_ORIGIN);
        // A ping ("say hello again") has no port.
        if (ports.length === 0) {
          frame.pings.push(data);
          return;
        }
        frame.port = ports[0];
        if (frame.port !== undefined) {
          frame.port.onmessage = (event: MessageEvent) => frame.received.push(event.data as HostToFrame);
        }
      },
    },
    send(message) {
      frame.port?.postMessage(message);
    },
  };
  vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockReturnValue(
    frame.window as unknown as Window,
  );
  submitRequests = 0;
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  frame.port?.close();
  document.body.replaceChildren();
});

async function mounted(session?: Promise<string>): Promise<SvcCardForm> {
  defineElements();
  const form = document.createElement('svc-card-form');
  form.setup({
    tokenOrigin: TOKEN_ORIGIN,
    ...(session === undefined ? {} : { session }),
    config: {
      sessionId: session === undefined ? 'ses_1' : '',
      account: 'demo',
      locale: 'en',
      messages: { formUnavailable: 'The payment form is unavailable right now.', frameTitle: 'Card details' },
      appearance: {},
      mode: 'card',
      showSaveCard: false,
    },
    onSubmitRequest: () => {
      submitRequests += 1;
    },
  });
  document.body.append(form);
  await vi.waitFor(() => {
    expect(form.shadowRoot?.querySelector('iframe')).not.toBeNull();
  });
  return form;
}

function hello(form: SvcCardForm, origin = TOKEN_ORIGIN, extra: Record<string, unknown> = {}) {
  const src = form.shadowRoot?.querySelector('iframe')?.getAttribute('src') ?? '';
  const nonce = new URLSearchParams(src.split('#')[1]).get('n');
  window.dispatchEvent(
    new MessageEvent('message', {
      origin,
      source: frame.window as unknown as MessageEventSource,
      data: { v: PROTOCOL_VERSION, type: 'svc:hello', nonce, ...extra },
    }),
  );
}

async function connected(): Promise<SvcCardForm> {
  const form = await mounted();
  hello(form);
  await vi.waitFor(() => {
    expect(frame.received.map((m) => m.type)).toEqual(['configure']);
  });
  return form;
}

describe('<svc-card-form>', () => {
  it('frames the token host’s card document with the nonce and its own origin in the fragment', async () => {
    const form = await mounted();
    const src = new URL(form.shadowRoot?.querySelector('iframe')?.src ?? '');
    expect(src.origin).toBe(TOKEN_ORIGIN);
    expect(src.pathname).toMatch(/^\/frames\/[^/]+\/card\.html$/);
    expect(src.searchParams.get('account')).toBe('demo');
    const fragment = new URLSearchParams(src.hash.slice(1));
    expect(fragment.get('n')).toMatch(/^[0-9a-f]{32}$/);
    expect(fragment.get('o')).toBe(window.location.origin);
  });

  it('neither pings the frame it made nor reads its document: that frame says hello once it runs', async () => {
    // Reading the document of a frame still on its first about:blank has the browser set up a window
    // for it, 10 to 30 ms of the page's main thread. Only a frame from the page's HTML, which may have
    // said hello before the form listened, is pinged (handshake.test.ts, e2e/lifecycle.spec.ts).
    const read = vi.spyOn(HTMLIFrameElement.prototype, 'contentDocument', 'get');
    const form = await mounted();
    expect(read).not.toHaveBeenCalled();
    expect(frame.pings).toEqual([]);
    hello(form);
    await vi.waitFor(() => {
      expect(frame.received.map((m) => m.type)).toEqual(['configure']);
    });
  });

  it('connects only to its frame from the token origin, then configures it on the port', async () => {
    const form = await mounted();
    hello(form, 'http://127.0.0.1:4173');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(frame.port).toBeUndefined();
    hello(form);
    await vi.waitFor(() => {
      expect(frame.received).toHaveLength(1);
    });
    expect(frame.received[0]).toMatchObject({
      type: 'configure',
      config: { sessionId: 'ses_1', mode: 'card' },
    });
  });

  /** A form mounted with its session on the way, its frame connected: `resolve` hands the session over. */
  const framedBeforeSession = async () => {
    let resolve: (id: string) => void = () => undefined;
    const form = await mounted(new Promise<string>((r) => (resolve = r)));
    hello(form);
    await vi.waitFor(() => {
      expect(frame.port).toBeDefined();
    });
    return { form, resolve };
  };

  it('with the session on its way, frames the token host at once and configures it when the session comes', async () => {
    const { resolve } = await framedBeforeSession();
    await new Promise((r) => setTimeout(r, 20));
    expect(frame.received).toEqual([]);
    resolve('ses_later');
    await vi.waitFor(() => {
      expect(frame.received).toHaveLength(1);
    });
    expect(frame.received[0]).toMatchObject({ type: 'configure', config: { sessionId: 'ses_later' } });
  });

  it('takes a session given by updateSession while the first was on its way', async () => {
    const { form, resolve } = await framedBeforeSession();
    form.updateSession('ses_newer');
    resolve('ses_older');
    await vi.waitFor(() => {
      expect(frame.received.map((m) => m.type)).toContain('configure');
    });
    expect(frame.received.find((m) => m.type === 'configure')).toMatchObject({
      config: { sessionId: 'ses_newer' },
    });
  });

  it('shows itself unavailable and tells the merchant when the session never comes', async () => {
    const failed = new Promise<string>((_, reject) => {
      setTimeout(() => {
        reject(new CheckoutError('session_unavailable', 'network', 'no session'));
      }, 10);
    });
    const form = await mounted(failed);
    const errors: string[] = [];
    form.addEventListener('svc-error', (event) => errors.push(event.error.code));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    hello(form);
    await vi.waitFor(() => {
      expect(errors).toEqual(['session_unavailable']);
    });
    expect(frame.received).toEqual([]);
    expect(form.shadowRoot?.textContent).toContain('The payment form is unavailable right now.');
  });

  it('turns the relayed field events into svc-* events, and Enter into a submit request', async () => {
    const form = await connected();
    const seen: string[] = [];
    for (const type of ['svc-ready', 'svc-change', 'svc-focus', 'svc-blur', 'svc-submit', 'svc-3ds'])
      form.addEventListener(type, (event) => seen.push(event.type));
    frame.send({ v: 1, type: 'ready' });
    frame.send({ v: 1, type: 'field', relay: { kind: 'focus', field: 'number' } });
    frame.send({ v: 1, type: 'field', relay: { kind: 'change', field: 'number', state } });
    frame.send({ v: 1, type: 'field', relay: { kind: 'blur', field: 'number' } });
    frame.send({ v: 1, type: '3ds', step: 'collection-started' });
    frame.send({ v: 1, type: 'field', relay: { kind: 'submit' } });
    frame.send({ v: 1, type: 'field', relay: { kind: 'change', field: 'number', state: { brand: 'x' } } });
    await vi.waitFor(() => {
      expect(seen).toEqual(['svc-ready', 'svc-focus', 'svc-change', 'svc-blur', 'svc-3ds', 'svc-submit']);
    });
    expect(form.ready).toBe(true);
    expect(form.state).toEqual(state);
    expect(submitRequests).toBe(1);
  });

  it('resolves a submit with the frame’s result or failure, matched by id', async () => {
    const form = await connected();
    frame.send({ v: 1, type: 'ready' });
    const first = form.submit({ userAgent: 'test' });
    await vi.waitFor(() => {
      expect(frame.received.at(-1)).toMatchObject({ type: 'submit', frontData: { userAgent: 'test' } });
    });
    const id = (frame.received.at(-1) as { id: number }).id;
    frame.send({ v: 1, type: 'result', id: id + 1, result: TOKENIZED });
    frame.send({ v: 1, type: 'result', id, result: { ...TOKENIZED, authentication: VERDICT_Y } });
    expect(await first).toEqual({ ok: true, value: { ...TOKENIZED, authentication: VERDICT_Y } });
    const second = form.submit({});
    await vi.waitFor(() => {
      expect(frame.received.filter((m) => m.type === 'submit')).toHaveLength(2);
    });
    const next = (frame.received.at(-1) as { id: number }).id;
    frame.send({
      v: 1,
      type: 'failure',
      id: next,
      error: { code: 'cvv_mismatch', type: 'validation', message: 'm' },
    });
    expect(await second).toMatchObject({ ok: false, error: { name: 'CheckoutError', code: 'cvv_mismatch' } });
  });

  it('reports frame_unavailable when the frame never connects, and a submit then fails as not_ready', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const form = await mounted();
    const errors: unknown[] = [];
    form.addEventListener('svc-error', (event) => errors.push(event.error));
    const submit = form.submit({});
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.advanceTimersByTime(FRAME_READY_TIMEOUT_MS);
    expect(errors).toMatchObject([{ code: 'frame_unavailable', type: 'configuration' }]);
    expect(await submit).toMatchObject({ ok: false, error: { code: 'not_ready' } });
  });

  describe('a frame that loads without saying hello (the token host elsewhere, or refused by the CSP)', () => {
    /** The iframe's load as the browser fires it for its error page, when nothing answered at the host. */
    const load = (form: SvcCardForm) =>
      form.shadowRoot?.querySelector('iframe')?.dispatchEvent(new Event('load'));

    it('fails within a second with frame_unavailable, naming the host and the tokenUrl option', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const form = await mounted();
      const errors: CheckoutError[] = [];
      form.addEventListener('svc-error', (event) => errors.push(event.error));
      const submit = form.submit({});
      load(form);
      vi.advanceTimersByTime(FRAME_HELLO_GRACE_MS - 1);
      expect(errors).toEqual([]);
      vi.advanceTimersByTime(1);
      const message = `The card frame did not load from ${TOKEN_ORIGIN}: set the tokenUrl option to your token host (and allow it in your CSP's frame-src).`;
      expect(errors).toMatchObject([{ code: 'frame_unavailable', type: 'configuration' }]);
      expect(errors[0]?.message).toContain(message);
      expect(FRAME_HELLO_GRACE_MS).toBeLessThanOrEqual(1_000);
      expect(await submit).toMatchObject({ ok: false, error: { code: 'not_ready' } });
      expect(form.shadowRoot?.querySelector('[role="alert"]')?.textContent).toBe(
        'The payment form is unavailable right now.',
      );
      expect(consoleError).toHaveBeenCalledWith(expect.stringContaining(`service-checkout: ${message}`));
      // The ready timeout says nothing more.
      vi.advanceTimersByTime(FRAME_READY_TIMEOUT_MS);
      expect(errors).toHaveLength(1);
    });

    it('names the default token host when the tokenUrl option is left out', () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const checkout = new Checkout({ sessionId: 'ses_1', account: 'demo', environment: 'sandbox' });
      const form = checkout.mountCardForm(document.body.appendChild(document.createElement('div')));
      const errors: CheckoutError[] = [];
      form.addEventListener('svc-error', (event) => errors.push(event.error));
      expect(form.shadowRoot?.querySelector('iframe')?.src).toMatch(/^http:\/\/localhost:4174\//);
      load(form);
      vi.advanceTimersByTime(FRAME_HELLO_GRACE_MS);
      expect(errors.map((error) => error.code)).toEqual(['frame_unavailable']);
      expect(errors[0]?.message).toMatch(/from http:\/\/localhost:4174: set the tokenUrl option/);
    });

    it('keeps a frame whose hello came before its load, or within the grace after it', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const form = await mounted();
      const errors: unknown[] = [];
      form.addEventListener('svc-error', (event) => errors.push(event.error));
      load(form);
      await vi.advanceTimersByTimeAsync(FRAME_HELLO_GRACE_MS / 2);
      hello(form);
      await vi.advanceTimersByTimeAsync(FRAME_HELLO_GRACE_MS);
      expect(frame.received.map((m) => m.type)).toEqual(['configure']);
      frame.send({ v: PROTOCOL_VERSION, type: 'ready' });
      await vi.advanceTimersByTimeAsync(FRAME_READY_TIMEOUT_MS);
      expect(errors).toEqual([]);
      expect(form.ready).toBe(true);
    });
  });

  it.each([
    ['unknown_account', /has no account "demo": check the account option/],
    ['origin_not_allowed', /does not allow pages of http:\/\/localhost:3000: add this origin/],
  ])(
    'fails at once with %s when the token host refuses, and shows the shopper the form is unavailable',
    async (refused, message) => {
      const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const form = await mounted();
      const errors: unknown[] = [];
      form.addEventListener('svc-error', (event) => errors.push(event.error));
      const submit = form.submit({});
      hello(form, TOKEN_ORIGIN, { refused });
      expect(errors).toMatchObject([{ code: refused, type: 'configuration', message }]);
      expect(await submit).toMatchObject({ ok: false, error: { code: 'not_ready' } });
      expect(form.shadowRoot?.querySelector('iframe')).toBeNull();
      expect(form.shadowRoot?.querySelector('[role="alert"]')?.textContent).toBe(
        'The payment form is unavailable right now.',
      );
      expect(consoleError).toHaveBeenCalledWith(expect.stringMatching(message));
      // No port was handed over, and the ready timeout reports nothing more.
      expect(frame.port).toBeUndefined();
    },
  );

  it('ignores a refusal that does not come from its frame', async () => {
    const form = await mounted();
    const errors: unknown[] = [];
    form.addEventListener('svc-error', (event) => errors.push(event.error));
    hello(form, 'http://localhost:3000', { refused: 'unknown_account' });
    expect(errors).toEqual([]);
    expect(form.shadowRoot?.querySelector('iframe')).not.toBeNull();
  });

  it('ends a pending submit as destroyed when it is removed, and closes the port', async () => {
    const form = await connected();
    frame.send({ v: 1, type: 'ready' });
    const pending = form.submit({});
    await vi.waitFor(() => {
      expect(frame.received.at(-1)?.type).toBe('submit');
    });
    form.remove();
    expect(await pending).toMatchObject({ ok: false, error: { code: 'destroyed', type: 'cancelled' } });
  });
});
