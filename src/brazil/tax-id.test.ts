import { describe, expect, it } from 'vitest';
import { formatTaxId, normalizeTaxId, taxIdType } from './tax-id.ts';

describe('taxIdType', () => {
  it.each([
    // Receita Federal's published examples, and ids worked out by hand from the rule.
    ['52998224725', 'CPF'],
    ['11144477735', 'CPF'],
    ['11222333000181', 'CNPJ'],
    ['00000000000191', 'CNPJ'],
    // The alphanumeric CNPJ (IN RFB 2.229/2024): Receita's example 12.ABC.345/01DE-35.
    ['12ABC34501DE35', 'CNPJ'],
  ])('%s is a %s', (value, type) => {
    expect(taxIdType(value)).toBe(type);
  });

  it.each([
    ['52998224724', 'a wrong second check digit'],
    ['52998224735', 'a wrong first check digit'],
    ['11111111111', 'one digit repeated (its check digits add up)'],
    ['00000000000000', 'one digit repeated, CNPJ length'],
    ['11222333000182', 'a wrong CNPJ check digit'],
    ['12ABC34501DE36', 'a wrong alphanumeric CNPJ check digit'],
    ['12ABC34501DEA5', 'a letter among the check digits'],
    ['5299822472', 'ten digits'],
    ['529982247250', 'twelve digits'],
    ['12abc34501de35', 'lower case (normalizeTaxId first)'],
    ['529.982.247-25', 'punctuation (normalizeTaxId first)'],
  ])('%s is neither (%s)', (value) => {
    expect(taxIdType(value)).toBeUndefined();
  });
});

describe('normalizeTaxId', () => {
  it('drops punctuation and spaces and upper-cases letters', () => {
    expect(normalizeTaxId(' 12.abc.345/01de-35 ')).toBe('12ABC34501DE35');
    expect(taxIdType(normalizeTaxId('529.982.247-25'))).toBe('CPF');
  });
});

describe('formatTaxId', () => {
  it.each([
    ['5', '5'],
    ['5299', '529.9'],
    ['5299822', '529.982.2'],
    ['52998224725', '529.982.247-25'],
    ['529.982.247-25', '529.982.247-25'],
    ['112223330001', '11.222.333/0001'],
    ['11222333000181', '11.222.333/0001-81'],
    ['12abc', '12.ABC'],
    ['12abc34501de35', '12.ABC.345/01DE-35'],
    ['112223330001819', '11.222.333/0001-81'],
  ])('groups %s as %s in a CPF or CNPJ field', (typed, shown) => {
    expect(formatTaxId(typed, true)).toBe(shown);
  });

  it('keeps digits only, at most 11, in a CPF field', () => {
    expect(formatTaxId('12abc345', false)).toBe('123.45');
    expect(formatTaxId('529982247251234', false)).toBe('529.982.247-25');
  });
});
