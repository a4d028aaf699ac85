// The script-tag builds' load-challenge.ts (vite.config.ts swaps it in): the 3DS challenge is a file next
// to the script, checkout-<version>-3ds.js (beside-script.ts), built from challenge.script.ts, which most
// payments never load. It takes the script's own error type, so a challenge's errors are the
// CheckoutError the merchant checks against, and it defines its dialog once: the file loads once.

import type { BesideScript } from '../../beside-script.ts';
import { loadBeside } from '../../beside-script.ts';
import { CheckoutError, ERROR_CODES, ERROR_TYPES } from '../../errors.ts';
import type * as challenge from './challenge.ts';

/** What the challenge file takes from the script: errors.ts's run-time values (challenge-errors.script.ts). */
const given = { CheckoutError, ERROR_CODES, ERROR_TYPES };
export type Given = typeof given;
/** What it hands back. */
export type ChallengeModule = Pick<
  typeof challenge,
  'cancelChallenge' | 'openChallengeDialog' | 'runChallenge'
>;
export type ChallengeScript = BesideScript<ChallengeModule, Given>;

let loading: Promise<ChallengeModule> | undefined;

export const loadChallenge = (): Promise<ChallengeModule> => {
  // A failed load may be tried again (the next challenge); a loaded file is not loaded twice.
  loading ??= loadBeside<ChallengeModule>(
    `checkout-${__SDK_VERSION__}-3ds.js`,
    __CHALLENGE_INTEGRITY__,
    given,
  ).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
};
