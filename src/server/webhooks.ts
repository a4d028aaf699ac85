// Webhook helpers for the merchant's server (Node 20+, edge runtimes): verify what the service POSTs,
// and sign test events the same way. Web Crypto only, so it runs wherever `crypto.subtle` does; never
// part of the browser bundle (the secret lives on the server). The scheme: docs/service-contract.md#webhooks.

/** The event types the service sends, one per change of a payment's status. */
export type WebhookEventType =
  'payment.authorized' | 'payment.declined' | 'payment.pending' | 'payment.paid' | 'payment.expired';

export interface WebhookEvent {
  /** `evt_…`: the same on every retry of one event; remember it to ignore duplicates. */
  id: string;
  type: WebhookEventType;
  createdAt: string;
  /** The payment record as Payment/Status answers it at the change. */
  data: { payment: { paymentId: string; partnerUniqueId: string; status: string } & Record<string, unknown> };
}

export type WebhookRefusal = 'malformed_signature' | 'bad_signature' | 'too_old' | 'malformed_body';

export type VerifyWebhookResult =
  { ok: true; event: WebhookEvent; timestamp: number } | { ok: false; reason: WebhookRefusal };

export interface VerifyWebhookOptions {
  /** The request body exactly as received, before any JSON parsing. */
  payload: string;
  /** The `x-service-signature` header (`t=<unix seconds>,v1=<hex>`); null or undefined when absent. */
  signature: string | null | undefined;
  /** The account's webhook secret. */
  secret: string;
  /** How far the signed timestamp may be from now, either way. Default 300 (5 minutes). */
  toleranceSeconds?: number;
  /** Milliseconds since the epoch (default `Date.now()`): for tests. */
  now?: number;
}

export const DEFAULT_TOLERANCE_SECONDS = 300;
/** The header the signature comes in. */
export const SIGNATURE_HEADER = 'x-service-signature';

const EVENT_TYPES: readonly string[] = [
  'payment.authorized',
  'payment.declined',
  'payment.pending',
  'payment.paid',
  'payment.expired',
] satisfies WebhookEventType[];

const encoder = new TextEncoder();

async function hmacSha256(secret: string, message: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
}

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

function fromHex(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** Compares every byte whatever the first difference, so timing tells nothing about the expected MAC. */
function equalInConstantTime(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

/** `t=…,v1=…[,v1=…]`: the timestamp and every v1 signature (several while a secret rotates). */
function parseSignature(header: string): { timestamp: number; signatures: Uint8Array[] } | undefined {
  let timestamp: number | undefined;
  const signatures: Uint8Array[] = [];
  for (const part of header.split(',')) {
    const [key, value = ''] = part.trim().split('=', 2);
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(fromHex(value));
  }
  return timestamp === undefined || signatures.length === 0 ? undefined : { timestamp, signatures };
}

function readEvent(payload: string): WebhookEvent | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const event = parsed as Partial<Record<keyof WebhookEvent, unknown>>;
  const payment = (event.data as { payment?: unknown } | null | undefined)?.payment;
  const valid =
    typeof event.id === 'string' &&
    typeof event.type === 'string' &&
    EVENT_TYPES.includes(event.type) &&
    typeof event.createdAt === 'string' &&
    typeof payment === 'object' &&
    payment !== null &&
    typeof (payment as { paymentId?: unknown }).paymentId === 'string';
  return valid ? (parsed as WebhookEvent) : undefined;
}

/**
 * Checks a webhook: the signature over the raw body (constant-time), then the timestamp's age, then the
 * body. A refusal is a value, not an exception: answer it with 400 and do nothing else.
 */
export async function verifyWebhook(options: VerifyWebhookOptions): Promise<VerifyWebhookResult> {
  const header =
    options.signature === null || options.signature === undefined
      ? undefined
      : parseSignature(options.signature);
  if (header === undefined) return { ok: false, reason: 'malformed_signature' };
  const expected = await hmacSha256(options.secret, `${String(header.timestamp)}.${options.payload}`);
  // Every candidate is compared, so the time taken does not say which one matched.
  const matches = header.signatures.map((candidate) => equalInConstantTime(candidate, expected));
  if (!matches.includes(true)) return { ok: false, reason: 'bad_signature' };
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const nowSeconds = Math.floor((options.now ?? Date.now()) / 1000);
  if (Math.abs(nowSeconds - header.timestamp) > tolerance) return { ok: false, reason: 'too_old' };
  const event = readEvent(options.payload);
  if (event === undefined) return { ok: false, reason: 'malformed_body' };
  return { ok: true, event, timestamp: header.timestamp };
}

/**
 * The `x-service-signature` value the service would send with `payload`: for a merchant's own tests of
 * their handler, offline. `timestamp` in unix seconds, default now.
 */
export async function signWebhook(options: {
  payload: string;
  secret: string;
  timestamp?: number;
}): Promise<string> {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const mac = await hmacSha256(options.secret, `${String(timestamp)}.${options.payload}`);
  return `t=${String(timestamp)},v1=${toHex(mac)}`;
}
