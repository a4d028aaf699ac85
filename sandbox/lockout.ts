// The guessing limit of Token/Bind (wrong CVVs and failed passkey assertions alike) belongs to the stored card, not to a session: wrong CVVs count on
// the token whatever session (and so whatever NewSession) they come from, and five lock it for a
// cool-down. The state lives beside the token and goes with it (a reset forgets both).

import { ServiceError } from './errors.ts';
import type { StoredToken } from './records.ts';

/** Wrong CVVs in a row on one stored token before Token/Bind refuses it. */
export const MAX_BIND_FAILURES = 5;
/** How long a locked token stays locked, counted from the wrong CVV that locked it. */
export const BIND_LOCKOUT_MS = 15 * 60_000;

interface LockState {
  failures: number;
  lockedUntil: number | undefined;
}

const states = new WeakMap<StoredToken, LockState>();

function stateOf(token: StoredToken): LockState {
  let state = states.get(token);
  if (state === undefined) {
    state = { failures: 0, lockedUntil: undefined };
    states.set(token, state);
  }
  return state;
}

/** Throws `429 too_many_attempts` (with the seconds left) while the token is locked; a lapsed lock starts over. */
export function refuseLockedToken(token: StoredToken, now: number): void {
  const state = states.get(token);
  if (state?.lockedUntil === undefined) return;
  if (now >= state.lockedUntil) {
    states.delete(token);
    return;
  }
  throw new ServiceError('too_many_attempts', {
    field: 'cvv',
    details: { retryAfterSeconds: Math.ceil((state.lockedUntil - now) / 1000) },
  });
}

/**
 * Counts a failed check of the shopper (a wrong CVV, a passkey assertion that does not verify): the
 * attempts left, and whether this one locked the card.
 */
export function recordFailedCheck(
  token: StoredToken,
  now: number,
): { attemptsLeft: number; locked: boolean } {
  const state = stateOf(token);
  state.failures += 1;
  const locked = state.failures >= MAX_BIND_FAILURES;
  if (locked) state.lockedUntil = now + BIND_LOCKOUT_MS;
  return { attemptsLeft: Math.max(0, MAX_BIND_FAILURES - state.failures), locked };
}

/** Counts a wrong CVV: the error to throw (`422 cvv_mismatch` with the attempts left), and whether it locked the card. */
export function recordWrongCvv(token: StoredToken, now: number): { error: ServiceError; locked: boolean } {
  const { attemptsLeft, locked } = recordFailedCheck(token, now);
  return { error: new ServiceError('cvv_mismatch', { field: 'cvv', details: { attemptsLeft } }), locked };
}

/** A right CVV starts the count over. */
export function clearWrongCvvs(token: StoredToken): void {
  states.delete(token);
}
