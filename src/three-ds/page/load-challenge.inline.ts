// The script-tag build's stand-in for load-challenge.ts (vite.config.ts): the challenge code is part of
// the one file, so loading it is only a resolved promise.
import { cancelChallenge, openChallengeDialog, runChallenge } from './challenge.ts';

export const loadChallenge = () => Promise.resolve({ cancelChallenge, openChallengeDialog, runChallenge });
