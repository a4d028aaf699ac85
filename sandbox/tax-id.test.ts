// Brazilian tax ids (sandbox/tax-id.ts): the check digits against published examples and the Receita's
// algorithm written out weight by weight, and the rule in every place a request carries a document.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { isCnpj, isCpf } from './tax-id.ts';
import type { Reply } from './test/harness.ts';
import { fileSandbox } from './test/file-sandbox.ts';

/** A check digit as IN RFB 2.229/2024 (CNPJ) and the CPF rule write it: ASCII code - 48, given weights. */
function referenceDigit(body: string, weights: readonly number[]): number {
  let sum = 0;
  for (const [index, weight] of weights.entries()) sum += ((body.codePointAt(index) ?? 0) - 48) * weight;
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const CPF_WEIGHTS = [
  [10, 9, 8, 7, 6, 5, 4, 3, 2],
  [11, 10, 9, 8, 7, 6, 5, 4, 3, 2],
] as const;
const CNPJ_WEIGHTS = [
  [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
  [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
] as const;

/** `body` followed by its two check digits. */
function withDigits(body: string, [first, second]: readonly [readonly number[], readonly number[]]): string {
  const one = `${body}${String(referenceDigit(body, first))}`;
  return `${one}${String(referenceDigit(one, second))}`;
}

const repeated = (text: string) => /^(.)\1*$/.test(text);
/** The same document with its last check digit off by one. */
const offByOne = (document: string) =>
  `${document.slice(0, -1)}${String((Number(document.slice(-1)) + 1) % 10)}`;

describe('check digits', () => {
  it('takes published CPFs and CNPJs, the Receita’s alphanumeric example among them', () => {
    for (const cpf of ['12345678909', '52998224725']) expect(isCpf(cpf)).toBe(true);
    // 12.ABC.345/01DE-35 is the example of the Receita's alphanumeric CNPJ manual.
    for (const cnpj of ['11222333000181', '00000000000191', '12ABC34501DE35'])
      expect(isCnpj(cnpj)).toBe(true);
  });

  it('computes the same digits as the reference for computed numeric and alphanumeric CNPJs', () => {
    for (const [body, cnpj] of [
      ['112223330001', '11222333000181'],
      ['12ABC34501DE', '12ABC34501DE35'],
      ['A1B2C3D4E5F6', 'A1B2C3D4E5F668'],
      ['Z9Y8X7W6V5U4', 'Z9Y8X7W6V5U429'],
    ] as const) {
      expect(withDigits(body, CNPJ_WEIGHTS)).toBe(cnpj);
      expect(isCnpj(cnpj)).toBe(true);
      expect(isCnpj(offByOne(cnpj))).toBe(false);
    }
  });

  it('agrees with the reference on any body, and refuses every other pair of check digits', () => {
    const digits = fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0'));
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), digits, (cpfBody, pair) => {
        const cpf = withDigits(cpfBody, CPF_WEIGHTS);
        expect(isCpf(cpf)).toBe(!repeated(cpf));
        expect(isCpf(`${cpfBody}${pair}`)).toBe(`${cpfBody}${pair}` === cpf && !repeated(cpf));
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Z]{12}$/), digits, (cnpjBody, pair) => {
        const cnpj = withDigits(cnpjBody, CNPJ_WEIGHTS);
        expect(isCnpj(cnpj)).toBe(!repeated(cnpj));
        expect(isCnpj(`${cnpjBody}${pair}`)).toBe(`${cnpjBody}${pair}` === cnpj && !repeated(cnpj));
      }),
    );
  });

  it('refuses repeated sequences, though their check digits hold', () => {
    for (const digit of '0123456789') {
      // Every repeated CPF passes the check digits: only the rule refuses it.
      expect(withDigits(digit.repeat(9), CPF_WEIGHTS)).toBe(digit.repeat(11));
      expect(isCpf(digit.repeat(11))).toBe(false);
      expect(isCnpj(digit.repeat(14))).toBe(false);
    }
    expect(withDigits('000000000000', CNPJ_WEIGHTS)).toBe('00000000000000');
  });
});

const sb = fileSandbox();

let order = 0;
const orderId = () => {
  order += 1;
  return `tax-id-${String(order)}`;
};
const pix = { paymentMethodType: '3', amount: 10 };
/** A Payment/Init (or pci/init) body for a new order, paid with PIX unless `methods` are given. */
const payment = (fields: Record<string, unknown>, methods: unknown[] = [pix]) => ({
  partnerUniqueId: orderId(),
  paymentData: { currency: 'BRL', paymentMethods: methods },
  ...fields,
});
const init = (body: Record<string, unknown>) => sb.backend('sandbox', '/api/Payment/Init', body);
type Pair = Record<string, string>;

/** Every place a request carries a tax id: where it is, and a request that carries `pair` there. */
const PLACES: [string, string, number, (pair: Pair) => Promise<Reply>][] = [
  [
    'Token/NewSession customer',
    'customer',
    200,
    (pair) => sb.backend('token', '/api/Token/NewSession', { customer: { id: 'c', ...pair } }),
  ],
  ['Payment/Init customer', 'customer', 201, (pair) => init(payment({ customer: { id: 'c', ...pair } }))],
  [
    'Payment/Init billingInfo',
    'paymentData.paymentMethods.0.cardInfo.billingInfo',
    201,
    (pair) =>
      init(
        payment({}, [
          {
            paymentMethodType: '1',
            amount: 10,
            cardInfo: { cardNumber: '411111******1111', brandName: 'Visa', billingInfo: pair },
          },
        ]),
      ),
  ],
  ['Payment/Init vendor', 'vendor', 201, (pair) => init(payment({ vendor: { code: 'V-1', ...pair } }))],
  [
    'integrations/pci/init customer',
    'customer',
    201,
    (pair) =>
      sb.backend('token', '/api/integrations/pci/init', payment({ customer: { id: 'c', ...pair } }), {
        account: 'demo-pci',
      }),
  ],
];

