// Script-tag builds (essentials, and full with the wallets): `window.Checkout`, with the error type and guard on it.

import { Checkout } from '../checkout.ts';
import { CheckoutError, isCheckoutError } from '../errors.ts';

declare global {
  interface Window {
    Checkout: typeof Checkout & {
      CheckoutError: typeof CheckoutError;
      isCheckoutError: typeof isCheckoutError;
      version: string;
    };
  }
}

window.Checkout = Object.assign(Checkout, { CheckoutError, isCheckoutError, version: __SDK_VERSION__ });
