// Registers the merchant-side custom elements, once. Importing a class never registers it.

import { SvcCardForm } from './elements/card-form.ts';

export function defineElements(registry: CustomElementRegistry = customElements): void {
  if (registry.get('svc-card-form') === undefined) registry.define('svc-card-form', SvcCardForm);
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-card-form': SvcCardForm;
  }
}
