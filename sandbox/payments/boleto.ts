// A Boleto at Payment/Init (method type 2): what it needs (a payer, reais, an amount a boleto holds), and
// the boleto the engine issues: its numbers (sandbox/boleto/febraban.ts), its due date, when it expires
// unpaid, and its print page. Every choice is a constant here, and in docs/service-contract.md
// ("Boleto").

import { randomBytes } from 'node:crypto';
import { boletoBarcode, digitableLine, MAX_AMOUNT_CENTS } from '../boleto/febraban.ts';
import { ServiceError } from '../errors.ts';
import type { BoletoPayer, BoletoRecord } from '../records.ts';
import type { PaymentMethodRequest } from '../schemas.ts';
import { toMinorUnits } from './money.ts';

export const BOLETO = {
  /** Its paymentMethodType (the sandbox's code: the spec names the Boleto without one). */
  methodType: '2',
  /**
   * The bank code on the sandbox's boletos: `000` is no bank's, so no real bank app takes one for a
   * bill it could pay.
   */
  bank: '000',
  /** The free field (25 digits): the beneficiary's agreement with the bank (7), then the nosso número (18). */
  agreement: '1234567',
  /** Due this many calendar days after the day it is issued, in the bank's time zone. */
  dueInDays: 3,
  /** The bank's day: a boleto is due, and expires, by the calendar of São Paulo (no daylight saving since 2019). */
  timeZone: 'America/Sao_Paulo',
  /** The beneficiary's CNPJ on every sandbox boleto (the name is the account's). */
  beneficiaryDocument: '11222333000181',
  /** Where an engine serves a boleto's print page: `{engine}/boleto/{printId}`. */
  printPath: '/boleto/',
} as const;

/** What a print page's id looks like: 128 random bits, hex (the engines match paths in lower case). */
export const PRINT_ID = /^[0-9a-f]{32}$/;

function invalid(field: string, message: string): ServiceError {
  return new ServiceError('invalid_request', { field, message: `${field}: ${message}` });
}

/**
 * A payer only on a Boleto, and a Boleto only with a payer, in one installment, in reais, for an amount
 * its 10 digits hold.
 * Runs before anything is written; `field` is the method's path.
 */
export function checkBoleto(
  method: PaymentMethodRequest,
  field: string,
  charge: { amount: number; currency: string },
): void {
  if (method.paymentMethodType !== BOLETO.methodType) {
    if (method.payer !== undefined)
      throw invalid(`${field}.payer`, 'is only for a Boleto (paymentMethodType 2)');
    return;
  }
  if (method.payer === undefined) {
    throw invalid(
      `${field}.payer`,
      'is required for a Boleto: a registered boleto names its payer (name, document, address)',
    );
  }
  if ((method.installments ?? 1) !== 1)
    throw invalid(`${field}.installments`, 'a Boleto is paid at once: 1, or leave it out');
  if (charge.currency !== 'BRL') throw invalid('paymentData.currency', 'a Boleto is paid in BRL');
  if ((toMinorUnits(charge.amount, 'BRL') ?? Infinity) > MAX_AMOUNT_CENTS)
    throw invalid(`${field}.amount`, 'a Boleto holds at most 99999999.99');
}

/** The calendar day (`YYYY-MM-DD`) it is in São Paulo at `time`. */
export function bankDate(time: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: BOLETO.timeZone }).format(time);
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The instant a São Paulo day begins, from the zone's offset that day (`GMT-03:00`). */
function startOfBankDay(date: string): number {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  const name = new Intl.DateTimeFormat('en-US', { timeZone: BOLETO.timeZone, timeZoneName: 'longOffset' })
    .formatToParts(midnightUtc)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name ?? '');
  const offsetMinutes =
    match === null ? 0 : (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
  return midnightUtc - offsetMinutes * 60_000;
}

/** When a boleto due on `dueDate` stops being payable: as that day ends in São Paulo. */
export function boletoExpiresAt(dueDate: string): string {
  return new Date(startOfBankDay(addDays(dueDate, 1))).toISOString();
}

/** 18 random digits: the boleto's nosso número, the bank's reference of it. */
function nossoNumero(): string {
  return (BigInt(`0x${randomBytes(16).toString('hex')}`) % 10n ** 18n).toString().padStart(18, '0');
}

/** The boleto a Boleto method pays, issued now, and when it expires. */
export function issueBoleto(input: {
  now: number;
  amount: number;
  payer: BoletoPayer;
  beneficiaryName: string;
  /** The engine that took the payment: its print page is there. */
  engineUrl: string;
}): { boleto: BoletoRecord; expiresAt: string } {
  const dueDate = addDays(bankDate(input.now), BOLETO.dueInDays);
  const barcode = boletoBarcode({
    bank: BOLETO.bank,
    dueDate,
    amountCents: toMinorUnits(input.amount, 'BRL') ?? 0,
    freeField: `${BOLETO.agreement}${nossoNumero()}`,
  });
  return {
    boleto: {
      barcode,
      digitableLine: digitableLine(barcode),
      dueDate,
      amount: input.amount,
      beneficiary: { name: input.beneficiaryName, document: BOLETO.beneficiaryDocument },
      payer: input.payer,
      printUrl: `${input.engineUrl}${BOLETO.printPath}${randomBytes(16).toString('hex')}`,
    },
    expiresAt: boletoExpiresAt(dueDate),
  };
}
