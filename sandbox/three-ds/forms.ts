// Reading the form posts of the 3DS pages (application/x-www-form-urlencoded, as a browser's form sends
// them), with the same defensive limits as the JSON API. Failures are values: these routes answer with
// HTML pages, not JSON errors.

import type { Context } from 'hono';
import { readLimited } from '../http/request.ts';

/** A JWT (≤ 2048), MD (≤ 1024) and a few short fields, with room for percent-encoding. */
export const FORM_LIMIT = 16 * 1024;

export type FormRead =
  { ok: true; fields: URLSearchParams } | { ok: false; status: 413 | 415; message: string };

export async function readForm(c: Context, limit = FORM_LIMIT): Promise<FormRead> {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    return {
      ok: false,
      status: 415,
      message: 'Post the fields as a form (application/x-www-form-urlencoded).',
    };
  }
  const tooLarge = { ok: false, status: 413, message: 'The form is too large.' } as const;
  if (Number(c.req.header('content-length') ?? '0') > limit) return tooLarge;
  const text = await readLimited(c.req.raw.body, limit);
  if (text === undefined) return tooLarge;
  return { ok: true, fields: new URLSearchParams(text) };
}

/** One field, at most `max` characters; a repeated field counts as malformed. */
export function field(fields: URLSearchParams, name: string, max: number): string | undefined | null {
  const values = fields.getAll(name);
  if (values.length === 0) return undefined;
  const [value] = values;
  return values.length > 1 || value === undefined || value.length > max ? null : value;
}
