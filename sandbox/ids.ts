// The sandbox's ids: a prefix that says what the id names, and 144 random bits.

import { randomBytes } from 'node:crypto';

export function randomId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url')}`;
}
