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

/**
 * Why `verifyWebhook` did not accept a webhook. `misconfigured`: the receiver's own options are wrong,
 * so nothing could verify (answer 500). Any other: the request is at fault (answer 400).
 */
export type WebhookRefusal =
  'malformed_signature' | 'bad_signature' | 'too_old' | 'malformed_body' | 'misconfigured';

export type VerifyWebhookResult =
  | { ok: true; event: WebhookEvent; timestamp: number }
  | { ok: false; reason: Exclude<WebhookRefusal, 'misconfigured'> }
  | {
      ok: false;
      reason: 'misconfigured';
      /** The option and what to fix, for the server's log (not for the answer's body); never the secret. */
      message: string;
    };

/**
 * A value outside what each option says resolves to `misconfigured`, whether or not the types let it
 * through (an untyped caller, a cast, `Number(process.env.X)` being NaN).
 */
export interface VerifyWebhookOptions {
  /** The request body exactly as received, as a string, before any JSON parsing. */
  payload: string;
  /** The `x-service-signature` header (`t=<unix seconds>,v1=<hex>`); null or undefined when absent. */
  signature: string | null | undefined;
  /** The account's webhook secret: not empty, not only whitespace. */
  secret: string;
  /**
   * How far the signed timestamp may be from now, either way: a finite number of seconds greater than
   * 0, not a string. Default 300 (5 minutes).
   */
  toleranceSeconds?: number;
  /** Milliseconds since the epoch, a finite number (default `Date.now()`): for tests. */
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

/** A value in words for a message: never a string's content, since a misplaced secret would show. */
function describe(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (value === '') return 'an empty string';
    return value.trim() === '' ? 'a string of only whitespace' : 'a string';
  }
  if (value === null || value === undefined) return String(value);
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return 'bytes';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function secretProblem(secret: unknown): string | undefined {
  if (typeof secret === 'string' && secret.trim() !== '') return undefined;
  return `secret must be the account's webhook secret, a non-empty string (got ${describe(secret)}): check the environment variable or setting it is read from`;
}

function payloadProblem(payload: unknown): string | undefined {
  if (typeof payload === 'string') return undefined;
  return `payload must be the raw request body as a string (got ${describe(payload)}): read the body as text, before any JSON parsing`;
}

/** What is wrong with verifyWebhook's options, for the merchant's log; undefined when nothing is. */
function misconfiguration(options: unknown): string | undefined {
  if (typeof options !== 'object' || options === null)
    return `verifyWebhook takes one object {payload, signature, secret} (got ${describe(options)})`;
  const { payload, secret, toleranceSeconds, now } = options as Partial<
    Record<keyof VerifyWebhookOptions, unknown>
  >;
  const problem = secretProblem(secret) ?? payloadProblem(payload);
  if (problem !== undefined) return problem;
  if (
    toleranceSeconds !== undefined &&
    !(typeof toleranceSeconds === 'number' && Number.isFinite(toleranceSeconds) && toleranceSeconds > 0)
  ) {
    const hint = Number.isNaN(toleranceSeconds)
      ? ': Number() of an unset or non-numeric environment variable is NaN'
      : typeof toleranceSeconds === 'string'
        ? ': pass a number, not a string'
        : '';
    return `toleranceSeconds must be a finite number of seconds greater than 0, or absent for the default ${String(DEFAULT_TOLERANCE_SECONDS)} (got ${describe(toleranceSeconds)})${hint}`;
  }
  if (now !== undefined && !(typeof now === 'number' && Number.isFinite(now)))
    return `now must be a finite number of milliseconds since the epoch, or absent for Date.now() (got ${describe(now)})`;
  return undefined;
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
 * Checks a webhook: its options, then the signature over the raw body (constant-time), then the
 * timestamp's age, then the body. It fails closed and never throws, whatever it is given: every problem
 * resolves to `{ok: false, reason}`, so a handler cannot acknowledge an event by mistake.
 *
 * - `misconfigured`, with a `message` naming the option: the receiver's own setup is wrong (a secret
 *   empty or not a string, a `toleranceSeconds` that is not a finite number above 0, a `payload` that
 *   is not the body as a string, a `now` that is not finite). Checked before anything else, so it comes
 *   back for every request until fixed. Answer 500 and log the message. A value rather than an
 *   exception because its cause is usually the deployment (an unset environment variable), met in
 *   production, where a throw becomes whatever the framework makes of it.
 * - any other reason: the request is at fault. Answer 400 and do nothing else.
 */
export async function verifyWebhook(options: VerifyWebhookOptions): Promise<VerifyWebhookResult> {
  const message = misconfiguration(options);
  if (message !== undefined) return { ok: false, reason: 'misconfigured', message };
  const header = typeof options.signature === 'string' ? parseSignature(options.signature) : undefined;
  if (header === undefined) return { ok: false, reason: 'malformed_signature' };
  const expected = await hmacSha256(options.secret, `${String(header.timestamp)}.${options.payload}`);
  // Every candidate is compared, so the time taken does not say which one matched.
  const matches = header.signatures.map((candidate) => equalInConstantTime(candidate, expected));
  if (!matches.includes(true)) return { ok: false, reason: 'bad_signature' };
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const nowSeconds = Math.floor((options.now ?? Date.now()) / 1000);
  // Written so that a NaN anywhere refuses rather than accepts.
  if (!(Math.abs(nowSeconds - header.timestamp) <= tolerance)) return { ok: false, reason: 'too_old' };
  const event = readEvent(options.payload);
  if (event === undefined) return { ok: false, reason: 'malformed_body' };
  return { ok: true, event, timestamp: header.timestamp };
}

/**
 * The `x-service-signature` value the service would send with `payload`: for a merchant's own tests of
 * their handler, offline. `timestamp` in unix seconds, default now.
 *
 * Unlike `verifyWebhook`, it throws a `TypeError` for what can only be a mistake in the test calling it:
 * a `secret` empty or not a string, a `payload` not a string, a `timestamp` that is not a whole number of
 * seconds `verifyWebhook` can read (0 to 12 digits; milliseconds are refused). A test should fail there,
 * loudly, rather than sign something no receiver accepts.
 */
export async function signWebhook(options: {
  payload: string;
  secret: string;
  timestamp?: number;
}): Promise<string> {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const problem =
    secretProblem(options.secret) ??
    payloadProblem(options.payload) ??
    (Number.isSafeInteger(timestamp) && timestamp >= 0 && timestamp < 1e12
      ? undefined
      : `timestamp must be whole unix seconds, at most 12 digits (got ${describe(timestamp)})`);
  if (problem !== undefined) throw new TypeError(`signWebhook: ${problem}`);
  const mac = await hmacSha256(options.secret, `${String(timestamp)}.${options.payload}`);
  return `t=${String(timestamp)},v1=${toHex(mac)}`;
}
