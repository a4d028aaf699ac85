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

/** The top-level field under which a value nests deeper than MAX_JSON_DEPTH, or undefined. Iterative. */
function tooDeep(value: unknown): string | undefined {
  const stack: { value: unknown; depth: number; top: string }[] = [{ value, depth: 0, top: '' }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (typeof item.value !== 'object' || item.value === null) continue;
    const depth = item.depth + 1;
    if (depth > MAX_JSON_DEPTH) return item.top;
    for (const [key, child] of Object.entries(item.value)) {
      stack.push({ value: child, depth, top: depth === 1 ? key : item.top });
    }
  }
  return undefined;
}

function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

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
  return Buffer.concat(chunks).toString('utf8');
}

export async function readJson(c: Context, limit: number): Promise<unknown> {
  if (!isJson(c.req.header('content-type'))) throw new ServiceError('unsupported_media_type');
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
  const field = tooDeep(json);
  if (field !== undefined) {
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
