// The wallets as the Checkout offers them in the builds that have them (ESM, full): `useGooglePay` and
// `useApplePay` load their flow the way the build says (esm/: a lazy chunk; full/: inline) and give it
// what it needs of the Checkout; `destroy()` removes the buttons they showed. The flows themselves are
// flows/google-pay.ts and flows/apple-pay.ts, with flows/wallet-slot.ts; the essentials build has none.

import type { useApplePay } from '../flows/apple-pay.ts';
import type { useGooglePay } from '../flows/google-pay.ts';
import type { WalletContext } from '../flows/wallet-slot.ts';
import type { ApplePayOptions, GooglePayOptions } from '../wallets/wallet-options.ts';

/** What the wallets need of the Checkout: `deliver` hands a failed payment to the merchant's `callback`. */
export type WalletsContext = Omit<WalletContext, 'onDestroy'>;

/** The Checkout's wallet methods, as it delegates them. */
export interface WalletsFlow {
  useGooglePay(options: GooglePayOptions): Promise<boolean>;
  useApplePay(options: ApplePayOptions): Promise<boolean>;
  /** Removes the buttons shown (an open Apple Pay sheet is aborted). */
  destroy(): void;
}

/**
 * The wallet methods of a build that loads each wallet's flow with `loadGooglePay` and `loadApplePay`
 * (each with the locale's strings, which its installments show). A loader answers the flow's function
 * itself, not its module: the full build, which has it at hand, spends no bytes wrapping it.
 */
export const lazyWallets =
  (loadGooglePay: () => Promise<typeof useGooglePay>, loadApplePay: () => Promise<typeof useApplePay>) =>
  (context: WalletsContext): WalletsFlow => {
    const teardown: (() => void)[] = [];
    const ctx: WalletContext = { ...context, onDestroy: (remove) => teardown.push(remove) };
    return {
      useGooglePay: (wallet) => loadGooglePay().then((use) => use(ctx, wallet)),
      useApplePay: (wallet) => loadApplePay().then((use) => use(ctx, wallet)),
      destroy: () => {
        for (const remove of teardown.splice(0)) remove();
      },
    };
  };
