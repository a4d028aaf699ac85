// The script-tag builds' load-challenge.ts (vite.config.ts swaps it in): the 3DS challenge is a file next
// to the script, checkout-<version>-3ds.js (beside-script.ts), built from challenge.script.ts, which most
// payments never load. It takes the script's own error type, so a challenge's errors are the
// CheckoutError the merchant checks against, and it defines its dialog once: the file loads once.

import type { BesideScript, ScriptErrors } from '../../beside-script.ts';
import { loadBesideOnce } from '../../beside-script.ts';
import type * as challenge from './challenge.ts';

/** What the challenge file hands back. */
export type ChallengeModule = Pick<
  typeof challenge,
  'cancelChallenge' | 'openChallengeDialog' | 'runChallenge'
>;
export type ChallengeScript = BesideScript<ChallengeModule, ScriptErrors>;

export const loadChallenge = loadBesideOnce<ChallengeModule>(
  `checkout-${__SDK_VERSION__}-3ds.js`,
  __CHALLENGE_INTEGRITY__,
);
