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

  it('throws a TypeError for a blank secret, a payload not a string or a timestamp it cannot sign', async () => {
    for (const secret of ['', '  ']) {
      await expect(signWebhook({ payload, secret })).rejects.toThrow(
        new TypeError(
          `signWebhook: secret must be the account's webhook secret, a non-empty string (got ${secret === '' ? 'an empty string' : 'a string of only whitespace'}): check the environment variable or setting it is read from`,
        ),
      );
    }
    await expect(signWebhook({ payload: event as never, secret: SECRET })).rejects.toThrow(/payload must be/);
    for (const timestamp of [NOW, NaN, -1, 1.5]) {
      await expect(signWebhook({ payload, secret: SECRET, timestamp }), String(timestamp)).rejects.toThrow(
        /^signWebhook: timestamp must be whole unix seconds/,
      );
    }
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

  describe('misconfigured: fails closed with a value naming the option, before reading the request', () => {
    const TEN_YEARS = 10 * 365 * 24 * 3600;
    const misconfigured = (option: string) => ({
      ok: false,
      reason: 'misconfigured',
      message: expect.stringContaining(`${option} must be`) as string,
    });

    it('refuses a tolerance that is not a finite number above 0, even for a signature ten years old', async () => {
      const ancient = await signed(NOW / 1000 - TEN_YEARS);
      // NaN and "abc" are what Number(process.env.X) and process.env.X give when X is unset or a typo.
      for (const toleranceSeconds of [NaN, 'abc', '300', Infinity, 0, -300, null]) {
        expect(
          await verifyWebhook({
            payload,
            signature: ancient,
            secret: SECRET,
            now: NOW,
            toleranceSeconds: toleranceSeconds as number,
          }),
          String(toleranceSeconds),
        ).toEqual(misconfigured('toleranceSeconds'));
      }
      expect(
        await verifyWebhook({ payload, signature: ancient, secret: SECRET, now: NOW, toleranceSeconds: NaN }),
      ).toEqual({
        ok: false,
        reason: 'misconfigured',
        message:
          'toleranceSeconds must be a finite number of seconds greater than 0, or absent for the default 300 (got NaN): Number() of an unset or non-numeric environment variable is NaN',
      });
    });

    it('resolves to a refusal for an empty, blank or missing secret instead of throwing', async () => {
      const signature = await signed();
      for (const secret of ['', ' \n', undefined, null, 42]) {
        expect(
          await verifyWebhook({ payload, signature, secret: secret as string, now: NOW }),
          String(secret),
        ).toEqual(misconfigured('secret'));
      }
    });

    it('refuses a payload that is not the raw body as a string (parsed JSON, bytes)', async () => {
      const signature = await signed();
      for (const body of [event, new TextEncoder().encode(payload), undefined]) {
        expect(await verifyWebhook({ payload: body as never, signature, secret: SECRET, now: NOW })).toEqual(
          misconfigured('payload'),
        );
      }
      expect(
        await verifyWebhook({ payload: event as never, signature, secret: SECRET, now: NOW }),
      ).toMatchObject({
        message: expect.stringContaining('(got an object): read the body as text') as string,
      });
    });

    it('refuses a now that is not a finite number, rather than accepting any age', async () => {
      const ancient = await signed(NOW / 1000 - TEN_YEARS);
      for (const now of [NaN, Infinity, String(NOW)]) {
        expect(
          await verifyWebhook({ payload, signature: ancient, secret: SECRET, now: now as number }),
          String(now),
        ).toEqual(misconfigured('now'));
      }
    });

    it('answers misconfigured for every request, signed or not, and never shows the secret', async () => {
      for (const signature of [await signed(), undefined, 'garbage']) {
        const result = await verifyWebhook({
          payload,
          signature,
          secret: SECRET,
          now: NOW,
          toleranceSeconds: NaN,
        });
        expect(result).toEqual(misconfigured('toleranceSeconds'));
        expect(JSON.stringify(result)).not.toContain(SECRET);
      }
      expect(await verifyWebhook({ payload, signature: undefined, secret: '' })).toEqual(
        misconfigured('secret'),
      );
    });

    it('resolves, never rejects, for options that are not an object or a header that is not a string', async () => {
      expect(await verifyWebhook(undefined as never)).toEqual({
        ok: false,
        reason: 'misconfigured',
        message: 'verifyWebhook takes one object {payload, signature, secret} (got undefined)',
      });
      // What Node's `request.headersDistinct` holds, passed on without types.
      const twice = [await signed(), await signed()];
      expect(await verifyWebhook({ payload, signature: twice as never, secret: SECRET, now: NOW })).toEqual({
        ok: false,
        reason: 'malformed_signature',
      });
    });
  });
});
