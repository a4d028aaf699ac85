// Registers the card field elements. The class modules never register themselves, so importing a
// type or testing a class has no side effect.

import { SvcCardCvc } from './card-cvc.ts';
import { SvcCardExpiry } from './card-expiry.ts';
import { SvcCardFields } from './card-fields.ts';
import { SvcCardHolder } from './card-holder.ts';
import { SvcCardNumber } from './card-number.ts';

const ELEMENTS = [
  ['svc-card-number', SvcCardNumber],
  ['svc-card-expiry', SvcCardExpiry],
  ['svc-card-cvc', SvcCardCvc],
  ['svc-card-holder', SvcCardHolder],
  ['svc-card-fields', SvcCardFields],
] as const;

/** Defines every card field element not defined yet; calling it again is harmless. */
export function defineCardFields(registry: CustomElementRegistry = customElements): void {
  for (const [tag, element] of ELEMENTS) {
    if (!registry.get(tag)) registry.define(tag, element);
  }
}
