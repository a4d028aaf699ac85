import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERRORS } from './errors.ts';
import { MAX_JSON_DEPTH } from './http/request.ts';
import { threeDsSteps } from './three-ds/test-support.ts';
import { TEST_CARDS } from './three-ds/test-cards.ts';
import { account, futureYear, MERCHANT_ORIGIN, VISA, type Server } from './test/harness.ts';
import { fileSandbox } from './test/file-sandbox.ts';

const sb = fileSandbox();

const demo = account('demo');
const backendHeaders = {
  'content-type': 'application/json',
  'x-service-account': demo.name,
  'x-service-apptoken': demo.appToken,
};
const pci = account('demo-pci');
const pciHeaders = { ...backendHeaders, 'x-service-account': pci.name, 'x-service-apptoken': pci.appToken };
const browserHeaders = {
  'content-type': 'application/json',
  'x-service-account': demo.name,
  origin: MERCHANT_ORIGIN,
};

const ENDPOINTS: readonly [Server, string, Record<string, string>][] = [
  ['token', '/api/Token/NewSession', backendHeaders],
  ['token', '/api/Token/Generate', browserHeaders],
  ['token', '/api/Token/List', browserHeaders],
  ['token', '/api/Token/Bind', browserHeaders],
  ['token', '/api/integrations/pci/init', pciHeaders],
  ['sandbox', '/api/Payment/Init', backendHeaders],
  ['sandbox', '/api/Payment/Init', browserHeaders],
  ['sandbox', '/api/Payment/Status', backendHeaders],
];

function expectError(
  reply: { status: number; body: { error?: { code: string; message: string } } },
  status: number,
  code: string,
) {
  expect(reply.status).toBe(status);
  expect(reply.body.error?.code).toBe(code);
  // invalid_request names the field in its message; every other code keeps the table's message.
  if (code !== 'invalid_request')
    expect(reply.body.error?.message).toBe(ERRORS[code as keyof typeof ERRORS][1]);
}

describe.each(ENDPOINTS)('%s %s', (server, path, headers) => {
  it('answers malformed JSON with 400 malformed_json', async () => {
    expectError(
      await sb.raw(server, path, { method: 'POST', headers, body: '{"customer": ' }),
      400,
      'malformed_json',
    );
  });

  it('answers another content type with 415', async () => {
    expectError(
      await sb.raw(server, path, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'text/plain' },
        body: '{}',
      }),
      415,
      'unsupported_media_type',
    );
  });

  it('takes JSON in UTF-8 only: another charset is 415, bytes that are not UTF-8 are 400', async () => {
    for (const charset of ['latin1', 'iso-8859-1', '"windows-1252"']) {
      const reply = await sb.raw(server, path, {
        method: 'POST',
        headers: { ...headers, 'content-type': `application/json; charset=${charset}` },
        body: '{}',
      });
      expect(reply.status).toBe(415);
      expect(reply.body.error?.code).toBe('unsupported_media_type');
      expect(reply.body.error?.message).toContain('UTF-8');
    }
    const latin1 = new Uint8Array([
      ...new TextEncoder().encode('{"customer":{"id":"Jos'),
      0xe9,
      0x22,
      0x7d,
      0x7d,
    ]);
    const reply = await sb.raw(server, path, { method: 'POST', headers, body: latin1 });
    expect(reply.status).toBe(400);
    expect(reply.body.error?.code).toBe('malformed_json');
    const declared = await sb.raw(server, path, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json; charset=UTF-8' },
      body: '{"customer": ',
    });
    expect(declared.body.error?.code).toBe('malformed_json');
  });

  it('refuses a lone UTF-16 surrogate in any string or key, naming where', async () => {
    for (const [body, field] of [
      ['{"customer":{"id":"c\\ud800"}}', 'customer.id'],
      ['{"sessionId":"\\udfff-x"}', 'sessionId'],
      ['{"frontData":{"\\ud83d":"x"}}', 'frontData.\ud83d'],
    ] as const) {
      const reply = await sb.raw(server, path, { method: 'POST', headers, body });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toMatchObject({ code: 'invalid_request', field });
    }
  });

  it('answers a body over the limit with 413, declared or streamed', async () => {
    const big = JSON.stringify({ pad: 'x'.repeat(300 * 1024) });
    expectError(await sb.raw(server, path, { method: 'POST', headers, body: big }), 413, 'payload_too_large');
    const stream = new Blob([big]).stream();
    const reply = await sb.raw(server, path, {
      method: 'POST',
      headers,
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expectError(reply, 413, 'payload_too_large');
  });

  it('answers a JSON array, null and a string with 400 invalid_request', async () => {
    for (const body of ['[]', 'null', '"x"', '42']) {
      expectError(await sb.raw(server, path, { method: 'POST', headers, body }), 400, 'invalid_request');
    }
  });

  it('answers GET with 405', async () => {
    expectError(await sb.raw(server, path, { method: 'GET' }), 405, 'method_not_allowed');
  });

  it('never answers 500 to random JSON', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), async (value) => {
        const reply = await sb.raw(server, path, { method: 'POST', headers, body: JSON.stringify(value) });
        expect(reply.status).toBeGreaterThanOrEqual(400);
        expect(reply.status).toBeLessThan(500);
        expect(reply.body.error?.code).toBeTypeOf('string');
      }),
      { numRuns: 60 },
    );
  });
});

