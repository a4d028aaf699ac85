// Who pays a boleto, checked before anything is sent: a registered boleto names its payer, and the
// service refuses one whose CPF/CNPJ, CEP or UF is wrong. The check says which field to fix.

import type { BoletoPayer } from '../types.ts';
import { normalizeTaxId, taxIdType } from './tax-id.ts';

/** The 27 federative units (26 states and the Federal District). */
const UFS = new Set(
  'AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO'.split(' '),
);

/** The payer as the service takes it (docs/service-contract.md, Boleto): bare digits, the document's type. */
export interface PayerRequest {
  name: string;
  document: string;
  documentType: 'CPF' | 'CNPJ';
  address: BoletoPayer['address'];
}

/**
 * `payer` as the service takes it, or the first field to fix (its path from `payer`) and why. Text
 * fields are trimmed; the CEP and the document may come with their punctuation.
 */
export function checkPayer(
  payer: unknown,
): { ok: true; value: PayerRequest } | { ok: false; field: string; why: string } {
  // Untyped callers may pass anything: every field is read as unknown.
  const record = (value: unknown): Record<string, unknown> =>
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const given = record(payer);
  const address = record(given['address']);
  const text = (value: unknown, max: number) =>
    typeof value === 'string' && value.trim() !== '' && value.trim().length <= max ? value.trim() : undefined;
  const name = text(given['name'], 100);
  if (name === undefined)
    return { ok: false, field: 'payer.name', why: 'the name on the boleto (1 to 100 characters)' };
  const document = typeof given['document'] === 'string' ? normalizeTaxId(given['document']) : '';
  const documentType = taxIdType(document);
  if (documentType === undefined) return { ok: false, field: 'payer.document', why: 'a valid CPF or CNPJ' };
  const fields = {
    street: text(address['street'], 100),
    number: text(address['number'], 16),
    neighborhood: text(address['neighborhood'], 60),
    city: text(address['city'], 60),
  };
  for (const [key, value] of Object.entries(fields))
    if (value === undefined) return { ok: false, field: `payer.address.${key}`, why: 'not blank' };
  const state = typeof address['state'] === 'string' ? address['state'].trim().toUpperCase() : '';
  if (!UFS.has(state)) return { ok: false, field: 'payer.address.state', why: 'a UF such as SP' };
  const postalCode =
    typeof address['postalCode'] === 'string' ? address['postalCode'].replace(/[\s.-]/g, '') : '';
  if (!/^\d{8}$/.test(postalCode))
    return { ok: false, field: 'payer.address.postalCode', why: 'a CEP of 8 digits' };
  const complement = text(address['complement'], 100);
  return {
    ok: true,
    value: {
      name,
      document,
      documentType,
      address: {
        ...(fields as Record<keyof typeof fields, string>),
        ...(complement === undefined ? {} : { complement }),
        state,
        postalCode,
      },
    },
  };
}
