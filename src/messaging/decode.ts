// Pure decoders for everything that crosses the frame boundary. Trust boundaries are here: each takes
// what the browser delivered ({origin, source, data}) and what we expect, and returns a typed message
// or undefined. Origins are compared as exact strings, never by prefix, suffix or pattern.

import type { FormChoices, TokenizedCard } from '../card/tokenized-card.ts';
import { CheckoutError, ERROR_CODES, ERROR_TYPES, type CheckoutErrorCode } from '../errors.ts';
import {
  AUTHENTICATION_STATUSES,
  LIABILITY_SHIFTS,
  THREE_DS_STEPS,
  httpUrl,
  type Authentication,
  type Challenge,
} from '../three-ds/model.ts';
import {
  FIELD_ERRORS,
  FIELD_NAMES,
  MAX_INSTALLMENTS,
  type CardFormState,
  type FieldError,
  type FieldName,
  type FieldState,
} from '../types.ts';
import {
  FRAME_REFUSALS,
  MAX_MESSAGE_CHARS,
  PASSKEY_OUTCOMES,
  PROTOCOL_VERSION,
  type ConnectMessage,
  type FieldRelay,
  type FrameConfig,
  type FrameMessage,
  type HelloMessage,
  type HostToFrame,
  type InstallmentsConfig,
} from './protocol.ts';

export interface Delivered {
  origin: string;
  source: unknown;
  data: unknown;
}

export interface Expected {
  origin: string;
  source: unknown;
  nonce: string;
}

type Obj = Record<string, unknown>;

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Size cap before anything else: a message that cannot be measured (cyclic, exotic) is too big. */
function withinSize(data: unknown): boolean {
  try {
    const text = JSON.stringify(data);
    return typeof text === 'string' && text.length <= MAX_MESSAGE_CHARS;
  } catch {
    return false;
  }
}

/** A versioned message object within the size cap, or undefined. Shared by the challenge decoders. */
export function envelope(data: unknown): Obj | undefined {
  if (!isObj(data) || data['v'] !== PROTOCOL_VERSION || typeof data['type'] !== 'string') return undefined;
  return withinSize(data) ? data : undefined;
}

const str = (value: unknown, max = 2048): value is string => typeof value === 'string' && value.length <= max;
/** A non-empty string of at most `max` characters. */
export const text = (value: unknown, max: number): value is string => str(value, max) && value !== '';
const oneOf = <T extends string>(list: readonly T[], value: unknown): value is T => list.includes(value as T);
const int = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
const isField = (value: unknown): value is FieldName => oneOf(FIELD_NAMES, value);

function handshake(delivered: Delivered, expected: Expected, type: string): boolean {
  if (delivered.origin !== expected.origin || delivered.source !== expected.source) return false;
  const data = envelope(delivered.data);
  return (
    data?.['type'] === type &&
    typeof data['nonce'] === 'string' &&
    data['nonce'] === expected.nonce &&
    expected.nonce !== ''
  );
}

/** Host side: the frame's hello, from the token origin, from our own iframe's window, with our nonce. */
export function decodeHello(delivered: Delivered, expected: Expected): HelloMessage | undefined {
  if (!handshake(delivered, expected, 'svc:hello')) return undefined;
  const refused = (delivered.data as Obj)['refused'];
  if (refused === undefined) return { v: 1, type: 'svc:hello', nonce: expected.nonce };
  return oneOf(FRAME_REFUSALS, refused)
    ? { v: 1, type: 'svc:hello', nonce: expected.nonce, refused }
    : undefined;
}

/** Frame side: the parent's ping, from the parent origin and window, with our nonce. */
export const decodePing = (delivered: Delivered, expected: Expected): boolean =>
  handshake(delivered, expected, 'svc:ping');

/** Frame side: the parent's connect, from the parent origin and window, with our nonce and one port. */
export function decodeConnect(
  delivered: Delivered & { ports: readonly unknown[] },
  expected: Expected,
): ConnectMessage | undefined {
  if (delivered.ports.length !== 1) return undefined;
  return handshake(delivered, expected, 'svc:connect')
    ? { v: 1, type: 'svc:connect', nonce: expected.nonce }
    : undefined;
}

