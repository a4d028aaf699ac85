import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseAccounts } from './accounts.ts';
import { startSandbox } from './server.ts';
import { ManualClock } from './test/manual-clock.ts';
import {
  ACCOUNTS,
  recordingWebhookFetch,
  startTestSandbox,
  type TestSandbox,
  type WebhookCall,
} from './test/harness.ts';
import { retryDelayMs, signWebhookPayload, WEBHOOK_DELIVERY, type WebhookFetch } from './webhooks.ts';

const SECRET = ACCOUNTS['demo']?.webhook?.secret ?? '';

describe('the signature', () => {
  it('is t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">: a vector computed with openssl', () => {
    // printf '%s' '1700000000.{"id":"evt_1"}' | openssl dgst -sha256 -hmac 'whsec_test_0123456789abcdef'
    // src/server/webhooks.node.test.ts checks the SDK's verifier against the same vector.
    expect(signWebhookPayload('whsec_test_0123456789abcdef', 1_700_000_000, '{"id":"evt_1"}')).toBe(
      't=1700000000,v1=950d8e5fabb3af089049297d5e94a2a84e25776792dfb61711758872d45f2336',
    );
  });

  it('backs off 1 s, 2 s, 4 s … up to a minute', () => {
    const waits = Array.from({ length: WEBHOOK_DELIVERY.maxAttempts - 1 }, (_, i) => retryDelayMs(i + 1));
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000]);
  });
});

describe('deliveries', () => {
  const clock = new ManualClock(Date.parse('2026-11-22T22:00:00.000Z'));
  const answers: (number | 'network_error')[] = [];
  const calls: WebhookCall[] = [];
  let sb: TestSandbox;
  let order = 0;
  beforeAll(async () => {
    sb = await startTestSandbox({
      now: clock.now,
      timers: clock.timers,
      webhookFetch: recordingWebhookFetch(calls, answers),
    });
  });
  afterAll(() => sb.close());
  afterEach(async () => {
    answers.length = 0;
    calls.length = 0;
    await sb.control('/__sandbox/reset');
  });

  const idle = () => sb.sandbox.ctx.webhooks.idle();
  const pix = async (account = 'demo') => {
    order += 1;
    const reply = await sb.backend(
      'sandbox',
      '/api/Payment/Init',
      {
        partnerUniqueId: `hook-${String(order)}`,
        paymentData: { currency: 'BRL', paymentMethods: [{ paymentMethodType: '3', amount: 10 }] },
      },
      { account },
    );
    return reply.body['paymentId'] as string;
  };
  const deliveries = async () =>
    (await sb.control('/__sandbox/webhooks')).body['deliveries'] as Record<string, unknown>[];

  it('POSTs a signed event with the payment as Payment/Status answers it', async () => {
    const paymentId = await pix();
    await idle();
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.url).toBe('http://127.0.0.1:4173/api/webhooks');
    const event = JSON.parse(call!.body) as Record<string, unknown>;
    const answered = (await sb.backend('sandbox', '/api/Payment/Status', { paymentId })).body;
    expect(event).toEqual({
      id: expect.stringMatching(/^evt_/) as string,
      type: 'payment.pending',
      createdAt: new Date(clock.now()).toISOString(),
      data: { payment: answered },
    });
    const timestamp = String(Math.floor(clock.now() / 1000));
    expect(call!.headers.get('content-type')).toBe('application/json');
    expect(call!.headers.get('x-service-event-id')).toBe(event['id']);
    expect(call!.headers.get('x-service-timestamp')).toBe(timestamp);
    const mac = createHmac('sha256', SECRET).update(`${timestamp}.${call!.body}`).digest('hex');
    expect(call!.headers.get('x-service-signature')).toBe(`t=${timestamp},v1=${mac}`);
    expect(await deliveries()).toEqual([
      expect.objectContaining({
        eventId: event['id'],
        type: 'payment.pending',
        paymentId,
        attempts: 1,
        lastStatus: 204,
        state: 'delivered',
        nextAttemptAt: null,
      }),
    ]);
  });

  it('retries a failure with backoff, the same event each time, signed anew', async () => {
    answers.push(500, 'network_error', 302);
    await pix();
    await idle();
    expect(calls).toHaveLength(1);
    await clock.advance(999, idle);
    expect(calls).toHaveLength(1);
    expect((await deliveries())[0]).toMatchObject({ attempts: 1, lastStatus: 500, state: 'retrying' });
    await clock.advance(1, idle);
    expect(calls).toHaveLength(2);
    expect((await deliveries())[0]).toMatchObject({ attempts: 2, lastStatus: 'network_error' });
    await clock.advance(2_000, idle);
    expect(calls).toHaveLength(3);
    await clock.advance(4_000, idle);
    expect(calls).toHaveLength(4);
    expect((await deliveries())[0]).toMatchObject({ attempts: 4, lastStatus: 204, state: 'delivered' });
    expect(new Set(calls.map((c) => c.body)).size).toBe(1);
    expect(new Set(calls.map((c) => c.headers.get('x-service-event-id'))).size).toBe(1);
    expect(calls.map((c) => Number(c.headers.get('x-service-timestamp')))).toEqual(
      [0, 1, 3, 7].map((s) => Math.floor(clock.now() / 1000) - 7 + s),
    );
  });

  it('gives up after the last attempt, and keeps a payment’s events in order meanwhile', async () => {
    answers.push(...Array<number>(WEBHOOK_DELIVERY.maxAttempts).fill(503));
    const paymentId = await pix();
    await idle();
    await sb.control('/__sandbox/payments/settle', { paymentId });
    // The paid event waits behind the pending one: one payment's events arrive in order.
    await clock.advance(60_000, idle);
    expect(calls.every((c) => c.body.includes('"payment.pending"'))).toBe(true);
    await clock.advance(10 * 60_000, idle);
    const [pending, paid] = await deliveries();
    expect(pending).toMatchObject({
      attempts: WEBHOOK_DELIVERY.maxAttempts,
      lastStatus: 503,
      state: 'failed',
    });
    expect(paid).toMatchObject({ type: 'payment.paid', attempts: 1, state: 'delivered' });
    expect(calls.map((c) => (JSON.parse(c.body) as { type: string }).type).slice(-2)).toEqual([
      'payment.pending',
      'payment.paid',
    ]);
  });

  it('never holds up the API answer, and a reset drops what waits', async () => {
    const hanging: WebhookFetch = () => new Promise<Response>(() => undefined);
    const slow = await startTestSandbox({ now: clock.now, timers: clock.timers, webhookFetch: hanging });
    try {
      const started = performance.now();
      const reply = await slow.backend('sandbox', '/api/Payment/Init', {
        partnerUniqueId: 'hangs',
        paymentData: { currency: 'BRL', paymentMethods: [{ paymentMethodType: '4', amount: 10 }] },
      });
      expect(reply.status).toBe(201);
      expect(performance.now() - started).toBeLessThan(1_000);
    } finally {
      await slow.close();
    }
    answers.push(500);
    await pix();
    await idle();
    await sb.control('/__sandbox/reset');
    await clock.advance(60_000, idle);
    expect(calls).toHaveLength(1);
    expect(await deliveries()).toEqual([]);
  });

  it('sends nothing for an account without a webhook, or an antifraud-only payment', async () => {
    await pix('demo-no3ds');
    await sb.backend('sandbox', '/api/Payment/Init', {
      partnerUniqueId: 'antifraud-only',
      paymentData: {
        paymentMethods: [
          { paymentMethodType: '1', amount: 10, cardInfo: { cardNumber: '411111******1111' } },
        ],
      },
    });
    await idle();
    expect(calls).toEqual([]);
  });
});

