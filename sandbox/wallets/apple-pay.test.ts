// Apple Pay EC_v1 tokens, sealed and opened with a chain and keys made here: the format, the
// signature (also checked by OpenSSL, an implementation of CMS that is not ours), and every refusal.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { issueCertificate, type ApplePaySigner } from './apple-pki.ts';
import {
  newPaymentProcessingKey,
  openApplePayToken,
  sealApplePayToken,
  type ApplePayDecryptedData,
  type ApplePayOpenKeys,
} from './apple-pay.ts';
import type { ApplePayPaymentData, PaymentProcessingKey } from '../records.ts';
import { ReplayGuard } from './common.ts';
import { refusal } from './test-support.ts';

const NOW = Date.UTC(2026, 10, 22, 22, 0, 0);
const YEAR = 365 * 86_400_000;
const MERCHANT = 'merchant.com.example.shop';

function chain(options: { leafNotAfter?: number; unmarkedLeaf?: boolean } = {}) {
  const notBefore = new Date(NOW - YEAR);
  const notAfter = new Date(NOW + 10 * YEAR);
  const root = issueCertificate({ commonName: 'Test Root', notBefore, notAfter, role: 'root' });
  const intermediate = issueCertificate({
    commonName: 'Test Intermediate',
    notBefore,
    notAfter,
    role: 'intermediate',
    issuer: root,
  });
  const leaf = issueCertificate({
    commonName: 'Test Leaf',
    notBefore,
    notAfter: new Date(options.leafNotAfter ?? NOW + YEAR),
    // A CA certificate under the intermediate carries no leaf marker.
    role: options.unmarkedLeaf === true ? 'root' : 'leaf',
    issuer: intermediate,
  });
  const signer: ApplePaySigner = { leaf, intermediate };
  return { root, signer };
}

const PAYMENT: ApplePayDecryptedData = {
  applicationPrimaryAccountNumber: '4761120000000148',
  applicationExpirationDate: '291231',
  currencyCode: '986',
  transactionAmount: 12_345,
  deviceManufacturerIdentifier: '040010030273',
  paymentDataType: '3DSecure',
  paymentData: { onlinePaymentCryptogram: 'Af9x/QwAA/DjmU65oyc1MAABAAA=', eciIndicator: '05' },
};

function setup(options: Parameters<typeof chain>[0] = {}) {
  const { root, signer } = chain(options);
  const merchant = newPaymentProcessingKey(MERCHANT);
  const held = new Map<string, PaymentProcessingKey>([[merchant.publicKeyHash, merchant]]);
  const open: ApplePayOpenKeys = { trustedRoots: [root.x509], merchantKey: (hash) => held.get(hash) };
  const seal = (overrides: { signingTime?: number; transactionId?: string; applicationData?: string } = {}) =>
    sealApplePayToken({ payment: PAYMENT, signingTime: NOW, ...overrides }, { signer, merchant });
  return { root, signer, merchant, open, seal };
}

const serialized = (token: ApplePayPaymentData) => JSON.stringify(token);