function decodeFieldState(value: unknown): FieldState | undefined {
  if (!isObj(value)) return undefined;
  const { empty, complete, valid, error } = value;
  if (typeof empty !== 'boolean' || typeof complete !== 'boolean' || typeof valid !== 'boolean')
    return undefined;
  if (error !== undefined && !oneOf<FieldError>(FIELD_ERRORS, error)) return undefined;
  return { empty, complete, valid, error };
}

export function decodeFormState(value: unknown): CardFormState | undefined {
  if (!isObj(value) || typeof value['complete'] !== 'boolean' || !isObj(value['fields'])) return undefined;
  const brand = value['brand'];
  if (brand !== undefined && !(str(brand, 32) && /^[a-z]+$/.test(brand))) return undefined;
  const fields = {} as Record<FieldName, FieldState>;
  for (const name of FIELD_NAMES) {
    const state = decodeFieldState(value['fields'][name]);
    if (state === undefined) return undefined;
    fields[name] = state;
  }
  return { brand, complete: value['complete'], fields };
}

/**
 * An error a frame sent ({code, type, message}), as the CheckoutError the merchant gets: a code the
 * script does not know becomes `service_error`, an unknown type `service`.
 */
export function decodeWireError(value: unknown): CheckoutError | undefined {
  if (!isObj(value) || !str(value['code'], 64) || !str(value['type'], 32) || !str(value['message'], 512))
    return undefined;
  const { code, type, message } = value;
  return new CheckoutError(
    oneOf<CheckoutErrorCode>(ERROR_CODES, code) ? code : 'service_error',
    oneOf(ERROR_TYPES, type) ? type : 'service',
    message,
  );
}

function decodeChallenge(value: unknown): Challenge | undefined {
  if (!isObj(value)) return undefined;
  const { stepUpUrl, accessToken, pareq, windowSize, authenticationTransactionId } = value;
  if (!text(stepUpUrl, 4096) || !httpUrl(stepUpUrl) || !text(accessToken, 4096) || !text(pareq, 16_384))
    return undefined;
  if (!str(windowSize, 2) || !text(authenticationTransactionId, 128)) return undefined;
  return { stepUpUrl, accessToken, pareq, windowSize, authenticationTransactionId };
}

/**
 * A 3DS authentication as a frame sends it: the typed value the frame read from the service, checked
 * field by field. The page reads it here and nowhere else. A C carries its challenge; no other does.
 */
export function decodeAuthenticationValue(value: unknown): Authentication | undefined {
  if (!isObj(value)) return undefined;
  const { code, referenceId, transactionId, status, eci, liabilityShift, cancelled, method } = value;
  if (!text(code, 128) || !text(referenceId, 128) || !text(transactionId, 128)) return undefined;
  if (!oneOf(AUTHENTICATION_STATUSES, status) || !oneOf(LIABILITY_SHIFTS, liabilityShift)) return undefined;
  if (eci !== undefined && !(str(eci, 2) && /^\d{2}$/.test(eci))) return undefined;
  if (typeof cancelled !== 'boolean') return undefined;
  const challenge = value['challenge'] === undefined ? undefined : decodeChallenge(value['challenge']);
  if ((status === 'C') !== (challenge !== undefined)) return undefined;
  if (method !== undefined && method !== 'challenge' && method !== 'spc') return undefined;
  return {
    code,
    referenceId,
    transactionId,
    status,
    eci,
    liabilityShift,
    challenge,
    cancelled,
    ...(method === undefined ? {} : { method }),
  };
}

/**
 * The shopper's choices the frame adds to a token: a count, how the card pays, and a tax id whose type
 * fits its length.
 */
