// Public ESM entry of the checkout script: exports only, no side effects at import time.

export { CheckoutError, isCheckoutError, ERROR_TYPES, type CheckoutErrorType } from './errors.ts';
export const VERSION: string = __SDK_VERSION__;
