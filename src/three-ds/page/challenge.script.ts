// The entry of checkout-<version>-3ds.js, the script-tag builds' 3DS challenge file
// (load-challenge.script.ts loads it; vite.config.ts builds it, with errors.ts swapped for
// errors.script.ts): it hands the challenge to its own element.

import { cancelChallenge, openChallengeDialog, runChallenge } from './challenge.ts';
import type { ChallengeScript } from './load-challenge.script.ts';

(document.currentScript as ChallengeScript).t = { cancelChallenge, openChallengeDialog, runChallenge };
