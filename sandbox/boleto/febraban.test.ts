import { describe, expect, it } from 'vitest';
import {
  barcodeOfDigitableLine,
  boletoBarcode,
  dateOfFactor,
  digitableLine,
  dueDateFactor,
  groupDigitableLine,
  modulo10,
  modulo11,
} from './febraban.ts';

/**
 * A reader written apart from febraban.ts, as a bank's would be: it takes a barcode apart, checks its
 * general digit, and reads the due date back from the factor near a given day. Digits are summed with
 * their weights listed out, so a slip in febraban.ts's loops is not repeated here.
 */
function decode(barcode: string, today: string) {
  const digits = Array.from(barcode, Number);
  if (digits.length !== 44 || digits.some(Number.isNaN)) throw new Error('not 44 digits');
  const weighted = [...digits.slice(0, 4), ...digits.slice(5)].reverse();
  const weights = [2, 3, 4, 5, 6, 7, 8, 9];
  const sum = weighted.reduce((total, digit, i) => total + digit * (weights[i % 8] ?? 0), 0);
  const general = 11 - (sum % 11);
  const expected = [0, 10, 11].includes(general) ? 1 : general;
  const factor = Number(barcode.slice(5, 9));
  // Every date with this factor, one per 9000 days since 2000-07-03 (factor 1000); the one nearest today.
  const base = new Date('1997-10-07T00:00:00Z').getTime();
  const candidates = [0, 1, 2].map((cycle) => base + (factor + cycle * 9000) * 86_400_000);
  const todayTime = new Date(`${today}T00:00:00Z`).getTime();
  const dueTime = candidates.sort((a, b) => Math.abs(a - todayTime) - Math.abs(b - todayTime))[0] ?? 0;
  return {
    bank: barcode.slice(0, 3),
    currency: barcode.slice(3, 4),
    generalDigitChecks: Number(barcode[4]) === expected,
    dueDate: new Date(dueTime).toISOString().slice(0, 10),
    amountCents: Number(barcode.slice(9, 19)),
    freeField: barcode.slice(19),
  };
}

/** Modulo 10 of a field, the textbook way: double every other digit from the right, add digit by digit. */
function fieldDigit(field: string): number {
  const sum = Array.from(field)
    .reverse()
    .map((d, i) => Number(d) * (i % 2 === 0 ? 2 : 1))
    .map((product) => Math.floor(product / 10) + (product % 10))
    .reduce((a, b) => a + b, 0);
  return sum % 10 === 0 ? 0 : 10 - (sum % 10);
}

/** The linha digitável rebuilt from a barcode by the reader, each field's digit checked too. */
function lineOf(barcode: string): string {
  const fields = [barcode.slice(0, 4) + barcode.slice(19, 24), barcode.slice(24, 34), barcode.slice(34)];
  return (
    fields.map((f) => `${f}${String(fieldDigit(f))}`).join('') + barcode.slice(4, 5) + barcode.slice(5, 19)
  );
}

// Published boletos. A Caixa (104) boleto of R$ 214,03 due 2022-05-10, from the test suite of
// mrmgomes/boleto-utils (test/test.js, "Boleto Bancário"); a Banco do Brasil (001) one of R$ 1,00, from
// the test suite of brazilian-utils for Clojure ("valid bank boletos (47 digits)").
const CAIXA = {
  barcode: '10499898100000214032006561000100040099726390',
  line: '10492006506100010004200997263900989810000021403',
};
const BB_LINE = '00190500954014481606906809350314337370000000100';

describe('the due-date factor', () => {
  // FEBRABAN's table, as banks' manuals print it (e.g. http://mhemann.com.br/2011/06/a-linha-digitavel-do-boleto-bancario/):
  // factor 1000 is 2000-07-03, 1002 2000-07-05, 1667 2002-05-01, 4789 2010-11-17, 9999 2025-02-21.
  it.each([
    ['2000-07-03', '1000'],
    ['2000-07-05', '1002'],
    ['2002-05-01', '1667'],
    ['2010-11-17', '4789'],
    ['2022-05-10', '8981'],
    ['2025-02-21', '9999'],
    // Then it restarts at 1000 (FEBRABAN): 2025-02-22 is 1000 again, a day later 1001.
    ['2025-02-22', '1000'],
    ['2025-02-23', '1001'],
    ['2026-12-10', '1656'],
    ['2049-10-13', '9999'],
    ['2049-10-14', '1000'],
  ])('of %s is %s', (date, factor) => {
    expect(dueDateFactor(date)).toBe(factor);
  });

  it('reads a factor as the date of its cycle nearest today, on both sides of the reset', () => {
    expect(dateOfFactor('9999', '2025-02-20')).toBe('2025-02-21');
    expect(dateOfFactor('1000', '2025-02-20')).toBe('2025-02-22');
    expect(dateOfFactor('1656', '2026-12-07')).toBe('2026-12-10');
    expect(dateOfFactor('8981', '2022-05-01')).toBe('2022-05-10');
    expect(dateOfFactor('1000', '2000-07-01')).toBe('2000-07-03');
  });

  it('refuses what is not a date, or a date before the factor began', () => {
    expect(() => dueDateFactor('2026-02-30')).toThrow(/no such date/);
    expect(() => dueDateFactor('10/12/2026')).toThrow(/YYYY-MM-DD/);
    expect(() => dueDateFactor('2000-07-02')).toThrow(/starts/);
    expect(() => dateOfFactor('0999', '2026-01-01')).toThrow(/factor/);
  });
});

