// A software WebAuthn authenticator for the sandbox's own tests: it answers registration and
// authentication options with what a browser and a platform authenticator would send (ES256 keys,
// "none" attestation), and lets a test change what a real one never would (the origin, the top page,
// user verification, the counter) to see the service refuse it. The browsers' own virtual authenticators
// run in the e2e suite.

import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  type KeyObject,
} from 'node:crypto';

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  if (length < 65536) return Buffer.from([(major << 5) | 25, length >> 8, length & 255]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(length, 1);
  return out;
}

/** The few CBOR types an attestation object and a COSE key use. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url');

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface CeremonyPage {
  /** The frame's origin: the token host's for a real ceremony. */
  origin: string;
  /** The merchant page above the frame, or undefined for a top-level ceremony. */
  topOrigin?: string | undefined;
  /** Defaults to whether a topOrigin is given. */
  crossOrigin?: boolean;
  /** The shopper verified (biometrics, PIN): true unless a test says otherwise. */
  userVerified?: boolean;
}

/** What a browser writes into an SPC assertion's clientDataJSON: the payment it showed the shopper. */
export interface SpcPaymentData {
  rpId: string;
  topOrigin: string;
  payeeOrigin?: string;
  payeeName?: string;
  total: { currency: string; value: string };
  instrument: { displayName: string; icon: string };
}

interface Options {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
}

export class SoftAuthenticator {
  readonly credentialId: Uint8Array;
  readonly #privateKey: KeyObject;
  readonly #publicKey: KeyObject;
  /** The signature counter; a test may set it back to play a cloned authenticator. */
  counter = 0;

  /**
   * A new ES256 credential; or, with `existing`, one a browser's virtual authenticator holds (CDP's
   * `WebAuthn.getCredentials` gives its id, PKCS #8 private key and counter), to sign what the browser
   * itself cannot here (a Secure Payment Confirmation).
   */
  constructor(existing?: { credentialId: Uint8Array; privateKeyPkcs8: Uint8Array; counter: number }) {
    if (existing === undefined) {
      const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      this.credentialId = randomBytes(16);
      this.#privateKey = pair.privateKey;
      this.#publicKey = pair.publicKey;
      return;
    }
    this.credentialId = existing.credentialId;
    this.#privateKey = createPrivateKey({
      key: Buffer.from(existing.privateKeyPkcs8),
      format: 'der',
      type: 'pkcs8',
    });
    this.#publicKey = createPublicKey(this.#privateKey);
    this.counter = existing.counter;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  #clientData(type: string, challenge: string, page: CeremonyPage, payment?: SpcPaymentData): string {
    const crossOrigin = page.crossOrigin ?? page.topOrigin !== undefined;
    return JSON.stringify({
      type,
      challenge,
      origin: page.origin,
      crossOrigin,
      ...(page.topOrigin === undefined ? {} : { topOrigin: page.topOrigin }),
      ...(payment === undefined ? {} : { payment }),
    });
  }

  #flags(page: CeremonyPage): number {
    return FLAG_UP | (page.userVerified === false ? 0 : FLAG_UV);
  }

  #counterBytes(): Buffer {
    const out = Buffer.alloc(4);
    out.writeUInt32BE(this.counter);
    return out;
  }

  /** A PublicKeyCredential as its toJSON() writes it. */
  #credential<R>(response: R) {
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
      response,
    };
  }

  /** A RegistrationResponseJSON for `navigator.credentials.create()` with these options. */
  register(options: Options, page: CeremonyPage) {
    const rpId = options.rp?.id ?? '';
    const jwk = this.#publicKey.export({ format: 'jwk' });
    const coseKey = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.#flags(page) | FLAG_AT]),
      this.#counterBytes(),
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      coseKey,
    ]);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return this.#credential({
      clientDataJSON: b64url(this.#clientData('webauthn.create', options.challenge, page)),
      attestationObject: b64url(attestationObject),
      transports: ['internal' as const],
    });
  }

  /**
   * An AuthenticationResponseJSON for `navigator.credentials.get()`, or, with `payment`, for a Secure
   * Payment Confirmation (`PaymentRequest.show()`: clientDataJSON's type `payment.get` with the payment
   * the browser showed); the counter moves on by one.
   */
  authenticate(options: Options, page: CeremonyPage, payment?: SpcPaymentData) {
    this.counter += 1;
    const authData = Buffer.concat([
      sha256(options.rpId ?? ''),
      Buffer.from([this.#flags(page)]),
      this.#counterBytes(),
    ]);
    const clientDataJSON = this.#clientData(
      payment === undefined ? 'webauthn.get' : 'payment.get',
      options.challenge,
      page,
      payment,
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.#privateKey);
    return this.#credential({
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
    });
  }
}
