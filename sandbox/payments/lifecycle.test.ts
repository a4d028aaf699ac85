import { beforeEach, describe, expect, it } from 'vitest';
import { crc16CcittFalse } from '../pix/br-code.ts';
import { ManualClock } from '../test/manual-clock.ts';
import { fileSandbox } from '../test/file-sandbox.ts';
import { BOLETO_PAYER } from '../test/harness.ts';

const MINUTE = 60_000;
const clock = new ManualClock(Date.parse('2026-11-22T22:00:00.000Z'));
let order = 0;
const sb = fileSandbox({ now: clock.now, timers: clock.timers, sessionTtlMs: 10 * 24 * 60 * MINUTE });
beforeEach(() => {
  order += 1;
});

/** A pending method; a Boleto with the payer it needs. */
const method = (paymentMethodType: string, amount = 100) => ({
  paymentMethodType,
  amount,
  ...(paymentMethodType === '2' ? { payer: BOLETO_PAYER } : {}),
});
const init = (methods: Record<string, unknown>[], partnerUniqueId = `lifecycle-${String(order)}`) =>
  sb.backend('sandbox', '/api/Payment/Init', {
    partnerUniqueId,
    paymentData: { currency: 'BRL', paymentMethods: methods },
  });
const status = (paymentId: string) => sb.backend('sandbox', '/api/Payment/Status', { paymentId });
const events = async (paymentId: string) => {
  await sb.sandbox.ctx.webhooks.idle();
  return (await sb.control('/__sandbox/webhooks', { paymentId })).body['deliveries'] as { type: string }[];
};
const types = async (paymentId: string) => (await events(paymentId)).map((d) => d.type);

