// The 3DS challenge frame: served from the token host, embedded by the page's challenge dialog. Where the
// browser runs Secure Payment Confirmation and the issuer offers the card's passkey, the shopper confirms
// in the browser's sheet first (spc.ts); otherwise, or when that does not end it, the frame posts the
// step-up JWT and a fresh MD to the issuer's step-up page in an iframe of its own, waits for the token
// host's return page to report the end, then asks the service (ThreeDS/Validate) for the result and
// hands that to the page. The page never decides an outcome from a message.

import { serviceClient, type ServiceClient } from '../../api/service.ts';
import { validateThreeDs } from '../../api/three-ds.ts';
import {
  decodeCompletion,
  decodePageToChallenge,
  type ChallengeStart,
  type ChallengeToPage,
} from '../../messaging/challenge-messages.ts';
import { createNonce } from '../../messaging/handshake.ts';
import { startFrame } from '../frame-runtime.ts';
import { authenticateWithSpc } from './spc.ts';

async function main(): Promise<void> {
  const port = await startFrame(window);
  if (port === undefined) return;
  const post = (message: ChallengeToPage) => {
    port.postMessage(message);
  };
  let started = false;

  const stepUp = (challenge: ChallengeStart, client: ServiceClient) => {
    const md = createNonce();
    const name = `svc-step-up-${md}`;
    const frame = document.createElement('iframe');
    frame.name = name;
    frame.title = challenge.title;
    // The issuer's pages move between its own origins (the challenge, its passkey enrolment), which this
    // frame cannot know: `*` lets any of them use what this frame itself was allowed by the page.
    frame.allow = 'payment *; publickey-credentials-get *; publickey-credentials-create *';
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
      void validateThreeDs(client, {
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

  const run = async (challenge: ChallengeStart) => {
    document.documentElement.lang = challenge.locale;
    document.title = challenge.title;
    const client = serviceClient({ origin: window.location.origin, account: challenge.account });
    const bySpc = await authenticateWithSpc(window, client, challenge);
    if (bySpc === undefined) {
      stepUp(challenge, client);
      return;
    }
    post({ v: 1, type: 'completed' });
    post({ v: 1, type: 'authenticated', authentication: bySpc });
  };

  port.onmessage = (event: MessageEvent) => {
    const message = decodePageToChallenge(event.data);
    // One challenge per frame: a second start cannot redirect the shopper elsewhere.
    if (message === undefined || started) return;
    started = true;
    void run(message.challenge);
  };
}

void main();
