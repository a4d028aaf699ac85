// Google Pay's ECv2 payment method token, both ends of it. The sandbox plays Google (a root signing key
// and an expiring intermediate signing key it signs) and the gateway (the service's recipient key pair,
// recipient id `gateway:<name>`). Everything follows Google's "Payment data cryptography for
// merchants" guide (developers.google.com/pay/api/web/guides/resources/payment-data-cryptography,
// protocolVersion ECv2), as its reference implementation, Tink's apps/paymentmethodtoken, reads it:
// the comments name the guide's steps.

import {
  createCipheriv,
  createHmac,
  diffieHellman,
  hkdfSync,
  sign,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import { z } from 'zod';
import {
  fromBase64,
  fromRawPoint,
  fromSpki,
  newP256,
  parseJson,
  rawPoint,
  refuse,
  spki,
  verifiesEcdsa,
  type ReplayGuard,
} from './common.ts';
import type { GoogleAuthMethod } from '../records.ts';

/** The sender id every Google signature covers ("Verify the signature": sender_id = 'Google'). */
const GOOGLE_SENDER_ID = 'Google';
export const PROTOCOL_VERSION = 'ECv2';
/** "Decrypt the token": HKDF's info is 'Google' (Tink: GOOGLE_CONTEXT_INFO_ECV1, used for ECv2 too). */
const HKDF_INFO = 'Google';
/** ECv2: a 256-bit AES-CTR key and a 256-bit HMAC-SHA256 key, 64 bytes of HKDF output in all. */
const AES_KEY_BYTES = 32;
const MAC_KEY_BYTES = 32;
/** AES-256-CTR with a zero IV: safe because every message has its own key (Tink: AES_CTR_ZERO_IV). */
const ZERO_IV = Buffer.alloc(16);

/** The plaintext of `encryptedMessage`: "Encrypted message" in the guide, for a gateway recipient. */
export interface GooglePayPaymentData {
  gatewayMerchantId: string;
  /** Milliseconds since the epoch, as a string. */
  messageExpiration: string;
  messageId: string;
  paymentMethod: 'CARD';
  paymentMethodDetails: {
    /** The card's number (PAN_ONLY) or the device token (CRYPTOGRAM_3DS); ECv2 calls both `pan`. */
    pan: string;
    expirationMonth: number;
    expirationYear: number;
    authMethod: GoogleAuthMethod;
    /** CRYPTOGRAM_3DS only: the network's one-time cryptogram, base64. */
    cryptogram?: string;
    /** CRYPTOGRAM_3DS only, and not for every network. */
    eciIndicator?: string;
  };
}

/** A signing key with its `keyExpiration` (milliseconds since the epoch). */
export interface GoogleSigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  keyExpiration: number;
}

/** The token's `intermediateSigningKey`: the signed key as a JSON string, and the root's signatures. */
export interface IntermediateSigningKey {
  signedKey: string;
  signatures: string[];
}

/** What sealing needs: Google's current intermediate key and the recipient (the gateway). */
export interface GoogleSealKeys {
  intermediate: { privateKey: KeyObject; intermediateSigningKey: IntermediateSigningKey };
  recipientPublicKey: KeyObject;
  recipientId: string;
}

/** What opening needs: Google's root signing keys (its keys.json) and the recipient's own key. */
export interface GoogleOpenKeys {
  rootKeys: readonly Pick<GoogleSigningKey, 'publicKey' | 'keyExpiration'>[];
  recipientPrivateKey: KeyObject;
  recipientId: string;
}

export function newGoogleSigningKey(keyExpiration: number): GoogleSigningKey {
  return { ...newP256(), keyExpiration };
}

/**
 * Google's JSON is "serialized as an HTML-safe string" (Gson): '=' and the HTML specials written as
 * \uXXXX escapes, which is how the guide's example shows them. Signatures cover these exact strings.
 */
function htmlSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[=<>&']/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * "Verify the signature": each part as a 4-byte little-endian length and its UTF-8 bytes, in order
 * (Tink: PaymentMethodTokenUtil.toLengthValue).
 */
function lengthValue(...parts: string[]): Buffer {
  return Buffer.concat(
    parts.flatMap((part) => {
      const bytes = Buffer.from(part, 'utf8');
      const length = Buffer.alloc(4);
      length.writeUInt32LE(bytes.length);
      return [length, bytes];
    }),
  );
}

/** signedStringForIntermediateSigningKeySignature: sender_id, protocol_version, signed_key. */
const intermediateSignedBytes = (signedKey: string) =>
  lengthValue(GOOGLE_SENDER_ID, PROTOCOL_VERSION, signedKey);

/** signedStringForMessageSignature: sender_id, recipient_id, protocol_version, signed_message. */
const messageSignedBytes = (recipientId: string, signedMessage: string) =>
  lengthValue(GOOGLE_SENDER_ID, recipientId, PROTOCOL_VERSION, signedMessage);

/**
 * "Decrypt the token": the shared secret of ECDH between the ephemeral key and the recipient's key, then
 * HKDF-SHA256 over ephemeralPublicKey || sharedSecret with an empty salt (HKDF then uses 32 zero
 * bytes) and info 'Google', 64 bytes: the first 32 the AES-256-CTR key, the last 32 the HMAC key.
 */
function deriveKeys(ephemeralPublicKey: Buffer, sharedSecret: Buffer): { aesKey: Buffer; macKey: Buffer } {
  const derived = Buffer.from(
    hkdfSync(
      'sha256',
      Buffer.concat([ephemeralPublicKey, sharedSecret]),
      Buffer.alloc(0),
      HKDF_INFO,
      AES_KEY_BYTES + MAC_KEY_BYTES,
    ),
  );
  return { aesKey: derived.subarray(0, AES_KEY_BYTES), macKey: derived.subarray(AES_KEY_BYTES) };
}

const aesCtr = (key: Buffer, data: Buffer): Buffer => {
  const cipher = createCipheriv('aes-256-ctr', key, ZERO_IV);
  return Buffer.concat([cipher.update(data), cipher.final()]);
};

/** Google signs an intermediate key with a root key: the key (base64 X.509 SPKI) and its expiration. */
export function signIntermediateKey(
  root: GoogleSigningKey,
  intermediate: KeyObject,
  keyExpiration: number,
): IntermediateSigningKey {
  const signedKey = htmlSafeJson({
    keyValue: spki(intermediate).toString('base64'),
    keyExpiration: String(keyExpiration),
  });
  const signature = sign('sha256', intermediateSignedBytes(signedKey), root.privateKey);
  return { signedKey, signatures: [signature.toString('base64')] };
}

/**
 * The token string Google hands the page in `paymentMethodData.tokenizationData.token`: the payment
 * data encrypted for the recipient, and signed for it with the intermediate key.
 */
export function sealGooglePayToken(paymentData: GooglePayPaymentData, keys: GoogleSealKeys): string {
  const ephemeral = newP256();
  const ephemeralPublicKey = rawPoint(ephemeral.publicKey);
  const sharedSecret = diffieHellman({
    privateKey: ephemeral.privateKey,
    publicKey: keys.recipientPublicKey,
  });
  const { aesKey, macKey } = deriveKeys(ephemeralPublicKey, sharedSecret);
  const encryptedMessage = aesCtr(aesKey, Buffer.from(htmlSafeJson(paymentData), 'utf8'));
  const tag = createHmac('sha256', macKey).update(encryptedMessage).digest();
  const signedMessage = htmlSafeJson({
    encryptedMessage: encryptedMessage.toString('base64'),
    ephemeralPublicKey: ephemeralPublicKey.toString('base64'),
    tag: tag.toString('base64'),
  });
  const signature = sign(
    'sha256',
    messageSignedBytes(keys.recipientId, signedMessage),
    keys.intermediate.privateKey,
  );
  return htmlSafeJson({
    protocolVersion: PROTOCOL_VERSION,
    signature: signature.toString('base64'),
    intermediateSigningKey: keys.intermediate.intermediateSigningKey,
    signedMessage,
  });
}

// Tink's checks of the shapes: the token and the signed message have exactly their keys; the signed
// key may grow fields ("allowing further keys to be added"); the decrypted message is read loosely too.
const tokenSchema = z.strictObject({
  protocolVersion: z.string(),
  signature: z.string(),
  intermediateSigningKey: z.strictObject({
    signedKey: z.string(),
    signatures: z.array(z.string()).min(1).max(8),
  }),
  signedMessage: z.string(),
});
const signedKeySchema = z.looseObject({
  keyValue: z.string(),
  keyExpiration: z.string().regex(/^\d{1,16}$/),
});
const signedMessageSchema = z.strictObject({
  encryptedMessage: z.string(),
  ephemeralPublicKey: z.string(),
  tag: z.string(),
});
const paymentDataSchema = z.looseObject({
  gatewayMerchantId: z.string().min(1).max(256),
  messageExpiration: z.string().regex(/^\d{1,16}$/),
  messageId: z.string().min(1).max(256),
  paymentMethod: z.literal('CARD'),
  paymentMethodDetails: z
    .looseObject({
      pan: z.string().regex(/^\d{12,19}$/),
      expirationMonth: z.int().min(1).max(12),
      expirationYear: z.int().min(1000).max(9999),
      authMethod: z.enum(['PAN_ONLY', 'CRYPTOGRAM_3DS']),
      cryptogram: z.string().min(1).max(256).optional(),
      eciIndicator: z.string().max(4).optional(),
    })
    .refine((details) => details.authMethod === 'PAN_ONLY' || details.cryptogram !== undefined, {
      message: 'a CRYPTOGRAM_3DS payment carries its cryptogram',
    }),
});

function parseWith<T extends z.ZodType>(schema: T, text: string, what: string): z.output<T> {
  const parsed = schema.safeParse(parseJson(text, what));
  if (!parsed.success) throw refuse('malformed', `${what} is not in Google's ECv2 format`);
  return parsed.data;
}

interface GoogleOpenOptions {
  now: number;
  /** Refuses a messageId it has seen (the caller remembers one once its payment is stored). */
  replay?: ReplayGuard;
}

/**
 * Opens a token as a gateway must before paying with it (the guide's steps 1 to 6), refusing it with a
 * WalletTokenError at the first step it fails.
 */
export function openGooglePayToken(
  token: string,
  keys: GoogleOpenKeys,
  options: GoogleOpenOptions,
): GooglePayPaymentData {
  const { now } = options;
  const outer = parseWith(tokenSchema, token, 'the WalletAPay token');
  if (outer.protocolVersion !== PROTOCOL_VERSION) {
    throw refuse(
      'unsupported_version',
      `protocolVersion ${outer.protocolVersion} is not supported: only ECv2`,
    );
  }
  // Steps 1 and 2: the intermediate signing key is signed by a root signing key that has not expired.
  const { signedKey, signatures } = outer.intermediateSigningKey;
  const intermediateBytes = intermediateSignedBytes(signedKey);
  const roots = keys.rootKeys.filter((root) => root.keyExpiration > now);
  const rootSigned = signatures.some((text) => {
    const signature = fromBase64(text);
    return (
      signature !== undefined &&
      roots.some((root) => verifiesEcdsa(root.publicKey, intermediateBytes, signature))
    );
  });
  if (!rootSigned) {
    throw refuse('signature_invalid', 'intermediateSigningKey is not signed by a Google root signing key');
  }
  // Step 3: the intermediate signing key has not expired.
  const intermediate = parseWith(signedKeySchema, signedKey, 'intermediateSigningKey.signedKey');
  if (Number(intermediate.keyExpiration) <= now) {
    throw refuse('signing_key_expired', 'the intermediate signing key has expired');
  }
  const keyDer = fromBase64(intermediate.keyValue);
  const intermediateKey = keyDer === undefined ? undefined : fromSpki(keyDer);
  if (intermediateKey === undefined)
    throw refuse('malformed', 'the intermediate signing key is not a P-256 key');
  // Step 4: the message is signed by the intermediate key, for this recipient.
  const signature = fromBase64(outer.signature);
  if (
    signature === undefined ||
    !verifiesEcdsa(intermediateKey, messageSignedBytes(keys.recipientId, outer.signedMessage), signature)
  ) {
    throw refuse(
      'signature_invalid',
      `signedMessage is not signed for ${keys.recipientId}: it was changed, or the token was made for another gateway or merchant (Google signs the recipient id)`,
    );
  }
  // Step 5: decrypt, the tag first.
  const message = parseWith(signedMessageSchema, outer.signedMessage, 'signedMessage');
  const ephemeralPoint = fromBase64(message.ephemeralPublicKey);
  const ephemeralKey = ephemeralPoint === undefined ? undefined : fromRawPoint(ephemeralPoint);
  const encrypted = fromBase64(message.encryptedMessage);
  const tag = fromBase64(message.tag);
  if (
    ephemeralPoint === undefined ||
    ephemeralKey === undefined ||
    encrypted === undefined ||
    tag === undefined
  ) {
    throw refuse(
      'malformed',
      'signedMessage does not hold a P-256 ephemeral key, a message and a tag in base64',
    );
  }
  const sharedSecret = diffieHellman({ privateKey: keys.recipientPrivateKey, publicKey: ephemeralKey });
  const { aesKey, macKey } = deriveKeys(ephemeralPoint, sharedSecret);
  const expected = createHmac('sha256', macKey).update(encrypted).digest();
  if (tag.length !== expected.length || !timingSafeEqual(tag, expected)) {
    throw refuse(
      'decryption_failed',
      'the encrypted message does not match its tag: it was changed, or encrypted for another recipient key',
    );
  }
  const paymentData = parseWith(
    paymentDataSchema,
    aesCtr(aesKey, encrypted).toString('utf8'),
    'the decrypted message',
  );
  // Step 6: the message has not expired.
  if (Number(paymentData.messageExpiration) <= now)
    throw refuse('expired', 'the token has expired (messageExpiration)');
  if (options.replay?.seen(paymentData.messageId, now) === true) {
    throw refuse('replayed', 'this token (its messageId) has already paid');
  }
  return paymentData as GooglePayPaymentData;
}
