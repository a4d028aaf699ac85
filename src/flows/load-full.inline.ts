// The full script-tag build's stand-in for load-full.ts (vite.config.ts): the wallets, headless
// tokenization and pay() are part of the one file, so loading one only waits for the locale's strings
// (i18n/tables.ts), which its installments and 3DS dialog show.
import { withStrings } from '../i18n/tables.ts';
import { useApplePay } from './apple-pay.ts';
import { useGooglePay } from './google-pay.ts';
import { browserPayments } from './browser-payment.ts';
import { HeadlessFlow } from './headless.ts';

export const loadGooglePay = () => withStrings(Promise.resolve({ useGooglePay }));
export const loadApplePay = () => withStrings(Promise.resolve({ useApplePay }));
export const loadHeadless = () => withStrings(Promise.resolve({ HeadlessFlow }));
export const loadBrowserPayment = () => withStrings(Promise.resolve({ browserPayments }));
