// Apple Pay's signature as Apple makes it: a detached CMS SignedData (RFC 5652) with ECDSA P-256 and
// SHA-256, carrying the signing ("leaf") certificate and its intermediate CA, each marked with Apple's
// custom OID, under a root the recipient trusts. The sandbox plays Apple with a chain of its own
// (the names say so: nothing here is Apple's), built and read with Node's crypto and the DER in der.ts.
// Apple's rules for checking it are in "Payment token format reference", "Verify the signature";
// apple-pay.ts applies them through verifyApplePaySignature below.

import { createHash, randomBytes, sign, X509Certificate, type KeyObject } from 'node:crypto';
import {
  bitString,
  booleanTrue,
  children,
  contextTag,
  DerError,
  expectTag,
  explicit,
  integer,
  nullValue,
  octetString,
  oid,
  printableString,
  readOid,
  readOnly,
  readTime,
  sequence,
  setOf,
  TAG,
  time,
  tlv,
  utf8String,
  type DerNode,
} from './der.ts';
import { newP256, refuse, spki, verifiesEcdsa } from './common.ts';

export const OID = {
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  sha256: '2.16.840.1.101.3.4.2.1',
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  commonName: '2.5.4.3',
  organizationalUnit: '2.5.4.11',
  organization: '2.5.4.10',
  country: '2.5.4.6',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  /** Apple's marker of a payment-token signing (leaf) certificate. */
  appleLeafMarker: '1.2.840.113635.100.6.29',
  /** Apple's marker of the intermediate CA that issues them. */
  appleIntermediateMarker: '1.2.840.113635.100.6.2.14',
} as const;

/** A certificate the sandbox issued, with its key. */
export interface SandboxCertificate {
  der: Buffer;
  x509: X509Certificate;
  privateKey: KeyObject;
}

/** What signs tokens: the leaf and the intermediate that issued it (the root stays with the recipient). */
export interface ApplePaySigner {
  leaf: SandboxCertificate;
  intermediate: SandboxCertificate;
}

function distinguishedName(commonName: string): Buffer {
  const attribute = (type: string, value: Buffer) => setOf(sequence(oid(type), value));
  return sequence(
    attribute(OID.country, printableString('BR')),
    attribute(OID.organization, utf8String('Service Sandbox (stands in for Apple)')),
    attribute(OID.organizationalUnit, utf8String('Sandbox Wallets')),
    attribute(OID.commonName, utf8String(commonName)),
  );
}

const extension = (type: string, critical: boolean, value: Buffer) =>
  sequence(oid(type), ...(critical ? [booleanTrue()] : []), octetString(value));

/** keyUsage bits (RFC 5280 4.2.1.3): digitalSignature is bit 0, keyCertSign 5, cRLSign 6. */
const KEY_USAGE_SIGNING = Buffer.from([0x03, 0x02, 0x07, 0x80]);
const KEY_USAGE_CA = Buffer.from([0x03, 0x02, 0x01, 0x06]);

interface CertificateRequest {
  commonName: string;
  notBefore: Date;
  notAfter: Date;
  role: 'root' | 'intermediate' | 'leaf';
  /** The issuer's certificate and key; a root signs itself. */
  issuer?: SandboxCertificate;
}

/** An X.509 v3 certificate (RFC 5280 4.1) for a new P-256 key, signed ecdsa-with-SHA256. */
export function issueCertificate(request: CertificateRequest): SandboxCertificate {
  const { privateKey, publicKey } = newP256();
  const subject = distinguishedName(request.commonName);
  const issuerName = request.issuer === undefined ? subject : readCertificate(request.issuer.der).subject.raw;
  const ca = request.role !== 'leaf';
  const marker =
    request.role === 'leaf'
      ? OID.appleLeafMarker
      : request.role === 'intermediate'
        ? OID.appleIntermediateMarker
        : undefined;
  const extensions = [
    extension(OID.basicConstraints, true, ca ? sequence(booleanTrue()) : sequence()),
    extension(OID.keyUsage, true, ca ? KEY_USAGE_CA : KEY_USAGE_SIGNING),
    // "The value for these marker OIDs doesn't matter, only their presence": Apple's hold a NULL.
    ...(marker === undefined ? [] : [extension(marker, false, nullValue())]),
  ];
  const algorithm = sequence(oid(OID.ecdsaWithSha256));
  const tbs = sequence(
    explicit(0, integer(2)), // v3
    integer(Buffer.concat([Buffer.from([0x01]), randomBytes(15)])),
    algorithm,
    issuerName,
    sequence(time(request.notBefore), time(request.notAfter)),
    subject,
    spki(publicKey),
    explicit(3, sequence(...extensions)),
  );
  const signature = sign('sha256', tbs, request.issuer?.privateKey ?? privateKey);
  const der = sequence(tbs, algorithm, bitString(signature));
  return { der, x509: new X509Certificate(der), privateKey };
}

