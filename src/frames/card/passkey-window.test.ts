// The card frame's side of the passkey window: which browsers need it, and what the frame takes from
// it (only the window it opened, only from the token host) and how each answer ends.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createsInFrame, passkeyWindow } from './passkey-window.ts';
import { passkeyError } from './passkey.ts';

const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const IOS_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1';
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const EDGE = `${CHROME} Edg/131.0.0.0`;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const ANDROID_WEBVIEW =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.0.0 Mobile Safari/537.36';

describe('createsInFrame', () => {
  it('sends Safari and every iOS browser to the window, and lets Chromium and Firefox create in the frame', () => {
    expect(createsInFrame(SAFARI)).toBe(false);
    expect(createsInFrame(IOS_CHROME)).toBe(false);
    expect(createsInFrame(CHROME)).toBe(true);
    expect(createsInFrame(EDGE)).toBe(true);
    expect(createsInFrame(FIREFOX)).toBe(true);
    expect(createsInFrame(ANDROID_WEBVIEW)).toBe(true);
  });
});

describe('passkeyWindow', () => {
  const origin = window.location.origin;
  let popup: { closed: boolean; postMessage: ReturnType<typeof vi.fn>; close: () => void };
  const request = {
    lang: 'pt-BR',
    text: { title: 'Criar', card: 'Visa •••• 1111', create: 'Criar', cancel: 'Cancelar' },
    options: { challenge: 'c1' },
  };
  const from = (data: unknown, source: unknown = popup, from = origin) => {
    window.dispatchEvent(new MessageEvent('message', { data, origin: from, source: source as Window }));
  };

  beforeEach(() => {
    vi.useFakeTimers();
    popup = {
      closed: false,
      postMessage: vi.fn(),
      close() {
        this.closed = true;
      },
    };
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the registration once the window listens, to the token host only, and takes its answer', async () => {
    const created = passkeyWindow(popup as unknown as Window).create(request, new AbortController().signal);
    from({ type: 'svc-passkey-window', state: 'ready' });
    expect(popup.postMessage).toHaveBeenCalledWith({ type: 'svc-passkey-create', ...request }, origin);
    from({ type: 'svc-passkey-window', state: 'created', response: { id: 'cred' } });
    await expect(created).resolves.toEqual({ id: 'cred' });
  });

  it('a window ready before the frame has its registration gets it as soon as the frame has it', async () => {
    const opened = passkeyWindow(popup as unknown as Window);
    from({ type: 'svc-passkey-window', state: 'ready' });
    expect(popup.postMessage).not.toHaveBeenCalled();
    const created = opened.create(request, new AbortController().signal);
    expect(popup.postMessage).toHaveBeenCalledWith({ type: 'svc-passkey-create', ...request }, origin);
    from({ type: 'svc-passkey-window', state: 'created', response: { id: 'cred' } });
    await expect(created).resolves.toEqual({ id: 'cred' });
  });

  it('takes nothing from another window or another origin, nor a message of the wrong shape', async () => {
    const created = passkeyWindow(popup as unknown as Window).create(request, new AbortController().signal);
    const answer = { type: 'svc-passkey-window', state: 'created', response: { id: 'forged' } };
    from(answer, window);
    from(answer, popup, 'https://merchant.example');
    from({ type: 'svc-passkey-window', state: 'created', response: 'forged' });
    from({ type: 'svc-passkey-window', state: 'ready' }, window);
    expect(popup.postMessage).not.toHaveBeenCalled();
    from({ type: 'svc-passkey-window', state: 'created', response: { id: 'cred' } });
    await expect(created).resolves.toEqual({ id: 'cred' });
  });

  it('ends as the browser ended the ceremony in the window', async () => {
    const refused = passkeyWindow(popup as unknown as Window).create(request, new AbortController().signal);
    from({ type: 'svc-passkey-window', state: 'failed', name: 'NotAllowedError', message: 'timed out' });
    const error: unknown = await refused.catch((e: unknown) => e);
    expect(passkeyError(error).error.code).toBe('passkey_cancelled');
    const unsupported = passkeyWindow(popup as unknown as Window).create(
      request,
      new AbortController().signal,
    );
    from({
      type: 'svc-passkey-window',
      state: 'failed',
      name: 'NotSupportedError',
      message: 'no authenticator',
    });
    const other: unknown = await unsupported.catch((e: unknown) => e);
    expect(passkeyError(other).error.code).toBe('passkey_unsupported');
  });

  it('a window the shopper closed is a cancel, but an answer posted as it closed is still read', async () => {
    const answered = passkeyWindow(popup as unknown as Window).create(request, new AbortController().signal);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(250);
    from({ type: 'svc-passkey-window', state: 'created', response: { id: 'cred' } });
    await expect(answered).resolves.toEqual({ id: 'cred' });

    const closed = passkeyWindow(popup as unknown as Window).create(request, new AbortController().signal);
    const settled = closed.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(600);
    expect(passkeyError(await settled).error.code).toBe('passkey_cancelled');
  });

  it('closes the window when the frame resets', async () => {
    const controller = new AbortController();
    const created = passkeyWindow(popup as unknown as Window).create(request, controller.signal);
    controller.abort();
    expect(popup.closed).toBe(true);
    expect(passkeyError(await created.catch((e: unknown) => e)).error.code).toBe('passkey_cancelled');
  });
});