describe('a pending payment', () => {
  it('carries a PIX BR Code of its amount, and expires 30 minutes on', async () => {
    const reply = await init([method('3', 42.5)]);
    expect(reply.status).toBe(201);
    const now = new Date(clock.now()).toISOString();
    const expiresAt = new Date(clock.now() + 30 * MINUTE).toISOString();
    expect(reply.body).toMatchObject({ status: 'pending', createdAt: now, updatedAt: now });
    const [pix] = reply.body['paymentMethods'] as {
      status: string;
      expiresAt: string;
      pix: { brCode: string; expiresAt: string };
    }[];
    expect(pix).toMatchObject({ status: 'pending', expiresAt, pix: { expiresAt } });
    const brCode = pix!.pix.brCode;
    expect(brCode).toMatch(/^000201010212/);
    expect(brCode).toContain('0014br.gov.bcb.pix25');
    expect(brCode).toContain('540542.505802BR5904demo6009SAO PAULO');
    expect(brCode.slice(-8, -4)).toBe('6304');
    expect(crc16CcittFalse(brCode.slice(0, -4))).toBe(brCode.slice(-4));
  });

  it('gives a Boleto until its due date, three days on, ends in São Paulo, and no BR Code', async () => {
    // 22:00 UTC on 2026-11-22 is 19:00 in São Paulo: due on the 25th, payable until it ends (03:00 UTC).
    const reply = await init([method('2')]);
    const [boleto] = reply.body['paymentMethods'] as Record<string, unknown>[];
    expect(boleto?.['expiresAt']).toBe('2026-11-26T03:00:00.000Z');
    expect(boleto).toMatchObject({ boleto: { dueDate: '2026-11-25' } });
    expect(boleto).not.toHaveProperty('pix');
  });

  it('is paid when the shopper pays (settle): status, updatedAt and events follow, once', async () => {
    const created = await init([method('3')]);
    const paymentId = created.body['paymentId'] as string;
    await clock.advance(5 * MINUTE);
    const settled = await sb.control('/__sandbox/payments/settle', { paymentId });
    expect(settled.status).toBe(200);
    expect(settled.body).toMatchObject({
      status: 'paid',
      paymentMethods: [{ status: 'paid' }],
      createdAt: created.body['createdAt'],
      updatedAt: new Date(clock.now()).toISOString(),
    });
    expect((await status(paymentId)).body).toMatchObject({ status: 'paid' });
    // Its expiry no longer applies.
    await clock.advance(60 * MINUTE);
    expect((await status(paymentId)).body['status']).toBe('paid');
    expect(await types(paymentId)).toEqual(['payment.pending', 'payment.paid']);
    const again = await sb.control('/__sandbox/payments/settle', { paymentId });
    expect([again.status, again.body.error?.code, again.body.error?.details]).toEqual([
      409,
      'payment_not_pending',
      { status: 'paid' },
    ]);
  });

  it('expires on its timer, so the webhook goes out without anyone reading', async () => {
    const paymentId = (await init([method('3')])).body['paymentId'] as string;
    await clock.advance(30 * MINUTE - 1_000, () => sb.sandbox.ctx.webhooks.idle());
    expect(await types(paymentId)).toEqual(['payment.pending']);
    await clock.advance(1_000, () => sb.sandbox.ctx.webhooks.idle());
    expect(await types(paymentId)).toEqual(['payment.pending', 'payment.expired']);
    expect((await status(paymentId)).body).toMatchObject({
      status: 'expired',
      paymentMethods: [{ status: 'expired' }],
    });
  });

  it('expires on read when its timer is late, and sends the event once', async () => {
    const paymentId = (await init([method('3')])).body['paymentId'] as string;
    clock.jump(31 * MINUTE);
    expect((await status(paymentId)).body).toMatchObject({
      status: 'expired',
      updatedAt: new Date(clock.now()).toISOString(),
    });
    await clock.advance(0, () => sb.sandbox.ctx.webhooks.idle());
    expect(await types(paymentId)).toEqual(['payment.pending', 'payment.expired']);
    // Too late to pay.
    const settle = await sb.control('/__sandbox/payments/settle', { paymentId });
    expect([settle.status, settle.body.error?.details]).toEqual([409, { status: 'expired' }]);
  });

  it('expires through the control; an expired order can be paid again, a pending one cannot', async () => {
    const reference = `reorder-${String(order)}`;
    const first = (await init([method('2')], reference)).body['paymentId'] as string;
    const duplicate = await init([method('3')], reference);
    expect([duplicate.status, duplicate.body.error?.code]).toEqual([409, 'duplicate_order']);
    expect((await sb.control('/__sandbox/payments/expire', { paymentId: first })).body['status']).toBe(
      'expired',
    );
    const second = await init([method('3')], reference);
    expect(second.status).toBe(201);
    const byOrder = await sb.backend('sandbox', '/api/Payment/Status', { partnerUniqueId: reference });
    expect(byOrder.body['paymentId']).toBe(second.body['paymentId']);
  });

  it('follows its methods: one expired method expires the payment; paid and authorized make paid', async () => {
    const split = (await init([method('3', 50), method('2', 50)])).body['paymentId'] as string;
    // PIX's 30 minutes end first: the payment is expired, with every method still waiting.
    await clock.advance(30 * MINUTE, () => sb.sandbox.ctx.webhooks.idle());
    expect(
      ((await status(split)).body['paymentMethods'] as { status: string }[]).map((m) => m.status),
    ).toEqual(['expired', 'expired']);
    const mixed = await init([method('8', 50), method('3', 50)]);
    expect(mixed.body['status']).toBe('pending');
    const paid = await sb.control('/__sandbox/payments/settle', { paymentId: mixed.body['paymentId'] });
    expect(paid.body).toMatchObject({
      status: 'paid',
      paymentMethods: [{ status: 'authorized' }, { status: 'paid' }],
    });
  });

  it('refuses an unknown payment, a payment that was never pending, and a page', async () => {
    const unknown = await sb.control('/__sandbox/payments/expire', { paymentId: 'pay_nope' });
    expect([unknown.status, unknown.body.error?.code]).toEqual([404, 'payment_not_found']);
    const gift = (await init([method('8')])).body['paymentId'] as string;
    const refused = await sb.control('/__sandbox/payments/settle', { paymentId: gift });
    expect([refused.status, refused.body.error?.code, refused.body.error?.details]).toEqual([
      409,
      'payment_not_pending',
      { status: 'authorized' },
    ]);
    const fromPage = await sb.raw('token', '/__sandbox/payments/settle', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'http://127.0.0.1:4173',
        'x-sandbox-control': '1',
      },
      body: JSON.stringify({ paymentId: gift }),
    });
    expect(fromPage.body.error?.code).toBe('sandbox_control_required');
  });

  it('stops waiting after a reset: no expiry fires and no delivery is left', async () => {
    await init([method('3')]);
    expect(clock.pending).toBeGreaterThan(0);
    expect((await sb.control('/__sandbox/reset')).status).toBe(200);
    expect(clock.pending).toBe(0);
    expect((await sb.control('/__sandbox/webhooks')).body).toEqual({ deliveries: [] });
  });
});

