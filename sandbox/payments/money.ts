// Amounts as the service takes them: decimal numbers in the currency's whole unit (`42.5` is forty-two
// and a half reais; spec 2.7 leaves the unit open, and its examples are decimals), never more decimals
// than the currency has (ISO 4217's minor unit: 2 for BRL, 0 for CLP), and a charge is always more
// than zero. The one place the sandbox checks, converts and compares amounts; docs/service-contract.md
// (Conventions, Amounts) says the same.

import { ServiceError } from '../errors.ts';

/** The ISO 4217 codes the runtime knows (ICU's list, as `Intl` uses it): another code is refused. */
const CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

/** ISO 4217's minor unit of `currency`: how many decimals an amount in it may have. */
export function minorDigits(currency: string): number {
  const { maximumFractionDigits = 2 } = new Intl.NumberFormat('en', {
    style: 'currency',
    currency,
  }).resolvedOptions();
  return maximumFractionDigits;
}

/**
 * `amount` in the currency's minor units (`10.5` BRL → 1050), or undefined when it has more decimals
 * than the currency (`10.005` BRL). Floating-point error (`0.1 + 0.2`) is not a decimal too many.
 */
export function toMinorUnits(amount: number, currency: string): number | undefined {
  const scaled = amount * 10 ** minorDigits(currency);
  const whole = Math.round(scaled);
  return Math.abs(scaled - whole) > Math.max(Math.abs(scaled), 1) * 8 * Number.EPSILON ? undefined : whole;
}

/** Two amounts of one currency are the same charge: equal in minor units. */
export function sameAmount(a: number, b: number, currency: string): boolean {
  const minorA = toMinorUnits(a, currency);
  return minorA !== undefined && minorA === toMinorUnits(b, currency);
}

function invalidAmount(field: string, message: string): ServiceError {
  return new ServiceError('invalid_request', { field, message: `${field}: ${message}` });
}

/** A currency code the service takes (upper case, ISO 4217). */
export function checkCurrency(currency: string | undefined, field: string): string {
  if (currency === undefined)
    throw invalidAmount(field, 'is required with an amount (ISO 4217, such as BRL)');
  if (!CURRENCIES.has(currency)) throw invalidAmount(field, `"${currency}" is not an ISO 4217 currency code`);
  return currency;
}

/**
 * A charge: more than zero (a card authorized for 0 is a card-testing tool) and no more decimals than
 * the currency has (the BR Code and the issuer would round it otherwise). `zero` allows 0, for the lines
 * of an order (a free item), never for what is charged.
 */
export function checkAmount(
  amount: number | undefined,
  currency: string,
  field: string,
  options: { zero?: boolean } = {},
): number {
  if (amount === undefined) throw invalidAmount(field, 'is required: the amount charged');
  if (amount < 0 || (amount === 0 && options.zero !== true))
    throw invalidAmount(field, `must be greater than 0 (got ${String(amount)})`);
  const digits = minorDigits(currency);
  if (toMinorUnits(amount, currency) === undefined) {
    throw invalidAmount(
      field,
      `has more decimals than ${currency} has (${String(digits)}): got ${String(amount)}, round it to ${digits === 0 ? 'a whole amount' : `${String(digits)} decimals`}`,
    );
  }
  return amount;
}
