// The one module that knows the service's URLs, payloads and error format (docs/service-contract.md).
// Every call has a timeout and may take the caller's AbortSignal; none is retried (POSTs are never
// repeated blindly); every answer is read once, here, into a typed value, and every failure is a
// CheckoutError with a stable code and no card data.

import type { TokenizedCard } from '../card/tokenized-card.ts';
import { failure, type CheckoutErrorCode, type CheckoutErrorType, type Result } from '../errors.ts';
import { redact } from '../redact.ts';
import type { Authentication } from '../three-ds/model.ts';
import type { CardDetails, Funding, StoredCard } from '../types.ts';

export const REQUEST_TIMEOUT_MS = 20_000;

/** The token host's Token endpoints (the 3DS ones are in three-ds.ts). */
export const PATHS = {
  generate: '/api/Token/Generate',
  list: '/api/Token/List',
  bind: '/api/Token/Bind',
  funding: '/api/Card/Funding',
} as const;

export interface ServiceTarget {
  /** The token host's origin. */
  origin: string;
  account: string;
}

/** Reads a successful answer into its type; undefined means the service answered something unexpected. */
export type Decode<T> = (body: unknown) => T | undefined;

/** POSTs to one token host for one account. */
export interface ServiceClient {
  post<T>(path: string, body: unknown, decode: Decode<T>, signal?: AbortSignal): Promise<Result<T>>;
}

export type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The error type merchants switch on, from the service's code (docs/service-contract.md). A rule by
 * prefix rather than a table: this module ships inside the card frame, where bytes count.
 */
export function errorTypeOf(code: string): CheckoutErrorType {
  if (/^(card_|cvv_|too_many_|passkey_)/.test(code)) return 'validation';
  if (/^(authentication_|three_ds_)/.test(code)) return 'authentication';
  if (/^(session_|origin_not_allowed$|unknown_account$|missing_account$)/.test(code)) return 'configuration';
  return 'service';
}

/**
 * A signal that aborts, with its reason, when any of `signals` does (AbortSignal.any is missing before
 * Safari 17.4), and `unlink` to take its listeners off them once the work is done: a long-lived signal
 * does not keep one listener per call.
 */
export function linkSignals(...signals: (AbortSignal | undefined)[]): {
  signal: AbortSignal;
  unlink: () => void;
} {
  const linked = new AbortController();
  const links: [AbortSignal, () => void][] = [];
  for (const signal of signals) {
    if (signal === undefined) continue;
    const forward = () => {
      linked.abort(signal.reason);
    };
    if (signal.aborted) forward();
    else {
      signal.addEventListener('abort', forward, { once: true });
      links.push([signal, forward]);
    }
  }
  return {
    signal: linked.signal,
    unlink: () => {
      for (const [signal, forward] of links) signal.removeEventListener('abort', forward);
    },
  };
}

/**
 * A client for the token host. `knownCodes` (the page passes ERROR_CODES) turns a code the script does
 * not know into `service_error`, the original kept in `cause`; the frames pass none, and the page checks
 * their codes where they cross (messaging/decode.ts).
 */
export function serviceClient(target: ServiceTarget, knownCodes?: readonly string[]): ServiceClient {
  return {
    async post(path, body, decode, caller) {
      const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
      const { signal, unlink } = linkSignals(timeout, caller);
      let response: Response;
      let json: unknown;
      try {
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
          if (caller?.aborted === true)
            return failure('aborted', 'cancelled', 'The call was aborted.', cause);
          return timeout.aborted
            ? failure('timeout', 'network', 'The payment service did not answer in time.', cause)
            : failure('network_error', 'network', 'The payment service could not be reached.', cause);
        }
        try {
          json = await response.json();
        } catch (cause) {
          return failure(
            response.ok ? 'invalid_response' : 'service_unavailable',
            'service',
            `The service answered ${path} with HTTP ${String(response.status)} and no readable body.`,
            cause,
          );
        }
      } finally {
        unlink();
      }
      const status = String(response.status);
      if (response.ok) {
        const value = decode(json);
        return value === undefined
          ? failure('invalid_response', 'service', `The service answered ${path} with something unexpected.`)
          : { ok: true, value };
      }
      const error = isObj(json) && isObj(json['error']) ? json['error'] : {};
      const raw = error['code'];
      const code =
        typeof raw === 'string' && /^[a-z0-9_]{1,64}$/.test(raw) && (knownCodes?.includes(raw) ?? true)
          ? (raw as CheckoutErrorCode)
          : 'service_error';
      const message =
        typeof error['message'] === 'string' ? redact(error['message']).slice(0, 300) : `HTTP ${status}`;
      // A 5xx is the service failing, whatever code its body names: retry, not fix the card or the setup.
      const reported = response.status >= 500 ? 'service_unavailable' : code;
      return failure(reported, errorTypeOf(reported), message, {
        status: response.status,
        code: raw,
      });
    },
  };
}

/** The card part of an answer, field by field: the BIN and anything else the service adds stay out. */
function decodeCard(value: unknown): CardDetails | undefined {
  if (!isObj(value)) return undefined;
  const { brand, last4, maskedNumber, expirationMonth, expirationYear } = value;
  if (
    typeof brand !== 'string' ||
    typeof last4 !== 'string' ||
    typeof maskedNumber !== 'string' ||
    typeof expirationMonth !== 'number' ||
    typeof expirationYear !== 'number'
  )
    return undefined;
  return { brand, last4, maskedNumber, expirationMonth, expirationYear };
}

