// How the Checkout gets a wallet's flow: each a lazy chunk in the ESM build, loaded only when its method
// is called. The script-tag builds swap this module (vite.config.ts): the full build for
// load-wallets.inline.ts (the flows in the one file), the essentials build for
// load-wallets.essentials.ts (no wallets: a clear error instead).
export const loadGooglePay = () => import('./google-pay.ts');
export const loadApplePay = () => import('./apple-pay.ts');
