// The script-tag build: its types subpath declares `window.Checkout` for merchants writing TypeScript.
import type {} from 'service-checkout/script-tag';

const checkout = new window.Checkout({ sessionId: 'ses_1', account: 'demo', environment: 'sandbox' });
checkout.mountCardForm('#card');
export const version: string = window.Checkout.version;

export function describe(error: unknown): string {
  return window.Checkout.isCheckoutError(error) ? error.code : 'unknown';
}

// @ts-expect-error -- the global build has no tokenize() shortcut
window.Checkout.tokenize();
