// The full script-tag build's load-boleto.ts (vite.config.ts swaps it in): the boleto is a file next to
// the script, checkout-<version>-boleto.js (beside-script.ts), built from boleto.script.ts, which only a
// boleto payment loads. It takes the script's own error type, as the 3DS challenge does, and defines
// <svc-boleto> once: the file loads once.

import type { BesideScript, ScriptErrors } from '../beside-script.ts';
import { loadBesideOnce } from '../beside-script.ts';
import type * as boleto from './boleto.ts';

/** What the boleto file hands back: the payer's check and the view. */
export type BoletoModule = Pick<typeof boleto, 'checkPayer' | 'showBoleto'>;
export type BoletoScript = BesideScript<BoletoModule, ScriptErrors>;

export const loadBoleto = loadBesideOnce<BoletoModule>(
  `checkout-${__SDK_VERSION__}-boleto.js`,
  __BOLETO_INTEGRITY__,
);
