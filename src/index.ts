// Public ESM entry of the checkout script: exports only, no side effects at import time.

export { Checkout } from './checkout.ts';
export type { CheckoutApi } from './checkout-api.ts';
export {
  CheckoutError,
  isCheckoutError,
  ERROR_CODES,
  ERROR_TYPES,
  type CheckoutErrorCode,
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
  SvcResultEvent,
  SvcThreeDsEvent,
  SvcPasskeyEvent,
} from './events.ts';
export { SvcPaymentEvent } from './payment-event.ts';
export { THREE_DS_STEPS, type ThreeDsStep } from './three-ds/model.ts';
export {
  checkoutCsp,
  checkoutPermissionsPolicy,
  formatCsp,
  mergeCsp,
  type CspDirectives,
  type CspOptions,
} from './csp.ts';
export { cardFormHtml, type CardFormHtmlOptions } from './card-form-html.ts';
export type { SvcCardForm } from './elements/card-form.ts';
export type { FrontData } from './browser-data/index.ts';
export type * from './types.ts';
export type * from './wallets/wallet-options.ts';
export { FIELD_ERRORS, FIELD_NAMES } from './types.ts';
/** The version of the package this script was built from, as in its package.json. */
export const VERSION: string = __SDK_VERSION__;
