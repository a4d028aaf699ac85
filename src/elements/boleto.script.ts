// The entry of checkout-<version>-boleto.js, the full script-tag build's boleto file
// (load-boleto.script.ts loads it; vite.config.ts builds it, with errors.ts swapped for
// errors.script.ts): it hands the payer's check and the view to its own element.

import { checkPayer, showBoleto } from './boleto.ts';
import type { BoletoScript } from './load-boleto.script.ts';

(document.currentScript as BoletoScript).t = { checkPayer, showBoleto };
