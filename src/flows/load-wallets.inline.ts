// The full script-tag build's stand-in for load-wallets.ts (vite.config.ts): both wallets are part of
// the one file, so loading one is only a resolved promise.
import { useApplePay } from './apple-pay.ts';
import { useGooglePay } from './google-pay.ts';

export const loadGooglePay = () => Promise.resolve({ useGooglePay });
export const loadApplePay = () => Promise.resolve({ useApplePay });
