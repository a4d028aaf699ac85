// The one error type the checkout script gives merchants: a stable code, a type, a readable message
// and the original cause. Recognised across realms (a frame is another realm, where instanceof lies).

/** Every {@link CheckoutErrorType}, for code that needs the list at run time. */
export const ERROR_TYPES = [
  'validation',
  'network',
  'service',
  'authentication',
  'wallet',
  'configuration',
  'cancelled',
] as const;
/**
 * What kind of failure a {@link CheckoutError} is, for deciding what to do: `validation` (the shopper
 * can fix the card), `network` and `service` (try again), `authentication` (3DS refused: ask for
 * another payment method), `wallet` (reserved for wallet payments), `configuration` (a bug or a setup
 * problem on the merchant's side) and `cancelled` (the shopper or the page stopped it).
 */
export type CheckoutErrorType = (typeof ERROR_TYPES)[number];

const BRAND = Symbol.for('service-checkout.CheckoutError');

/**
 * Where each code is explained: docs/errors.md, shipped in the package, with an anchor per code. Every
 * message ends with its entry, so a developer reading a log knows where to look.
 */
export const ERRORS_DOC = 'service-checkout/docs/errors.md';

/** The rest of a {@link CheckoutError}'s construction. */
export interface CheckoutErrorOptions {
  /** The original error (a failed fetch, say), kept as the error's `cause`. */
  cause?: unknown;
}

/**
 * The one error type of the checkout script. Failures a page must expect (declines, invalid input, the
 * network) come as values, `{ok: false, error}`; a wrong option or mount target is thrown. The message
 * is for developers, never contains card data, and may change: switch on `code` and `type`, which are
 * stable. docs/errors.md lists every code with what the shopper sees and what to do. Recognise one with
 * {@link isCheckoutError}, which works across frames where `instanceof` does not.
 */
export class CheckoutError extends Error {
  /** A stable, snake_case code such as `card_expired` or `network_error`. */
  readonly code: string;
  /** What kind of failure it is; see {@link CheckoutErrorType}. */
  readonly type: CheckoutErrorType;
  /** @internal Marks a CheckoutError from any realm for {@link isCheckoutError}. */
  readonly [BRAND] = true;

  /**
   * @param code - A stable code (`card_expired`).
   * @param type - What kind of failure it is.
   * @param message - For developers; never card data. The pointer to the code's entry in the error
   *   reference is added (once) at its end.
   * @param options - The original error as `cause`.
   */
  constructor(code: string, type: CheckoutErrorType, message: string, options: CheckoutErrorOptions = {}) {
    const entry = `${ERRORS_DOC}#${code}`;
    super(
      message.endsWith(entry) ? message : `${message} See ${entry}`,
      options.cause === undefined ? undefined : { cause: options.cause },
    );
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