describe('shapes', () => {
  it('never answers 500 to bodies shaped like the real ones with random values', async () => {
    const sessionId = await sb.session();
    const anything = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(undefined));
    const card = fc.record(
      {
        cardNumber: anything,
        expirationMonth: anything,
        expirationYear: anything,
        cvv: anything,
        singleUse: anything,
        cardHolderName: anything,
      },
      { requiredKeys: [] },
    );
    const method = fc.record(
      {
        paymentMethodType: fc.oneof(fc.constantFrom('1', '2', '3', '7', '8'), anything),
        amount: anything,
        cardInfo: fc.record(
          {
            token: anything,
            tokenProvider: fc.oneof(
              fc.constantFrom('Service', 'networktoken', 'WalletAPay', 'WalletBPay'),
              anything,
            ),
            cardNumber: anything,
            cryptogram: anything,
            networkTokenExpirationMonth: anything,
            networkTokenExpirationYear: anything,
          },
          { requiredKeys: [] },
        ),
        AuthenticationInformation: anything,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(card, method, fc.boolean(), async (cardValue, methodValue, useSession) => {
        const generate = await sb.raw('token', '/api/Token/Generate', {
          method: 'POST',
          headers: browserHeaders,
          body: JSON.stringify({ sessionId, card: cardValue }),
        });
        expect(generate.status).not.toBe(500);
        const init = await sb.raw('sandbox', '/api/Payment/Init', {
          method: 'POST',
          headers: backendHeaders,
          body: JSON.stringify({
            partnerUniqueId: `p-${String(Math.random())}`,
            ...(useSession ? { tokenSession: sessionId } : {}),
            paymentData: { currency: 'BRL', paymentMethods: [methodValue] },
          }),
        });
        expect(init.status).not.toBe(500);
      }),
      { numRuns: 150 },
    );
  }, 30_000);

  it('refuses unknown fields where they matter, naming the field', async () => {
    const sessionId = await sb.session();
    const reply = await sb.browser('token', '/api/Token/Generate', {
      sessionId,
      card: {
        cardNumber: '4111111111111111',
        expirationMonth: 1,
        expirationYear: 2030,
        cvv: '123',
        pin: '1234',
      },
    });
    expectError(reply, 400, 'invalid_request');
    expect(reply.body.error).toMatchObject({ details: { issues: [{ field: 'card' }] } });
    expect(reply.body.error?.message).toContain('pin');
  });

  it('keeps custom data where the spec allows it', async () => {
    const reply = await sb.backend('token', '/api/Token/NewSession', {
      customer: { id: 'c', data: { isCorporate: true, nested: { deep: [1, 2] } } },
    });
    expect(reply.status).toBe(200);
  });

  it('refuses the same field in two spellings', async () => {
    const reply = await sb.backend('token', '/api/Token/NewSession', {
      customer: { id: 'c' },
      partnerUniqueId: 'a',
      partneruniqueid: 'b',
    });
    expectError(reply, 400, 'invalid_request');
  });

  it('names wrong types precisely', async () => {
    const sessionId = await sb.session();
    const reply = await sb.browser('token', '/api/Token/Generate', {
      sessionId,
      card: { cardNumber: 4111111111111111, expirationMonth: '12', expirationYear: 2030, cvv: '123' },
    });
    expect(reply.body.error?.field).toBe('card.cardNumber');
    expect(reply.body.error?.details?.['issues']).toContainEqual({
      field: 'card.expirationMonth',
      message: expect.any(String) as string,
    });
  });

  it('does not let a __proto__ key reach an object prototype', async () => {
    const reply = await sb.raw('token', '/api/Token/NewSession', {
      method: 'POST',
      headers: backendHeaders,
      body: '{"customer":{"id":"c"},"__proto__":{"polluted":true}}',
    });
    expectError(reply, 400, 'invalid_request');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

/** `n` nested arrays, as text: deeper than a JSON.stringify in the test would survive. */
const nestedArrays = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
/** `n` nested objects, as text. */
const nestedObjects = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
/** A JSON body with `raw` (JSON text) in place of the string "__RAW__". */
const withRaw = (body: unknown, raw: string) => JSON.stringify(body).replace('"__RAW__"', raw);

const PIX = { paymentMethodType: '3', amount: 1 };
/** Payment/Init bodies with a value in each place the spec allows custom data (and frontData). */
const CUSTOM_DATA_PLACES: Readonly<Record<string, (id: string) => Record<string, unknown>>> = {
  'customer.data': (id) => ({
    partnerUniqueId: id,
    customer: { id: 'c', data: { x: '__RAW__' } },
    paymentData: { currency: 'BRL', paymentMethods: [PIX] },
  }),
  'paymentItems.items.0.antiFraud.data': (id) => ({
    partnerUniqueId: id,
    paymentItems: { items: [{ amount: 1, antiFraud: { data: { x: '__RAW__' } } }] },
    paymentData: { currency: 'BRL', paymentMethods: [PIX] },
  }),
  'paymentData.antiFraud.data': (id) => ({
    partnerUniqueId: id,
    paymentData: { currency: 'BRL', paymentMethods: [PIX], antiFraud: { data: { x: '__RAW__' } } },
  }),
  'paymentData.paymentMethods.0.data': (id) => ({
    partnerUniqueId: id,
    paymentData: { currency: 'BRL', paymentMethods: [{ ...PIX, data: { x: '__RAW__' } }] },
  }),
  frontData: (id) => ({
    partnerUniqueId: id,
    frontData: { x: '__RAW__' },
    paymentData: { currency: 'BRL', paymentMethods: [PIX] },
  }),
};
/** How deep each place's `x` already sits (the body is level 1). */
const PLACE_DEPTH: Readonly<Record<string, number>> = {
  'customer.data': 3,
  'paymentItems.items.0.antiFraud.data': 6,
  'paymentData.antiFraud.data': 4,
  'paymentData.paymentMethods.0.data': 5,
  frontData: 2,
};

describe('nesting depth', () => {
  let order = 0;
  const init = (place: string, raw: string) => {
    order += 1;
    const id = `deep-${String(order)}`;
    const body = withRaw(CUSTOM_DATA_PLACES[place]?.(id), raw);
    return sb
      .raw('sandbox', '/api/Payment/Init', { method: 'POST', headers: backendHeaders, body })
      .then((reply) => ({ reply, id }));
  };
  const status = (partnerUniqueId: string) =>
    sb.raw('sandbox', '/api/Payment/Status', {
      method: 'POST',
      headers: backendHeaders,
      body: JSON.stringify({ partnerUniqueId }),
    });

  it.each(Object.keys(CUSTOM_DATA_PLACES))(
    'Payment/Init takes %s up to the cap, refuses one level more with a clear 400, and stores nothing',
    async (place) => {
      const room = MAX_JSON_DEPTH - (PLACE_DEPTH[place] ?? 0);
      const fits = await init(place, nestedObjects(room));
      expect(fits.reply.status, JSON.stringify(fits.reply.body)).toBe(201);
      for (const raw of [nestedObjects(room + 1), nestedArrays(100_000)]) {
        const { reply, id } = await init(place, raw);
        expectError(reply, 400, 'invalid_request');
        expect(reply.body.error).toMatchObject({
          field: place.split('.')[0],
          details: { maxDepth: MAX_JSON_DEPTH },
        });
        expect(reply.body.error?.message).toContain(`deeper than ${String(MAX_JSON_DEPTH)} levels`);
        expectError(await status(id), 404, 'payment_not_found');
      }
    },
  );

  it.each(ENDPOINTS)('%s %s refuses a deep body with 400, never 500', async (server, path, headers) => {
    for (const raw of [nestedArrays(MAX_JSON_DEPTH), nestedArrays(7_000), nestedObjects(2_000)]) {
      const reply = await sb.raw(server, path, {
        method: 'POST',
        headers,
        body: withRaw({ x: '__RAW__' }, raw),
      });
      expectError(reply, 400, 'invalid_request');
      expect(reply.body.error?.details?.['maxDepth']).toBe(MAX_JSON_DEPTH);
    }
  });

  it('a Token/Generate refused for deep frontData saves no card and spends no 3DS setup', async () => {
    const steps = threeDsSteps(sb);
    const sessionId = await sb.session({ customerId: 'deep-front-data' });
    const number = TEST_CARDS['001'].frictionless_success;
    const setup = await steps.setupOk(sessionId, number);
    const card = { cardNumber: number, expirationMonth: 1, expirationYear: futureYear(), singleUse: false };
    const body = withRaw(
      {
        sessionId,
        card: { ...card, cvv: '123' },
        authenticationInformation: { code: setup.code },
        frontData: { x: '__RAW__' },
      },
      nestedArrays(7_000),
    );
    const refused = await sb.raw('token', '/api/Token/Generate', {
      method: 'POST',
      headers: browserHeaders,
      body,
    });
    expectError(refused, 400, 'invalid_request');
    const listed = await sb.browser('token', '/api/Token/List', { sessionId });
    expect(listed.body['tokens']).toEqual([]);
    const enrolled = await steps.generate(sessionId, card, setup.code);
    expect(enrolled.status).toBe(200);
    expect(enrolled.body['authentication']).toMatchObject({ status: 'Y' });
  });
});

describe('deep and wide shapes (property)', () => {
  const deepOrWide = fc.oneof(
    fc.integer({ min: 1, max: 8_000 }).map(nestedArrays),
    fc.integer({ min: 1, max: 300 }).map(nestedObjects),
    fc
      .dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 400 })
      .map((value) => JSON.stringify(value)),
    fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 400 }).map((value) => JSON.stringify(value)),
  );

  it('never answers 500, and a refused request leaves List and Status as they were', async () => {
    const sessionId = await sb.session({ customerId: 'deep-and-wide' });
    const saved = async () =>
      ((await sb.browser('token', '/api/Token/List', { sessionId })).body['tokens'] as unknown[]).length;
    let order = 0;
    await fc.assert(
      fc.asyncProperty(
        deepOrWide,
        fc.constantFrom(...Object.keys(CUSTOM_DATA_PLACES)),
        async (raw, place) => {
          const before = await saved();
          const generate = await sb.raw('token', '/api/Token/Generate', {
            method: 'POST',
            headers: browserHeaders,
            body: withRaw(
              {
                sessionId,
                card: { ...VISA, expirationYear: futureYear(), singleUse: false },
                frontData: { x: '__RAW__' },
              },
              raw,
            ),
          });
          expect(generate.status).toBeLessThan(500);
          expect(await saved()).toBe(generate.status === 200 ? before + 1 : before);

          order += 1;
          const id = `wide-${String(order)}`;
          const init = await sb.raw('sandbox', '/api/Payment/Init', {
            method: 'POST',
            headers: backendHeaders,
            body: withRaw(CUSTOM_DATA_PLACES[place]?.(id), raw),
          });
          expect(init.status).toBeLessThan(500);
          const stored = await sb.raw('sandbox', '/api/Payment/Status', {
            method: 'POST',
            headers: backendHeaders,
            body: JSON.stringify({ partnerUniqueId: id }),
          });
          expect(stored.status).toBe(init.status === 201 ? 200 : 404);
        },
      ),
      { numRuns: 80 },
    );
  }, 60_000);
});

