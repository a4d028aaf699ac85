// How the Checkout gets what the full build adds to the essentials: the wallets, headless
// tokenization (with its 3DS) and paying from the browser (`pay()`), each a lazy chunk in the ESM
// build, loaded only when its method is called. The script-tag builds swap this module (vite.config.ts): the full build for
// load-full.inline.ts (the flows in the one file), the essentials build for load-full.essentials.ts
// (none of them: a clear error instead).
export const loadGooglePay = () => import('./google-pay.ts');
export const loadApplePay = () => import('./apple-pay.ts');
export const loadHeadless = () => import('./headless.ts');
export const loadBrowserPayment = () => import('./browser-payment.ts');
