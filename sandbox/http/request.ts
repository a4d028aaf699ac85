// Reading requests defensively: content type, size, JSON and shape. Every failure is a ServiceError
// with a stable code, so malformed input never reaches a handler and never becomes a 500.

import type { Context } from 'hono';
import type { z } from 'zod';
import { ServiceError } from '../errors.ts';

export const BODY_LIMITS = { token: 16 * 1024, payment: 256 * 1024 } as const;

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
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ServiceError('malformed_json');
  }
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
