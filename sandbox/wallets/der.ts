// The little ASN.1 DER the Apple Pay signature needs (X.690): writing the sandbox's certificates and its
// CMS signature (RFC 5280, RFC 5652), and reading them back from a token. Node's crypto signs, verifies
// and parses whole certificates (X509Certificate) but neither builds a certificate nor reads CMS, and no
// package is worth adding for a few dozen lines of tag-length-value. Only the definite-length,
// low-tag-number forms DER allows are read; anything else is refused, never guessed at.

/** What a token's bytes are refused with when they are not the DER they should be. */
export class DerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DerError';
  }
}

export const TAG = {
  boolean: 0x01,
  integer: 0x02,
  bitString: 0x03,
  octetString: 0x04,
  null: 0x05,
  oid: 0x06,
  utf8String: 0x0c,
  printableString: 0x13,
  utcTime: 0x17,
  generalizedTime: 0x18,
  sequence: 0x30,
  set: 0x31,
} as const;

/** A context-specific constructed tag, [n]: 0xA0 + n. */
export const contextTag = (n: number): number => 0xa0 + n;

// --- Writing ------------------------------------------------------------------------------------------

function lengthBytes(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), lengthBytes(body.length), body]);
}

export const sequence = (...items: Buffer[]): Buffer => tlv(TAG.sequence, ...items);

/** A SET OF in DER order: its elements sorted by their encodings (X.690 11.6). */
export const setOf = (...items: Buffer[]): Buffer =>
  tlv(TAG.set, ...[...items].sort((a, b) => Buffer.compare(a, b)));

/** A non-negative INTEGER from its big-endian magnitude, in the fewest bytes, sign bit clear. */
export function integer(magnitude: Buffer | number): Buffer {
  let bytes = typeof magnitude === 'number' ? Buffer.from([magnitude]) : magnitude;
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  bytes = bytes.subarray(start);
  if ((bytes[0] ?? 0) & 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return tlv(TAG.integer, bytes);
}

export function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes: number[] = [first * 40 + second];
  for (const arc of rest) {
    const groups: number[] = [];
    for (let value = arc; ; value = Math.floor(value / 128)) {
      groups.unshift(value % 128);
      if (value < 128) break;
    }
    groups.forEach((group, index) => bytes.push(index < groups.length - 1 ? group | 0x80 : group));
  }
  return tlv(TAG.oid, Buffer.from(bytes));
}

export const octetString = (bytes: Buffer): Buffer => tlv(TAG.octetString, bytes);
/** A BIT STRING of whole bytes (no unused bits), as signatures and keys are. */
export const bitString = (bytes: Buffer): Buffer => tlv(TAG.bitString, Buffer.from([0]), bytes);
export const nullValue = (): Buffer => tlv(TAG.null);
export const booleanTrue = (): Buffer => tlv(TAG.boolean, Buffer.from([0xff]));
export const utf8String = (text: string): Buffer => tlv(TAG.utf8String, Buffer.from(text, 'utf8'));
export const printableString = (text: string): Buffer => tlv(TAG.printableString, Buffer.from(text, 'ascii'));
/** [n] EXPLICIT: the context tag around a whole encoding. */
export const explicit = (n: number, ...content: Buffer[]): Buffer => tlv(contextTag(n), ...content);

/** RFC 5280 4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050; always UTC, to the second. */
export function time(date: Date): Buffer {
  const iso = date.toISOString(); // 2026-11-22T22:00:00.000Z
  const digits = iso.slice(0, 19).replace(/[-T:]/g, ''); // 20261122220000
  const year = date.getUTCFullYear();
  return year < 2050
    ? tlv(TAG.utcTime, Buffer.from(`${digits.slice(2)}Z`, 'ascii'))
    : tlv(TAG.generalizedTime, Buffer.from(`${digits}Z`, 'ascii'));
}

// --- Reading ------------------------------------------------------------------------------------------

export interface DerNode {
  tag: number;
  /** The value's bytes. */
  content: Buffer;
  /** The whole encoding: tag, length and value. */
  raw: Buffer;
}

/** The one element at `offset` in `bytes`, checked against the bytes there are. */
function readNode(bytes: Buffer, offset = 0): DerNode {
  const tag = bytes[offset];
  const first = bytes[offset + 1];
  if (tag === undefined || first === undefined) throw new DerError('truncated DER');
  if ((tag & 0x1f) === 0x1f) throw new DerError('high tag numbers are not used here');
  let length = first;
  let header = 2;
  if (first & 0x80) {
    const count = first & 0x7f;
    if (count === 0 || count > 4) throw new DerError('indefinite or oversized DER length');
    length = 0;
    for (let i = 0; i < count; i++) {
      const byte = bytes[offset + 2 + i];
      if (byte === undefined) throw new DerError('truncated DER length');
      length = length * 256 + byte;
    }
    if (length < 0x80) throw new DerError('DER length not in its shortest form');
    header += count;
  }
  const end = offset + header + length;
  if (end > bytes.length) throw new DerError('DER length runs past the data');
  return { tag, content: bytes.subarray(offset + header, end), raw: bytes.subarray(offset, end) };
}

/** A whole buffer that is exactly one element of `tag`. */
export function readOnly(bytes: Buffer, tag: number, what: string): DerNode {
  const node = readNode(bytes);
  if (node.raw.length !== bytes.length) throw new DerError(`${what}: trailing bytes after the DER`);
  return expectTag(node, tag, what);
}

export function expectTag(node: DerNode | undefined, tag: number, what: string): DerNode {
  if (node?.tag !== tag) throw new DerError(`${what}: not the expected ASN.1 element`);
  return node;
}

/** The elements inside a constructed element (a SEQUENCE, a SET, an [n]). */
export function children(node: DerNode): DerNode[] {
  if ((node.tag & 0x20) === 0) throw new DerError('a primitive element has no children');
  const items: DerNode[] = [];
  for (let offset = 0; offset < node.content.length;) {
    const child = readNode(node.content, offset);
    items.push(child);
    offset += child.raw.length;
  }
  return items;
}

export function readOid(node: DerNode | undefined, what: string): string {
  const { content } = expectTag(node, TAG.oid, what);
  const first = content[0];
  if (first === undefined) throw new DerError(`${what}: empty OID`);
  const arcs = [Math.floor(first / 40), first % 40];
  let value = 0;
  for (const byte of content.subarray(1)) {
    value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      arcs.push(value);
      value = 0;
    }
  }
  return arcs.join('.');
}

/** A UTCTime or GeneralizedTime of the `YYMMDDHHMMSSZ` / `YYYYMMDDHHMMSSZ` forms DER allows. */
export function readTime(node: DerNode | undefined, what: string): Date {
  const text = node?.content.toString('ascii') ?? '';
  const match =
    node?.tag === TAG.utcTime
      ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text)
      : node?.tag === TAG.generalizedTime
        ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text)
        : null;
  if (match === null) throw new DerError(`${what}: not a DER time`);
  const [, y = '', mo = '', d = '', h = '', mi = '', s = ''] = match;
  const year = y.length === 2 ? (Number(y) < 50 ? 2000 : 1900) + Number(y) : Number(y);
  return new Date(Date.UTC(year, Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
}
