// errors.ts in the script-tag builds' 3DS challenge file (vite.config.ts swaps it in): the run-time
// values the script gave the file (load-challenge.script.ts), so the file's errors are the script's
// CheckoutError and not a copy of it. A value the file imports that is not given fails the build.

import type { ChallengeScript } from './load-challenge.script.ts';

const d = (document.currentScript as ChallengeScript | null)?.d;
if (d === undefined) throw new Error('The 3DS challenge file runs only when the checkout script loads it.');

export const { CheckoutError, ERROR_CODES, ERROR_TYPES } = d;
