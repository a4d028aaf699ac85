// How the authentication flow gets the 3DS challenge code, which most payments never need: a lazy chunk
// in the ESM build, where the app's bundler splits it off. The script-tag builds swap this module for
// load-challenge.script.ts (vite.config.ts): a file next to the script, pinned by its integrity.
export const loadChallenge = () => import('./challenge.ts');
