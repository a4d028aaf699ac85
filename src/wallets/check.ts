// What both wallets' request builders check the same way: the shape of an options object, strings, and
// amounts, which reach the wallets as decimal strings. A wrong option throws a CheckoutError that names
// it, before any wallet sees it.

import { invalidOption as invalid } from '../errors.ts';

/** Throws the `invalid_option` error every refusal of a wallet option is (errors.ts's helper). */
export { invalid };

/** A value as a message quotes it: strings in quotes, objects by their kind, the rest as printed. */
export function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'object' && value !== null) return Array.isArray(value) ? 'an array' : 'an object';
  return typeof value === 'function' ? 'a function' : String(value);
}

/**
 * `value` as an object whose keys are all in `known`: a misspelt key is refused, not ignored. `name` says
 * where it is in the options, `prefix` how its keys are named (`merchantInfo.`; none at the top).
 */
export function record(
  value: unknown,
  name: string,
  known: readonly string[],
  prefix = `${name}.`,
): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    invalid(`${name} must be an object.`);
  for (const key of Object.keys(value))
    if (!known.includes(key)) invalid(`Unknown option "${prefix}${key}" (known: ${known.join(', ')}).`);
  return value as Record<string, unknown>;
}

/** `value` if it is a string with more than blanks. */
export function nonEmptyString(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.trim() === '') invalid(`${name} must be a non-empty string.`);
  return value;
}

/** `value` if it is one of `choices` or undefined (then the wallet's default applies). */
export function oneOf<T extends string>(value: unknown, name: string, choices: readonly T[]): T | undefined {
  if (value !== undefined && !choices.includes(value as T)) {
    const quoted = choices.map((choice) => `"${choice}"`);
    invalid(
      `${name} must be ${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1) ?? ''} (got ${shown(value)}).`,
    );
  }
  return value as T | undefined;
}

/** Refuses a merchant callback that is not a function (or, when `optional`, neither left out). */
export function callback(value: unknown, name: string, optional = false): void {
  if (typeof value !== 'function' && !(optional && value === undefined))
    invalid(`${name} must be a function${optional ? ', or left out' : ''}.`);
}

// Google's totalPrice is `[0-9]+(\.[0-9][0-9])?`; WebKit's validateAmount also takes a leading minus
// and a single decimal. A string in, with a dot and at most two decimals, goes out padded to two.
const DECIMAL = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * An amount as both wallets take it: `10` → `"10.00"`, `10.5` → `"10.50"`, `"7.5"` → `"7.50"`. A
 * number that is a whole number of cents give or take floating-point error (`0.1 + 0.2`) is that
 * amount; a fraction of a cent, NaN, an infinity, a negative amount (unless `negative` allows it) and a
 * string in any other form are refused, with `name` in the message.
 */
export function walletAmount(value: unknown, name: string, negative = false): string {
  let minus: boolean;
  let cents: bigint;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) invalid(`${name} must be a finite number (got ${shown(value)}).`);
    const scaled = Math.abs(value) * 100;
    const whole = Math.round(scaled);
    if (!Number.isSafeInteger(whole))
      invalid(`${name} is too large to be exact in cents (got ${shown(value)}): pass it as a string.`);
    // Floating-point error is a few units in the last place: `0.1 + 0.2` is 30.000000000000004 cents.
    if (Math.abs(scaled - whole) > Math.max(scaled, 1) * 8 * Number.EPSILON)
      invalid(`${name} has more than 2 decimals (got ${shown(value)}): round it to cents.`);
    minus = value < 0 && whole > 0;
    cents = BigInt(whole);
  } else if (typeof value === 'string') {
    const match = DECIMAL.exec(value);
    if (match === null)
      invalid(
        `${name} must be digits with a dot before at most 2 decimals, such as "10.50", and no thousands separator, currency sign or spaces (got ${shown(value)}).`,
      );
    const [, sign = '', units = '', decimals = ''] = match;
    cents = BigInt(units) * 100n + BigInt(decimals.padEnd(2, '0'));
    minus = sign === '-' && cents > 0n;
  } else {
    invalid(`${name} must be a number or a decimal string such as "10.50" (got ${shown(value)}).`);
  }
  if (minus && !negative) invalid(`${name} must not be negative (got ${shown(value)}).`);
  const digits = cents.toString().padStart(3, '0');
  return `${minus ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
