// Typed events on the host element. They bubble and are composed, and none carries a card value:
// only brand ids, flags, field names and error codes.

import type { CheckoutError } from './errors.ts';
import type { FieldRelay, PasskeyOutcome } from './messaging/protocol.ts';
import type { ThreeDsStep } from './three-ds/model.ts';
import type { CardFormState, CardResult, FieldName } from './types.ts';

/** Every `svc-*` event: named by its class's static `type`, bubbling and composed. */
export abstract class SvcEvent extends Event {
  constructor() {
    super((new.target as unknown as { type: string }).type, { bubbles: true, composed: true });
  }
}

/** `svc-ready`: the fields are shown and usable. */
export class SvcReadyEvent extends SvcEvent {
  /** The event's name, `svc-ready`. */
  static readonly type = 'svc-ready';
}

/**
 * `svc-change`: a field changed. It carries the brand, which fields are empty, complete or valid, and
 * error codes.
 */
export class SvcChangeEvent extends SvcEvent {
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
    super();
  }
}

/** A field got or lost the focus. */
abstract class SvcFieldEvent extends SvcEvent {
  /** @param field - The field that got or lost the focus. */
  constructor(readonly field: FieldName) {
    super();
  }
}

/** `svc-focus`: a field got the focus. */
export class SvcFocusEvent extends SvcFieldEvent {
  /** The event's name, `svc-focus`. */
  static readonly type = 'svc-focus';
}

/** `svc-blur`: a field lost the focus; its error, if any, shows now. */
export class SvcBlurEvent extends SvcFieldEvent {
  /** The event's name, `svc-blur`. */
  static readonly type = 'svc-blur';
}

/** `svc-submit`: the shopper pressed Enter in a field, and the checkout submits (listen to show progress). */
export class SvcSubmitEvent extends SvcEvent {
  /** The event's name, `svc-submit`. */
  static readonly type = 'svc-submit';
}

/**
 * `svc-error`: the card form cannot be shown (no `submit()` promise reports it): `unknown_account` or
 * `origin_not_allowed` (also a `file://` page) within moments of mounting, or `frame_unavailable` when
 * the frame did not load: within a second when something other than the card frame loaded (nothing
 * answered at the token host, a wrong or missing `tokenUrl`, or the page's CSP refused it), else after
 * 15 s. The form tells the shopper it is unavailable.
 */
export class SvcErrorEvent extends SvcEvent {
  /** The event's name, `svc-error`. */
  static readonly type = 'svc-error';
  /** @param error - What went wrong, a {@link CheckoutError} of type `configuration`. */
  constructor(readonly error: CheckoutError) {
    super();
  }
}

/**
 * `svc-3ds`: a 3DS step, for showing progress: device data collection started, then finished or timed
 * out (the payment goes on either way); the challenge dialog shown, then finished (whatever its outcome).
 */
export class SvcThreeDsEvent extends SvcEvent {
  /** The event's name, `svc-3ds`. */
  static readonly type = 'svc-3ds';
  /** Which step was reached. */
  readonly step: ThreeDsStep;
  /** @param step - Which step was reached. */
  constructor(step: ThreeDsStep) {
    super();
    this.step = step;
  }
}

/**
 * `svc-passkey`: how the shopper answered the card frame's offer of a passkey (the `passkeys` option):
 * `enrolled` (saved: the card is paid with it next time), `declined` ("Not now"), `cancelled` (the
 * browser's prompt closed) or `failed`. Paying is never held up by it.
 */
export class SvcPasskeyEvent extends SvcEvent {
  /** The event's name, `svc-passkey`. */
  static readonly type = 'svc-passkey';
  /** @param outcome - How the offer ended. */
  constructor(readonly outcome: PasskeyOutcome) {
    super();
  }
}

/**
 * `svc-result`: how a submit ended, however it started (the merchant's `submit()` or Enter in a field):
 * the token and its 3DS result, or the error. The same value the `callback` option and `submit()` get;
 * a page that creates the Checkout without a callback listens for this to miss no payment.
 */
export class SvcResultEvent extends SvcEvent {
  /** The event's name, `svc-result`. */
  static readonly type = 'svc-result';
  /** @param result - The submit's result. */
  constructor(readonly result: CardResult) {
    super();
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
    'svc-result': SvcResultEvent;
    'svc-passkey': SvcPasskeyEvent;
  }
}
