// A Boleto over HTTP, as a merchant's backend and a page meet it: Payment/Init with the payer a
// registered boleto needs, the boleto's numbers decoded back, paid (settle) or expired after its due
// date with the webhooks that say so, from the browser for its session's order, and its print page.
import { beforeEach, describe, expect, it } from 'vitest';
import { barcodeOfDigitableLine, dateOfFactor } from '../boleto/febraban.ts';
import { BOLETO_PAYER, MERCHANT_ORIGIN } from '../test/harness.ts';
import { fileSandbox } from '../test/file-sandbox.ts';
import { ManualClock } from '../test/manual-clock.ts';

const MINUTE = 60_000;
// 13:00 UTC on Monday 2026-12-07 is 10:00 in São Paulo: due on the 10th, payable until it ends there.
const clock = new ManualClock(Date.parse('2026-12-07T13:00:00.000Z'));
const DUE_DATE = '2026-12-10';
const EXPIRES_AT = '2026-12-11T03:00:00.000Z';
const sb = fileSandbox({ now: clock.now, timers: clock.timers, sessionTtlMs: 10 * 24 * 60 * MINUTE });

let order = 0;
beforeEach(() => {
  order += 1;
});
const orderId = () => `boleto-${String(order)}`;

const boletoMethod = (extra: Record<string, unknown> = {}) => ({
  paymentMethodType: '2',
  payer: BOLETO_PAYER,
  ...extra,
});
const init = (method: Record<string, unknown>, paymentData: Record<string, unknown> = {}) =>
  sb.backend('sandbox', '/api/Payment/Init', {
    partnerUniqueId: orderId(),
    paymentData: { amount: 1234.56, currency: 'BRL', paymentMethods: [method], ...paymentData },
  });
const status = (body: Record<string, unknown>) => sb.backend('sandbox', '/api/Payment/Status', body);
const types = async (paymentId: string) => {
  await sb.sandbox.ctx.webhooks.idle();
  const { deliveries } = (await sb.control('/__sandbox/webhooks', { paymentId })).body as {
    deliveries: { type: string }[];
  };
  return deliveries.map((d) => d.type);
};

interface BoletoAnswer {
  barcode: string;
  digitableLine: string;
  dueDate: string;
  amount: number;
  printUrl: string;
}
const boletoOf = (body: Record<string, unknown>) =>
  (body['paymentMethods'] as { boleto: BoletoAnswer }[])[0]!.boleto;
const printPage = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, headers: response.headers, text: await response.text() };
};