describe('the accounts file', () => {
  const base = {
    name: 'shop',
    appToken: 'sbx_app_shop_0123456789',
    environment: 'sandbox',
    allowedOrigins: ['http://localhost:3000'],
    threeDS: false,
    pciCertified: false,
  };

  it('takes an optional webhook, fills {demo_origin} in its URL, and refuses a wrong one', () => {
    expect(parseAccounts({ accounts: [base] })[0]?.webhook).toBeUndefined();
    const webhook = { url: '{demo_origin}/api/webhooks', secret: 'whsec_0123456789abcdef' };
    expect(
      parseAccounts({ accounts: [{ ...base, webhook }] }, { demo_origin: 'http://127.0.0.1:9' })[0]?.webhook,
    ).toEqual({ url: 'http://127.0.0.1:9/api/webhooks', secret: webhook.secret });
    for (const wrong of [
      { ...webhook, url: 'ftp://shop.example/hook' },
      { ...webhook, url: '/api/webhooks' },
      { ...webhook, url: '{shop_origin}/hook' },
      { ...webhook, secret: 'short' },
      { ...webhook, events: ['payment.paid'] },
      { url: webhook.url },
    ])
      expect(() =>
        parseAccounts({ accounts: [{ ...base, webhook: wrong }] }, { demo_origin: 'http://a.test' }),
      ).toThrow();
  });
});

describe('over real HTTP', () => {
  let receiver: Server;
  const received: { headers: Record<string, unknown>; body: string }[] = [];
  beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.writeHead(request.url === '/api/webhooks' ? 200 : 404).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  });
  afterAll(
    () =>
      new Promise<void>((resolve) =>
        receiver.close(() => {
          resolve();
        }),
      ),
  );

  it('reaches {demo_origin}/api/webhooks with the signed event', async () => {
    const port = (receiver.address() as AddressInfo).port;
    const running = await startSandbox({
      ports: { token: 0, engine: 0, sandbox: 0, threeDs: 0, wallets: 0, demo: port },
      accounts: (urls) =>
        parseAccounts(
          {
            accounts: [
              {
                ...ACCOUNTS['demo'],
                allowedOrigins: ['{demo_origin}'],
                webhook: { url: '{demo_origin}/api/webhooks', secret: SECRET },
              },
            ],
          },
          { demo_origin: urls.demoUrl },
        ),
    });
    try {
      const reply = await fetch(`${running.urls.sandboxUrl}/api/Payment/Init`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-service-account': 'demo',
          'x-service-apptoken': ACCOUNTS['demo']?.appToken ?? '',
        },
        body: JSON.stringify({
          partnerUniqueId: 'real-http',
          paymentData: { currency: 'BRL', paymentMethods: [{ paymentMethodType: '3', amount: 1 }] },
        }),
      });
      expect(reply.status).toBe(201);
      await running.sandbox.ctx.webhooks.idle();
      expect(received).toHaveLength(1);
      const [hit] = received;
      const timestamp = String(hit!.headers['x-service-timestamp']);
      const mac = createHmac('sha256', SECRET).update(`${timestamp}.${hit!.body}`).digest('hex');
      expect(hit!.headers['x-service-signature']).toBe(`t=${timestamp},v1=${mac}`);
      expect(running.sandbox.ctx.webhooks.list()[0]).toMatchObject({ state: 'delivered', lastStatus: 200 });
    } finally {
      await running.close();
    }
  });
});
