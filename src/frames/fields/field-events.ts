// Events <svc-card-fields> dispatches to the card frame's script. They bubble and are composed like
// every svc-* event. SvcFieldsEvent carries a field event exactly as the frame relays it to the page;
// only SvcFieldsBinEvent carries card digits, and it must stay in the frame.

import type { FieldRelay } from '../../messaging/protocol.ts';

const init = { bubbles: true, composed: true } as const;

/**
 * A field's state changed (brand, flags or shown error), a field got or lost the focus, or the shopper
 * pressed Enter (the form's own navigation is already prevented). Carries no value, digits, BIN or
 * last four, so the frame relays `relay` to the page as it is. No change is dispatched for changes
 * made through the element's methods (clear, validateAll): read getState() after calling them.
 */
export class SvcFieldsEvent extends Event {
  static readonly type = 'svc-fields';
  constructor(readonly relay: FieldRelay) {
    super(SvcFieldsEvent.type, init);
  }
}

/**
 * FOR THE FRAME'S OWN 3DS SETUP ONLY. NEVER RELAY THIS EVENT, OR ITS `bin`, TO THE MERCHANT PAGE
 * (no port message, no log, no error text): the BIN is card data, and keeping every digit inside the
 * token host is what keeps merchants in PCI SAQ A.
 *
 * `bin` is the first eight digits once at least eight are typed and the brand is known, undefined
 * when that stops being true. Dispatched only when it changes; a new value means a new card.
 */
export class SvcFieldsBinEvent extends Event {
  static readonly type = 'svc-fields-bin';
  constructor(readonly bin: string | undefined) {
    super(SvcFieldsBinEvent.type, init);
  }
}

declare global {
  interface HTMLElementEventMap {
    'svc-fields': SvcFieldsEvent;
    'svc-fields-bin': SvcFieldsBinEvent;
  }
}