describe('Payment/Init: Boleto (type 2)', () => {
  it('issues a registered boleto whose numbers decode back to its bank, amount and due date', async () => {
    const reply = await init(boletoMethod());
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      status: 'pending',
      amount: 1234.56,
      paymentMethods: [
        {
          paymentMethodType: '2',
          kind: 'direct',
          method: 'boleto',
          status: 'pending',
          expiresAt: EXPIRES_AT,
          boleto: {
            dueDate: DUE_DATE,
            amount: 1234.56,
            beneficiary: { name: 'demo', document: '11222333000181' },
            payer: BOLETO_PAYER,
          },
        },
      ],
    });
    const boleto = boletoOf(reply.body);
    expect(boleto.printUrl).toMatch(new RegExp(`^${sb.urls.sandboxUrl}/boleto/[0-9a-f]{32}$`));
    expect(boleto.barcode).toMatch(/^\d{44}$/);
    expect(boleto.digitableLine).toMatch(/^\d{47}$/);
    // The line's field digits and the general digit check, and it stands for the barcode.
    expect(barcodeOfDigitableLine(boleto.digitableLine)).toBe(boleto.barcode);
    expect(boleto.barcode.slice(0, 4)).toBe('0009');
    expect(boleto.barcode.slice(5, 9)).toBe('1656');
    expect(dateOfFactor(boleto.barcode.slice(5, 9), '2026-12-07')).toBe(DUE_DATE);
    expect(boleto.barcode.slice(9, 19)).toBe('0000123456');
    expect(boleto.barcode.slice(19, 26)).toBe('1234567');

    const stored = await status({ paymentId: reply.body['paymentId'] });
    expect(stored.body).toEqual(reply.body);
    order += 1;
    const other = boletoOf((await init(boletoMethod())).body);
    expect(other.barcode).not.toBe(boleto.barcode);
    expect(other.printUrl).not.toBe(boleto.printUrl);
  });

  it('takes a CNPJ payer, alphanumeric too, and an address complement', async () => {
    const payer = {
      ...BOLETO_PAYER,
      name: 'Loja Exemplo Ltda',
      document: '12ABC34501DE35',
      documentType: 'CNPJ',
      address: { ...BOLETO_PAYER.address, complement: 'conjunto 42' },
    };
    const reply = await init(boletoMethod({ payer }));
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ paymentMethods: [{ boleto: { payer } }] });
  });

  const payerField = 'paymentData.paymentMethods.0.payer';
  const address = (change: Record<string, unknown>) => ({
    payer: { ...BOLETO_PAYER, address: { ...BOLETO_PAYER.address, ...change } },
  });
  const without = (key: string) => {
    const { [key]: _gone, ...rest } = BOLETO_PAYER.address as Record<string, string>;
    return { payer: { ...BOLETO_PAYER, address: rest } };
  };
  it.each([
    ['no payer', { payer: undefined }, payerField],
    ['no name', { payer: { ...BOLETO_PAYER, name: undefined } }, `${payerField}.name`],
    ['a blank name', { payer: { ...BOLETO_PAYER, name: '  ' } }, `${payerField}.name`],
    ['no document', { payer: { ...BOLETO_PAYER, document: undefined } }, `${payerField}.document`],
    [
      'a CPF whose check digits fail',
      { payer: { ...BOLETO_PAYER, document: '12345678900' } },
      `${payerField}.document`,
    ],
    [
      'a CPF with its punctuation',
      { payer: { ...BOLETO_PAYER, document: '123.456.789-09' } },
      `${payerField}.document`,
    ],
    [
      'no document type',
      { payer: { ...BOLETO_PAYER, documentType: undefined } },
      `${payerField}.documentType`,
    ],
    [
      'a CNPJ typed CPF',
      { payer: { ...BOLETO_PAYER, document: '11222333000181' } },
      `${payerField}.documentType`,
    ],
    ['no address', { payer: { ...BOLETO_PAYER, address: undefined } }, `${payerField}.address`],
    ['no street', without('street'), `${payerField}.address.street`],
    ['a blank number', address({ number: '' }), `${payerField}.address.number`],
    ['no district', without('neighborhood'), `${payerField}.address.neighborhood`],
    ['no city', without('city'), `${payerField}.address.city`],
    ['no state', without('state'), `${payerField}.address.state`],
    ['a state that is no UF', address({ state: 'XX' }), `${payerField}.address.state`],
    ['a UF in lower case', address({ state: 'sp' }), `${payerField}.address.state`],
    ['no CEP', without('postalCode'), `${payerField}.address.postalCode`],
    ['a CEP with its dash', address({ postalCode: '01310-100' }), `${payerField}.address.postalCode`],
    ['a CEP of 7 digits', address({ postalCode: '1310100' }), `${payerField}.address.postalCode`],
    ['an unknown address key', address({ country: 'BR' }), `${payerField}.address`],
  ])('refuses %s, naming the field, and stores nothing', async (_name, change, field) => {
    const reply = await init(boletoMethod(change));
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatchObject({ code: 'invalid_request', field });
    expect(reply.body.error?.message).not.toContain('12345678900');
    expect((await status({ partnerUniqueId: orderId() })).status).toBe(404);
  });

  it('refuses a payer on another method, and a Boleto in installments, in another currency or beyond its 10 digits', async () => {
    const onPix = await init({ paymentMethodType: '3', payer: BOLETO_PAYER });
    expect(onPix.body.error).toMatchObject({ code: 'invalid_request', field: payerField });
    const inThree = await init(boletoMethod({ installments: 3 }));
    expect(inThree.body.error).toMatchObject({
      code: 'invalid_request',
      field: 'paymentData.paymentMethods.0.installments',
    });
    const inDollars = await init(boletoMethod(), { currency: 'USD' });
    expect(inDollars.body.error).toMatchObject({ code: 'invalid_request', field: 'paymentData.currency' });
    const tooMuch = await init(boletoMethod(), { amount: 100_000_000 });
    expect(tooMuch.body.error).toMatchObject({
      code: 'invalid_request',
      field: 'paymentData.paymentMethods.0.amount',
    });
    expect((await status({ partnerUniqueId: orderId() })).status).toBe(404);
  });
});

