// The passkey window: opened by the card frame in the shopper's click where the frame itself may not
// create a passkey, it asks the shopper once more (a top-level document gets its own click for the
// authenticator), runs the registration as the token host, hands the answer back to the frame and
// closes. The frame registers it with the service: this window calls nothing.

import { startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import { isCreateRequest, type CreateRequest, type WindowMessage } from './protocol.ts';

const opener = window.opener as Window | null;
const origin = window.location.origin;
const say = (message: WindowMessage) => {
  opener?.postMessage(message, origin);
};

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text: string): HTMLElementTagNameMap[K] {
  return Object.assign(document.createElement(tag), { textContent: text });
}

function show({ lang, text, options }: CreateRequest): void {
  document.documentElement.lang = lang;
  document.title = text.title;
  const create = element('button', text.create);
  const cancel = element('button', text.cancel);
  create.className = 'primary';
  cancel.className = 'link';
  const finish = (message: WindowMessage) => {
    say(message);
    window.close();
  };
  create.addEventListener('click', () => {
    create.disabled = true;
    startRegistration({ optionsJSON: options as never }).then(
      (response) => {
        finish({ type: 'svc-passkey-window', state: 'created', response });
      },
      (error: unknown) => {
        const cause: unknown = error instanceof WebAuthnError ? error.cause : error;
        finish({
          type: 'svc-passkey-window',
          state: 'failed',
          name: cause instanceof Error ? cause.name : 'Error',
          message: cause instanceof Error ? cause.message : String(cause),
          ...(error instanceof WebAuthnError ? { code: error.code } : {}),
        });
      },
    );
  });
  cancel.addEventListener('click', () => {
    finish({
      type: 'svc-passkey-window',
      state: 'failed',
      name: 'NotAllowedError',
      message: 'The shopper closed the passkey window.',
    });
  });
  const main = document.createElement('main');
  main.append(element('h1', text.title), element('p', text.card), create, cancel);
  document.body.replaceChildren(main);
  create.focus();
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (event.origin !== origin || event.source !== opener || !isCreateRequest(event.data)) return;
  show(event.data);
});
say({ type: 'svc-passkey-window', state: 'ready' });