describe('every answer', () => {
  it('carries a request id, Server-Timing and no-store', async () => {
    const reply = await sb.raw('token', '/api/Token/List', {
      method: 'POST',
      headers: browserHeaders,
      body: '{}',
    });
    expect(reply.headers.get('x-request-id')).toMatch(/^req_/);
    expect(reply.headers.get('x-request-id')).toBe(
      (reply.body.error as unknown as { requestId: string }).requestId,
    );
    expect(reply.headers.get('server-timing')).toMatch(/^app;dur=\d+(\.\d)?$/);
    expect(reply.headers.get('cache-control')).toBe('no-store');
  });

  it('answers an unknown path with 404 JSON', async () => {
    expectError(
      await sb.raw('token', '/api/Token/Nope', { method: 'POST', headers: backendHeaders, body: '{}' }),
      404,
      'not_found',
    );
  });

  it('matches paths case-insensitively, as the spec’s examples vary the case', async () => {
    const reply = await sb.raw('token', '/API/TOKEN/NEWSESSION', {
      method: 'POST',
      headers: backendHeaders,
      body: '{"customer":{"id":"c"}}',
    });
    expect(reply.status).toBe(200);
  });
});

describe('reset', () => {
  it('empties the state', async () => {
    const sessionId = await sb.session();
    expect((await sb.control('/__sandbox/reset')).status).toBe(200);
    expect((await sb.browser('token', '/api/Token/List', { sessionId })).status).toBe(404);
  });
});
