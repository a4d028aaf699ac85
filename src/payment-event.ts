// The event of paying from the browser, apart from events.ts: only pay()'s chunk dispatches it, so the
// essentials build, which has no pay(), carries none of it (a class with a static field is never
// dropped as unused).

import { SvcEvent } from './events.ts';
import type { PaymentProgress } from './types.ts';

/**
 * `svc-payment`: where a `pay()` is (client script for everything), however it started (`pay()` or
 * Enter in a field): tokenizing, paying, pending (a PIX waiting for the shopper), checking the status.
 * The final result goes to the `onPayment` option and `pay()`'s promise.
 */
export class SvcPaymentEvent extends SvcEvent {
  /** The event's name, `svc-payment`. */
  static readonly type = 'svc-payment';
  /** @param progress - The step reached, with the payment once there is one. */
  constructor(readonly progress: PaymentProgress) {
    super();
  }
}
