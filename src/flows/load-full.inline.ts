// The full script-tag build's stand-in for load-full.ts (vite.config.ts): the wallets, headless
// tokenization and pay() are part of the one file, so loading one is only a resolved promise.
import { useApplePay } from './apple-pay.ts';
import { useGooglePay } from './google-pay.ts';
import { browserPayments } from './browser-payment.ts';
import { HeadlessFlow } from './headless.ts';

export const loadGooglePay = () => Promise.resolve({ useGooglePay });
export const loadApplePay = () => Promise.resolve({ useApplePay });
export const loadHeadless = () => Promise.resolve({ HeadlessFlow });
export const loadBrowserPayment = () => Promise.resolve({ browserPayments });
