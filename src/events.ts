// Typed events on the host element. They bubble and are composed, and none carries a card value:
// only brand ids, flags, field names and error codes.

import type { CheckoutError } from './errors.ts';
import type { FieldRelay } from './messaging/protocol.ts';
import type { ThreeDsStep } from './three-ds/authentication.ts';
import type { CardFormState, FieldName } from './types.ts';

const init = { bubbles: true, composed: true } as const;

/** `svc-ready`: the fields are shown and usable. */
export class SvcReadyEvent extends Event {
  /** The event's name, `svc-ready`. */
  static readonly type = 'svc-ready';
  constructor() {
    super(SvcReadyEvent.type, init);
  }
}

/**
 * `svc-change`: a field changed. It carries the brand, which fields are empty, complete or valid, and
 * error codes.
 */
export class SvcChangeEvent extends Event {
  /** The event's name, `svc-change`. */
  static readonly type = 'svc-change';
  /**
   * @param field - The field that changed.
   * @param state - The whole form's state after the change.
   */
  constructor(
    readonly field: FieldName,
    readonly state: CardFormState,
  ) {
    super(SvcChangeEvent.type, init);
  }
}

/** `svc-focus`: a field got the focus. */
export class SvcFocusEvent extends Event {
  /** The event's name, `svc-focus`. */
  static readonly type = 'svc-focus';
  /** @param field - The field that got the focus. */
  constructor(readonly field: FieldName) {
    super(SvcFocusEvent.type, init);
  }
}

/** `svc-blur`: a field lost the focus; its error, if any, shows now. */
export class SvcBlurEvent extends Event {
  /** The event's name, `svc-blur`. */
  static readonly type = 'svc-blur';
  /** @param field - The field that lost the focus. */
  constructor(readonly field: FieldName) {
    super(SvcBlurEvent.type, init);
  }
}

/** `svc-submit`: the shopper pressed Enter in a field, and the checkout submits (listen to show progress). */
export class SvcSubmitEvent extends Event {
  /** The event's name, `svc-submit`. */
  static readonly type = 'svc-submit';
  constructor() {
    super(SvcSubmitEvent.type, init);
  }
}

/**
 * `svc-error`: something went wrong that no `submit()` promise reports: the frame did not load in 15 s,
 * or refused this page's origin (`frame_unavailable`).
 */
export class SvcErrorEvent extends Event {
  /** The event's name, `svc-error`. */
  static readonly type = 'svc-error';
  /** @param error - What went wrong, a {@link CheckoutError} of type `configuration`. */
  constructor(readonly error: CheckoutError) {
    super(SvcErrorEvent.type, init);
  }
}

/**
 * `svc-3ds`: a 3DS step, for showing progress: device data collection started, then finished or timed
 * out (the payment goes on either way); the challenge dialog shown, then finished (whatever its outcome).
 */
export class SvcThreeDsEvent extends Event {
  /** The event's name, `svc-3ds`. */
  static readonly type = 'svc-3ds';
  /** @param step - Which step was reached. */
  constructor(readonly step: ThreeDsStep) {
    super(SvcThreeDsEvent.type, init);
  }
}

/** @internal The public event for a field event the card frame relayed. */
export function fieldEvent(relay: FieldRelay): Event {
  switch (relay.kind) {
    case 'change':
      return new SvcChangeEvent(relay.field, relay.state);
    case 'focus':
      return new SvcFocusEvent(relay.field);
    case 'blur':
      return new SvcBlurEvent(relay.field);
    case 'submit':
      return new SvcSubmitEvent();
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
