// The page's side of a 3DS challenge: open the dialog with the 3DS frame from the token host, connect to
// it (the card frame's handshake), start the step-up, and wait for the service's verdict, the shopper's
// cancel or the time limit, whichever comes first. The dialog always closes. The authentication flow
// loads this module (with the dialog element) only when an issuer asks for a challenge.

import { CheckoutError, type Result } from '../../errors.ts';
import { decodeChallengeToPage, type PageToChallenge } from '../../messaging/challenge-messages.ts';
import { acceptFrame, createNonce, frameUrl } from '../../messaging/handshake.ts';
import { FRAMES_BASE, PROTOCOL_VERSION } from '../../messaging/protocol.ts';
import type { Authentication, Challenge } from '../model.ts';
import { SvcChallengeCancelEvent, SvcChallengeDialog } from './challenge-dialog.ts';

/** The 3DS frame document's path on the token host. */
export const CHALLENGE_FRAME_PATH = `${FRAMES_BASE}/3ds.html`;

/** Registers `<svc-challenge-dialog>` (once) and puts a new one at the end of the page's body. */
export function openChallengeDialog(): SvcChallengeDialog {
  if (customElements.get('svc-challenge-dialog') === undefined)
    customElements.define('svc-challenge-dialog', SvcChallengeDialog);
  const dialog = document.createElement('svc-challenge-dialog');
  document.body.append(dialog);
  return dialog;
}

/** Ends an open challenge as the shopper's cancel would (the page removed the checkout). */
export function cancelChallenge(dialog: SvcChallengeDialog): void {
  dialog.dispatchEvent(new SvcChallengeCancelEvent());
}

/** Where the challenge runs, and its dialog's language and accessible names. */
export interface ChallengeContext {
  tokenOrigin: string;
  sessionId: string;
  account: string;
  locale: string;
  /** The dialog's accessible name; its close button's. */
  title: string;
  closeLabel: string;
  timeoutMs: number;
}

export interface ChallengeRun extends ChallengeContext {
  dialog: SvcChallengeDialog;
  challenge: Challenge;
  /** Called once the dialog is open. */
  onShown: () => void;
}

const cancelled = () =>
  new CheckoutError(
    'challenge_cancelled',
    'cancelled',
    'The shopper closed the 3DS challenge before it ended.',
  );

export async function runChallenge(run: ChallengeRun): Promise<Result<Authentication>> {
  const { dialog, tokenOrigin, challenge } = run;
  const nonce = createNonce();
  const src = frameUrl(tokenOrigin, CHALLENGE_FRAME_PATH, { account: run.account }, nonce);
  const frame = await dialog.show({
    src,
    label: run.title,
    closeLabel: run.closeLabel,
    windowSize: challenge.windowSize,
  });
  run.onShown();
  const handshake = acceptFrame(window, frame, tokenOrigin, nonce);
  let port: MessagePort | undefined;
  let settled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onCancel: () => void = () => undefined;
  try {
    return await new Promise<Result<Authentication>>((resolve) => {
      onCancel = () => {
        resolve({ ok: false, error: cancelled() });
      };
      dialog.addEventListener(SvcChallengeCancelEvent.type, onCancel);
      timer = setTimeout(() => {
        resolve({
          ok: false,
          error: new CheckoutError(
            'challenge_timeout',
            'authentication',
            `The 3DS challenge did not end within ${String(Math.round(run.timeoutMs / 1000))} s.`,
          ),
        });
      }, run.timeoutMs);
      void handshake.port.then((connected) => {
        if (settled) {
          connected.close();
          return;
        }
        port = connected;
        connected.onmessage = (event: MessageEvent) => {
          const message = decodeChallengeToPage(event.data);
          if (message === undefined || message.type === 'completed') return;
          resolve(
            message.type === 'failure'
              ? { ok: false, error: message.error }
              : { ok: true, value: message.authentication },
          );
        };
        const start: PageToChallenge = {
          v: PROTOCOL_VERSION,
          type: 'start',
          challenge: {
            sessionId: run.sessionId,
            account: run.account,
            locale: run.locale,
            title: run.title,
            stepUpUrl: challenge.stepUpUrl,
            accessToken: challenge.accessToken,
            authenticationTransactionId: challenge.authenticationTransactionId,
          },
        };
        connected.postMessage(start);
      });
    });
  } finally {
    settled = true;
    clearTimeout(timer);
    dialog.removeEventListener(SvcChallengeCancelEvent.type, onCancel);
    handshake.cancel();
    port?.close();
    dialog.close();
  }
}
