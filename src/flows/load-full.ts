// How the Checkout gets what the full build adds to the essentials: the wallets, headless
// tokenization (with its 3DS) and paying from the browser (`pay()`), each a lazy chunk in the ESM
// build, loaded only when its method is called. The script-tag builds swap this module (vite.config.ts): the full build for
// load-full.inline.ts (the flows in the one file), the essentials build for load-full.essentials.ts
// (none of them: a clear error instead). Each comes with the locale's strings (i18n/tables.ts), which its installments and 3DS dialog show.
import { withStrings } from '../i18n/tables.ts';

export const loadGooglePay = () => withStrings(import('./google-pay.ts'));
export const loadApplePay = () => withStrings(import('./apple-pay.ts'));
export const loadHeadless = () => withStrings(import('./headless.ts'));
export const loadBrowserPayment = () => withStrings(import('./browser-payment.ts'));
