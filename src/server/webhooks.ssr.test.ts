import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook } from './webhooks.ts';

const SECRET = 'whsec_test_0123456789abcdef';
const NOW = 1_700_000_000_000;
const event = {
  id: 'evt_1',
  type: 'payment.paid',
  createdAt: '2023-11-14T22:13:20.000Z',
  data: { payment: { paymentId: 'pay_1', partnerUniqueId: 'order-1', status: 'paid' } },
};
const payload = JSON.stringify(event);

describe('signWebhook', () => {
  it('matches a vector computed with openssl, the same the sandbox’s signer is held to', async () => {
    // printf '%s' '1700000000.{"id":"evt_1"}' | openssl dgst -sha256 -hmac 'whsec_test_0123456789abcdef'
    // (sandbox/webhooks.test.ts checks the sandbox's own signer against it).
    expect(await signWebhook({ payload: '{"id":"evt_1"}', secret: SECRET, timestamp: 1_700_000_000 })).toBe(
      't=1700000000,v1=950d8e5fabb3af089049297d5e94a2a84e25776792dfb61711758872d45f2336',
    );
  });

  it('signs now by default', async () => {
    const header = await signWebhook({ payload, secret: SECRET });
    const t = Number(/^t=(\d+),v1=[0-9a-f]{64}$/.exec(header)?.[1]);
    expect(Math.abs(t - Date.now() / 1000)).toBeLessThan(5);
  });
});

describe('verifyWebhook', () => {
  const signed = (timestamp = NOW / 1000, body = payload, secret = SECRET) =>
    signWebhook({ payload: body, secret, timestamp });

  it('accepts what the service signed, and hands back the event', async () => {
    const signature = await signed();
    expect(await verifyWebhook({ payload, signature, secret: SECRET, now: NOW })).toEqual({
      ok: true,
      event,
      timestamp: NOW / 1000,
    });
  });

  it('accepts the openssl vector’s header for its body', async () => {
    const result = await verifyWebhook({
      payload: '{"id":"evt_1"}',
      signature: 't=1700000000,v1=950d8e5fabb3af089049297d5e94a2a84e25776792dfb61711758872d45f2336',
      secret: SECRET,
      now: NOW,
    });
    // Signed right, but not an event.
    expect(result).toEqual({ ok: false, reason: 'malformed_body' });
  });

  it('refuses a changed body, another secret, or another timestamp under the same MAC', async () => {
    const signature = await signed();
    const changed = payload.replace('"paid"}', '"expired"}');
    expect(await verifyWebhook({ payload: changed, signature, secret: SECRET, now: NOW })).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(await verifyWebhook({ payload, signature, secret: `${SECRET}x`, now: NOW })).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    const moved = signature.replace(`t=${String(NOW / 1000)}`, `t=${String(NOW / 1000 + 1)}`);
    expect((await verifyWebhook({ payload, signature: moved, secret: SECRET, now: NOW })).ok).toBe(false);
  });

  it('accepts any one matching v1 (a secret being rotated)', async () => {
    const good = (await signed()).split(',')[1];
    const header = `t=${String(NOW / 1000)},v1=${'0'.repeat(64)},${good ?? ''}`;
    expect((await verifyWebhook({ payload, signature: header, secret: SECRET, now: NOW })).ok).toBe(true);
  });

  it('refuses a signature outside the tolerance, either way, and takes another tolerance', async () => {
    const old = await signed(NOW / 1000 - 301);
    expect(await verifyWebhook({ payload, signature: old, secret: SECRET, now: NOW })).toEqual({
      ok: false,
      reason: 'too_old',
    });
    const future = await signed(NOW / 1000 + 301);
    expect((await verifyWebhook({ payload, signature: future, secret: SECRET, now: NOW })).ok).toBe(false);
    const edge = await signed(NOW / 1000 - 300);
    expect((await verifyWebhook({ payload, signature: edge, secret: SECRET, now: NOW })).ok).toBe(true);
    expect(
      (await verifyWebhook({ payload, signature: old, secret: SECRET, now: NOW, toleranceSeconds: 600 })).ok,
    ).toBe(true);
  });

  it('refuses a header it cannot read before computing anything', async () => {
    for (const signature of [
      undefined,
      null,
      '',
      'v1=' + 'a'.repeat(64),
      't=1700000000',
      't=abc,v1=' + 'a'.repeat(64),
      't=1700000000,v1=xyz',
      't=1700000000,v0=' + 'a'.repeat(64),
    ]) {
      expect(
        await verifyWebhook({ payload, signature, secret: SECRET, now: NOW }),
        String(signature),
      ).toEqual({
        ok: false,
        reason: 'malformed_signature',
      });
    }
  });

  it('refuses a signed body that is not an event', async () => {
    for (const body of [
      'not json',
      '[]',
      '{"id":"evt_1","type":"payment.refunded","createdAt":"x","data":{"payment":{"paymentId":"p"}}}',
    ]) {
      const signature = await signed(NOW / 1000, body);
      expect(await verifyWebhook({ payload: body, signature, secret: SECRET, now: NOW })).toEqual({
        ok: false,
        reason: 'malformed_body',
      });
    }
  });
});
