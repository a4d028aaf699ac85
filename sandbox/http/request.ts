// Reading requests defensively: content type, size, JSON and shape. Every failure is a ServiceError
// with a stable code, so malformed input never reaches a handler and never becomes a 500.

import type { Context } from 'hono';
import type { z } from 'zod';
import { ServiceError } from '../errors.ts';

export const BODY_LIMITS = { token: 16 * 1024, payment: 256 * 1024 } as const;

/**
 * How deep objects and arrays may nest in any JSON body, custom-data places and frontData included (the
 * body itself is level 1). The spec allows nested custom data without a limit; 32 holds any real
 * antifraud payload, and nothing deeper reaches a handler, a validator or a serializer.
 */
export const MAX_JSON_DEPTH = 32;

/** A lone UTF-16 surrogate: with the `u` flag a well-formed pair is one code point, which this skips. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * What no handler may see in a JSON body: nesting deeper than MAX_JSON_DEPTH (answered with the
 * top-level field it is under), or a string or key that is not well-formed Unicode (a lone surrogate,
 * which JSON's `\ud800` escape can carry, but no id, name or document is made of; answered with its
 * path). Iterative, so a deep body cannot exhaust the stack.
 */
function bodyProblem(value: unknown): { kind: 'depth' | 'unicode'; field: string } | undefined {
  const stack: { value: unknown; depth: number; path: string[] }[] = [{ value, depth: 0, path: [] }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (typeof item.value === 'string' && LONE_SURROGATE.test(item.value))
      return { kind: 'unicode', field: item.path.join('.') };
    if (typeof item.value !== 'object' || item.value === null) continue;
    const depth = item.depth + 1;
    if (depth > MAX_JSON_DEPTH) return { kind: 'depth', field: item.path[0] ?? '' };
    for (const [key, child] of Object.entries(item.value)) {
      const path = [...item.path, key];
      if (LONE_SURROGATE.test(key)) return { kind: 'unicode', field: path.join('.') };
      stack.push({ value: child, depth, path });
    }
  }
  return undefined;
}

/**
 * `application/json`, in UTF-8: JSON exchanged between systems is UTF-8 (RFC 8259, 8.1), so a body that
 * declares another charset is refused rather than read as something it says it is not.
 */
function refuseMediaType(contentType: string | undefined): void {
  const [type, ...parameters] = (contentType ?? '').split(';');
  if (type?.trim().toLowerCase() !== 'application/json') throw new ServiceError('unsupported_media_type');
  for (const parameter of parameters) {
    const [name = '', value = ''] = parameter.split('=', 2).map((part) => part.trim().toLowerCase());
    const charset = value.replace(/^"|"$/g, '');
    if (name === 'charset' && charset !== 'utf-8' && charset !== 'utf8') {
      throw new ServiceError('unsupported_media_type', {
        message: `The body must be JSON in UTF-8 (RFC 8259); charset=${charset} is not taken.`,
      });
    }
  }
}

/** UTF-8 that does not decode is refused, not patched with U+FFFD into a different value. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Reads a request body up to `limit` bytes; undefined when it is larger (the rest is never read). */
export async function readLimited(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<string | undefined> {
  if (body === null) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  try {
    return utf8.decode(Buffer.concat(chunks));
  } catch {
    throw new ServiceError('malformed_json', { message: 'The request body is not valid UTF-8.' });
  }
}

export async function readJson(c: Context, limit: number): Promise<unknown> {
  refuseMediaType(c.req.header('content-type'));
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > limit) throw new ServiceError('payload_too_large', { details: { limitBytes: limit } });
  const text = await readLimited(c.req.raw.body, limit);
  if (text === undefined) throw new ServiceError('payload_too_large', { details: { limitBytes: limit } });
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch {
    throw new ServiceError('malformed_json');
  }
  const problem = bodyProblem(json);
  if (problem?.kind === 'unicode') {
    const message = `${problem.field || 'body'}: is not well-formed Unicode (a lone UTF-16 surrogate)`;
    throw new ServiceError('invalid_request', {
      message,
      field: problem.field,
      details: { issues: [{ field: problem.field, message }] },
    });
  }
  if (problem !== undefined) {
    const { field } = problem;
    const message = `${field || 'body'}: objects and arrays nest deeper than ${String(MAX_JSON_DEPTH)} levels`;
    throw new ServiceError('invalid_request', {
      message,
      ...(field === '' ? {} : { field }),
      details: { maxDepth: MAX_JSON_DEPTH, issues: [{ field, message }] },
    });
  }
  return json;
}

/** The first issue names the field; all issues (at most ten) go in details. */
export function parseBody<T extends z.ZodType>(schema: T, json: unknown): z.output<T> {
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const issues = result.error.issues.slice(0, 10).map((issue) => ({
    field: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const first = issues[0];
  throw new ServiceError('invalid_request', {
    ...(first === undefined
      ? {}
      : { message: `${first.field || 'body'}: ${first.message}`, field: first.field }),
    details: { issues },
  });
}

export async function readBody<T extends z.ZodType>(
  c: Context,
  schema: T,
  limit: number,
): Promise<z.output<T>> {
  return parseBody(schema, await readJson(c, limit));
}
