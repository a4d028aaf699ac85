// Events <svc-card-fields> dispatches to the card frame's script. They bubble and are composed like
// every svc-* event. Only SvcFieldsBinEvent carries card digits, and it must stay in the frame.

import type { FieldName, FieldsState } from './types.ts';

const init = { bubbles: true, composed: true } as const;

/**
 * A field's state changed (brand, flags or shown error). Carries no value, digits, BIN or last four,
 * so the frame may relay it to the merchant page as it is. Not dispatched for changes made through
 * the element's methods (clear, validateAll): read getState() after calling them.
 */
export class SvcFieldsChangeEvent extends Event {
  static readonly type = 'svc-fields-change';
  constructor(
    readonly field: FieldName,
    readonly state: FieldsState,
  ) {
    super(SvcFieldsChangeEvent.type, init);
  }
}

export class SvcFieldsFocusEvent extends Event {
  static readonly type = 'svc-fields-focus';
  constructor(readonly field: FieldName) {
    super(SvcFieldsFocusEvent.type, init);
  }
}

export class SvcFieldsBlurEvent extends Event {
  static readonly type = 'svc-fields-blur';
  constructor(readonly field: FieldName) {
    super(SvcFieldsBlurEvent.type, init);
  }
}

/** The shopper pressed Enter in a field. The form's own navigation is already prevented. */
export class SvcFieldsSubmitEvent extends Event {
  static readonly type = 'svc-fields-submit';
  constructor() {
    super(SvcFieldsSubmitEvent.type, init);
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
    'svc-fields-change': SvcFieldsChangeEvent;
    'svc-fields-focus': SvcFieldsFocusEvent;
    'svc-fields-blur': SvcFieldsBlurEvent;
    'svc-fields-submit': SvcFieldsSubmitEvent;
    'svc-fields-bin': SvcFieldsBinEvent;
  }
}
