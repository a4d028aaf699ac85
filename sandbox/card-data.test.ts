import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { holdsCardNumber, redact } from './card-data.ts';
import { futureYear, inReais } from './test/harness.ts';
import { fileSandbox } from './test/file-sandbox.ts';

let clock = Date.now();
// A clock the expiry tests move, and sessions that outlive the move.
const sb = fileSandbox({ now: () => clock, sessionTtlMs: 400 * 24 * 3600_000 });

let order = 0;
const init = (body: Record<string, unknown>) => {
  order += 1;
  return sb.backend(
    'sandbox',
    '/api/Payment/Init',
    inReais({ partnerUniqueId: `card-data-${String(order)}`, ...body }),
  );
};
const status = (partnerUniqueId: string) => sb.backend('sandbox', '/api/Payment/Status', { partnerUniqueId });
const pix = { paymentMethodType: '3', amount: 10 };
const networkToken = (change: Record<string, unknown> = {}) => ({
  paymentMethodType: '1',
  amount: 10,
  cardInfo: {
    token: '4895370012003478',
    tokenProvider: 'networktoken',
    cryptogram: 'AgAAAAAABk4DWZ4C28yUQAAAAAA=',
    networkTokenExpirationMonth: '12',
    networkTokenExpirationYear: String(futureYear()),
    ...change,
  },
});

/** Digits written the ways people and attackers write them. */
const SEPARATORS = [' ', '-', '.', '\t', '\u00a0', '   ', '_', '/', ' - ', '\u200b', '\u3000'];
const fullWidth = (digits: string) =>
  digits.replace(/\d/g, (digit) => String.fromCharCode(0xff10 + Number(digit)));
const grouped = (digits: string, separator: string) => digits.match(/.{1,4}/g)!.join(separator);

describe('Payment/Init refuses a card number in any field but the masked number', () => {
  it.each([
    ['customer.name', { customer: { id: 'c', name: 'Ada 4111 1111 1111 1111' } }],
    ['customer.data.note', { customer: { id: 'c', data: { note: '4111.1111.1111.1111' } } }],
    ['customer.data.n', { customer: { id: 'c', data: { n: 4111111111111111 } } }],
    // A key that holds a number is named redacted: the error never echoes it.
    ['customer.data.[redacted]', { customer: { id: 'c', data: { '4111-1111-1111-1111': true } } }],
    [
      'paymentItems.items.0.productDescription',
      { paymentItems: { items: [{ amount: 10, productDescription: 'gift 5555\t5555\t5555\t4444' }] } },
    ],
    [
      'paymentData.antiFraud.data.travel.0.ref',
      {
        paymentData: {
          paymentMethods: [pix],
          antiFraud: { data: { travel: [{ ref: '3782_822463_10005' }] } },
        },
      },
    ],
    [
      'paymentData.paymentMethods.0.data.memo',
      {
        paymentData: { paymentMethods: [{ ...pix, data: { memo: `ref ${fullWidth('4111111111111111')}` } }] },
      },
    ],
    ['frontData.userAgent', { frontData: { userAgent: 'UA 4111\u00a01111\u00a01111\u00a01111' } }],
    ['vendor.name', { vendor: { name: 'Shop 6362/9700/0045/7013' } }],
    ['partnerUniqueId', { partnerUniqueId: 'order-42 4111   1111   1111   1111' }],
  ])('in %s', async (field, body) => {
    const reply = await init({ paymentData: { paymentMethods: [pix] }, ...body });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatchObject({ code: 'full_card_data_not_allowed', field });
    expect(JSON.stringify(reply.body)).not.toMatch(/4111|5555|3782|6362|\uff14/);
    // Nothing was stored: the order is still free.
    expect((await status(`card-data-${String(order)}`)).status).toBe(404);
  });

  // Each of these is Luhn-valid; the CNPJ starts like a 14-digit Diners number.
  it.each([
    ['order references made of timestamps', { partnerUniqueId: 'order-1764000000000' }],
    [
      'a CPF and a CNPJ',
      {
        customer: {
          id: 'c',
          document: '36000000003820',
          documentType: 'CNPJ',
          data: { cnpj: '36.000.000/0038-20', cpf: '123.456.789-09' },
        },
      },
    ],
    [
      'a phone number',
      { paymentData: { paymentMethods: [pix], deliveryAddress: { phone: '+55 11 91234-0008' } } },
    ],
    // 6000 0000 0007 alone would be a 12-digit Maestro number.
    ['a UUID', { partnerUniqueId: 'deadbeef-6000-0000-0007-deadbeefcafe' }],
    ['an id that glues digits to letters', { customer: { id: 'c', data: { ref: 'ab6000-0000-0007' } } }],
    ['an IP address', { frontData: { ipAddress: '200.147.100.149' } }],
    ['a masked number', { customer: { id: 'c', data: { card: '411111******1111' } } }],
  ])('but takes %s', async (_name, body) => {
    const reply = await init({ paymentData: { paymentMethods: [pix] }, ...body });
    expect(reply.status).toBe(201);
  });

  it('takes a network token, which has the shape of a card number by design', async () => {
    const reply = await init({ paymentData: { paymentMethods: [networkToken()] } });
    expect(reply.status).toBe(201);
  });

  it('never echoes a card number in an error, even one that names an unknown field', async () => {
    const reply = await init({
      paymentData: { paymentMethods: [pix] },
      customer: { id: 'c', '4111111111111111': 1 },
    });
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).not.toContain('4111111111111111');
  });
});

