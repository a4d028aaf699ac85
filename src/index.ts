// Public ESM entry of the checkout script: exports only, no side effects at import time.

export { Checkout, type HeadlessCard } from './checkout.ts';
export { CheckoutError, isCheckoutError, ERROR_TYPES, type CheckoutErrorType } from './errors.ts';
export {
  SvcBlurEvent,
  SvcChangeEvent,
  SvcErrorEvent,
  SvcFocusEvent,
  SvcReadyEvent,
  SvcSubmitEvent,
} from './events.ts';
export type { SvcCardForm } from './elements/card-form.ts';
export type { FrontData } from './browser-data/index.ts';
export type * from './types.ts';
export const VERSION: string = __SDK_VERSION__;