function decodeChoices(value: Obj): FormChoices | undefined {
  const { installments, document, documentType, funding } = value;
  if (installments !== undefined && !int(installments, 1, MAX_INSTALLMENTS)) return undefined;
  if (funding !== undefined && funding !== 'credit' && funding !== 'debit') return undefined;
  const choices: FormChoices = {
    ...(installments === undefined ? {} : { installments }),
    ...(funding === undefined ? {} : { funding }),
  };
  if (document === undefined && documentType === undefined) return choices;
  if (!str(document, 14) || !/^[\dA-Z]+$/.test(document)) return undefined;
  const type = document.length === 11 ? 'CPF' : document.length === 14 ? 'CNPJ' : undefined;
  if (type === undefined || documentType !== type) return undefined;
  return { ...choices, document, documentType: type };
}

function decodeTokenResult(value: unknown): TokenizedCard | undefined {
  if (!isObj(value)) return undefined;
  const { token, brand, last4, maskedNumber, expirationMonth, expirationYear, singleUse, frontData } = value;
  if (!str(token, 256) || !str(brand, 32) || !str(last4, 4) || !/^\d{4}$/.test(last4)) return undefined;
  // A masked number keeps six and four digits around asterisks: anything else could be a full number.
  if (!str(maskedNumber, 19) || !/^\d{6}\*+\d{4}$/.test(maskedNumber)) return undefined;
  if (!int(expirationMonth, 1, 12) || !int(expirationYear, 2000, 9999) || typeof singleUse !== 'boolean')
    return undefined;
  if (!isObj(frontData) || !Object.values(frontData).every((v) => str(v))) return undefined;
  const authentication =
    value['authentication'] === undefined ? undefined : decodeAuthenticationValue(value['authentication']);
  if (value['authentication'] !== undefined && authentication === undefined) return undefined;
  const choices = decodeChoices(value);
  const { verification } = value;
  if (
    choices === undefined ||
    (verification !== undefined && verification !== 'cvv' && verification !== 'passkey')
  )
    return undefined;
  return {
    ...choices,
    ...(verification === undefined ? {} : { verification }),
    token,
    brand,
    last4,
    maskedNumber,
    expirationMonth,
    expirationYear,
    singleUse,
    frontData: frontData as Record<string, string>,
    ...(authentication === undefined ? {} : { authentication }),
  };
}

function decodeRelay(value: unknown): FieldRelay | undefined {
  if (!isObj(value)) return undefined;
  const { kind, field } = value;
  if (kind === 'submit') return { kind };
  if (!isField(field)) return undefined;
  if (kind === 'focus' || kind === 'blur') return { kind, field };
  const state = kind === 'change' ? decodeFormState(value['state']) : undefined;
  return state === undefined ? undefined : { kind: 'change', field, state };
}

/** Host side, on the port: what the frame may tell the page. */
export function decodeFrameMessage(data: unknown): FrameMessage | undefined {
  const message = envelope(data);
  if (message === undefined) return undefined;
  switch (message['type']) {
    case '3ds': {
      const step = message['step'];
      return oneOf(THREE_DS_STEPS, step) ? { v: 1, type: '3ds', step } : undefined;
    }
    case 'ready':
      return { v: 1, type: 'ready' };
    case 'passkey': {
      const outcome = message['outcome'];
      return oneOf(PASSKEY_OUTCOMES, outcome) ? { v: 1, type: 'passkey', outcome } : undefined;
    }
    case 'resize':
      return int(message['height'], 0, 10_000)
        ? { v: 1, type: 'resize', height: message['height'] }
        : undefined;
    case 'field': {
      const relay = decodeRelay(message['relay']);
      return relay === undefined ? undefined : { v: 1, type: 'field', relay };
    }
    case 'result': {
      const result = decodeTokenResult(message['result']);
      return int(message['id'], 1, Number.MAX_SAFE_INTEGER) && result !== undefined
        ? { v: 1, type: 'result', id: message['id'], result }
        : undefined;
    }
    case 'failure': {
      const error = decodeWireError(message['error']);
      return int(message['id'], 1, Number.MAX_SAFE_INTEGER) && error !== undefined
        ? { v: 1, type: 'failure', id: message['id'], error }
        : undefined;
    }
    default:
      return undefined;
  }
}

