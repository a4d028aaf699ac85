// The one module that knows the service's URLs, payloads and error format (docs/service-contract.md).
// Every call has a timeout, none is retried (POSTs are never repeated blindly), and every failure is
// a CheckoutError with a stable code and no card data.

import { CheckoutError, type CheckoutErrorType } from '../errors.ts';
import { redact } from '../redact.ts';

export const REQUEST_TIMEOUT_MS = 20_000;

export interface ServiceTarget {
  /** The token host's origin. */
  origin: string;
  account: string;
}

export interface GenerateRequest {
  sessionId: string;
  card: {
    cardNumber: string;
    expirationMonth: number;
    expirationYear: number;
    cvv: string;
    cardHolderName?: string;
    singleUse: boolean;
  };
  frontData: Record<string, string>;
  authenticationCode?: string;
}

export interface TokenCard {
  brand: string;
  bin: string;
  last4: string;
  maskedNumber: string;
  expirationMonth: number;
  expirationYear: number;
  cardHolderName?: string;
}

export interface GenerateResponse {
  token: string;
  singleUse: boolean;
  card: TokenCard;
  frontData: Record<string, string>;
  /** The 3DS block when the request carried authenticationInformation; decoded by api/three-ds.ts. */
  authentication: unknown;
}

export interface ListedToken extends TokenCard {
  token: string;
  expired: boolean;
}

export type ServiceResult<T> = { ok: true; value: T } | { ok: false; error: CheckoutError };

/**
 * The error type merchants switch on, from the service's code (docs/service-contract.md). A rule by
 * prefix rather than a table: this module ships inside the card frame, where bytes count.
 */
export function errorTypeOf(code: string): CheckoutErrorType {
  if (/^(card_|cvv_|too_many_)/.test(code)) return 'validation';
  if (code.startsWith('authentication_')) return 'authentication';
  if (/^(session_|origin_not_allowed$|unknown_account$|missing_account$)/.test(code)) return 'configuration';
  return 'service';
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function failure(
  code: string,
  type: CheckoutErrorType,
  message: string,
  cause?: unknown,
): { ok: false; error: CheckoutError } {
  return { ok: false, error: new CheckoutError(code, type, message, { cause }) };
}

export function invalidResponse(path: string) {
  return failure('invalid_response', 'service', `The service answered ${path} with something unexpected.`);
}

/** One POST to the token host: timeout, no retry, errors as CheckoutErrors. Shared by the service modules. */
export async function call(
  target: ServiceTarget,
  path: string,
  body: unknown,
): Promise<ServiceResult<unknown>> {
  const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(`${target.origin}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'x-service-account': target.account,
      },
      body: JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
      signal,
    });
  } catch (cause) {
    return signal.aborted
      ? failure('timeout', 'network', 'The payment service did not answer in time.', cause)
      : failure('network_error', 'network', 'The payment service could not be reached.', cause);
  }
  const status = String(response.status);
  let json: unknown;
  try {
    json = await response.json();
  } catch (cause) {
    return failure(
      response.ok ? 'invalid_response' : 'service_unavailable',
      'service',
      `The service answered ${path} with HTTP ${status} and no readable body.`,
      cause,
    );
  }
  if (response.ok) return { ok: true, value: json };
  const error = isObj(json) && isObj(json['error']) ? json['error'] : {};
  const code =
    typeof error['code'] === 'string' && /^[a-z0-9_]{1,64}$/.test(error['code'])
      ? error['code']
      : 'service_error';
  const message =
    typeof error['message'] === 'string' ? redact(error['message']).slice(0, 300) : `HTTP ${status}`;
  return failure(response.status >= 500 ? 'service_unavailable' : code, errorTypeOf(code), message, {
    status: response.status,
    code,
  });
}

function decodeCard(value: unknown): TokenCard | undefined {
  if (!isObj(value)) return undefined;
  const { brand, bin, last4, maskedNumber, expirationMonth, expirationYear, cardHolderName } = value;
  if (
    typeof brand !== 'string' ||
    typeof bin !== 'string' ||
    typeof last4 !== 'string' ||
    typeof maskedNumber !== 'string' ||
    typeof expirationMonth !== 'number' ||
    typeof expirationYear !== 'number'
  )
    return undefined;
  return {
    brand,
    bin,
    last4,
    maskedNumber,
    expirationMonth,
    expirationYear,
    ...(typeof cardHolderName === 'string' ? { cardHolderName } : {}),
  };
}

function stringRecord(value: unknown): Record<string, string> {
  if (!isObj(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

export async function generateToken(
  target: ServiceTarget,
  request: GenerateRequest,
): Promise<ServiceResult<GenerateResponse>> {
  const path = '/api/Token/Generate';
  const reply = await call(target, path, {
    sessionId: request.sessionId,
    card: request.card,
    frontData: request.frontData,
    ...(request.authenticationCode === undefined
      ? {}
      : { authenticationInformation: { code: request.authenticationCode } }),
  });
  if (!reply.ok) return reply;
  const body = reply.value;
  const card = isObj(body) ? decodeCard(body['card']) : undefined;
  if (
    !isObj(body) ||
    typeof body['token'] !== 'string' ||
    typeof body['singleUse'] !== 'boolean' ||
    card === undefined
  ) {
    return invalidResponse(path);
  }
  return {
    ok: true,
    value: {
      token: body['token'],
      singleUse: body['singleUse'],
      card,
      frontData: stringRecord(body['frontData']),
      authentication: body['authentication'],
    },
  };
}

export async function listTokens(
  target: ServiceTarget,
  sessionId: string,
): Promise<ServiceResult<ListedToken[]>> {
  const path = '/api/Token/List';
  const reply = await call(target, path, { sessionId });
  if (!reply.ok) return reply;
  const tokens = isObj(reply.value) ? reply.value['tokens'] : undefined;
  if (!Array.isArray(tokens)) return invalidResponse(path);
  const listed: ListedToken[] = [];
  for (const entry of tokens) {
    const card = decodeCard(entry);
    if (!isObj(entry) || typeof entry['token'] !== 'string' || card === undefined)
      return invalidResponse(path);
    listed.push({ ...card, token: entry['token'], expired: entry['expired'] === true });
  }
  return { ok: true, value: listed };
}

export async function bindToken(
  target: ServiceTarget,
  request: { sessionId: string; token: string; cvv: string },
): Promise<ServiceResult<{ token: string; card: TokenCard }>> {
  const path = '/api/Token/Bind';
  const reply = await call(target, path, request);
  if (!reply.ok) return reply;
  const body = reply.value;
  const card = isObj(body) ? decodeCard(body['card']) : undefined;
  if (!isObj(body) || typeof body['token'] !== 'string' || body['bound'] !== true || card === undefined)
    return invalidResponse(path);
  return { ok: true, value: { token: body['token'], card } };
}
