// The boleto bancário's numbers as FEBRABAN lays them out (the "ficha de compensação" every bank
// follows): the 44-digit barcode and the 47-digit linha digitável the shopper types instead, each with
// its check digits, and the due-date factor. Pure and exact; the payment engine fills it in
// (sandbox/boleto/issue.ts).
//
// Barcode, position by position: bank (3), currency (1: `9`, the real), general check digit (1),
// due-date factor (4), amount in cents (10), free field (25, the bank's own).
// Linha digitável: field 1 = bank, currency, free field 1–5, its digit; field 2 = free field 6–15, its
// digit; field 3 = free field 16–25, its digit; field 4 = the general digit; field 5 = factor + amount.

export const CURRENCY_REAL = '9';

const DAY_MS = 86_400_000;
/** FEBRABAN's base date: a factor counts days since 1997-10-07 (factor 1000 was 2000-07-03). */
const FACTOR_BASE = Date.UTC(1997, 9, 7);
/**
 * The factor has four digits: it reached 9999 on 2025-02-21, and since 2025-02-22 it restarts at 1000
 * (FEBRABAN's rule), so a factor names a date only near a known one.
 */
const FACTOR_MIN = 1000;
const FACTOR_CYCLE = 9000;
/** The most a boleto's 10 amount digits hold: R$ 99.999.999,99. */
export const MAX_AMOUNT_CENTS = 9_999_999_999;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function utcDay(date: string): number {
  const match = ISO_DATE.exec(date);
  if (match === null) throw new Error(`a due date is YYYY-MM-DD, got "${date}"`);
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const time = Date.UTC(year, month - 1, day);
  if (new Date(time).toISOString().slice(0, 10) !== date) throw new Error(`no such date: "${date}"`);
  return time;
}

function isoDate(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The due-date factor of a date (`YYYY-MM-DD`) on or after 2000-07-03, four digits. */
export function dueDateFactor(dueDate: string): string {
  const days = Math.round((utcDay(dueDate) - FACTOR_BASE) / DAY_MS);
  if (days < FACTOR_MIN) throw new Error('a due-date factor starts at 2000-07-03');
  return String(((days - FACTOR_MIN) % FACTOR_CYCLE) + FACTOR_MIN);
}

/**
 * The date a factor names: of the dates that share it (one per 9000 days), the one nearest `near`
 * (`YYYY-MM-DD`, today for a bank reading a boleto).
 */
export function dateOfFactor(factor: string, near: string): string {
  const value = Number(factor);
  if (!/^\d{4}$/.test(factor) || value < FACTOR_MIN) throw new Error(`not a due-date factor: "${factor}"`);
  const nearDays = Math.round((utcDay(near) - FACTOR_BASE) / DAY_MS);
  const cycles = Math.round((nearDays - value) / FACTOR_CYCLE);
  return isoDate(FACTOR_BASE + (value + Math.max(0, cycles) * FACTOR_CYCLE) * DAY_MS);
}

/** Modulo 10 (the linha digitável's fields): weights 2, 1, 2, … from the right, a product's digits summed. */
export function modulo10(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const product = Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 2 : 1);
    sum += product > 9 ? product - 9 : product;
  }
  return (10 - (sum % 10)) % 10;
}

/** Modulo 11 (the barcode's general digit): weights 2…9 from the right; a result of 0, 10 or 11 is 1. */
export function modulo11(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * ((i % 8) + 2);
  const digit = 11 - (sum % 11);
  return digit === 0 || digit === 10 || digit === 11 ? 1 : digit;
}

export interface BoletoNumbers {
  /** The bank's three-digit code (COMPE). */
  bank: string;
  /** `YYYY-MM-DD`. */
  dueDate: string;
  /** In cents, at most MAX_AMOUNT_CENTS. */
  amountCents: number;
  /** 25 digits, laid out by the bank. */
  freeField: string;
}

/** The 44-digit barcode. */
export function boletoBarcode(numbers: BoletoNumbers): string {
  if (!/^\d{3}$/.test(numbers.bank)) throw new Error('a bank code is 3 digits');
  if (!/^\d{25}$/.test(numbers.freeField)) throw new Error('a free field is 25 digits');
  const { amountCents } = numbers;
  if (!Number.isSafeInteger(amountCents) || amountCents < 0 || amountCents > MAX_AMOUNT_CENTS)
    throw new Error('a boleto amount is 0 to 9999999999 cents');
  const factor = dueDateFactor(numbers.dueDate);
  const amount = String(amountCents).padStart(10, '0');
  const rest = `${factor}${amount}${numbers.freeField}`;
  const head = `${numbers.bank}${CURRENCY_REAL}`;
  return `${head}${String(modulo11(`${head}${rest}`))}${rest}`;
}

/** A linha digitável field: its digits and their modulo-10 digit. */
function withDigit(digits: string): string {
  return `${digits}${String(modulo10(digits))}`;
}

/** The 47-digit linha digitável of a barcode, digits only (a page groups them for reading). */
export function digitableLine(barcode: string): string {
  if (!/^\d{44}$/.test(barcode)) throw new Error('a boleto barcode is 44 digits');
  return [
    withDigit(`${barcode.slice(0, 4)}${barcode.slice(19, 24)}`),
    withDigit(barcode.slice(24, 34)),
    withDigit(barcode.slice(34, 44)),
    barcode.slice(4, 5),
    barcode.slice(5, 19),
  ].join('');
}

/**
 * The barcode a linha digitável stands for, or undefined when it is not one: not 47 digits, or a
 * field's modulo-10 digit or the general modulo-11 digit does not check.
 */
export function barcodeOfDigitableLine(line: string): string | undefined {
  if (!/^\d{47}$/.test(line)) return undefined;
  const fields = [line.slice(0, 10), line.slice(10, 21), line.slice(21, 32)];
  if (fields.some((field) => String(modulo10(field.slice(0, -1))) !== field.slice(-1))) return undefined;
  const [one = '', two = '', three = ''] = fields;
  const barcode = `${one.slice(0, 4)}${line.slice(32, 33)}${line.slice(33, 47)}${one.slice(4, 9)}${two.slice(0, 10)}${three.slice(0, 10)}`;
  const withoutDigit = `${barcode.slice(0, 4)}${barcode.slice(5)}`;
  return String(modulo11(withoutDigit)) === barcode.slice(4, 5) ? barcode : undefined;
}

/** The linha digitável as printed: `AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE`. */
export function groupDigitableLine(line: string): string {
  return `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line.slice(32, 33)} ${line.slice(33)}`;
}