/** The installments a page asks the frame to offer (the option as checked on the page: options.ts). */
const isInstallments = (value: unknown): value is InstallmentsConfig =>
  isObj(value) &&
  str(value['currency'], 3) &&
  Array.isArray(value['plans']) &&
  value['plans'].every((plan: unknown) => isObj(plan) && int(plan['count'], 1, MAX_INSTALLMENTS));

function decodeConfig(value: unknown): FrameConfig | undefined {
  if (!isObj(value)) return undefined;
  const { sessionId, account, locale, messages, appearance, mode, showSaveCard, storedCard } = value;
  if (!str(sessionId, 128) || sessionId === '' || !str(account, 64) || account === '') return undefined;
  if (!str(locale, 35) || !/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(locale)) return undefined;
  if (!isObj(messages) || !Object.values(messages).every((m) => str(m, 512))) return undefined;
  if (!isObj(appearance) || !Object.values(appearance).every((a) => str(a, 256))) return undefined;
  if ((mode !== 'card' && mode !== 'cvv') || typeof showSaveCard !== 'boolean') return undefined;
  let stored: FrameConfig['storedCard'];
  if (storedCard !== undefined) {
    if (
      !isObj(storedCard) ||
      !str(storedCard['token'], 256) ||
      !str(storedCard['brand'], 32) ||
      !str(storedCard['last4'], 4)
    )
      return undefined;
    stored = {
      token: storedCard['token'],
      brand: storedCard['brand'],
      last4: storedCard['last4'],
      ...(storedCard['passkey'] === true ? { passkey: true } : {}),
    };
  }
  if (mode === 'cvv' && stored === undefined) return undefined;
  const { installments, documentField } = value;
  if (documentField !== undefined && documentField !== 'cpf' && documentField !== 'cpf-cnpj')
    return undefined;
  if (installments !== undefined && !isInstallments(installments)) return undefined;
  return {
    ...(documentField === undefined ? {} : { documentField }),
    ...(installments === undefined ? {} : { installments }),
    sessionId,
    account,
    locale,
    messages: messages,
    appearance: appearance,
    mode,
    showSaveCard,
    ...(stored === undefined ? {} : { storedCard: stored }),
    ...(value['passkeys'] === true ? { passkeys: true } : {}),
    ...(value['debit'] === true ? { debit: true } : {}),
  };
}

/** Frame side, on the port: what the page may ask of the frame. */
export function decodeHostMessage(data: unknown): HostToFrame | undefined {
  const message = envelope(data);
  if (message === undefined) return undefined;
  switch (message['type']) {
    case 'configure': {
      const config = decodeConfig(message['config']);
      return config === undefined ? undefined : { v: 1, type: 'configure', config };
    }
    case 'submit': {
      const { id, frontData } = message;
      if (!int(id, 1, Number.MAX_SAFE_INTEGER) || !isObj(frontData)) return undefined;
      const entries = Object.entries(frontData);
      if (entries.length > 16 || !entries.every(([key, value]) => /^[a-zA-Z]{1,32}$/.test(key) && str(value)))
        return undefined;
      return { v: 1, type: 'submit', id, frontData: Object.fromEntries(entries) as Record<string, string> };
    }
    case 'focus': {
      const field = message['field'];
      return field === undefined || isField(field) ? { v: 1, type: 'focus', field } : undefined;
    }
    case 'session': {
      const sessionId = message['sessionId'];
      return str(sessionId, 128) && sessionId !== '' ? { v: 1, type: 'session', sessionId } : undefined;
    }
    case 'clear':
    case 'complete':
      return { v: 1, type: message['type'] };
    case 'alert':
      return str(message['text'], 512) ? { v: 1, type: 'alert', text: message['text'] } : undefined;
    default:
      return undefined;
  }
}