describe('check digits', () => {
  it('modulo 10 and 11 agree with the published boletos and the reader', () => {
    // Caixa's field 1 is 1049200650 and its general digit is 9.
    expect(modulo10('104920065')).toBe(0);
    expect(modulo11(`${CAIXA.barcode.slice(0, 4)}${CAIXA.barcode.slice(5)}`)).toBe(9);
    for (const field of ['104920065', '0610001000', '4200997263', '001905009']) {
      expect(modulo10(field)).toBe(fieldDigit(field));
    }
  });

  it('modulo 11 gives 1 where the rest would make 0, 10 or 11', () => {
    // Searched for: numbers whose weighted sum leaves a rest of 0, 1 and 10.
    const restOf = (digits: string) =>
      Array.from(digits)
        .reverse()
        .reduce((s, d, i) => s + Number(d) * ((i % 8) + 2), 0) % 11;
    const found: Record<number, string> = {};
    for (let n = 0; n < 2000 && Object.keys(found).length < 3; n++) {
      const digits = String(n).padStart(43, '0');
      const rest = restOf(digits);
      if ([0, 1, 10].includes(rest)) found[rest] ??= digits;
    }
    expect(Object.keys(found).sort()).toEqual(['0', '1', '10']);
    expect(modulo11(found[0] ?? '')).toBe(1); // 11 − 0 = 11
    expect(modulo11(found[1] ?? '')).toBe(1); // 11 − 1 = 10
    expect(modulo11(found[10] ?? '')).toBe(1); // 11 − 10 = 1
  });
});

describe('barcode and linha digitável', () => {
  it('rebuild the published Caixa boleto exactly', () => {
    const read = decode(CAIXA.barcode, '2022-05-01');
    expect(read).toEqual({
      bank: '104',
      currency: '9',
      generalDigitChecks: true,
      dueDate: '2022-05-10',
      amountCents: 21403,
      freeField: '2006561000100040099726390',
    });
    expect(
      boletoBarcode({ bank: '104', dueDate: '2022-05-10', amountCents: 21403, freeField: read.freeField }),
    ).toBe(CAIXA.barcode);
    expect(digitableLine(CAIXA.barcode)).toBe(CAIXA.line);
    expect(barcodeOfDigitableLine(CAIXA.line)).toBe(CAIXA.barcode);
  });

  it('read the published Banco do Brasil line both ways', () => {
    const barcode = barcodeOfDigitableLine(BB_LINE);
    expect(barcode).toBeDefined();
    expect(decode(barcode ?? '', '2008-01-01')).toMatchObject({
      bank: '001',
      currency: '9',
      generalDigitChecks: true,
      amountCents: 100,
    });
    expect(digitableLine(barcode ?? '')).toBe(BB_LINE);
    expect(lineOf(barcode ?? '')).toBe(BB_LINE);
  });

  it.each([
    ['2025-02-21', 1],
    ['2025-02-22', 4250],
    ['2026-12-10', 99_999_999_99],
    ['2031-01-31', 0],
  ])('make a boleto due %s of %i cents that the reader takes back', (dueDate, amountCents) => {
    const freeField = '1234567000000000000004217';
    const barcode = boletoBarcode({ bank: '000', dueDate, amountCents, freeField });
    expect(barcode).toMatch(/^\d{44}$/);
    expect(decode(barcode, dueDate)).toEqual({
      bank: '000',
      currency: '9',
      generalDigitChecks: true,
      dueDate,
      amountCents,
      freeField,
    });
    const line = digitableLine(barcode);
    expect(line).toMatch(/^\d{47}$/);
    expect(line).toBe(lineOf(barcode));
    expect(barcodeOfDigitableLine(line)).toBe(barcode);
  });

  it('refuse a line with any digit changed: a field digit, or the general one', () => {
    for (let at = 0; at < 47; at++) {
      const changed = `${CAIXA.line.slice(0, at)}${String((Number(CAIXA.line[at]) + 1) % 10)}${CAIXA.line.slice(at + 1)}`;
      expect(barcodeOfDigitableLine(changed), `digit ${String(at)}`).toBeUndefined();
    }
    expect(barcodeOfDigitableLine(CAIXA.line.slice(1))).toBeUndefined();
  });

  it('refuse what a boleto cannot carry', () => {
    const numbers = { bank: '000', dueDate: '2026-12-10', amountCents: 1, freeField: '0'.repeat(25) };
    expect(() => boletoBarcode({ ...numbers, amountCents: 10_000_000_000 })).toThrow(/amount/);
    expect(() => boletoBarcode({ ...numbers, amountCents: 1.5 })).toThrow(/amount/);
    expect(() => boletoBarcode({ ...numbers, bank: '01' })).toThrow(/bank/);
    expect(() => boletoBarcode({ ...numbers, freeField: '1' })).toThrow(/free field/);
    expect(() => digitableLine('123')).toThrow(/44/);
  });

  it('group the line as it is printed', () => {
    expect(groupDigitableLine(CAIXA.line)).toBe('10492.00650 61000.100042 00997.263900 9 89810000021403');
  });
});
