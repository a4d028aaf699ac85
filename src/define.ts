// Registers the merchant-side custom elements, once. Importing a class never registers it.

import { SvcCardForm } from './elements/card-form.ts';
import { SvcChallengeDialog } from './elements/challenge-dialog.ts';

export function defineElements(registry: CustomElementRegistry = customElements): void {
  if (registry.get('svc-card-form') === undefined) registry.define('svc-card-form', SvcCardForm);
  if (registry.get('svc-challenge-dialog') === undefined)
    registry.define('svc-challenge-dialog', SvcChallengeDialog);
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-card-form': SvcCardForm;
    'svc-challenge-dialog': SvcChallengeDialog;
  }
}
