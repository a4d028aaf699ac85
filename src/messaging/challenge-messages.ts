// The 3DS challenge frame's messages. The page and the frame meet with the same handshake as the card
// frame (handshake.ts); then, on the port, the page sends one `start` and the frame answers with one
// outcome. Inside the frame, the token host's return page reports the end of the step-up; that report
// is trusted only from the frame's own origin, from its own step-up iframe, with the transaction id it
// started and the MD it generated, and even then it decides nothing: the frame asks the service.

import { CheckoutError } from '../errors.ts';
import { httpUrl, type Authentication } from '../three-ds/model.ts';
import { decodeAuthenticationValue, decodeWireError, envelope, text } from './decode.ts';
import type { WireError } from './protocol.ts';

export interface ChallengeStart {
  sessionId: string;
  account: string;
  locale: string;
  /** The accessible name of the frame's document and of the step-up iframe. */
  title: string;
  stepUpUrl: string;
  /** The step-up JWT from Token/Generate (the provider's accessToken): posted as `JWT`. */
  accessToken: string;
  authenticationTransactionId: string;
}

export interface PageToChallenge {
  v: 1;
  type: 'start';
  challenge: ChallengeStart;
}

export type ChallengeToPage =
  /** The return page reported the end of the step-up; the frame is asking the service for the result. */
  | { v: 1; type: 'completed' }
  /** ThreeDS/Validate's verdict, as the frame read it from the service. */
  | { v: 1; type: 'authenticated'; authentication: Authentication }
  | { v: 1; type: 'failure'; error: WireError };

/** A challenge frame message as the page has it after decoding. */
export type ChallengeMessage =
  Exclude<ChallengeToPage, { type: 'failure' }> | { v: 1; type: 'failure'; error: CheckoutError };

/** What the return page posts to the challenge frame (sandbox/three-ds/assets/return.js). */
export interface ChallengeCompletion {
  v: 1;
  type: 'svc:3ds-complete';
  transactionId: string;
  md: string;
}

type Obj = Record<string, unknown>;

/** Frame side, on the port. */
export function decodePageToChallenge(data: unknown): PageToChallenge | undefined {
  const message = envelope(data);
  const c = message?.['challenge'];
  if (message?.['type'] !== 'start' || typeof c !== 'object' || c === null) return undefined;
  const { sessionId, account, locale, title, stepUpUrl, accessToken, authenticationTransactionId } = c as Obj;
  if (
    !text(sessionId, 128) ||
    !text(account, 64) ||
    !text(locale, 35) ||
    !/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(locale) ||
    !text(title, 512) ||
    !text(stepUpUrl, 4096) ||
    !httpUrl(stepUpUrl) ||
    !text(accessToken, 4096) ||
    !text(authenticationTransactionId, 128)
  )
    return undefined;
  return {
    v: 1,
    type: 'start',
    challenge: { sessionId, account, locale, title, stepUpUrl, accessToken, authenticationTransactionId },
  };
}

/**
 * Page side, on the port: the verdict is read here, once. An unreadable one (or a C, which is no
 * verdict) ends the challenge as invalid_response rather than leaving the shopper waiting.
 */
export function decodeChallengeToPage(data: unknown): ChallengeMessage | undefined {
  const message = envelope(data);
  switch (message?.['type']) {
    case 'completed':
      return { v: 1, type: 'completed' };
    case 'authenticated': {
      const authentication = decodeAuthenticationValue(message['authentication']);
      return authentication === undefined || authentication.status === 'C'
        ? {
            v: 1,
            type: 'failure',
            error: new CheckoutError(
              'invalid_response',
              'service',
              'The service answered /api/ThreeDS/Validate with something unexpected.',
            ),
          }
        : { v: 1, type: 'authenticated', authentication };
    }
    case 'failure': {
      const error = decodeWireError(message['error']);
      return error === undefined ? undefined : { v: 1, type: 'failure', error };
    }
    default:
      return undefined;
  }
}

/**
 * Frame side, on window: the return page's report, from the expected origin and window, for the
 * expected transaction and MD. Anything else (another origin, another window, a forged or stale id)
 * is undefined.
 */
export function decodeCompletion(
  delivered: { origin: string; source: unknown; data: unknown },
  expected: { origin: string; source: unknown; transactionId: string; md: string },
): ChallengeCompletion | undefined {
  if (delivered.origin !== expected.origin || delivered.source !== expected.source) return undefined;
  if (expected.source === null || expected.md === '') return undefined;
  const message = envelope(delivered.data);
  if (
    message?.['type'] !== 'svc:3ds-complete' ||
    message['transactionId'] !== expected.transactionId ||
    message['md'] !== expected.md
  )
    return undefined;
  return { v: 1, type: 'svc:3ds-complete', transactionId: expected.transactionId, md: expected.md };
}
