// Google Pay ECv2 tokens, sealed and opened with keys made here: the format, and every refusal.
import { sign } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newP256, ReplayGuard } from './common.ts';
import { refusal } from './test-support.ts';
import {
  newGoogleSigningKey,
  openGooglePayToken,
  sealGooglePayToken,
  signIntermediateKey,
  type GoogleOpenKeys,
  type GooglePayPaymentData,
  type GoogleSealKeys,
} from './google-pay.ts';

const NOW = Date.UTC(2026, 10, 22, 22, 0, 0);
const DAY = 86_400_000;
const RECIPIENT = 'gateway:servicesandbox';

function keys(options: { rootExpiration?: number; keyExpiration?: number } = {}) {
  const root = newGoogleSigningKey(options.rootExpiration ?? NOW + 365 * DAY);
  const intermediate = newP256();
  const recipient = newP256();
  const seal: GoogleSealKeys = {
    intermediate: {
      privateKey: intermediate.privateKey,
      intermediateSigningKey: signIntermediateKey(
        root,
        intermediate.publicKey,
        options.keyExpiration ?? NOW + 30 * DAY,
      ),
    },
    recipientPublicKey: recipient.publicKey,
    recipientId: RECIPIENT,
  };
  const open: GoogleOpenKeys = {
    rootKeys: [root],
    recipientPrivateKey: recipient.privateKey,
    recipientId: RECIPIENT,
  };
  return { root, intermediate, recipient, seal, open };
}

function paymentData(overrides: Partial<GooglePayPaymentData> = {}): GooglePayPaymentData {
  return {
    gatewayMerchantId: 'demo',
    messageExpiration: String(NOW + DAY),
    messageId: 'AH2Ejtc8qBlP_MCAV0jJG7Er',
    paymentMethod: 'CARD',
    paymentMethodDetails: {
      pan: '5555555555554444',
      expirationMonth: 12,
      expirationYear: 2029,
      authMethod: 'CRYPTOGRAM_3DS',
      cryptogram: 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=',
      eciIndicator: '02',
    },
    ...overrides,
  };
}