const VALID: [string, Pair][] = [
  ['a CPF', { document: '12345678909', documentType: 'CPF' }],
  ['a numeric CNPJ', { document: '11222333000181', documentType: 'CNPJ' }],
  ['an alphanumeric CNPJ', { document: '12ABC34501DE35', documentType: 'CNPJ' }],
  ['neither document nor type', {}],
];

/** What is refused: the pair, the field at fault, and what the message says after the field. */
const REFUSED: [string, Pair, 'document' | 'documentType', RegExp][] = [
  [
    'a CPF with a wrong check digit',
    { document: '12345678900', documentType: 'CPF' },
    'document',
    /^not a valid CPF \(check digits\)$/,
  ],
  [
    'a CNPJ with a wrong check digit',
    { document: '12ABC34501DE34', documentType: 'CNPJ' },
    'document',
    /^not a valid CNPJ \(check digits\)$/,
  ],
  [
    'a repeated-digit CPF',
    { document: '11111111111', documentType: 'CPF' },
    'document',
    /^not a valid CPF \(one character repeated\)$/,
  ],
  [
    'a repeated-digit CNPJ',
    { document: '00000000000000', documentType: 'CNPJ' },
    'document',
    /^not a valid CNPJ \(one character repeated\)$/,
  ],
  ['a CNPJ in lower case', { document: '12abc34501de35', documentType: 'CNPJ' }, 'document', /upper case/],
  ['a formatted CPF', { document: '123.456.789-09', documentType: 'CPF' }, 'document', /punctuation/],
  ['a formatted CNPJ', { document: '12.ABC.345/01DE-35', documentType: 'CNPJ' }, 'document', /punctuation/],
  ['a CPF of 10 digits', { document: '1234567890', documentType: 'CPF' }, 'document', /a CPF is 11 digits/],
  ['letters in a CPF', { document: '1234567890A', documentType: 'CPF' }, 'document', /a CPF is 11 digits/],
  [
    'letters in a CNPJ’s check digits',
    { document: '12ABC34501DEAB', documentType: 'CNPJ' },
    'document',
    /then 2 check digits/,
  ],
  [
    'a CNPJ typed CPF',
    { document: '11222333000181', documentType: 'CPF' },
    'documentType',
    /^CPF does not match the document, which has the 14 characters of a CNPJ$/,
  ],
  [
    'a CPF typed CNPJ',
    { document: '12345678909', documentType: 'CNPJ' },
    'documentType',
    /^CNPJ does not match the document, which has the 11 characters of a CPF$/,
  ],
  [
    'a document without its type',
    { document: '12345678909' },
    'documentType',
    /^required with a document: CPF or CNPJ$/,
  ],
  ['a type without a document', { documentType: 'CPF' }, 'documentType', /^given without a document$/],
  [
    'a type the service does not know',
    { document: '12345678909', documentType: 'RG' },
    'documentType',
    /CPF/,
  ],
];

describe.each(PLACES)('%s', (_place, prefix, ok, send) => {
  it.each(VALID)('takes %s', async (_name, pair) => {
    const reply = await send(pair);
    expect(reply.status, JSON.stringify(reply.body)).toBe(ok);
  });

  it.each(REFUSED)(
    'refuses %s, naming the field and never the document',
    async (_name, pair, field, message) => {
      const reply = await send(pair);
      expect(reply.status).toBe(400);
      const error = reply.body.error;
      expect(error).toMatchObject({ code: 'invalid_request', field: `${prefix}.${field}` });
      expect(error?.message.startsWith(`${prefix}.${field}: `)).toBe(true);
      const issue = error?.message.slice(`${prefix}.${field}: `.length);
      expect(issue).toMatch(message);
      expect(error?.details?.['issues']).toEqual([{ field: `${prefix}.${field}`, message: issue }]);
      const document = pair['document'];
      if (document !== undefined) {
        const answer = JSON.stringify(reply.body);
        expect(answer).not.toContain(document);
        expect(answer).not.toContain(document.replace(/\W/g, ''));
      }
    },
  );
});

describe('the record of a payment', () => {
  it('keeps a valid document as it was sent', async () => {
    const customer = { id: 'c', document: '12ABC34501DE35', documentType: 'CNPJ' };
    const reply = await init(payment({ customer }));
    expect(reply.body['customer']).toEqual(customer);
  });
});

it('never logs a document, taken or refused', async () => {
  const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
  const spies = methods.map((method) => vi.spyOn(console, method).mockImplementation(() => undefined));
  try {
    for (const [, , , send] of PLACES) {
      for (const [, pair] of [...VALID, ...REFUSED]) await send(pair);
    }
    const logged = spies.flatMap((spy) => spy.mock.calls.flat().map(String)).join('\n');
    for (const [, pair] of [...VALID, ...REFUSED]) {
      const document = pair['document'];
      if (document !== undefined) expect(logged).not.toContain(document.replace(/\W/g, ''));
    }
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
});