describe('a split either completes or leaves nothing authorized', () => {
  /** A card half (a token of a fresh session) and a PIX half, 50 and 50, for one order. */
  async function cardAndPix(partnerUniqueId: string, cardNumber = '4111111111111111') {
    const sessionId = await sb.session();
    const token = await sb.tokenize(sessionId, { cardNumber });
    return sb.backend('sandbox', '/api/Payment/Init', {
      tokenSession: sessionId,
      partnerUniqueId,
      paymentData: {
        amount: 100,
        currency: 'BRL',
        paymentMethods: [
          { paymentMethodType: '1', amount: 50, cardInfo: { token, tokenProvider: 'Service' } },
          method('3', 50),
        ],
      },
    });
  }

  it('voids the card half when the PIX half expires, says so in the record and the event, then takes the order again', async () => {
    const partnerUniqueId = `split-${String(order)}`;
    const created = await cardAndPix(partnerUniqueId);
    expect(created.body).toMatchObject({
      status: 'pending',
      paymentMethods: [{ status: 'authorized' }, { status: 'pending' }],
    });
    const paymentId = created.body['paymentId'] as string;
    await clock.advance(30 * MINUTE);
    const voidedAt = new Date(clock.now()).toISOString();
    expect((await status(paymentId)).body).toMatchObject({
      status: 'expired',
      paymentMethods: [
        { kind: 'card', status: 'voided', voidedAt },
        { method: 'pix', status: 'expired' },
      ],
    });
    expect(await types(paymentId)).toEqual(['payment.pending', 'payment.expired']);
    const sent = sb.webhookCalls
      .map((call) => JSON.parse(call.body) as { type: string; data: { payment: Record<string, unknown> } })
      .find((event) => event.type === 'payment.expired' && event.data.payment['paymentId'] === paymentId);
    expect(sent?.data.payment['paymentMethods']).toMatchObject([{ status: 'voided', voidedAt }, {}]);
    // Nothing is held for the order any more: it can be paid again.
    expect((await cardAndPix(partnerUniqueId)).status).toBe(201);
  });

  it('voids what a part authorized when another part is declined at Payment/Init', async () => {
    const sessionId = await sb.session();
    const approving = await sb.tokenize(sessionId);
    const declining = await sb.tokenize(sessionId, { cardNumber: '4000000000000002' });
    const card = (token: string) => ({
      paymentMethodType: '1',
      amount: 50,
      cardInfo: { token, tokenProvider: 'Service' },
    });
    const reply = await sb.backend('sandbox', '/api/Payment/Init', {
      tokenSession: sessionId,
      partnerUniqueId: `split-declined-${String(order)}`,
      paymentData: { amount: 100, currency: 'BRL', paymentMethods: [card(approving), card(declining)] },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      status: 'declined',
      paymentMethods: [{ status: 'voided' }, { status: 'declined', declineReason: 'do_not_honor' }],
    });
  });
});