describe('Apple Pay EC_v1 token', () => {
  it('is the paymentData Apple hands the page: version, data, signature, header', () => {
    const { seal, merchant } = setup();
    const token = seal({ applicationData: 'ab'.repeat(32) });
    expect(token.version).toBe('EC_v1');
    expect(Object.keys(token.header)).toEqual([
      'ephemeralPublicKey',
      'publicKeyHash',
      'transactionId',
      'applicationData',
    ]);
    expect(token.header.publicKeyHash).toBe(merchant.publicKeyHash);
    expect(token.header.transactionId).toMatch(/^[0-9a-f]{64}$/);
    expect(serialized(token)).not.toContain(PAYMENT.applicationPrimaryAccountNumber);
    expect(serialized(token)).not.toContain(PAYMENT.paymentData.onlinePaymentCryptogram);
  });

  it('opens to the payment data it was sealed with, with its transaction and merchant', () => {
    const { seal, open } = setup();
    const token = seal({ transactionId: 'AB'.repeat(32), applicationData: 'cd'.repeat(32) });
    expect(openApplePayToken(serialized(token), open, { now: NOW + 60_000 })).toEqual({
      transactionId: 'ab'.repeat(32),
      merchantIdentifier: MERCHANT,
      publicKeyHash: token.header.publicKeyHash,
      signingTime: NOW,
      payment: PAYMENT,
    });
  });

  const openssl = spawnSync('openssl', ['version']).status === 0;
  it.skipIf(!openssl)('carries a detached CMS signature OpenSSL verifies against the root', () => {
    const { seal, root } = setup();
    const token = seal();
    const dir = mkdtempSync(join(tmpdir(), 'apple-pay-'));
    try {
      const content = Buffer.concat([
        Buffer.from(token.header.ephemeralPublicKey, 'base64'),
        Buffer.from(token.data, 'base64'),
        Buffer.from(token.header.transactionId, 'hex'),
      ]);
      writeFileSync(join(dir, 'signature.der'), Buffer.from(token.signature, 'base64'));
      writeFileSync(join(dir, 'content.bin'), content);
      writeFileSync(join(dir, 'root.pem'), root.x509.toString());
      const verify = (file: string) =>
        spawnSync('openssl', [
          'cms',
          '-verify',
          '-binary',
          '-inform',
          'DER',
          '-in',
          join(dir, 'signature.der'),
          '-content',
          join(dir, file),
          '-CAfile',
          join(dir, 'root.pem'),
          '-purpose',
          'any',
          '-attime',
          String(Math.floor(NOW / 1000)),
          '-out',
          '/dev/null',
        ]).status;
      expect(verify('content.bin')).toBe(0);
      writeFileSync(join(dir, 'changed.bin'), Buffer.concat([content, Buffer.from([0])]));
      expect(verify('changed.bin')).not.toBe(0);
      const printed = execFileSync('openssl', [
        'cms',
        '-cmsout',
        '-print',
        '-inform',
        'DER',
        '-in',
        join(dir, 'signature.der'),
      ]).toString();
      expect(printed).toContain('eContent: <ABSENT>'); // detached
      expect(printed).toContain('1.2.840.113635.100.6.29');
      expect(printed).toContain('1.2.840.113635.100.6.2.14');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['not JSON', 'not json', 'malformed'],
    [
      'a made-up token',
      JSON.stringify({ version: 'EC_v1', data: 'abc', signature: 'sig', header: {} }),
      'malformed',
    ],
    [
      'a token whose signature is not CMS',
      JSON.stringify({
        version: 'EC_v1',
        data: 'AAAA',
        signature: 'AAAA',
        header: { ephemeralPublicKey: 'AAAA', publicKeyHash: 'AAAA', transactionId: 'ab' },
      }),
      'malformed',
    ],
    [
      'an RSA_v1 token',
      JSON.stringify({ version: 'RSA_v1', data: 'AAAA', signature: 'AAAA', header: {} }),
      'unsupported_version',
    ],
  ])('refuses %s', (_name, token, reason) => {
    expect(refusal(() => openApplePayToken(token, setup().open, { now: NOW }))).toBe(reason);
  });

  it('refuses changed data, a changed transactionId, and another ephemeral key', () => {
    const { seal, open } = setup();
    const token = seal();
    const data = Buffer.from(token.data, 'base64');
    data[0] = (data[0] ?? 0) ^ 1;
    const changes: ApplePayPaymentData[] = [
      { ...token, data: data.toString('base64') },
      { ...token, header: { ...token.header, transactionId: 'ab'.repeat(32) } },
      { ...token, header: { ...token.header, ephemeralPublicKey: seal().header.ephemeralPublicKey } },
      { ...token, header: { ...token.header, applicationData: 'ab'.repeat(32) } },
    ];
    for (const changed of changes) {
      expect(refusal(() => openApplePayToken(serialized(changed), open, { now: NOW }))).toBe(
        'signature_invalid',
      );
    }
  });

  it('refuses a signature that does not chain to the trusted root', () => {
    const { seal } = setup();
    const other = setup();
    const token = seal();
    const foreign = { ...other.open, merchantKey: () => undefined };
    expect(refusal(() => openApplePayToken(serialized(token), foreign, { now: NOW }))).toBe(
      'signature_invalid',
    );
  });

  it("refuses certificates without Apple's marker OIDs", () => {
    const { seal, open } = setup({ unmarkedLeaf: true });
    expect(refusal(() => openApplePayToken(serialized(seal()), open, { now: NOW }))).toBe(
      'signature_invalid',
    );
  });

  it('refuses a signature whose leaf certificate had expired when it signed', () => {
    const { seal, open } = setup({ leafNotAfter: NOW - 1000 });
    expect(refusal(() => openApplePayToken(serialized(seal()), open, { now: NOW }))).toBe(
      'signing_key_expired',
    );
  });

  it("refuses a token signed more than Apple's 5 minutes ago, or ahead", () => {
    const { seal, open } = setup();
    const token = serialized(seal());
    expect(openApplePayToken(token, open, { now: NOW + 5 * 60_000 }).signingTime).toBe(NOW);
    expect(refusal(() => openApplePayToken(token, open, { now: NOW + 5 * 60_000 + 1 }))).toBe('expired');
    expect(refusal(() => openApplePayToken(token, open, { now: NOW - 5 * 60_000 - 1 }))).toBe(
      'signature_invalid',
    );
  });

  it('refuses a token for a Payment Processing key the service does not hold', () => {
    const { signer, open } = setup();
    const elsewhere = newPaymentProcessingKey(MERCHANT);
    const token = sealApplePayToken({ payment: PAYMENT, signingTime: NOW }, { signer, merchant: elsewhere });
    expect(refusal(() => openApplePayToken(serialized(token), open, { now: NOW }))).toBe('wrong_recipient');
  });

  it('refuses data encrypted for another merchant identifier (the KDF binds it)', () => {
    const { signer, merchant, open } = setup();
    const token = sealApplePayToken(
      { payment: PAYMENT, signingTime: NOW },
      { signer, merchant: { ...merchant, merchantIdentifier: 'merchant.com.other' } },
    );
    expect(refusal(() => openApplePayToken(serialized(token), open, { now: NOW }))).toBe('decryption_failed');
  });

  it('refuses a transactionId it has seen', () => {
    const { seal, open } = setup();
    const token = seal();
    const replay = new ReplayGuard();
    const opened = openApplePayToken(serialized(token), open, { now: NOW, replay });
    replay.remember(opened.transactionId, NOW + 5 * 60_000, NOW);
    expect(refusal(() => openApplePayToken(serialized(token), open, { now: NOW + 1, replay }))).toBe(
      'replayed',
    );
    expect(openApplePayToken(serialized(seal()), open, { now: NOW + 1, replay }).signingTime).toBe(NOW);
  });

  it('refuses decrypted data that is not a 3-D Secure payment', () => {
    const { signer, merchant, open } = setup();
    const emv = { ...PAYMENT, paymentDataType: 'EMV' } as unknown as ApplePayDecryptedData;
    const token = sealApplePayToken({ payment: emv, signingTime: NOW }, { signer, merchant });
    expect(refusal(() => openApplePayToken(serialized(token), open, { now: NOW }))).toBe('malformed');
  });

  it('refuses any changed or missing byte of the CMS signature with a reason, never a crash', () => {
    const { seal, open } = setup();
    const token = seal();
    const signature = Buffer.from(token.signature, 'base64');
    fc.assert(
      fc.property(
        fc.nat(signature.length - 1),
        fc.integer({ min: 1, max: 255 }),
        fc.boolean(),
        (at, xor, truncate) => {
          const changed = Buffer.from(truncate ? signature.subarray(0, at) : signature);
          if (!truncate) changed[at] = (changed[at] ?? 0) ^ xor;
          const reason = refusal(() =>
            openApplePayToken(serialized({ ...token, signature: changed.toString('base64') }), open, {
              now: NOW,
            }),
          );
          expect(reason).toBeTypeOf('string');
        },
      ),
      { numRuns: 300 },
    );
  });
});
