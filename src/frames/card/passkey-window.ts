// Where the card frame cannot create a passkey itself, the token host's own window does (passkey.html):
// Safari and every iOS browser refuse create() in a cross-origin frame, and Chromium and Firefox refuse it
// when a frame above the card frame does not delegate the permission. The window is opened in the
// shopper's click (a popup needs it), told what to create, and answers with the authenticator's response
// or the browser's error, which the frame then handles as its own.

import { WebAuthnError, type RegistrationResponseJSON } from '@simplewebauthn/browser';
import { isWindowMessage, type CreateRequest, type WindowMessage } from '../passkey-window/protocol.ts';

/**
 * Whether this browser may create a passkey in a cross-origin frame: not WebKit's Safari, nor any iOS
 * browser (all WebKit, whatever their name says). Chromium and Firefox may, since 123.
 */
export function createsInFrame(userAgent: string): boolean {
  return !userAgent.includes('AppleWebKit/') || /(?:Chrome|Chromium|Edg|Firefox)\//.test(userAgent);
}

/** The window the frame opened, listened to from the moment it opens. */
export interface PasskeyWindow {
  /**
   * Runs a registration in the window: sent once the window listens; settles on its answer, or as
   * cancelled when the shopper closes the window. `signal` closes the window (the frame was reset).
   */
  create(request: Omit<CreateRequest, 'type'>, signal: AbortSignal): Promise<RegistrationResponseJSON>;
  close(): void;
}

/** Opens the window, in the shopper's click; `undefined` when the browser blocked it. */
export function openPasskeyWindow(): PasskeyWindow | undefined {
  const url = new URL('passkey.html', window.location.href).href;
  const popup = window.open(url, '_blank', 'popup,width=480,height=560');
  return popup === null ? undefined : passkeyWindow(popup);
}

type WindowFailure = Extract<WindowMessage, { state: 'failed' }>;

/** A window closed with no answer: the shopper's cancel, as the frame's own create() reports one. */
const CLOSED: WindowFailure = {
  type: 'svc-passkey-window',
  state: 'failed',
  name: 'NotAllowedError',
  message: 'The passkey window was closed.',
};

/** The window's failure as the error the frame's own create() would have thrown. */
function failureOf(message: WindowFailure): WebAuthnError {
  return new WebAuthnError({
    message: message.message,
    code: (message.code ?? 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY') as WebAuthnError['code'],
    cause: Object.assign(new Error(message.message), { name: message.name }),
  });
}

/**
 * Listens to `popup` at once (it may say it is ready before the frame has its registration): only that
 * window, only from the token host. A window seen closed twice in a row has ended, so that an answer it
 * posted just before closing itself is read first.
 */
export function passkeyWindow(popup: Window): PasskeyWindow {
  const origin = window.location.origin;
  let ready = false;
  let request: CreateRequest | undefined;
  /** How the window ended (`null`: closed with no answer), once it has. */
  let ended: WindowMessage | null | undefined;
  let settle: ((message: WindowMessage | null) => void) | undefined;
  let seenClosed = false;
  const end = (message: WindowMessage | null) => {
    clearInterval(watch);
    window.removeEventListener('message', onMessage);
    ended ??= message;
    settle?.(ended);
  };
  const onMessage = (event: MessageEvent<unknown>) => {
    if (event.origin !== origin || event.source !== popup || !isWindowMessage(event.data)) return;
    if (event.data.state !== 'ready') end(event.data);
    else {
      ready = true;
      if (request !== undefined) popup.postMessage(request, origin);
    }
  };
  const watch = setInterval(() => {
    if (popup.closed && seenClosed) end(null);
    seenClosed = popup.closed;
  }, 250);
  window.addEventListener('message', onMessage);
  const close = () => {
    popup.close();
    end(null);
  };
  return {
    create(text, signal) {
      return new Promise((resolve, reject) => {
        signal.addEventListener('abort', close);
        settle = (message) => {
          signal.removeEventListener('abort', close);
          if (message?.state === 'created') resolve(message.response as RegistrationResponseJSON);
          else reject(failureOf(message?.state === 'failed' ? message : CLOSED));
        };
        if (ended !== undefined) settle(ended);
        else {
          request = { type: 'svc-passkey-create', ...text };
          if (ready) popup.postMessage(request, origin);
        }
      });
    },
    close,
  };
}
