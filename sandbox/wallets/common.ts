// What both wallets' tokens share: why one is refused, the memory of tokens already paid with, and the
// P-256 and base64 helpers the two formats are built from.

import { createPublicKey, generateKeyPairSync, verify, type KeyObject } from 'node:crypto';

/**
 * Why a wallet token does not open: Payment/Init answers `wallet_token_invalid` with this reason in
 * `details.reason` (`replayed` is `token_already_used`). docs/service-contract.md lists each.
 */
export type WalletTokenRefusal =
  | 'malformed'
  | 'unsupported_version'
  | 'signature_invalid'
  | 'signing_key_expired'
  | 'expired'
  | 'wrong_recipient'
  | 'decryption_failed'
  | 'amount_mismatch'
  | 'replayed';

export class WalletTokenError extends Error {
  readonly reason: WalletTokenRefusal;

  constructor(reason: WalletTokenRefusal, message: string) {
    super(message);
    this.name = 'WalletTokenError';
    this.reason = reason;
  }
}

export const refuse = (reason: WalletTokenRefusal, message: string): WalletTokenError =>
  new WalletTokenError(reason, message);

/**
 * The ids of wallet tokens that already paid (Google's messageId, Apple's transactionId), each kept until
 * its token could no longer open anyway (expired, or signed too long ago): a token pays once, and the
 * memory does not grow with time.
 */
export class ReplayGuard {
  readonly #until = new Map<string, number>();

  seen(id: string, now: number): boolean {
    const until = this.#until.get(id);
    return until !== undefined && until > now;
  }

  remember(id: string, until: number, now: number): void {
    for (const [known, end] of this.#until) if (end <= now) this.#until.delete(known);
    this.#until.set(id, until);
  }

  clear(): void {
    this.#until.clear();
  }
}

/**
 * Strict base64 (the standard alphabet, padded, unused bits zero), as both wallets write it: the one
 * spelling of its bytes, so a changed character is a changed token. Undefined when it is not.
 */
export function fromBase64(value: unknown): Buffer | undefined {
  if (typeof value !== 'string') return undefined;
  const bytes = Buffer.from(value, 'base64');
  return bytes.toString('base64') === value ? bytes : undefined;
}

export function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw refuse('malformed', `${what} is not JSON`);
  }
}

export function newP256(): { privateKey: KeyObject; publicKey: KeyObject } {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' });
}

/** The DER SubjectPublicKeyInfo of a key (X.509's form of a public key). */
export const spki = (key: KeyObject): Buffer => key.export({ type: 'spki', format: 'der' });

/** A P-256 SubjectPublicKeyInfo is this header and the 65-byte uncompressed point. */
const P256_SPKI_HEADER = Buffer.from('3059301306072a8648ce3d020106082a8648ce3d030107034200', 'hex');

/** The uncompressed point (0x04 || X || Y) of a P-256 public key. */
export const rawPoint = (key: KeyObject): Buffer => spki(key).subarray(P256_SPKI_HEADER.length);

function isP256(key: KeyObject): boolean {
  return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';
}

/** A P-256 public key from its uncompressed point; undefined for anything else (OpenSSL checks the curve). */
export function fromRawPoint(point: Buffer): KeyObject | undefined {
  if (point.length !== 65 || point[0] !== 0x04) return undefined;
  return fromSpki(Buffer.concat([P256_SPKI_HEADER, point]));
}

/** A P-256 public key from its DER SubjectPublicKeyInfo; undefined for anything else. */
export function fromSpki(der: Buffer): KeyObject | undefined {
  try {
    const key = createPublicKey({ key: der, format: 'der', type: 'spki' });
    return isP256(key) ? key : undefined;
  } catch {
    return undefined;
  }
}

/** ECDSA with SHA-256 over `data`, the signature DER-encoded (as both wallets write it). */
export function verifiesEcdsa(key: KeyObject, data: Buffer, signature: Buffer): boolean {
  try {
    return verify('sha256', data, key, signature);
  } catch {
    return false;
  }
}
