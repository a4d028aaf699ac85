// Apple Pay's EC_v1 payment token (the `paymentData` of an authorized ApplePayPayment), both ends of it.
// The sandbox plays Apple (it signs with its own chain, apple-pki.ts) and the service, which holds each
// merchant's Payment Processing key. Everything follows Apple's "Payment token format reference"
// (developer.apple.com/documentation/passkit/payment-token-format-reference): the comments name its
// sections.

import {
  createCipheriv,
  createDecipheriv,
  createHash,
  diffieHellman,
  randomBytes,
  type X509Certificate,
} from 'node:crypto';
import { z } from 'zod';
import type { ApplePayPaymentData, PaymentProcessingKey } from '../records.ts';
import { signDetached, verifyApplePaySignature, type ApplePaySigner } from './apple-pki.ts';
import { fromBase64, fromSpki, newP256, parseJson, refuse, spki, type ReplayGuard } from './common.ts';

const APPLE_PAY_VERSION = 'EC_v1' satisfies ApplePayPaymentData['version'];

/**
 * "Verify the signature", step d: a signing time more than a few minutes from the transaction's may be
 * a replay. The sandbox's few minutes are five, either way.
 */
export const APPLE_PAY_MAX_SIGNATURE_AGE_MS = 5 * 60_000;

/** ISO 4217 numeric codes, as `currencyCode` in the payment data carries them. */
export const CURRENCY_NUMERIC: Readonly<Record<string, string>> = { BRL: '986', USD: '840', EUR: '978' };

/** "Payment data keys": what `data` decrypts to, for a 3-D Secure payment (every web payment). */
export interface ApplePayDecryptedData {
  /** The device account number (a network token), not the card's number. */
  applicationPrimaryAccountNumber: string;
  /** YYMMDD. */
  applicationExpirationDate: string;
  /** ISO 4217 numeric. */
  currencyCode: string;
  /** In the currency's minor units. */
  transactionAmount: number;
  cardholderName?: string;
  deviceManufacturerIdentifier: string;
  paymentDataType: '3DSecure';
  paymentData: { onlinePaymentCryptogram: string; eciIndicator?: string };
}

export function newPaymentProcessingKey(merchantIdentifier: string): PaymentProcessingKey {
  const { privateKey, publicKey } = newP256();
  const publicKeyHash = createHash('sha256').update(spki(publicKey)).digest('base64');
  return { merchantIdentifier, privateKey, publicKey, publicKeyHash };
}

/**
 * "Decrypt the data", steps 2 and 3: the symmetric key is the KDF of NIST SP 800-56A section 5.8.1 with
 * SHA-256 over the ECDH shared secret Z, with algorithm id 0x0D || "id-aes256-GCM", party U info
 * "Apple" and party V info the SHA-256 of the merchant identifier. 256 bits are one round: counter 1.
 */
function symmetricKey(sharedSecret: Buffer, merchantIdentifier: string): Buffer {
  return createHash('sha256')
    .update(Buffer.from([0, 0, 0, 1]))
    .update(sharedSecret)
    .update(Buffer.concat([Buffer.from([0x0d]), Buffer.from('id-aes256-GCM', 'ascii')]))
    .update(Buffer.from('Apple', 'ascii'))
    .update(createHash('sha256').update(merchantIdentifier, 'utf8').digest())
    .digest();
}

/** "Decrypt the data", step 4: AES-256-GCM with a 16-byte zero IV; the 16-byte tag ends `data`. */
const GCM_IV = Buffer.alloc(16);
const GCM_TAG_BYTES = 16;

/**
 * "Verify the signature", step c: what the signature covers, the ephemeral public key, data,
 * transactionId and applicationData bytes, concatenated (the ids hex-decoded).
 */
