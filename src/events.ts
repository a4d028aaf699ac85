// Typed events on the host element. They bubble and are composed, and none carries a card value:
// only brand ids, flags, field names and error codes.

import type { CheckoutError } from './errors.ts';
import type { ThreeDsStep } from './messaging/protocol.ts';
import type { CardFormState, FieldName } from './types.ts';

const init = { bubbles: true, composed: true } as const;

/** The fields are shown and usable. */
export class SvcReadyEvent extends Event {
  static readonly type = 'svc-ready';
  constructor() {
    super(SvcReadyEvent.type, init);
  }
}

/** A field changed: the brand, which fields are empty, complete or valid, and error codes. */
export class SvcChangeEvent extends Event {
  static readonly type = 'svc-change';
  constructor(
    readonly field: FieldName,
    readonly state: CardFormState,
  ) {
    super(SvcChangeEvent.type, init);
  }
}

export class SvcFocusEvent extends Event {
  static readonly type = 'svc-focus';
  constructor(readonly field: FieldName) {
    super(SvcFocusEvent.type, init);
  }
}

export class SvcBlurEvent extends Event {
  static readonly type = 'svc-blur';
  constructor(readonly field: FieldName) {
    super(SvcBlurEvent.type, init);
  }
}

/** The shopper pressed Enter in a field: the checkout submits (the merchant may listen to show progress). */
export class SvcSubmitEvent extends Event {
  static readonly type = 'svc-submit';
  constructor() {
    super(SvcSubmitEvent.type, init);
  }
}

/** Something went wrong that no submit() promise reports: the frame failed to load or refused the page. */
export class SvcErrorEvent extends Event {
  static readonly type = 'svc-error';
  constructor(readonly error: CheckoutError) {
    super(SvcErrorEvent.type, init);
  }
}

/**
 * A 3DS step, for showing progress: device data collection started, then finished or timed out (the
 * payment goes on either way); the challenge dialog shown, then finished (whatever its outcome).
 */
export class SvcThreeDsEvent extends Event {
  static readonly type = 'svc-3ds';
  constructor(readonly step: ThreeDsStep) {
    super(SvcThreeDsEvent.type, init);
  }
}

declare global {
  interface HTMLElementEventMap {
    'svc-ready': SvcReadyEvent;
    'svc-change': SvcChangeEvent;
    'svc-focus': SvcFocusEvent;
    'svc-blur': SvcBlurEvent;
    'svc-submit': SvcSubmitEvent;
    'svc-error': SvcErrorEvent;
    'svc-3ds': SvcThreeDsEvent;
  }
}
