// The essentials script-tag build's stand-in for wallets.ts (vite.config.ts): no wallets in it, so
// nothing to wire or remove; each method says which file has them (load-full.essentials.ts).
import { loadApplePay, loadGooglePay } from './load-full.essentials.ts';
import type { walletsFlow as full } from './wallets.ts';

export const walletsFlow: typeof full = () => ({
  useGooglePay: loadGooglePay,
  useApplePay: loadApplePay,
  destroy: () => undefined,
});
