// Card number input: formatting as the user types (with a stable caret) and validation.

import { detectBrand, type Brand } from './brands.ts';
import { luhnValid } from './luhn.ts';

const DEFAULT_GAPS = [4, 8, 12, 16] as const;
const MAX_LENGTH = 19;

export type CardNumberError = 'invalid' | 'unsupported' | 'incomplete' | 'too_long';

export type CardNumberValidation =
  | { state: 'empty'; brand: undefined; error?: undefined }
  | { state: 'incomplete'; brand: Brand | undefined; error: CardNumberError }
  | { state: 'complete'; brand: Brand; error?: undefined };

export function digitsOnly(s: string): string {
  return s.replace(/\D/g, '');
}

/** Longest number the brand allows; 19 (the ISO/IEC 7812 maximum) while the brand is unknown. */
export function maxCardNumberLength(brand: Brand | undefined): number {
  return brand ? Math.max(...brand.lengths) : MAX_LENGTH;
}

/** Digits of `input` grouped by the detected brand's gaps and cut at its longest length. */
export function formatCardNumber(input: string): string {
  const all = digitsOnly(input);
  const brand = detectBrand(all);
  const gaps: readonly number[] = brand?.gaps ?? DEFAULT_GAPS;
  const digits = all.slice(0, maxCardNumberLength(brand));
  let out = '';
  for (let i = 0; i < digits.length; i++) out += (gaps.includes(i) ? ' ' : '') + digits.charAt(i);
  return out;
}

/**
 * Formats `raw` (the field's value after an edit) and moves `caret` so that it still follows the
 * same number of digits: typing, deleting and pasting anywhere never make the caret jump.
 */
export function formatWithCaret(raw: string, caret: number): { value: string; caret: number } {
  const value = formatCardNumber(raw);
  const before = digitsOnly(raw.slice(0, Math.max(0, caret))).length;
  let position = 0;
  for (let seen = 0; position < value.length && seen < before; position++) {
    if (value[position] !== ' ') seen++;
  }
  return { value, caret: position };
}

/**
 * Where a card number (digits only) stands. 'complete' means a length the brand allows and a
 * valid Luhn check digit; 'incomplete' always carries the error a submission would get now.
 */
export function validateCardNumber(digits: string): CardNumberValidation {
  if (digits === '') return { state: 'empty', brand: undefined };
  const brand = detectBrand(digits);
  const incomplete = (error: CardNumberError) => ({ state: 'incomplete', brand, error }) as const;
  if (/\D/.test(digits)) return incomplete('invalid');
  // detectBrand names a brand as soon as the digits can become only that one, so six digits
  // without a brand will never have one; fewer may still.
  if (!brand) return incomplete(digits.length >= 6 ? 'unsupported' : 'incomplete');
  if (digits.length > maxCardNumberLength(brand)) return incomplete('too_long');
  if (!brand.lengths.includes(digits.length)) return incomplete('incomplete');
  return luhnValid(digits) ? { state: 'complete', brand } : incomplete('invalid');
}