/** The fields of a certificate the checks need, read from its DER. */
interface CertificateFields {
  der: Buffer;
  serial: DerNode;
  issuer: DerNode;
  subject: DerNode;
  notBefore: Date;
  notAfter: Date;
  extensionOids: string[];
}

export function readCertificate(der: Buffer): CertificateFields {
  const [tbs] = children(readOnly(der, TAG.sequence, 'certificate'));
  const fields = children(expectTag(tbs, TAG.sequence, 'tbsCertificate'));
  // version [0] is present in every v3 certificate; skip it when there.
  const rest = fields[0]?.tag === contextTag(0) ? fields.slice(1) : fields;
  const [serial, , issuer, validity, subject] = rest;
  const [notBefore, notAfter] = children(expectTag(validity, TAG.sequence, 'validity'));
  const extensionsNode = rest.find((node) => node.tag === contextTag(3));
  const extensionOids =
    extensionsNode === undefined
      ? []
      : children(expectTag(children(extensionsNode)[0], TAG.sequence, 'extensions')).map((ext) =>
          readOid(children(ext)[0], 'extension id'),
        );
  return {
    der,
    serial: expectTag(serial, TAG.integer, 'serialNumber'),
    issuer: expectTag(issuer, TAG.sequence, 'issuer'),
    subject: expectTag(subject, TAG.sequence, 'subject'),
    notBefore: readTime(notBefore, 'notBefore'),
    notAfter: readTime(notAfter, 'notAfter'),
    extensionOids,
  };
}

/** The same encoding under another tag (an IMPLICIT tag and back). */
const retag = (encoding: Buffer, tag: number): Buffer =>
  Buffer.concat([Buffer.from([tag]), encoding.subarray(1)]);

const attribute = (type: string, value: Buffer) => sequence(oid(type), setOf(value));

/**
 * A detached CMS SignedData over `content` (RFC 5652 5): no encapsulated content, the leaf and the
 * intermediate in `certificates`, one SignerInfo with the signed attributes content-type, signing-time
 * and message-digest; the signature is over their DER as a SET OF (5.4).
 */
export function signDetached(content: Buffer, signer: ApplePaySigner, signingTime: Date): Buffer {
  const leaf = readCertificate(signer.leaf.der);
  const sha256 = sequence(oid(OID.sha256));
  const attributes = [
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.signingTime, time(signingTime)),
    attribute(OID.messageDigest, octetString(createHash('sha256').update(content).digest())),
  ];
  const signedAttributes = setOf(...attributes);
  const signature = sign('sha256', signedAttributes, signer.leaf.privateKey);
  const signerInfo = sequence(
    integer(1),
    sequence(leaf.issuer.raw, leaf.serial.raw), // IssuerAndSerialNumber
    sha256,
    // [0] IMPLICIT SET OF Attribute: the same bytes under the context tag.
    retag(signedAttributes, contextTag(0)),
    sequence(oid(OID.ecdsaWithSha256)),
    octetString(signature),
  );
  const signedData = sequence(
    integer(1),
    setOf(sha256),
    sequence(oid(OID.data)),
    tlv(contextTag(0), signer.leaf.der, signer.intermediate.der),
    setOf(signerInfo),
  );
  return sequence(oid(OID.signedData), explicit(0, signedData));
}

/** What a token's signature holds, read from its DER; every structural problem is a DerError. */
interface DetachedSignature {
  certificates: CertificateFields[];
  signerIssuer: DerNode;
  signerSerial: DerNode;
  /** The signed attributes re-tagged as the SET OF that was signed. */
  signedAttributes: Buffer;
  attributes: Map<string, DerNode>;
  signature: Buffer;
}