function signedContent(
  header: { transactionId: string; applicationData?: string | undefined },
  data: Buffer,
  ephemeralPublicKey: Buffer,
): Buffer {
  return Buffer.concat([
    ephemeralPublicKey,
    data,
    Buffer.from(header.transactionId, 'hex'),
    Buffer.from(header.applicationData ?? '', 'hex'),
  ]);
}

interface ApplePaySealInput {
  payment: ApplePayDecryptedData;
  /** Hex; a random 32 bytes when not given. */
  transactionId?: string;
  /** Hex SHA-256 of the request's applicationData. */
  applicationData?: string;
  /** Milliseconds since the epoch: the CMS signing time. */
  signingTime: number;
}

/** What Apple hands the page as `payment.token.paymentData`: encrypted for the merchant, signed by Apple. */
export function sealApplePayToken(
  input: ApplePaySealInput,
  keys: { signer: ApplePaySigner; merchant: Pick<PaymentProcessingKey, 'merchantIdentifier' | 'publicKey'> },
): ApplePayPaymentData {
  const ephemeral = newP256();
  const sharedSecret = diffieHellman({
    privateKey: ephemeral.privateKey,
    publicKey: keys.merchant.publicKey,
  });
  const cipher = createCipheriv(
    'aes-256-gcm',
    symmetricKey(sharedSecret, keys.merchant.merchantIdentifier),
    GCM_IV,
  );
  const data = Buffer.concat([
    cipher.update(JSON.stringify(input.payment), 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  const ephemeralPublicKey = spki(ephemeral.publicKey);
  const header: ApplePayPaymentData['header'] = {
    ephemeralPublicKey: ephemeralPublicKey.toString('base64'),
    publicKeyHash: createHash('sha256').update(spki(keys.merchant.publicKey)).digest('base64'),
    transactionId: input.transactionId ?? randomBytes(32).toString('hex'),
    ...(input.applicationData === undefined ? {} : { applicationData: input.applicationData }),
  };
  const signature = signDetached(
    signedContent(header, data, ephemeralPublicKey),
    keys.signer,
    new Date(input.signingTime),
  );
  return {
    data: data.toString('base64'),
    signature: signature.toString('base64'),
    header,
    version: APPLE_PAY_VERSION,
  };
}

const hex = z.string().regex(/^(?:[0-9a-fA-F]{2}){1,64}$/);
const tokenSchema = z.strictObject({
  version: z.literal(APPLE_PAY_VERSION),
  data: z.string(),
  signature: z.string(),
  header: z.strictObject({
    ephemeralPublicKey: z.string(),
    publicKeyHash: z.string(),
    transactionId: hex,
    applicationData: hex.optional(),
  }),
});
const decryptedSchema = z.looseObject({
  applicationPrimaryAccountNumber: z.string().regex(/^\d{12,19}$/),
  applicationExpirationDate: z.string().regex(/^\d{2}(0[1-9]|1[0-2])\d{2}$/),
  currencyCode: z.string().regex(/^\d{3}$/),
  transactionAmount: z.int().nonnegative(),
  cardholderName: z.string().max(256).optional(),
  deviceManufacturerIdentifier: z.string().max(64),
  paymentDataType: z.literal('3DSecure'),
  paymentData: z.looseObject({
    onlinePaymentCryptogram: z.string().min(1).max(256),
    eciIndicator: z.string().max(4).optional(),
  }),
});

export interface ApplePayOpenKeys {
  /** The root the signature must chain to (Apple Root CA - G3 for a real service). */
  trustedRoots: readonly X509Certificate[];
  /** The service's Payment Processing key a token's publicKeyHash names, if it holds one. */
  merchantKey: (publicKeyHash: string) => PaymentProcessingKey | undefined;
}

interface ApplePayOpenOptions {
  now: number;
  /** Refuses a transactionId it has seen (the caller remembers one once its payment is stored). */
  replay?: ReplayGuard;
}

interface OpenedApplePayToken {
  transactionId: string;
  merchantIdentifier: string;
  /** The key that opened it: what the token was encrypted for. */
  publicKeyHash: string;
  signingTime: number;
  payment: ApplePayDecryptedData;
}

/**
 * Opens a token as a payment provider must before paying with it ("Verify the signature", then "Decrypt
 * the data"), refusing it with a WalletTokenError at the first step it fails. The token is the
 * serialized `paymentData`: one JSON text.
 */
export function openApplePayToken(
  token: string,
  keys: ApplePayOpenKeys,
  options: ApplePayOpenOptions,
): OpenedApplePayToken {
  const { now } = options;
  const json = parseJson(token, 'the WalletBPay token');
  const version =
    typeof json === 'object' && json !== null ? (json as { version?: unknown }).version : undefined;
  if (typeof version === 'string' && version !== APPLE_PAY_VERSION) {
    throw refuse('unsupported_version', `version ${version} is not supported: only EC_v1`);
  }
  const parsed = tokenSchema.safeParse(json);
  const data = parsed.success ? fromBase64(parsed.data.data) : undefined;
  const signature = parsed.success ? fromBase64(parsed.data.signature) : undefined;
  const ephemeralDer = parsed.success ? fromBase64(parsed.data.header.ephemeralPublicKey) : undefined;
  if (!parsed.success || data === undefined || signature === undefined || ephemeralDer === undefined) {
    throw refuse('malformed', "the WalletBPay token is not Apple's EC_v1 paymentData");
  }
  const { header } = parsed.data;
  // "Verify the signature": chain, markers, the signature over the token, then its signing time.
  const signingTime = verifyApplePaySignature(
    signature,
    signedContent(header, data, ephemeralDer),
    keys.trustedRoots,
  ).getTime();
  if (now - signingTime > APPLE_PAY_MAX_SIGNATURE_AGE_MS) {
    throw refuse('expired', 'the token was signed more than 5 minutes ago');
  }
  if (signingTime - now > APPLE_PAY_MAX_SIGNATURE_AGE_MS) {
    throw refuse('signature_invalid', 'the token is signed more than 5 minutes in the future');
  }
  // "Decrypt the data", step 1: the merchant's key the header names.
  const merchant = keys.merchantKey(header.publicKeyHash);
  if (merchant === undefined) {
    throw refuse(
      'wrong_recipient',
      'the token is encrypted for a Payment Processing key this service does not hold',
    );
  }
  const ephemeralKey = fromSpki(ephemeralDer);
  if (ephemeralKey === undefined || data.length <= GCM_TAG_BYTES) {
    throw refuse('malformed', 'the token holds no P-256 ephemeral key or no encrypted data');
  }
  let plaintext: string;
  try {
    const sharedSecret = diffieHellman({ privateKey: merchant.privateKey, publicKey: ephemeralKey });
    const decipher = createDecipheriv(
      'aes-256-gcm',
      symmetricKey(sharedSecret, merchant.merchantIdentifier),
      GCM_IV,
    );
    decipher.setAuthTag(data.subarray(-GCM_TAG_BYTES));
    plaintext = Buffer.concat([decipher.update(data.subarray(0, -GCM_TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw refuse(
      'decryption_failed',
      'the data does not decrypt: it was encrypted with another key or for another merchant identifier',
    );
  }
  const payment = decryptedSchema.safeParse(parseJson(plaintext, 'the decrypted data'));
  if (!payment.success)
    throw refuse('malformed', "the decrypted data is not Apple's 3-D Secure payment data");
  const transactionId = header.transactionId.toLowerCase();
  if (options.replay?.seen(transactionId, now) === true) {
    throw refuse('replayed', 'this token (its transactionId) has already paid');
  }
  return {
    transactionId,
    merchantIdentifier: merchant.merchantIdentifier,
    publicKeyHash: merchant.publicKeyHash,
    signingTime,
    payment: payment.data as ApplePayDecryptedData,
  };
}
