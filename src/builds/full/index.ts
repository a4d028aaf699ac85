// The full script-tag build's wiring (the `#build` alias, vite.config.ts): the wallets, headless
// tokenization and pay() are part of the one file, so loading one only waits for the locale's strings
// (i18n/tables.ts), which its installments and 3DS dialog show.
import { useApplePay } from '../../flows/apple-pay.ts';
import { BrowserPaymentFlow } from '../../flows/browser-payment.ts';
import { useGooglePay } from '../../flows/google-pay.ts';
import { HeadlessFlow } from '../../flows/headless.ts';
import { withStrings } from '../../i18n/tables.ts';
import { lazyHeadless } from '../headless.ts';
import { lazyPay } from '../pay.ts';
import { lazyWallets } from '../wallets.ts';

export const walletsFlow = lazyWallets(
  () => withStrings(Promise.resolve(useGooglePay)),
  () => withStrings(Promise.resolve(useApplePay)),
);
export const headlessFlow = lazyHeadless(() => withStrings(Promise.resolve(HeadlessFlow)));
export const payFlow = lazyPay(() => withStrings(Promise.resolve(BrowserPaymentFlow)));
