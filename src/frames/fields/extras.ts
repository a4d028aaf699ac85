// What the card frame needs only when the merchant shows Brazil's extra fields: the CPF/CNPJ input and
// the wording of installments. A chunk of its own (vite.config.ts lazyChunks), fetched before the
// fields render and only then, so a form without them carries none of it.

import { documentFieldClass } from './card-document.ts';
import { SvcCardInstallmentsElement } from './card-installments.ts';
import type { SvcField } from './field.ts';
import type { format as Format } from '../../i18n/messages.ts';

export { installmentLabels } from '../../brazil/installments.ts';

/**
 * Defines <svc-card-installments>, and <svc-card-document> on the first script's SvcField and
 * `format` (the chunk has no copy of either).
 */
export function defineExtras(Base: typeof SvcField, format: typeof Format): void {
  if (customElements.get('svc-card-document')) return;
  customElements.define('svc-card-document', documentFieldClass(Base, format));
  customElements.define('svc-card-installments', SvcCardInstallmentsElement);
}
