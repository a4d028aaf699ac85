// Card numbers where none may be. Payment/Init refuses one in any field but the masked number, and every
// text the sandbox answers with is redacted, however the number is written: any separators between
// digit groups (spaces, repeated or non-breaking, tabs, dots, dashes, underscores, slashes, invisible
// joiners) and full-width digits.

import { detectBrand } from './card-brands.ts';
import { luhnValid } from './luhn.ts';
import type { PaymentInitRequest } from './schemas.ts';
import { isCnpj } from './tax-id.ts';

const DIGIT = '[0-9\\uFF10-\\uFF19]';
const SEPARATOR = '[\\s._/\\-\\u200B-\\u200D\\u2060\\u2010-\\u2015\\u2212\\uFF0D\\uFF0E\\uFF0F\\uFF3F]';
/** Digit groups joined by separators; a run of fewer than 12 digits is never a card number. */
const DIGIT_RUN = new RegExp(`${DIGIT}+(?:${SEPARATOR}+${DIGIT}+)*`, 'gu');
const GROUP = new RegExp(`${DIGIT}+`, 'gu');

/** ASCII digits of a run; full-width digits count as the digits they show. */
function asciiDigits(text: string): string {
  return text.replace(/[\uFF10-\uFF19]/gu, (digit) => String(digit.charCodeAt(0) - 0xff10));
}

function digitCount(run: string): number {
  return (run.match(GROUP) ?? []).join('').length;
}

/**
 * Card-number shape: 12 to 19 digits, a passing Luhn check, and the prefix of a card network with a
 * length that network issues (so a Brazilian phone number, +55…, is not taken for a Mastercard). A
 * valid CNPJ (14 digits with two mod-11 check digits) is a company's tax id, not card data.
 */
function isCardNumber(digits: string): boolean {
  if (digits.length < 12 || digits.length > 19 || !luhnValid(digits) || isCnpj(digits)) return false;
  return detectBrand(digits)?.lengths.includes(digits.length) ?? false;
}

const LETTER = /\p{L}/u;
/** A UUID (8-4-4-4-12 hex digits: 32, too many for a card) is an identifier, whatever digits it shows. */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/giu;

/**
 * Whether `text` holds a card number standing as a word of its own: whole digit groups of one run (a
 * number may follow an order reference in the same run), not glued to letters. Identifiers that mix
 * digits and letters (UUIDs, random ids) hold digit runs too, and are not card data.
 */
export function holdsCardNumber(text: string): boolean {
  for (const match of text.replace(UUID, ' ').matchAll(DIGIT_RUN)) {
    const [run] = match;
    if (digitCount(run) < 12) continue;
    const groups = (run.match(GROUP) ?? []).map(asciiDigits);
    const gluedBefore = LETTER.test(match.input.charAt(match.index - 1));
    const gluedAfter = LETTER.test(match.input.charAt(match.index + run.length));
    for (let first = gluedBefore ? 1 : 0; first < groups.length; first++) {
      let digits = '';
      for (let last = first; last < groups.length; last++) {
        digits += groups[last] ?? '';
        if (digits.length > 19) break;
        if (!(gluedAfter && last === groups.length - 1) && isCardNumber(digits)) return true;
      }
    }
  }
  return false;
}

/** `text` with every run of 12 or more digits, whatever joins them, replaced by `[redacted]`. */
export function redact(text: string): string {
  return text.replace(DIGIT_RUN, (run) => (digitCount(run) >= 12 ? '[redacted]' : run));
}

/** The JSON path of the first key or value in `value` that holds a card number, if any. */
export function cardNumberPath(
  value: unknown,
  path: string,
  allowed: (path: string) => boolean = () => false,
): string | undefined {
  if (allowed(path)) return undefined;
  if (typeof value === 'string' || typeof value === 'number') {
    return holdsCardNumber(String(value)) ? path : undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path === '' ? key : `${path}.${key}`;
    const found = holdsCardNumber(key) ? itemPath : cardNumberPath(item, itemPath, allowed);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Where a Payment/Init body holds a card number outside the two places a number-like value belongs:
 * the masked number (checked on its own) and a network token, which the network issues in the shape of
 * a card number in place of one.
 */
export function paymentCardNumberPath(body: PaymentInitRequest): string | undefined {
  const allowed = new Set(
    body.paymentData.paymentMethods.flatMap((method, index) => {
      const info = `paymentData.paymentMethods.${String(index)}.cardInfo`;
      const networkToken = method.cardInfo?.tokenProvider?.toLowerCase() === 'networktoken';
      return [`${info}.cardNumber`, ...(networkToken ? [`${info}.token`] : [])];
    }),
  );
  return cardNumberPath(body, '', (path) => allowed.has(path));
}
