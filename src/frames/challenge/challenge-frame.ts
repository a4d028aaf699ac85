// The 3DS challenge frame: served from the token host, embedded by the page's challenge dialog. It posts
// the step-up JWT and a fresh MD to the issuer's step-up page in an iframe of its own, waits for the
// token host's return page to report the end, then asks the service (ThreeDS/Validate) for the result
// and hands that to the page. The page never decides an outcome from a message.

import { serviceClient } from '../../api/service.ts';
import { validateThreeDs } from '../../api/three-ds.ts';
import {
  decodeCompletion,
  decodePageToChallenge,
  type ChallengeStart,
  type ChallengeToPage,
} from '../../messaging/challenge-messages.ts';
import { createNonce } from '../../messaging/handshake.ts';
import { startFrame } from '../frame-runtime.ts';

async function main(): Promise<void> {
  const port = await startFrame(window);
  if (port === undefined) return;
  const post = (message: ChallengeToPage) => {
    port.postMessage(message);
  };
  let started = false;

  const run = (challenge: ChallengeStart) => {
    document.documentElement.lang = challenge.locale;
    document.title = challenge.title;
    const md = createNonce();
    const name = `svc-step-up-${md}`;
    const frame = document.createElement('iframe');
    frame.name = name;
    frame.title = challenge.title;
    frame.allow = 'payment; publickey-credentials-get';
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = challenge.stepUpUrl;
    form.target = name;
    form.hidden = true;
    for (const [field, value] of [
      ['JWT', challenge.accessToken],
      ['MD', md],
    ]) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = field ?? '';
      input.value = value ?? '';
      form.append(input);
    }
    const onMessage = (event: MessageEvent) => {
      const completion = decodeCompletion(
        { origin: event.origin, source: event.source, data: event.data as unknown },
        {
          origin: window.location.origin,
          source: frame.contentWindow,
          transactionId: challenge.authenticationTransactionId,
          md,
        },
      );
      if (completion === undefined) return;
      window.removeEventListener('message', onMessage);
      post({ v: 1, type: 'completed' });
      void validateThreeDs(serviceClient({ origin: window.location.origin, account: challenge.account }), {
        sessionId: challenge.sessionId,
        authenticationTransactionId: challenge.authenticationTransactionId,
      }).then((reply) => {
        post(
          reply.ok
            ? { v: 1, type: 'authenticated', authentication: reply.value }
            : {
                v: 1,
                type: 'failure',
                error: { code: reply.error.code, type: reply.error.type, message: reply.error.message },
              },
        );
      });
    };
    window.addEventListener('message', onMessage);
    document.getElementById('root')?.replaceChildren(frame);
    document.body.append(form);
    form.submit();
    form.remove();
  };

  port.onmessage = (event: MessageEvent) => {
    const message = decodePageToChallenge(event.data);
    // One challenge per frame: a second start cannot redirect the shopper elsewhere.
    if (message === undefined || started) return;
    started = true;
    run(message.challenge);
  };
}

void main();
