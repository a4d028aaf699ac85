// The wallets as the Checkout offers them: `useGooglePay` and `useApplePay` load their flow (a lazy
// chunk in ESM, inline in the full build, `full_build_required` in the essentials: load-full.ts) and
// give it what it needs of the Checkout; `destroy()` removes the buttons they showed. The flows
// themselves are google-pay.ts and apple-pay.ts, with wallet.ts.

import type { ServiceClient } from '../api/service.ts';
import type { CheckoutError } from '../errors.ts';
import type { Locale, Messages } from '../i18n/index.ts';
import type { Session } from '../session.ts';
import type { CheckoutOptions } from '../types.ts';
import type { ApplePayOptions, GooglePayOptions } from '../wallets/types.ts';
import { loadApplePay, loadGooglePay } from './load-full.ts';
import type { WalletContext } from './wallet.ts';

/** What the wallets need of the Checkout. */
export interface WalletsSource {
  session: Session;
  options: Pick<CheckoutOptions, 'environment' | 'account' | 'walletScripts'>;
  locale: Locale;
  messages: () => Messages;
  client: ServiceClient;
  /** Hands a failed payment to the merchant's `callback`. */
  fail: (error: CheckoutError) => void;
}

/** The Checkout's wallet methods, as it delegates them. */
export interface WalletsFlow {
  useGooglePay(options: GooglePayOptions): Promise<boolean>;
  useApplePay(options: ApplePayOptions): Promise<boolean>;
  /** Removes the buttons shown (an open Apple Pay sheet is aborted). */
  destroy(): void;
}

export function walletsFlow({
  session,
  options,
  locale,
  messages,
  client,
  fail,
}: WalletsSource): WalletsFlow {
  const teardown: (() => void)[] = [];
  const ctx: WalletContext & { client: ServiceClient } = {
    environment: options.environment,
    account: options.account,
    sessionId: () => session.ready,
    locale,
    messages,
    scripts: options.walletScripts,
    client,
    fail,
    onDestroy: (remove) => teardown.push(remove),
  };
  return {
    useGooglePay: (wallet) => loadGooglePay().then(({ useGooglePay }) => useGooglePay(ctx, wallet)),
    useApplePay: (wallet) => loadApplePay().then(({ useApplePay }) => useApplePay(ctx, wallet)),
    destroy: () => {
      for (const remove of teardown.splice(0)) remove();
    },
  };
}