describe('Google Pay ECv2 token', () => {
  it('is the JSON Google returns: protocolVersion, signature, intermediateSigningKey, signedMessage', () => {
    const { seal } = keys();
    const token = sealGooglePayToken(paymentData(), seal);
    const parsed = JSON.parse(token) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual([
      'protocolVersion',
      'signature',
      'intermediateSigningKey',
      'signedMessage',
    ]);
    expect(parsed['protocolVersion']).toBe('ECv2');
    const intermediate = parsed['intermediateSigningKey'] as { signedKey: string; signatures: string[] };
    expect(Object.keys(JSON.parse(intermediate.signedKey) as object)).toEqual(['keyValue', 'keyExpiration']);
    expect(intermediate.signatures).toHaveLength(1);
    const signed = JSON.parse(parsed['signedMessage'] as string) as Record<string, string>;
    expect(Object.keys(signed)).toEqual(['encryptedMessage', 'ephemeralPublicKey', 'tag']);
    // The ephemeral key is an uncompressed P-256 point; the tag an HMAC-SHA256.
    expect(Buffer.from(signed['ephemeralPublicKey'] ?? '', 'base64')).toHaveLength(65);
    expect(Buffer.from(signed['tag'] ?? '', 'base64')).toHaveLength(32);
    // HTML-safe, as Google serializes it: '=' only ever as \u003d.
    expect(token).not.toContain('=');
    expect(token).toContain('\\u003d');
    // Nothing of the card in clear.
    expect(token).not.toContain('5555555555554444');
  });

  it('opens to the payment data it was sealed with', () => {
    const { seal, open } = keys();
    const data = paymentData();
    expect(openGooglePayToken(sealGooglePayToken(data, seal), open, { now: NOW })).toEqual(data);
    const panOnly = paymentData({
      paymentMethodDetails: {
        pan: '4111111111111111',
        expirationMonth: 1,
        expirationYear: 2030,
        authMethod: 'PAN_ONLY',
      },
    });
    expect(openGooglePayToken(sealGooglePayToken(panOnly, seal), open, { now: NOW })).toEqual(panOnly);
  });

  it.each([
    ['not JSON', 'not json', 'malformed'],
    ['a JSON array', '[]', 'malformed'],
    [
      'a token without intermediateSigningKey',
      JSON.stringify({ protocolVersion: 'ECv2', signature: 'MEY', signedMessage: '{}' }),
      'malformed',
    ],
    [
      'a made-up token of the right shape',
      JSON.stringify({
        protocolVersion: 'ECv2',
        signature: 'MEYCIQ==',
        intermediateSigningKey: { signedKey: '{}', signatures: ['MEYCIQ=='] },
        signedMessage: '{}',
      }),
      'signature_invalid',
    ],
  ])('refuses %s', (_name, token, reason) => {
    expect(refusal(() => openGooglePayToken(token, keys().open, { now: NOW }))).toBe(reason);
  });

  it('refuses a key more than Tink allows (exactly four keys)', () => {
    const { seal, open } = keys();
    const token = JSON.parse(sealGooglePayToken(paymentData(), seal)) as Record<string, unknown>;
    expect(
      refusal(() => openGooglePayToken(JSON.stringify({ ...token, extra: 1 }), open, { now: NOW })),
    ).toBe('malformed');
  });

  it('refuses another protocol version', () => {
    const { seal, open } = keys();
    const token = JSON.parse(sealGooglePayToken(paymentData(), seal)) as Record<string, unknown>;
    const ecv1 = JSON.stringify({ ...token, protocolVersion: 'ECv1' });
    expect(refusal(() => openGooglePayToken(ecv1, open, { now: NOW }))).toBe('unsupported_version');
  });

  it('refuses an intermediate key no trusted root signed, and one signed by an expired root', () => {
    const { seal, open } = keys();
    const token = sealGooglePayToken(paymentData(), seal);
    const otherRoot = { ...open, rootKeys: [newGoogleSigningKey(NOW + DAY)] };
    expect(refusal(() => openGooglePayToken(token, otherRoot, { now: NOW }))).toBe('signature_invalid');
    const expiredRoot = keys({ rootExpiration: NOW - 1 });
    const old = sealGooglePayToken(paymentData(), expiredRoot.seal);
    expect(refusal(() => openGooglePayToken(old, expiredRoot.open, { now: NOW }))).toBe('signature_invalid');
  });

  it('refuses a changed signed key (a later expiration, say)', () => {
    const { seal, open } = keys({ keyExpiration: NOW + DAY });
    const token = JSON.parse(sealGooglePayToken(paymentData(), seal)) as {
      intermediateSigningKey: { signedKey: string };
    };
    token.intermediateSigningKey.signedKey = token.intermediateSigningKey.signedKey.replace(
      String(NOW + DAY),
      String(NOW + 9 * DAY),
    );
    expect(refusal(() => openGooglePayToken(JSON.stringify(token), open, { now: NOW }))).toBe(
      'signature_invalid',
    );
  });

  it('refuses a token whose intermediate signing key has expired', () => {
    const { seal, open } = keys({ keyExpiration: NOW + DAY });
    const token = sealGooglePayToken(paymentData({ messageExpiration: String(NOW + 5 * DAY) }), seal);
    expect(openGooglePayToken(token, open, { now: NOW + DAY - 1 }).messageId).toBeTypeOf('string');
    expect(refusal(() => openGooglePayToken(token, open, { now: NOW + DAY }))).toBe('signing_key_expired');
  });

  it('refuses a changed signed message, and a token made for another recipient', () => {
    const { seal, open } = keys();
    const token = JSON.parse(sealGooglePayToken(paymentData(), seal)) as { signedMessage: string };
    const tampered = JSON.stringify({
      ...token,
      signedMessage: token.signedMessage.replace('"tag":"', '"tag":"A'),
    });
    expect(refusal(() => openGooglePayToken(tampered, open, { now: NOW }))).toBe('signature_invalid');
    const forOther = sealGooglePayToken(paymentData(), {
      ...seal,
      recipientId: 'merchant:12345678901234567890',
    });
    expect(() => openGooglePayToken(forOther, open, { now: NOW })).toThrow(
      /not signed for gateway:servicesandbox/,
    );
  });

  it('refuses a message whose tag does not match, even signed (the tag is checked before decrypting)', () => {
    const { seal, open, intermediate } = keys();
    const token = JSON.parse(sealGooglePayToken(paymentData(), seal)) as Record<string, string>;
    const message = JSON.parse(token['signedMessage'] ?? '') as Record<string, string>;
    const encrypted = Buffer.from(message['encryptedMessage'] ?? '', 'base64');
    encrypted[0] = (encrypted[0] ?? 0) ^ 1;
    const changed = JSON.stringify({ ...message, encryptedMessage: encrypted.toString('base64') });
    // Re-signed by Google's intermediate key: only the tag can tell.
    const resealed = JSON.parse(sealWithSignedMessage(changed, seal, intermediate.privateKey)) as Record<
      string,
      unknown
    >;
    expect(refusal(() => openGooglePayToken(JSON.stringify(resealed), open, { now: NOW }))).toBe(
      'decryption_failed',
    );
  });

  it('refuses a token encrypted for another recipient key', () => {
    const { seal, open } = keys();
    const token = sealGooglePayToken(paymentData(), { ...seal, recipientPublicKey: newP256().publicKey });
    expect(refusal(() => openGooglePayToken(token, open, { now: NOW }))).toBe('decryption_failed');
  });

  it('refuses an expired message (messageExpiration)', () => {
    const { seal, open } = keys();
    const token = sealGooglePayToken(paymentData({ messageExpiration: String(NOW + 60_000) }), seal);
    expect(openGooglePayToken(token, open, { now: NOW + 59_999 }).messageId).toBeTypeOf('string');
    expect(refusal(() => openGooglePayToken(token, open, { now: NOW + 60_000 }))).toBe('expired');
  });

  it('refuses a messageId it has seen, until it would have expired anyway', () => {
    const { seal, open } = keys();
    const data = paymentData();
    const token = sealGooglePayToken(data, seal);
    const replay = new ReplayGuard();
    openGooglePayToken(token, open, { now: NOW, replay });
    replay.remember(data.messageId, Number(data.messageExpiration), NOW);
    expect(refusal(() => openGooglePayToken(token, open, { now: NOW + 1, replay }))).toBe('replayed');
    // Another token of the same card opens: replays are per message.
    const next = sealGooglePayToken(paymentData({ messageId: 'another' }), seal);
    expect(openGooglePayToken(next, open, { now: NOW + 1, replay }).messageId).toBe('another');
    expect(replay.seen(data.messageId, Number(data.messageExpiration))).toBe(false);
  });

  it('refuses a decrypted message that is not Google payment data', () => {
    const { seal, open } = keys();
    const broken = { ...paymentData(), paymentMethod: 'PAYPAL' } as unknown as GooglePayPaymentData;
    expect(refusal(() => openGooglePayToken(sealGooglePayToken(broken, seal), open, { now: NOW }))).toBe(
      'malformed',
    );
    const noCryptogram = paymentData({
      paymentMethodDetails: {
        pan: '5555555555554444',
        expirationMonth: 12,
        expirationYear: 2029,
        authMethod: 'CRYPTOGRAM_3DS',
      },
    });
    expect(
      refusal(() => openGooglePayToken(sealGooglePayToken(noCryptogram, seal), open, { now: NOW })),
    ).toBe('malformed');
  });

  it('refuses any changed character with a reason, never a crash', () => {
    const { seal, open } = keys();
    const token = sealGooglePayToken(paymentData(), seal);
    fc.assert(
      fc.property(fc.nat(token.length - 1), fc.constantFrom('A', '0', '"', '\\', '{', 'z'), (at, char) => {
        const changed = token.slice(0, at) + char + token.slice(at + 1);
        if (changed === token) return;
        expect(refusal(() => openGooglePayToken(changed, open, { now: NOW }))).toBeTypeOf('string');
      }),
      { numRuns: 300 },
    );
  });
});

/** A token around `signedMessage`, signed by Google's intermediate key for the recipient (the tag test). */
function sealWithSignedMessage(
  signedMessage: string,
  seal: GoogleSealKeys,
  intermediateKey: GoogleSealKeys['intermediate']['privateKey'],
): string {
  const base = JSON.parse(sealGooglePayToken(paymentData(), seal)) as Record<string, unknown>;
  const parts = ['Google', RECIPIENT, 'ECv2', signedMessage].map((part) => {
    const bytes = Buffer.from(part, 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32LE(bytes.length);
    return Buffer.concat([length, bytes]);
  });
  const signature = sign('sha256', Buffer.concat(parts), intermediateKey).toString('base64');
  return JSON.stringify({ ...base, signature, signedMessage });
}
