// Display forms of a card number that are safe to show or store: never more than BIN and last four.

import { digitsOnly } from './number-rules.ts';

/**
 * First six and last four digits with '*' between, same length as the number: 411111******1111.
 * Numbers too short to hide at least one digit that way are masked entirely.
 */
export function maskCardNumber(digits: string): string {
  const d = digitsOnly(digits);
  if (d.length <= 10) return '*'.repeat(d.length);
  return d.slice(0, 6) + '*'.repeat(d.length - 10) + d.slice(-4);
}

export function last4(digits: string): string {
  return digitsOnly(digits).slice(-4);
}
