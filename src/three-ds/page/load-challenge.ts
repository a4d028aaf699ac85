// How the authentication flow gets the 3DS challenge code: a lazy chunk in the ESM build, where the app's bundler
// splits it off. The script-tag build swaps this module for load-challenge.inline.ts (vite.config.ts):
// one file either way, and a dynamic import there would only add the bundler's lazy-module wrappers.
export const loadChallenge = () => import('./challenge.ts');
