// Every error the sandbox can answer with, in one table: the HTTP status and the default message of each
// stable code. docs/service-contract.md documents this table; a test keeps the two in step.

import { redact } from './card-data.ts';

export const ERRORS = {
  malformed_json: [400, 'The request body is not valid JSON.'],
  invalid_request: [400, 'The request body does not match the expected shape.'],
  is3ds_test_not_allowed: [400, 'Is3dsTest can only be true for a sandbox account.'],
  card_number_invalid: [400, 'The card number is not valid.'],
  card_brand_unsupported: [400, 'The card brand is not supported.'],
  card_expiry_invalid: [400, 'The expiry month or year is not valid.'],
  card_expired: [400, 'The card has expired.'],
  cvv_invalid: [400, 'The security code does not have the length the card brand needs.'],
  full_card_data_not_allowed: [
    400,
    'Payment/Init accepts no full card number or CVV: tokenize first, or send a masked number for antifraud-only.',
  ],
  card_info_required: [400, 'A card payment method needs cardInfo.'],
  token_session_required: [400, 'A payment with a Service token needs tokenSession.'],
  amount_mismatch: [400, 'The payment methods do not add up to paymentData.amount.'],
  missing_credentials: [401, 'The x-service-account and x-service-apptoken headers are required.'],
  missing_account: [401, 'The x-service-account header is required.'],
  unknown_account: [401, 'The account is not known.'],
  invalid_app_token: [401, 'The account and app token do not match.'],
  browser_call_forbidden: [
    403,
    'This endpoint is for the merchant backend only; it refuses browser requests.',
  ],
  browser_only: [403, "This endpoint is the token host's frames' own; servers cannot call it."],
  app_token_from_browser: [403, 'The app token must never be sent from a browser.'],
  origin_not_allowed: [403, 'The request origin is not allowed for this account.'],
  account_mismatch: [403, 'The request names a different account than the credentials.'],
  environment_mismatch: [403, 'This account belongs to the other environment (sandbox or production).'],
  pci_certification_required: [
    403,
    'Full card data from a server needs a PCI DSS Level 1 certified account.',
  ],
  sandbox_control_required: [
    403,
    'Sandbox controls need the x-sandbox-control: 1 header, from test code on a server.',
  ],
  session_order_mismatch: [403, 'A browser payment must match the order its session was created with.'],
  not_found: [404, 'There is no such endpoint.'],
  session_not_found: [404, 'The session does not exist.'],
  token_not_found: [404, 'The token does not exist for this session.'],
  payment_not_found: [404, 'The payment does not exist.'],
  passkey_not_found: [
    404,
    'No passkey of this customer matches: none for this card, or not this credential.',
  ],
  authentication_not_found: [404, 'No 3DS challenge of this session has this transaction id.'],
  method_not_allowed: [405, 'Only POST is accepted.'],
  token_already_used: [409, 'The single-use token (or wallet token) was already used.'],
  token_requires_bind: [409, 'A stored token must be validated with Token/Bind in this session first.'],
  duplicate_order: [409, 'A payment with this partnerUniqueId already exists.'],
  order_already_paid: [409, 'The order of this session was already paid.'],
  payment_not_pending: [
    409,
    'Only a pending payment can be settled or expired; details.status says what it is.',
  ],
  challenge_not_completed: [409, 'The 3DS challenge has not been completed yet.'],
  authentication_already_used: [409, 'This 3DS authentication already paid; one authentication pays once.'],
  passkey_enrollment_not_allowed: [
    409,
    'A passkey can be added to a stored card only in a session that checked its security code or saved it.',
  ],
  session_expired: [410, 'The session has expired; create a new one.'],
  payload_too_large: [413, 'The request body is too large.'],
  unsupported_media_type: [415, 'The request body must be application/json.'],
  cvv_mismatch: [422, 'The security code does not match the stored card.'],
  authentication_invalid: [422, 'The 3DS authentication data does not match an authentication of this card.'],
  spc_refused: [
    422,
    'The issuer refused the SPC assertion (details.reason); open the challenge instead: it counts as a wrong code.',
  ],
  authentication_failed: [422, 'The 3DS authentication failed; ask the shopper for another payment method.'],
  authentication_required: [
    422,
    'This card payment needs its 3DS authentication in AuthenticationInformation.',
  ],
  three_ds_required: [
    422,
    "This account runs 3DS on every card payment a browser starts: tokenize with authenticationInformation and pay with the card's AuthenticationInformation.",
  ],
  authentication_expired: [422, 'The 3DS authentication is too old to pay with; authenticate again.'],
  authentication_amount_mismatch: [
    422,
    'The payment is not for the amount and currency the 3DS authentication was made for.',
  ],
  passkey_verification_failed: [
    422,
    'The passkey response does not verify; details.reason says why. Ask for the security code instead.',
  ],
  wallet_token_invalid: [
    422,
    'The wallet token does not open: ask the shopper to pay again; details.reason says why.',
  ],
  too_many_attempts: [
    429,
    'Too many wrong security codes or failed passkeys for this card; try again later.',
  ],
  internal_error: [500, 'Internal error.'],
  wallet_gateway_unreachable: [
    502,
    "The wallet provider's gateway could not be reached; details.host names it.",
  ],
} as const satisfies Record<string, readonly [number, string]>;

export type ErrorCode = keyof typeof ERRORS;

/** The error body of every non-2xx answer. */
export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    field?: string;
    requestId: string;
    details?: Record<string, unknown>;
  };
}

/** Thrown by handlers; turned into an ErrorBody by the app's error hook. */
export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field: string | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    options: { message?: string; field?: string; details?: Record<string, unknown> } = {},
  ) {
    const [status, message] = ERRORS[code];
    super(options.message ?? message);
    this.name = 'ServiceError';
    this.code = code;
    this.status = status;
    this.field = options.field;
    this.details = options.details;
  }
}

/** Every text of an error goes through redact(): a message may quote what the request held. */
function redacted<T>(value: T): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map(redacted) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [redact(key), redacted(item)])) as T;
  }
  return value;
}

export function errorBody(error: ServiceError, requestId: string): ErrorBody {
  return {
    error: {
      code: error.code,
      message: redact(error.message),
      ...(error.field === undefined ? {} : { field: redact(error.field) }),
      ...(error.details === undefined ? {} : { details: redacted(error.details) }),
      requestId,
    },
  };
}
