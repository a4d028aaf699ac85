// The one error type the checkout script gives merchants: a stable code, a type, a readable message
// and the original cause. Recognised across realms (a frame is another realm, where instanceof lies).

/** Every {@link CheckoutErrorType}, for code that needs the list at run time. */
export const ERROR_TYPES = [
  'validation',
  'network',
  'service',
  'authentication',
  'wallet',
  'payment',
  'configuration',
  'cancelled',
] as const;
/**
 * What kind of failure a {@link CheckoutError} is, for deciding what to do: `validation` (the shopper
 * can fix the card), `network` and `service` (try again), `authentication` (3DS refused: ask for
 * another payment method), `wallet` (a Google Pay or Apple Pay payment failed), `payment` (a payment
 * `pay()` made did not pay: declined, expired, or its outcome unknown), `configuration` (a bug or a setup
 * problem on the merchant's side) and `cancelled` (the shopper or the page stopped it).
 */
export type CheckoutErrorType = (typeof ERROR_TYPES)[number];

const BRAND = Symbol.for('service-checkout.CheckoutError');

/**
 * Where each code is explained: docs/errors.md, shipped in the package, with an anchor per code. Every
 * message ends with its entry, so a developer reading a log knows where to look.
 */
export const ERRORS_DOC = 'service-checkout/docs/errors.md';

/**
 * Every code a {@link CheckoutError} can carry: the script's own, then the service's (which reach the
 * merchant unchanged; a code the service adds later arrives as `service_error`, the original in
 * `cause`). docs/errors.md has an entry for each, and a test keeps the two lists equal. A `switch` over
 * `error.code` is checked by the compiler: a misspelt case does not compile. The page checks codes
 * that crossed a frame against this list; a frame's bundle leaves it out.
 */
export const ERROR_CODES = [
  // Setting up
  'invalid_option',
  'invalid_target',
  'not_mounted',
  'not_ready',
  'frame_unavailable',
  // Card data
  'validation_failed',
  'submit_in_progress',
  'card_number_invalid',
  'card_brand_unsupported',
  'card_expiry_invalid',
  'card_expired',
  'cvv_invalid',
  'cvv_mismatch',
  'too_many_attempts',
  // 3DS
  'authentication_failed',
  'authentication_rejected',
  'challenge_cancelled',
  'challenge_timeout',
  'authentication_invalid',
  'authentication_not_found',
  'challenge_not_completed',
  'spc_refused',
  'authentication_already_used',
  'authentication_required',
  'three_ds_required',
  'authentication_expired',
  'authentication_amount_mismatch',
  // Wallets
  'full_build_required',
  'wallet_unavailable',
  'wallet_cancelled',
  'wallet_developer_error',
  'wallet_error',
  'wallet_merchant_validation_failed',
  'wallet_callback_timeout',
  'wallet_payment_failed',
  // Paying from the browser (client script for everything)
  'payment_declined',
  'payment_expired',
  'payment_status_unknown',
  'payer_invalid',
  'passkey_cancelled',
  'passkey_not_allowed',
  'passkey_unsupported',
  'passkey_verification_failed',
  'passkey_not_found',
  'passkey_enrollment_not_allowed',
  // Network and service
  'network_error',
  'timeout',
  'service_unavailable',
  'invalid_response',
  'service_error',
  'session_not_found',
  'session_expired',
  'session_unavailable',
  'origin_not_allowed',
  'unknown_account',
  'missing_account',
  'destroyed',
  'aborted',
  // Other codes from the service
  'malformed_json',
  'invalid_request',
  'is3ds_test_not_allowed',
  'full_card_data_not_allowed',
  'card_info_required',
  'token_session_required',
  'amount_mismatch',
  'missing_credentials',
  'invalid_app_token',
  'browser_call_forbidden',
  'app_token_from_browser',
  'browser_only',
  'account_mismatch',
  'environment_mismatch',
  'pci_certification_required',
  'session_order_mismatch',
  'sandbox_control_required',
  'not_found',
  'token_not_found',
  'payment_not_found',
  'method_not_allowed',
  'token_already_used',
  'token_requires_bind',
  'duplicate_order',
  'order_already_paid',
  'wallet_token_invalid',
  'wallet_gateway_unreachable',
  'payload_too_large',
  'unsupported_media_type',
  'internal_error',
] as const;
/** A code from {@link ERROR_CODES}. */
export type CheckoutErrorCode = (typeof ERROR_CODES)[number];

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
  readonly code: CheckoutErrorCode;
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
  constructor(
    code: CheckoutErrorCode,
    type: CheckoutErrorType,
    message: string,
    options: CheckoutErrorOptions = {},
  ) {
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

/** A CheckoutError of type `configuration`: the integration is at fault, and `message` says what to fix. */
export const configurationError = (code: CheckoutErrorCode, message: string): CheckoutError =>
  new CheckoutError(code, 'configuration', message);

/** Throws the `invalid_option` error every refusal of an option is, with what to fix. */
export function invalidOption(message: string): never {
  throw configurationError('invalid_option', message);
}

/** True for a CheckoutError from any realm (this page, a frame, another copy of the script). */
export function isCheckoutError(value: unknown): value is CheckoutError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
}

/**
 * How every internal step reports: a value, or the CheckoutError that ended it. The public results
 * (`CardResult`, `StoredCardsResult`) are built from it at the Checkout's edge.
 */
export type Result<T> = { ok: true; value: T } | { ok: false; error: CheckoutError };

/** A failed {@link Result}, made in one call. */
export function failure(
  code: CheckoutErrorCode,
  type: CheckoutErrorType,
  message: string,
  cause?: unknown,
): { ok: false; error: CheckoutError } {
  return { ok: false, error: new CheckoutError(code, type, message, { cause }) };
}
