// Brazilian tax ids, as the service takes them in `document` and `documentType` (customer, billingInfo,
// vendor): a CPF (people, 11 digits) or a CNPJ (companies, 14 characters, alphanumeric since July 2026,
// IN RFB 2.229/2024). Both end in two mod-11 check digits. docs/service-contract.md ("Tax ids") is
// this file in prose.
//
// No message here ever holds the document (it is personal data, and an 11-digit CPF is too short for
// redact() to catch): each names what is wrong, and the caller names the field.

export const DOCUMENT_TYPES = ['CPF', 'CNPJ'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/**
 * How a document is written: its bare characters, without the punctuation people print it with
 * (`123.456.789-09`, `12.ABC.345/01DE-35`), and a CNPJ's letters in upper case. The one place that
 * decides it: the sandbox takes only what every service takes, so an integration it passes passes there.
 */
function writtenProblem(document: string, type: DocumentType): string | undefined {
  if (!/^[0-9A-Za-z]*$/.test(document)) {
    return "written with punctuation or spaces: send only its digits (and a CNPJ's letters)";
  }
  if (type === 'CNPJ' && document !== document.toUpperCase()) {
    return "a CNPJ's letters are written in upper case";
  }
  return undefined;
}

const RULES = {
  CPF: {
    length: 11,
    shape: /^\d{11}$/,
    shapeMessage: 'not a CPF: a CPF is 11 digits',
    // Weights grow from 2 at the right: 10…2 for the first check digit, 11…2 for the second.
    maxWeight: 11,
  },
  CNPJ: {
    length: 14,
    shape: /^[0-9A-Z]{12}\d{2}$/,
    shapeMessage: 'not a CNPJ: a CNPJ is 12 digits or capital letters, then 2 check digits',
    // Weights 2…9 from the right, starting over after 9: 5,4,3,2,9,8,7,6,5,4,3,2 for the first.
    maxWeight: 9,
  },
} as const satisfies Record<DocumentType, unknown>;

/** The mod-11 check digit of `body`; a character counts as its ASCII code minus 48 ('0' 0, 'A' 17). */
function checkDigit(body: string, maxWeight: number): number {
  let sum = 0;
  for (let fromRight = 0; fromRight < body.length; fromRight++) {
    const value = body.charCodeAt(body.length - 1 - fromRight) - 48;
    sum += value * ((fromRight % (maxWeight - 1)) + 2);
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** What is wrong with `document` as a `type`, or undefined when it is one. Never quotes it. */
function problemAs(document: string, type: DocumentType): string | undefined {
  const rule = RULES[type];
  if (!rule.shape.test(document)) return rule.shapeMessage;
  if (/^(.)\1*$/.test(document)) return `not a valid ${type} (one character repeated)`;
  const body = document.slice(0, -2);
  const first = checkDigit(body, rule.maxWeight);
  const second = checkDigit(`${body}${String(first)}`, rule.maxWeight);
  return document.endsWith(`${String(first)}${String(second)}`)
    ? undefined
    : `not a valid ${type} (check digits)`;
}

/** A valid CPF, written bare (11 digits). */
export function isCpf(document: string): boolean {
  return problemAs(document, 'CPF') === undefined;
}

/** A valid CNPJ, numeric or alphanumeric, written bare (14 characters, letters in upper case). */
export function isCnpj(document: string): boolean {
  return problemAs(document, 'CNPJ') === undefined;
}

export interface TaxIdProblem {
  /** The field at fault, beside the other: `document` or `documentType`. */
  field: 'document' | 'documentType';
  message: string;
}

/**
 * What is wrong with a `document` and its `documentType`, or undefined when they agree and the document
 * is valid. The type is never guessed from the length: a document needs its type, and a type its
 * document.
 */
export function taxIdProblem(
  document: string | undefined,
  documentType: DocumentType | undefined,
): TaxIdProblem | undefined {
  if (document === undefined) {
    return documentType === undefined
      ? undefined
      : { field: 'documentType', message: 'given without a document' };
  }
  if (documentType === undefined) {
    return { field: 'documentType', message: 'required with a document: CPF or CNPJ' };
  }
  const written = writtenProblem(document, documentType);
  if (written !== undefined) return { field: 'document', message: written };
  const other: DocumentType = documentType === 'CPF' ? 'CNPJ' : 'CPF';
  if (document.length === RULES[other].length) {
    return {
      field: 'documentType',
      message: `${documentType} does not match the document, which has the ${String(RULES[other].length)} characters of a ${other}`,
    };
  }
  const message = problemAs(document, documentType);
  return message === undefined ? undefined : { field: 'document', message };
}
