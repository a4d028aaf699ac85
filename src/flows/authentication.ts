// Authentication, on the merchant page: from a token's 3DS block to the merchant's result. A challenge
// opens the dialog (loaded on demand), the service's verdict decides, and N, R or a cancel end the card
// payment. Shared by every flow that tokenizes: the card form, stored cards, headless tokenization.

import type { TokenizedCard } from '../card/tokenized-card.ts';
import { CheckoutError, failure, type Result } from '../errors.ts';
import type { Authentication, Challenge, ThreeDsStep } from '../three-ds/model.ts';
import type { ChallengeContext } from '../three-ds/page/challenge.ts';
import { loadChallenge } from '../three-ds/page/load-challenge.ts';
import { CHALLENGE_TIMEOUT_MS } from '../options.ts';
import type { CheckoutContext } from '../checkout-context.ts';
import type { CardResult, ThreeDsResult } from '../types.ts';

/** How long a challenge's code may take to download before the payment fails with `network_error`. */
export const CHALLENGE_LOAD_TIMEOUT_MS = 30_000;

export interface ChallengeSettings extends ChallengeContext {
  /** `challenge-shown`, then `challenge-finished`. */
  onStep: (step: ThreeDsStep) => void;
  /** Called after the dialog closed, to put the focus somewhere sensible. */
  onClosed: () => void;
  /** Aborting ends an open challenge as the shopper's cancel would, and stops one not yet open. */
  signal: AbortSignal;
}

/** The challenge dialog's settings for one call: its step listener, where the focus goes, its signal. */
export function challengeSettings(
  source: Pick<CheckoutContext, 'target' | 'session' | 'options' | 'locale' | 'messages'>,
  onStep: (step: ThreeDsStep) => void,
  onClosed: () => void,
  signal: AbortSignal,
): ChallengeSettings {
  const { target, session, options, locale } = source;
  const messages = source.messages();
  return {
    tokenOrigin: target.origin,
    sessionId: session.current ?? '',
    account: target.account,
    locale,
    title: messages.challengeTitle,
    closeLabel: messages.challengeClose,
    timeoutMs: options.challengeTimeoutMs ?? CHALLENGE_TIMEOUT_MS,
    onStep,
    onClosed,
    signal,
  };
}

/** Why a signal stopped a flow: the CheckoutError it was aborted with, or the merchant's abort. */
export function abortError(signal: AbortSignal): CheckoutError {
  const reason: unknown = signal.reason;
  return reason instanceof CheckoutError
    ? reason
    : new CheckoutError('aborted', 'cancelled', "The merchant's AbortSignal stopped it.", { cause: reason });
}

/**
 * Whether the payment may go on: Y, A and U do. N and R (and a challenge the shopper cancelled at the
 * issuer) end the card payment: another method is needed. C is no verdict.
 */
export function verdictOf(authentication: Authentication): Result<'Y' | 'A' | 'U'> {
  if (authentication.cancelled) {
    return failure('challenge_cancelled', 'cancelled', 'The shopper cancelled the 3DS challenge.');
  }
  switch (authentication.status) {
    case 'Y':
    case 'A':
    case 'U':
      return { ok: true, value: authentication.status };
    case 'N':
      return failure(
        'authentication_failed',
        'authentication',
        'The card issuer did not authenticate the shopper (3DS status N): ask for another payment method.',
      );
    case 'R':
      return failure(
        'authentication_rejected',
        'authentication',
        'The card issuer rejected the authentication (3DS status R): ask for another payment method.',
      );
    case 'C':
      return failure('invalid_response', 'service', 'The 3DS status C cannot end a payment.');
  }
}

async function runChallenge(
  challenge: Challenge,
  settings: ChallengeSettings,
): Promise<Result<Authentication>> {
  const { signal } = settings;
  // A chunk of its own in the ESM build, a file beside the script-tag builds: most payments never need
  // it. Its download stops waiting at an abort (destroy()) or after CHALLENGE_LOAD_TIMEOUT_MS. The
  // signal may be the merchant's own, kept for many payments (headless): it keeps no listener of this,
  // and no timer is left once the code came.
  let stop: () => void = () => undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const module = await Promise.race([
    loadChallenge(),
    new Promise<undefined>((resolve) => {
      stop = () => {
        resolve(undefined);
      };
      signal.addEventListener('abort', stop);
      timer = setTimeout(stop, CHALLENGE_LOAD_TIMEOUT_MS);
    }),
  ]).catch(() => undefined);
  clearTimeout(timer);
  signal.removeEventListener('abort', stop);
  if (signal.aborted) return { ok: false, error: abortError(signal) };
  if (module === undefined)
    return failure('network_error', 'network', 'The 3DS challenge could not be loaded.');
  const dialog = module.openChallengeDialog();
  const cancel = () => {
    module.cancelChallenge(dialog);
  };
  signal.addEventListener('abort', cancel, { once: true });
  try {
    return await module.runChallenge({
      ...settings,
      dialog,
      challenge,
      onShown: () => {
        settings.onStep('challenge-shown');
      },
    });
  } finally {
    signal.removeEventListener('abort', cancel);
    dialog.remove();
    settings.onClosed();
    settings.onStep('challenge-finished');
  }
}

/** What a passed authentication hands the merchant for Payment/Init. */
export type Verified = Required<Omit<ThreeDsResult, 'eci' | 'authenticationMethod'>> &
  Pick<ThreeDsResult, 'eci' | 'authenticationMethod'>;

/**
 * A 3DS block to the merchant's fields: after the challenge when the issuer asked for one (a flow that
 * cannot show one passes no settings), and only when the verdict lets the payment go on.
 */
export async function verifyAuthentication(
  authentication: Authentication,
  settings?: ChallengeSettings,
): Promise<Result<Verified>> {
  let verdict = authentication;
  if (verdict.challenge !== undefined) {
    if (settings === undefined) {
      return failure(
        'invalid_response',
        'service',
        'The service asked for a 3DS challenge it was not set up for.',
      );
    }
    const challenged = await runChallenge(verdict.challenge, settings);
    if (!challenged.ok) return challenged;
    verdict = challenged.value;
  }
  const status = verdictOf(verdict);
  if (!status.ok) return status;
  const { code, referenceId, transactionId, eci, liabilityShift, method } = verdict;
  return {
    ok: true,
    value: {
      code,
      referenceId,
      transactionId,
      status: status.value,
      ...(eci === undefined ? {} : { eci }),
      liabilityShift,
      ...(method === undefined ? {} : { authenticationMethod: method }),
    },
  };
}

/** The merchant's result for a tokenized card: as it is without a 3DS block, else once verified. */
export async function authenticate(card: TokenizedCard, settings?: ChallengeSettings): Promise<CardResult> {
  const { authentication, ...token } = card;
  if (authentication === undefined) return { ok: true, ...token };
  const verified = await verifyAuthentication(authentication, settings);
  return verified.ok ? { ok: true, ...token, ...verified.value } : verified;
}
