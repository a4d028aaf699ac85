// The one error type the checkout script gives merchants: a stable code, a type, a readable message
// and the original cause. Recognised across realms (a frame is another realm, where instanceof lies).

export const ERROR_TYPES = [
  'validation',
  'network',
  'service',
  'authentication',
  'wallet',
  'configuration',
  'cancelled',
] as const;
export type CheckoutErrorType = (typeof ERROR_TYPES)[number];

const BRAND = Symbol.for('service-checkout.CheckoutError');

export interface CheckoutErrorOptions {
  cause?: unknown;
}

export class CheckoutError extends Error {
  readonly code: string;
  readonly type: CheckoutErrorType;
  readonly [BRAND] = true;

  constructor(code: string, type: CheckoutErrorType, message: string, options: CheckoutErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CheckoutError';
    this.code = code;
    this.type = type;
  }
}

/** True for a CheckoutError from any realm (this page, a frame, another copy of the script). */
export function isCheckoutError(value: unknown): value is CheckoutError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
}

/** An error as it crossed a frame boundary ({code, type, message}); an unknown type reads as `service`. */
export function errorFromWire(error: { code: string; type: string; message: string }): CheckoutError {
  const type = (ERROR_TYPES as readonly string[]).includes(error.type)
    ? (error.type as CheckoutErrorType)
    : 'service';
  return new CheckoutError(error.code, type, error.message);
}