/** An element that must be exactly these bytes: CMS's fixed parts are not covered by the signature. */
function expectExactly(node: DerNode | undefined, allowed: readonly Buffer[], what: string): void {
  if (node === undefined || !allowed.some((bytes) => node.raw.equals(bytes))) {
    throw new DerError(`${what}: not what Apple Pay's EC_v1 signature holds`);
  }
}

const VERSION_1 = integer(1);
/** SHA-256's AlgorithmIdentifier, its parameters absent or NULL (RFC 5754 allows both). */
const SHA256_ALGORITHMS = [sequence(oid(OID.sha256)), sequence(oid(OID.sha256), nullValue())];

/**
 * RFC 5652 5.1 and 5.3, held to what Apple signs with: SignedData version 1, SHA-256, no encapsulated
 * content, the certificates, no CRLs, one SignerInfo (version 1, IssuerAndSerialNumber, signed
 * attributes each with one value, ecdsa-with-SHA256).
 */
function readDetachedSignature(der: Buffer): DetachedSignature {
  const [contentType, wrapped, ...extra] = children(readOnly(der, TAG.sequence, 'signature'));
  if (readOid(contentType, 'contentType') !== OID.signedData || extra.length > 0) {
    throw new DerError('not a CMS SignedData');
  }
  const [signedData] = children(expectTag(wrapped, contextTag(0), 'content'));
  const parts = children(expectTag(signedData, TAG.sequence, 'SignedData'));
  if (parts.length !== 5)
    throw new DerError('SignedData: expected version, digests, content, certificates, signers');
  const [version, digestAlgorithms, encapsulated, certificateSet, signerInfos] = parts;
  expectExactly(version, [VERSION_1], 'SignedData version');
  expectExactly(
    digestAlgorithms,
    SHA256_ALGORITHMS.map((algorithm) => setOf(algorithm)),
    'digestAlgorithms',
  );
  // Detached: the content type alone, no eContent.
  expectExactly(encapsulated, [sequence(oid(OID.data))], 'encapContentInfo');
  const certificates = children(expectTag(certificateSet, contextTag(0), 'certificates')).map((cert) =>
    readCertificate(cert.raw),
  );
  const signers = children(expectTag(signerInfos, TAG.set, 'signerInfos'));
  if (signers.length !== 1) throw new DerError('expected exactly one SignerInfo');
  const signer = children(expectTag(signers[0], TAG.sequence, 'SignerInfo'));
  if (signer.length !== 6) throw new DerError('SignerInfo: expected signed attributes and no others');
  const [signerVersion, sid, digestAlgorithm, signedAttrs, signatureAlgorithm, signature] = signer;
  expectExactly(signerVersion, [VERSION_1], 'SignerInfo version');
  expectExactly(digestAlgorithm, SHA256_ALGORITHMS, 'digestAlgorithm');
  expectExactly(signatureAlgorithm, [sequence(oid(OID.ecdsaWithSha256))], 'signatureAlgorithm');
  const [signerIssuer, signerSerial, ...rest] = children(expectTag(sid, TAG.sequence, 'sid'));
  if (rest.length > 0) throw new DerError('sid: expected IssuerAndSerialNumber');
  const attrs = expectTag(signedAttrs, contextTag(0), 'signedAttrs');
  const attributes = new Map<string, DerNode>();
  for (const attr of children(attrs)) {
    const [type, values, ...more] = children(expectTag(attr, TAG.sequence, 'attribute'));
    const [value, ...others] = children(expectTag(values, TAG.set, 'attribute values'));
    const name = readOid(type, 'attribute type');
    if (value === undefined || more.length > 0 || others.length > 0 || attributes.has(name)) {
      throw new DerError('an attribute must appear once, with one value');
    }
    attributes.set(name, value);
  }
  return {
    certificates,
    signerIssuer: expectTag(signerIssuer, TAG.sequence, 'sid issuer'),
    signerSerial: expectTag(signerSerial, TAG.integer, 'sid serial'),
    signedAttributes: retag(attrs.raw, TAG.set),
    attributes,
    signature: expectTag(signature, TAG.octetString, 'signature').content,
  };
}

const validAt = (cert: CertificateFields, at: Date) => cert.notBefore <= at && at <= cert.notAfter;

/**
 * The chain root → intermediate → leaf, each certificate's signature checked by its issuer's key (X.509
 * parsing and checks are OpenSSL's, through Node). Whatever a hostile certificate makes OpenSSL throw is
 * a refusal, never a crash.
 */
