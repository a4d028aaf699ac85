// Registers the merchant-side custom elements, once. Importing a class never registers it. The 3DS
// challenge dialog is registered by the lazily loaded challenge module (three-ds/page/challenge.ts), so a
// page downloads it only when an issuer asks for a challenge.

import { SvcCardForm } from './elements/card-form.ts';
import type { SvcChallengeDialog } from './three-ds/page/challenge-dialog.ts';

export function defineElements(registry: CustomElementRegistry = customElements): void {
  if (registry.get('svc-card-form') === undefined) registry.define('svc-card-form', SvcCardForm);
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-card-form': SvcCardForm;
    'svc-challenge-dialog': SvcChallengeDialog;
  }
}