describe('a Boleto after Payment/Init', () => {
  it('is paid when the shopper pays it (settle): Payment/Status, the webhook and the print page say so', async () => {
    const created = await init(boletoMethod());
    const paymentId = created.body['paymentId'] as string;
    await clock.advance(60 * MINUTE);
    const settled = await sb.control('/__sandbox/payments/settle', { paymentId });
    expect(settled.status).toBe(200);
    expect(settled.body).toMatchObject({ status: 'paid', paymentMethods: [{ status: 'paid' }] });
    expect((await status({ paymentId })).body['status']).toBe('paid');
    expect(await types(paymentId)).toEqual(['payment.pending', 'payment.paid']);
    const webhook = sb.webhookCalls.find(
      (call) => call.body.includes('"payment.paid"') && call.body.includes(paymentId),
    );
    expect(webhook?.body).toContain(boletoOf(created.body).barcode);
    expect((await printPage(boletoOf(created.body).printUrl)).text).toContain('Pago');
  });

  it('stays payable all through its due date, and expires as that day ends in São Paulo', async () => {
    const created = await init(boletoMethod());
    const paymentId = created.body['paymentId'] as string;
    // One minute before midnight of the due date, in São Paulo.
    await clock.advance(Date.parse(EXPIRES_AT) - clock.now() - MINUTE);
    expect((await status({ paymentId })).body['status']).toBe('pending');
    await clock.advance(MINUTE);
    expect(await types(paymentId)).toEqual(['payment.pending', 'payment.expired']);
    expect((await status({ paymentId })).body).toMatchObject({
      status: 'expired',
      updatedAt: EXPIRES_AT,
      paymentMethods: [{ status: 'expired' }],
    });
    expect((await printPage(boletoOf(created.body).printUrl)).text).toContain('Vencido');
    // The order can be paid again, with a new boleto due three days from today.
    const again = await init(boletoMethod());
    expect(again.status).toBe(201);
    expect(boletoOf(again.body).dueDate).toBe('2026-12-14');
  });
});