describe('Token/Generate refuses a card number in frontData, which it echoes', () => {
  it('names the field and answers no card data', async () => {
    const reply = await sb.browser('token', '/api/Token/Generate', {
      sessionId: await sb.session(),
      card: { cardNumber: '4111111111111111', cvv: '123', expirationMonth: 12, expirationYear: futureYear() },
      frontData: { userAgent: 'UA', note: '5555 5555 5555 4444' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatchObject({ code: 'full_card_data_not_allowed', field: 'frontData.note' });
  });
});

describe('redact', () => {
  it('removes 12 to 19 digits however they are joined or written', () => {
    const number = fc.stringMatching(/^\d{12,19}$/);
    const separator = fc.constantFrom(...SEPARATORS, '');
    const text = fc.string().map((s) => s.replace(/[\d\uff10-\uff19]/g, 'x'));
    fc.assert(
      fc.property(text, number, separator, fc.boolean(), text, (before, digits, joiner, wide, after) => {
        const written = grouped(wide ? fullWidth(digits) : digits, joiner);
        const out = redact(`${before} ${written} ${after}`);
        expect(out).toContain('[redacted]');
        expect(out.replace(/[^\d\uff10-\uff19]/g, '')).toBe('');
      }),
    );
  });

  it('keeps short numbers: amounts, codes, years, dates', () => {
    const text = 'HTTP 502 after 20000 ms, 01/2029, code 123, 2026-11-24 10:30';
    expect(redact(text)).toBe(text);
  });

  it('finds a card number spelled any of those ways', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('4111111111111111', '5555555555554444', '378282246310005', '6062825624254001'),
        fc.constantFrom(...SEPARATORS, ''),
        fc.boolean(),
        (digits, joiner, wide) => {
          expect(holdsCardNumber(`ref: ${grouped(wide ? fullWidth(digits) : digits, joiner)}.`)).toBe(true);
        },
      ),
    );
  });
});

describe('a saved card past its expiry', () => {
  it('cannot pay', async () => {
    const now = new Date(clock);
    const sessionId = await sb.session({ customerId: 'expiring' });
    const token = await sb.tokenize(sessionId, {
      expirationMonth: now.getUTCMonth() + 1,
      expirationYear: now.getUTCFullYear(),
      singleUse: false,
    });
    const pay = () =>
      init({
        tokenSession: sessionId,
        paymentData: {
          paymentMethods: [
            { paymentMethodType: '1', amount: 10, cardInfo: { token, tokenProvider: 'Service' } },
          ],
        },
      });
    clock += 32 * 24 * 3600_000;
    try {
      const reply = await pay();
      expect(reply.status).toBe(400);
      expect(reply.body.error).toMatchObject({
        code: 'card_expired',
        field: 'paymentData.paymentMethods.0.cardInfo.token',
      });
    } finally {
      clock = Date.now();
    }
    expect((await pay()).status).toBe(201);
  });
});

describe('a network token', () => {
  it.each([
    ['year 0000', { networkTokenExpirationYear: '0000' }, 'invalid_request', 'networkTokenExpirationYear'],
    ['year 1000', { networkTokenExpirationYear: '1000' }, 'invalid_request', 'networkTokenExpirationYear'],
    ['year 9999', { networkTokenExpirationYear: 9999 }, 'invalid_request', 'networkTokenExpirationYear'],
    ['a past year', { networkTokenExpirationYear: '2001' }, 'card_expired', 'networkTokenExpirationYear'],
    [
      'a past two-digit year',
      { networkTokenExpirationYear: '00' },
      'card_expired',
      'networkTokenExpirationYear',
    ],
    ['a blank cryptogram', { cryptogram: '   ' }, 'invalid_request', 'cryptogram'],
    ['a cryptogram of tabs and newlines', { cryptogram: '\t\n' }, 'invalid_request', 'cryptogram'],
  ])('with %s is refused', async (_name, change, code, field) => {
    const reply = await init({ paymentData: { paymentMethods: [networkToken(change)] } });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatchObject({ code, field: `paymentData.paymentMethods.0.cardInfo.${field}` });
  });
});
