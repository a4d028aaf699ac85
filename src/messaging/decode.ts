// Pure decoders for everything that crosses the frame boundary. Trust boundaries are here: each takes
// what the browser delivered ({origin, source, data}) and what we expect, and returns a typed message
// or undefined. Origins are compared as exact strings, never by prefix, suffix or pattern.

import { decodeAuthentication, encodeAuthentication } from '../api/three-ds-decode.ts';
import type { CardFormState, FieldError, FieldName, FieldState } from '../types.ts';
import {
  FIELD_NAMES,
  MAX_MESSAGE_CHARS,
  PROTOCOL_VERSION,
  type ConnectMessage,
  type FrameConfig,
  type FrameToHost,
  type HelloMessage,
  type HostToFrame,
  type ThreeDsStep,
  type WireError,
  type WireTokenResult,
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

const THREE_DS_STEPS: readonly ThreeDsStep[] = [
  'collection-started',
  'collection-finished',
  'collection-timed-out',
  'challenge-shown',
  'challenge-finished',
];
const FIELD_ERRORS: readonly FieldError[] = ['required', 'incomplete', 'invalid', 'unsupported', 'expired'];

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
const int = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
const isField = (value: unknown): value is FieldName => FIELD_NAMES.includes(value as FieldName);

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
  return handshake(delivered, expected, 'svc:hello')
    ? { v: 1, type: 'svc:hello', nonce: expected.nonce }
    : undefined;
}

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
  if (error !== undefined && !FIELD_ERRORS.includes(error as FieldError)) return undefined;
  return { empty, complete, valid, error: error as FieldError | undefined };
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

function decodeWireError(value: unknown): WireError | undefined {
  if (!isObj(value) || !str(value['code'], 64) || !str(value['type'], 32) || !str(value['message'], 512))
    return undefined;
  const field = value['field'];
  if (field !== undefined && !str(field, 128)) return undefined;
  return {
    code: value['code'],
    type: value['type'],
    message: value['message'],
    ...(field === undefined ? {} : { field }),
  };
}

function decodeTokenResult(value: unknown): WireTokenResult | undefined {
  if (!isObj(value)) return undefined;
  const { token, brand, last4, maskedNumber, expirationMonth, expirationYear, singleUse, frontData } = value;
  if (!str(token, 256) || !str(brand, 32) || !str(last4, 4) || !/^\d{4}$/.test(last4)) return undefined;
  // A masked number keeps six and four digits around asterisks: anything else could be a full number.
  if (!str(maskedNumber, 19) || !/^\d{6}\*+\d{4}$/.test(maskedNumber)) return undefined;
  if (!int(expirationMonth, 1, 12) || !int(expirationYear, 2000, 9999) || typeof singleUse !== 'boolean')
    return undefined;
  if (!isObj(frontData) || !Object.values(frontData).every((v) => str(v))) return undefined;
  let authentication: Record<string, string> | undefined;
  if (value['authentication'] !== undefined) {
    const decoded = decodeAuthentication(value['authentication']);
    if (decoded === undefined) return undefined;
    authentication = encodeAuthentication(decoded);
  }
  return {
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

/** Host side, on the port: what the frame may tell the page. */
export function decodeFrameMessage(data: unknown): FrameToHost | undefined {
  const message = envelope(data);
  if (message === undefined) return undefined;
  switch (message['type']) {
    case '3ds':
      return THREE_DS_STEPS.includes(message['step'] as ThreeDsStep)
        ? { v: 1, type: '3ds', step: message['step'] as ThreeDsStep }
        : undefined;
    case 'ready':
    case 'submit-request':
      return { v: 1, type: message['type'] };
    case 'resize':
      return int(message['height'], 0, 10_000)
        ? { v: 1, type: 'resize', height: message['height'] }
        : undefined;
    case 'focus':
    case 'blur':
      return isField(message['field']) ? { v: 1, type: message['type'], field: message['field'] } : undefined;
    case 'change': {
      const state = decodeFormState(message['state']);
      return isField(message['field']) && state !== undefined
        ? { v: 1, type: 'change', field: message['field'], state }
        : undefined;
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
    case 'fatal': {
      const error = decodeWireError(message['error']);
      return error === undefined ? undefined : { v: 1, type: 'fatal', error };
    }
    default:
      return undefined;
  }
}

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
    stored = { token: storedCard['token'], brand: storedCard['brand'], last4: storedCard['last4'] };
  }
  if (mode === 'cvv' && stored === undefined) return undefined;
  return {
    sessionId,
    account,
    locale,
    messages: messages,
    appearance: appearance,
    mode,
    showSaveCard,
    ...(stored === undefined ? {} : { storedCard: stored }),
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
    case 'clear':
      return { v: 1, type: 'clear' };
    case 'alert':
      return str(message['text'], 512) ? { v: 1, type: 'alert', text: message['text'] } : undefined;
    default:
      return undefined;
  }
}
