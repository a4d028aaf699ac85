// The ESM build's wiring (the `#build` alias, vite.config.ts; the type checker and the tests see this
// one): what the full build adds to the essentials (the wallets, headless tokenization with its 3DS,
// pay()), each a lazy chunk loaded at its method's first call, with the locale's strings
// (i18n/tables.ts), which its installments and 3DS dialog show.
import { withStrings } from '../../i18n/tables.ts';
import { lazyHeadless } from '../headless.ts';
import { lazyPay } from '../pay.ts';
import { lazyWallets } from '../wallets.ts';

export const walletsFlow = lazyWallets(
  () => withStrings(import('../../flows/google-pay.ts')).then((flow) => flow.useGooglePay),
  () => withStrings(import('../../flows/apple-pay.ts')).then((flow) => flow.useApplePay),
);
export const headlessFlow = lazyHeadless(() =>
  withStrings(import('../../flows/headless.ts')).then((flow) => flow.HeadlessFlow),
);
export const payFlow = lazyPay(() =>
  withStrings(import('../../flows/browser-payment.ts')).then((flow) => flow.BrowserPaymentFlow),
);
