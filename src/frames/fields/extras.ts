// What the card frame needs only when the merchant shows Brazil's extra fields: the CPF/CNPJ input and
// the wording of installments. A chunk of its own (vite.config.ts lazyChunks), fetched before the
// fields render and only then, so a form without them carries none of it.

import { documentFieldClass } from './card-document.ts';
import { installmentsClass, type Lit } from './card-installments.ts';
import type { SvcField } from './field.ts';
import type { format as Format } from '../../i18n/messages.ts';

export { installmentLabels } from '../../brazil/installments.ts';

/**
 * Defines <svc-card-document> on the first script's SvcField and `format`, and
 * <svc-card-installments> on its Lit: the chunk has no copy of any of them.
 */
export function defineExtras(Base: typeof SvcField, lit: Lit, format: typeof Format): void {
  if (customElements.get('svc-card-document')) return;
  customElements.define('svc-card-document', documentFieldClass(Base, format));
  customElements.define('svc-card-installments', installmentsClass(lit));
}
