// Public ESM entry of the checkout script: exports only, no side effects at import time.

export { Checkout, type HeadlessCard } from './checkout.ts';
export {
  CheckoutError,
  isCheckoutError,
  ERROR_TYPES,
  type CheckoutErrorOptions,
  type CheckoutErrorType,
} from './errors.ts';
export {
  SvcBlurEvent,
  SvcChangeEvent,
  SvcErrorEvent,
  SvcFocusEvent,
  SvcReadyEvent,
  SvcSubmitEvent,
  SvcThreeDsEvent,
} from './events.ts';
export type { ThreeDsStep } from './messaging/protocol.ts';
export { checkoutCsp, formatCsp, mergeCsp, type CspDirectives, type CspOptions } from './csp.ts';
export type { SvcCardForm } from './elements/card-form.ts';
export type { FrontData } from './browser-data/index.ts';
export type * from './types.ts';
/** The version of the package this script was built from, as in its package.json. */
export const VERSION: string = __SDK_VERSION__;
