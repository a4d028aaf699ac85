// Brazilian tax ids: the CPF (people, 11 digits) and the CNPJ (companies, 14 characters; since July 2026
// the first 12 may be letters, IN RFB 2.229/2024). Both end in two mod-11 check digits.

export type DocumentType = 'CPF' | 'CNPJ';

/**
 * A check digit over `body`: each character's value (its code minus 48, so '0'..'9' are 0..9 and 'A'
 * is 17) times a weight counted from the right, 2 upwards; the CNPJ's weights go back to 2 after 9.
 */
function checkDigit(body: string, cycle: number): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++)
    sum += (body.charCodeAt(body.length - 1 - i) - 48) * ((i % cycle) + 2);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/**
 * Which tax id `value` is (letters upper case, no punctuation: `normalizeTaxId`), or undefined when it
 * is neither: a wrong length, a wrong check digit, one character repeated.
 */
export function taxIdType(value: string): DocumentType | undefined {
  const cpf = /^\d{11}$/.test(value);
  if ((!cpf && !/^[\dA-Z]{12}\d\d$/.test(value)) || /^(.)\1+$/.test(value)) return undefined;
  const cycle = cpf ? 11 : 8;
  const body = value.slice(0, -2);
  const first = checkDigit(body, cycle);
  return `${first}${checkDigit(body + String(first), cycle)}` === value.slice(-2)
    ? cpf
      ? 'CPF'
      : 'CNPJ'
    : undefined;
}

/** What a shopper typed, as a tax id: letters upper case, dots, slashes, dashes and spaces dropped. */
export const normalizeTaxId = (typed: string): string => typed.toUpperCase().replace(/[^\dA-Z]/g, '');

/**
 * The typed value as the shopper reads it, grouped as they go: `000.000.000-00` for a CPF,
 * `00.000.000/0000-00` for a CNPJ (14 characters, or a letter in it). Only digits when `letters` is
 * false (a CPF-only field).
 */
export function formatTaxId(typed: string, letters: boolean): string {
  const chars = (letters ? normalizeTaxId(typed) : typed.replace(/\D/g, '')).slice(0, letters ? 14 : 11);
  // Where each separator goes: before the character at that index.
  const cnpj = chars.length > 11 || /[A-Z]/.test(chars);
  const separators: Record<number, string> = cnpj
    ? { 2: '.', 5: '.', 8: '/', 12: '-' }
    : { 3: '.', 6: '.', 9: '-' };
  let out = '';
  for (let i = 0; i < chars.length; i++) out += (separators[i] ?? '') + (chars[i] ?? '');
  return out;
}
