// What the card frame needs only when the merchant shows Brazil's extra fields: the CPF/CNPJ input and
// the wording of installments. A chunk of its own (vite.config.ts lazyChunks), fetched before the
// fields render and only then, so a form without them carries none of it.

import { documentFieldClass } from './card-document.ts';
import { installmentsClass, type Lit } from './card-installments.ts';
import type { SvcField } from './field.ts';
import type { format as Format } from '../../i18n/messages.ts';
import { installmentLabels } from '../../brazil/installments.ts';
import { installmentCosts } from '../../brazil/installment-cost.ts';
import type { FrameMessages } from '../../i18n/en.ts';
import type { InstallmentsConfig } from '../../messaging/protocol.ts';
import type { InstallmentChoice } from './card-installments.ts';

/**
 * Defines <svc-card-document> on the first script's SvcField and `format`, and
 * <svc-card-installments> on its Lit: the chunk has no copy of any of them.
 */
export function defineExtras(Base: typeof SvcField, lit: Lit, format: typeof Format): void {
  if (customElements.get('svc-card-document')) return;
  customElements.define('svc-card-document', documentFieldClass(Base, format));
  customElements.define('svc-card-installments', installmentsClass(lit));
}

/** The select's choices: each plan worded, with its cost when it has interest and the service's figures. */
export function installmentChoices(
  config: InstallmentsConfig,
  locale: string,
  messages: FrameMessages,
  format: typeof Format,
): InstallmentChoice[] {
  const costs = installmentCosts(config, locale, messages, format);
  return installmentLabels(config, locale, messages, format).map((choice) => ({
    ...choice,
    cost: costs.get(choice.count),
  }));
}