/**
 * A card's `funding` (Token/Generate's `card.funding`, Card/Funding's answer): how it can pay, credit
 * and/or debit, once each; undefined when the answer has none or one the script cannot read.
 */
export function decodeFunding(value: unknown): Funding[] | undefined {
  const funding = isObj(value) ? value['funding'] : undefined;
  return Array.isArray(funding) &&
    funding.length > 0 &&
    funding.every((entry, i) => (entry === 'credit' || entry === 'debit') && funding.indexOf(entry) === i)
    ? (funding as Funding[])
    : undefined;
}

/** Card/Funding: how the cards of a BIN (six to eight digits, never more) can pay. */
export const fundingOf = (
  client: ServiceClient,
  sessionId: string,
  bin: string,
): Promise<Result<Funding[]>> => client.post(PATHS.funding, { sessionId, bin }, decodeFunding);

function stringRecord(value: unknown): Record<string, string> {
  if (!isObj(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * The answer's 3DS block, when a setup's code was sent: `{}` when none was, undefined when one was and
 * the block cannot be read (the whole answer is then invalid).
 */
function authenticationOf(
  answer: Obj,
  code: string | undefined,
  read: Decode<Authentication> | undefined,
): { authentication?: Authentication } | undefined {
  if (code === undefined) return {};
  const authentication = read?.(answer['authentication']);
  return authentication === undefined ? undefined : { authentication };
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
  /** The 3DS setup's code: the answer then carries an authentication, read by `readAuthentication`. */
  authenticationCode?: string;
}

/**
 * Token/Generate. With an authentication code, `readAuthentication` (api/three-ds.ts's reader, which the
 * card frame loads with its 3DS code) must read the answer's 3DS block, or the answer is invalid.
 */
export function generateToken(
  client: ServiceClient,
  request: GenerateRequest,
  readAuthentication?: Decode<Authentication>,
  signal?: AbortSignal,
): Promise<Result<TokenizedCard>> {
  const { authenticationCode: code, ...rest } = request;
  const body = code === undefined ? rest : { ...rest, authenticationInformation: { code } };
  const decode = (answer: unknown): TokenizedCard | undefined => {
    const card = isObj(answer) ? decodeCard(answer['card']) : undefined;
    if (!isObj(answer) || card === undefined) return undefined;
    const { token, singleUse } = answer;
    if (typeof token !== 'string' || typeof singleUse !== 'boolean') return undefined;
    const authentication = authenticationOf(answer, code, readAuthentication);
    if (authentication === undefined) return undefined;
    // One way to pay is the card's; a combo card pays by credit unless its shopper chose debit (submit.ts).
    const [funding, other] = decodeFunding(answer['card']) ?? [];
    return {
      token,
      ...card,
      singleUse,
      frontData: stringRecord(answer['frontData']),
      ...authentication,
      ...(funding === undefined ? {} : { funding: other === undefined ? funding : 'credit' }),
    };
  };
  return client.post(PATHS.generate, body, decode, signal);
}

/** Token/List: the session's customer's stored cards, masked. */
export function listTokens(
  client: ServiceClient,
  sessionId: string,
  signal?: AbortSignal,
): Promise<Result<StoredCard[]>> {
  const decode = (answer: unknown): StoredCard[] | undefined => {
    const tokens = isObj(answer) ? answer['tokens'] : undefined;
    if (!Array.isArray(tokens)) return undefined;
    const cards: StoredCard[] = [];
    for (const entry of tokens) {
      const card = decodeCard(entry);
      if (!isObj(entry) || typeof entry['token'] !== 'string' || card === undefined) return undefined;
      const name = entry['cardHolderName'];
      cards.push({
        token: entry['token'],
        ...card,
        ...(typeof name === 'string' ? { cardHolderName: name } : {}),
        expired: entry['expired'] === true,
        passkey: entry['passkey'] === true,
      });
    }
    return cards;
  };
  return client.post(PATHS.list, { sessionId }, decode, signal);
}

/**
 * Token/Bind: the stored token checked with the security code the shopper typed. The service keeps the
 * stored card and echoes no frontData, so the result carries what the page sent. With a 3DS setup's code
 * (a setup made with this token), the answer carries an authentication, read as Generate's is, and
 * frontData goes along for the 3DS provider (it sets the challenge window).
 */
export function bindToken(
  client: ServiceClient,
  request: { sessionId: string; token: string; authenticationCode?: string } & (
    | { cvv: string }
    /** An assertion of the card's passkey (the frame's passkey chunk), in place of the code. */
    | { passkey: unknown }
  ),
  frontData: Record<string, string>,
  readAuthentication?: Decode<Authentication>,
): Promise<Result<TokenizedCard>> {
  const { authenticationCode: code, ...rest } = request;
  const body = code === undefined ? rest : { ...rest, authenticationInformation: { code }, frontData };
  const decode = (answer: unknown): TokenizedCard | undefined => {
    const card = isObj(answer) ? decodeCard(answer['card']) : undefined;
    if (!isObj(answer) || typeof answer['token'] !== 'string' || answer['bound'] !== true || !card)
      return undefined;
    const authentication = authenticationOf(answer, code, readAuthentication);
    if (authentication === undefined) return undefined;
    return {
      token: answer['token'],
      ...card,
      singleUse: false,
      frontData,
      verification: answer['verification'] === 'passkey' ? 'passkey' : 'cvv',
      ...authentication,
    };
  };
  return client.post(PATHS.bind, body, decode);
}