describe('a Boleto from the browser (client script for everything)', () => {
  const ORDER = { amount: 100, currency: 'BRL' };
  const session = () => sb.session({ body: { partnerUniqueId: orderId(), paymentData: ORDER } });
  const pay = (
    tokenSession: string,
    method: Record<string, unknown>,
    paymentData: Record<string, unknown> = {},
  ) =>
    sb.browser('sandbox', '/api/Payment/Init', {
      tokenSession,
      paymentData: { paymentMethods: [method], ...paymentData },
    });

  it('is allowed with the shopper’s own payer data, for the order’s amount', async () => {
    const tokenSession = await session();
    const reply = await pay(tokenSession, boletoMethod());
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      partnerUniqueId: orderId(),
      status: 'pending',
      amount: 100,
      isFromFrontend: true,
      paymentMethods: [{ method: 'boleto', amount: 100, boleto: { amount: 100 } }],
    });
    const boleto = boletoOf(reply.body);
    expect(boleto.barcode.slice(9, 19)).toBe('0000010000');
    // The payer is personal data, as the customer is: the page that sent it does not get it back.
    expect(boleto).not.toHaveProperty('payer');
    expect(reply.body).not.toHaveProperty('customer');
    const followed = await sb.browser('sandbox', '/api/Payment/SessionStatus', { tokenSession });
    expect(followed.body).toMatchObject({
      status: 'pending',
      paymentMethods: [{ boleto: { barcode: boleto.barcode } }],
    });
    expect(boletoOf(followed.body)).not.toHaveProperty('payer');
    // The backend reads it whole.
    const stored = await status({ paymentId: reply.body['paymentId'] });
    expect(stored.body).toMatchObject({ paymentMethods: [{ boleto: { payer: BOLETO_PAYER } }] });
    // A pending boleto holds the order, as a pending PIX does.
    expect((await pay(tokenSession, boletoMethod())).body.error?.code).toBe('duplicate_order');
  });

  it('keeps every other rule: the order’s amount, and the payer’s', async () => {
    const tokenSession = await session();
    const cheaper = await pay(tokenSession, boletoMethod(), { amount: 1, currency: 'BRL' });
    expect(cheaper.status).toBe(403);
    expect(cheaper.body.error).toMatchObject({ code: 'session_order_mismatch', field: 'paymentData.amount' });
    const noCep = await pay(tokenSession, boletoMethod(address({ postalCode: '0131010' })));
    expect(noCep.body.error).toMatchObject({
      code: 'invalid_request',
      field: `${payerField}.address.postalCode`,
    });
    const noPayer = await pay(tokenSession, { paymentMethodType: '2' });
    expect(noPayer.body.error).toMatchObject({ code: 'invalid_request', field: payerField });
    expect((await pay(tokenSession, boletoMethod())).status).toBe(201);
  });

  const payerField = 'paymentData.paymentMethods.0.payer';
  const address = (change: Record<string, unknown>) => ({
    payer: { ...BOLETO_PAYER, address: { ...BOLETO_PAYER.address, ...change } },
  });
});

describe('the print page', () => {
  it('shows the boleto on the engine’s origin, under its strict CSP, framed only by the merchant', async () => {
    const reply = await init(boletoMethod());
    const boleto = boletoOf(reply.body);
    const page = await printPage(boleto.printUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain(`frame-ancestors ${MERCHANT_ORIGIN}`);
    const line = boleto.digitableLine;
    const grouped = `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line.slice(32, 33)} ${line.slice(33)}`;
    for (const text of [
      grouped,
      'demo — CNPJ 11.222.333/0001-81',
      'Ada Lovelace — CPF 123.456.789-09',
      'Avenida Paulista, 1000 — Bela Vista — São Paulo/SP — CEP 01310-100',
      boleto.dueDate.split('-').reverse().join('/'),
      'R$',
      '1.234,56',
    ]) {
      expect(page.text).toContain(text);
    }
    // The barcode: start (2 bars), 5 bars per pair of digits, stop (2 bars).
    expect(page.text.match(/<rect x="\d+" y="0" width="[13]" height="50"\/>/g)).toHaveLength(2 + 22 * 5 + 2);
    expect(page.text).not.toMatch(/<script|style=/);
    const style = await fetch(`${sb.urls.sandboxUrl}/boleto/print.css`);
    expect([style.status, style.headers.get('content-type')]).toEqual([200, 'text/css; charset=utf-8']);
  });

  it('answers 404 for an id it did not give, and on the other engine', async () => {
    const boleto = boletoOf((await init(boletoMethod())).body);
    const id = boleto.printUrl.slice(-32);
    expect((await printPage(`${sb.urls.sandboxUrl}/boleto/${'0'.repeat(32)}`)).status).toBe(404);
    expect((await printPage(`${sb.urls.sandboxUrl}/boleto/not-an-id`)).status).toBe(404);
    expect((await printPage(`${sb.urls.engineUrl}/boleto/${id}`)).status).toBe(404);
  });
});