function verifyChain(
  leaf: CertificateFields,
  intermediate: CertificateFields,
  trustedRoots: readonly X509Certificate[],
): { root: X509Certificate; leafKey: KeyObject } {
  let chain: { root: X509Certificate | undefined; leafKey: KeyObject; leafIssued: boolean; ca: boolean };
  try {
    const leafX509 = new X509Certificate(leaf.der);
    const intermediateX509 = new X509Certificate(intermediate.der);
    chain = {
      root: trustedRoots.find(
        (candidate) =>
          intermediateX509.checkIssued(candidate) && intermediateX509.verify(candidate.publicKey),
      ),
      ca: intermediateX509.ca,
      leafIssued: leafX509.checkIssued(intermediateX509) && leafX509.verify(intermediateX509.publicKey),
      leafKey: leafX509.publicKey,
    };
  } catch {
    throw refuse('malformed', "the signature's certificates are not X.509 certificates OpenSSL reads");
  }
  if (chain.root === undefined || !chain.ca) {
    throw refuse('signature_invalid', 'the intermediate certificate is not issued by the trusted root');
  }
  if (!chain.leafIssued) {
    throw refuse('signature_invalid', 'the signing certificate is not issued by the intermediate');
  }
  return { root: chain.root, leafKey: chain.leafKey };
}

/**
 * Apple's "Verify the signature", steps a to d, for EC_v1:
 * a. the leaf and the intermediate carry Apple's marker OIDs;
 * b. the intermediate is issued by a trusted root (Apple Root CA - G3; here the sandbox's root);
 * c. the chain holds (root → intermediate → leaf, each signature checked) and the signature is the
 *    leaf's ECDSA (ecdsa-with-SHA256) over `content`, with the message digest in its signed attributes;
 * d. it returns the CMS signing time, which the caller holds against Apple's few minutes.
 * A certificate outside its validity at the signing time is refused as an expired signing key.
 */
export function verifyApplePaySignature(
  signatureDer: Buffer,
  content: Buffer,
  trustedRoots: readonly X509Certificate[],
): Date {
  let cms: DetachedSignature;
  try {
    cms = readDetachedSignature(signatureDer);
  } catch (error) {
    if (error instanceof DerError)
      throw refuse('malformed', `the signature is not a detached CMS signature: ${error.message}`);
    throw error;
  }
  const leaf = cms.certificates.find((cert) => cert.extensionOids.includes(OID.appleLeafMarker));
  const intermediate = cms.certificates.find((cert) =>
    cert.extensionOids.includes(OID.appleIntermediateMarker),
  );
  if (leaf === undefined || intermediate === undefined) {
    throw refuse(
      'signature_invalid',
      "the signature's certificates lack Apple's leaf and intermediate marker OIDs",
    );
  }
  const { root, leafKey } = verifyChain(leaf, intermediate, trustedRoots);
  if (!cms.signerIssuer.raw.equals(leaf.issuer.raw) || !cms.signerSerial.raw.equals(leaf.serial.raw)) {
    throw refuse('signature_invalid', 'the signature is not made by the signing certificate it carries');
  }
  const digest = cms.attributes.get(OID.messageDigest);
  const contentType = cms.attributes.get(OID.contentType);
  const signingTimeNode = cms.attributes.get(OID.signingTime);
  if (
    digest === undefined ||
    signingTimeNode === undefined ||
    contentType?.tag !== TAG.oid ||
    !contentType.raw.equals(oid(OID.data))
  ) {
    throw refuse(
      'signature_invalid',
      'the signature lacks its content type (data), signing time or message digest',
    );
  }
  if (
    digest.tag !== TAG.octetString ||
    !digest.content.equals(createHash('sha256').update(content).digest()) ||
    !verifiesEcdsa(leafKey, cms.signedAttributes, cms.signature)
  ) {
    throw refuse(
      'signature_invalid',
      'the signature does not verify over the token: it was changed after signing',
    );
  }
  let signingTime: Date;
  try {
    signingTime = readTime(signingTimeNode, 'signingTime');
  } catch {
    throw refuse('malformed', 'the signing time is not a DER time');
  }
  const rootFields = readCertificate(root.raw);
  if (![leaf, intermediate, rootFields].every((cert) => validAt(cert, signingTime))) {
    throw refuse('signing_key_expired', 'a certificate of the signature was not valid at its signing time');
  }
  return signingTime;
}
