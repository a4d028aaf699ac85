// Card expiry: parsing what people type, formatting the field as they type, and the date check.

import { digitsOnly } from './number-rules.ts';

export interface Expiry {
  month: number;
  /** Four-digit year. */
  year: number;
}

export type ExpiryValidation = 'valid' | 'expired' | 'invalid_month' | 'too_far';

const SEPARATED = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/;
// Without a separator a one-digit month would be ambiguous ('125': 1/25 or 12/5?), so require two.
const PACKED = /^(\d{2})(\d{2}|\d{4})$/;

/**
 * Reads 'MM/YY', 'MM / YY', 'M/YY', 'MMYY', 'MM/YYYY' or 'MMYYYY'. The month is not range-checked
 * here (validateExpiry says 'invalid_month'); two-digit years are 20YY.
 */
export function parseExpiry(input: string): Expiry | undefined {
  const text = input.trim();
  const match = SEPARATED.exec(text) ?? PACKED.exec(text);
  if (!match) return undefined;
  const [, month = '', year = ''] = match;
  return { month: Number(month), year: Number(year.length === 2 ? `20${year}` : year) };
}

/**
 * The expiry field's value after an edit: 'MM / YY'. A first digit that can only start a
 * one-digit month is padded ('2' gives '02 / '), and ' / ' follows a complete month so the user
 * never types it. Pass `deleting` for deletions, or the separator would come straight back.
 */
export function formatExpiryInput(raw: string, deleting = false): string {
  const slash = raw.indexOf('/');
  let month = digitsOnly(slash < 0 ? raw : raw.slice(0, slash));
  let year = slash < 0 ? '' : digitsOnly(raw.slice(slash + 1));
  if (slash < 0 || month.length === 0 || month.length > 2) {
    // No usable month before a slash: let the digits flow from the left.
    const digits = month + year;
    const [first = '', second = ''] = digits;
    // '2'..'9' and '13'..'19' can only mean months 02..09, and 01 followed by a year digit.
    const oneDigitMonth = !deleting && (first > '1' || (first === '1' && second > '2'));
    month = oneDigitMonth ? `0${first}` : digits.slice(0, 2);
    year = digits.slice(oneDigitMonth ? 1 : 2);
  } else if (month.length === 1 && !deleting) {
    month = `0${month}`; // the user typed '1/'
  }
  // A pasted four-digit year becomes YY; anything else past two digits is dropped.
  year = year.length === 4 && year.startsWith('20') ? year.slice(2) : year.slice(0, 2);
  if (year === '' && (month.length < 2 || deleting)) return month;
  return `${month} / ${year}`;
}

/**
 * Whether a card with this expiry can still be charged at `now`. Cards are valid through the
 * last day of their month; the month is taken in UTC, so near midnight on the last day a card
 * may read as expired a few hours early (west of UTC) or late (east). Years below 100 are 20YY.
 */
export function validateExpiry(month: number, year: number, now: Date): ExpiryValidation {
  if (!Number.isInteger(year) || year < 0) throw new RangeError('expiry year must be a non-negative integer');
  if (!Number.isInteger(month) || month < 1 || month > 12) return 'invalid_month';
  const fullYear = year < 100 ? 2000 + year : year;
  // Date.UTC's month is 0-based, so `month` is the month after expiry: its first instant is too late.
  if (now.getTime() >= Date.UTC(fullYear, month, 1)) return 'expired';
  // Issuers print at most a few years ahead; a far year is almost surely a typo.
  if (fullYear - now.getUTCFullYear() > 20) return 'too_far';
  return 'valid';
}
