import { describe, expect, it } from 'vitest';
import { crc16CcittFalse, pixBrCode } from './br-code.ts';

/** Reads a TLV string into [id, value] pairs; throws on a length that runs past the end. */
function tlv(text: string): [string, string][] {
  const fields: [string, string][] = [];
  for (let at = 0; at < text.length;) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    const value = text.slice(at + 4, at + 4 + length);
    if (!/^\d{2}$/.test(id) || value.length !== length) throw new Error(`bad TLV at ${String(at)}`);
    fields.push([id, value]);
    at += 4 + length;
  }
  return fields;
}

describe('CRC16-CCITT-FALSE', () => {
  it('gives the catalogue check value for "123456789"', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
  });

  it('reproduces the CRC of published PIX payloads', () => {
    // https://groups.google.com/g/minigui-forum/c/ovW4oLCkscc (a static payload with a key and amount).
    const forum =
      '00020126330014BR.GOV.BCB.PIX01115794666323452040000530398654041.005802BR5925CLENILTON CRUZ DE ALENCAR6006MANAUS62070503***6304FA88';
    // https://gist.github.com/matheusb-comp/1efa205b3c0ffd7af1e8ce63a10e02dc (a dynamic one with a URL).
    const gist =
      '00020101021226770014BR.GOV.BCB.PIX2555pix.example.com/qr/93598be0-1bd0-4997-8318-81776a1d8a995204000053039865802BR5907EMPRESA6009SAO PAULO62070503***6304EEAB';
    for (const payload of [forum, gist]) {
      expect(crc16CcittFalse(payload.slice(0, -4))).toBe(payload.slice(-4));
    }
  });
});

describe('pixBrCode', () => {
  const code = pixBrCode({
    location: 'pix.sandbox.invalid/qr/v2/abc123',
    amount: 42.5,
    merchantName: 'Loja São João da Barra Comércio',
    merchantCity: 'São José dos Campos',
    txid: 'abc123',
  });

  it('writes the dynamic BR Code fields in order, each with its length, and a CRC that checks', () => {
    const fields = tlv(code);
    expect(fields.map(([id]) => id)).toEqual([
      '00',
      '01',
      '26',
      '52',
      '53',
      '54',
      '58',
      '59',
      '60',
      '62',
      '63',
    ]);
    expect(Object.fromEntries(fields)).toEqual({
      '00': '01',
      '01': '12',
      '26': '0014br.gov.bcb.pix2532pix.sandbox.invalid/qr/v2/abc123',
      '52': '0000',
      '53': '986',
      '54': '42.50',
      '58': 'BR',
      '59': 'Loja Sao Joao da Barra Co',
      '60': 'Sao Jose dos Ca',
      '62': '0506abc123',
      '63': crc16CcittFalse(code.slice(0, -4)),
    });
    expect(code).toMatch(/6304[0-9A-F]{4}$/);
  });

  it('leaves the amount out when there is none, and refuses a txid the BR Code cannot carry', () => {
    const open = pixBrCode({ location: 'x/y', merchantName: 'A', merchantCity: 'B', txid: 'T1' });
    expect(tlv(open).map(([id]) => id)).not.toContain('54');
    for (const txid of ['', 'a'.repeat(26), 'pay_abc']) {
      expect(() => pixBrCode({ location: 'x', merchantName: 'A', merchantCity: 'B', txid })).toThrow(/txid/);
    }
  });
});
