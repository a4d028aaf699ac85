// Wallet payments end to end, over HTTP: the sandbox plays the wallet's sheet (a /__sandbox/ control
// seals a token for a test card), the merchant backend passes the token unparsed to Payment/Init, and
// the engine opens it as the service would, with a clock the tests move.
import { beforeEach, describe, expect, it } from 'vitest';
import { holdsCardNumber } from './card-data.ts';
import { SANDBOX_CONTROL_HEADERS } from './http/controls.ts';
import { MERCHANT_ORIGIN, type Reply } from './test/harness.ts';
import { fileSandbox } from './test/file-sandbox.ts';
import { WALLET_TEST_CARDS, walletTestCard } from './wallets/test-cards.ts';
import { walletPaymentBody } from './wallets/test-support.ts';

const START = Date.UTC(2026, 10, 22, 22, 0, 0);
const DAY = 86_400_000;
let clock = START;
let order = 0;

const sb = fileSandbox({ now: () => clock });
beforeEach(() => {
  clock = START;
  order += 1;
});

const GOOGLE = '/__sandbox/wallets/google-pay/token';
const APPLE = '/__sandbox/wallets/apple-pay/token';
const MERCHANT_ID = 'merchant.com.demo.shop';

async function googleToken(body: Record<string, unknown> = {}): Promise<string> {
  const reply = await sb.control(GOOGLE, { testCard: 'visa', gatewayMerchantId: 'demo', ...body });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body['token'] as string;
}

/** A body for the Apple Pay control: the demo account's merchant identifier, R$ 150, the Visa card. */
const appleBody = (body: Record<string, unknown> = {}) => ({
  testCard: 'visa',
  account: 'demo',
  merchantIdentifier: MERCHANT_ID,
  amount: 150,
  ...body,
});

async function appleToken(body: Record<string, unknown> = {}): Promise<string> {
  const reply = await sb.control(APPLE, appleBody(body));
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body['token'] as string;
}

/** The merchant backend's Payment/Init for a wallet, as spec 4.7 writes it (Token, TokenProvider...). */
function pay(
  provider: 'WalletAPay' | 'WalletBPay',
  token: string,
  options: { account?: string; cardInfo?: Record<string, unknown>; methods?: Record<string, unknown>[] } = {},
): Promise<Reply> {
  return sb.backend(
    'sandbox',
    '/api/Payment/Init',
    walletPaymentBody(`wallet-order-${String(order)}`, provider, token, {
      installments: 3,
      cardInfo: options.cardInfo,
      methods: options.methods,
    }),
    { account: options.account ?? 'demo' },
  );
}

const refusedWith = (reply: Reply, code: string, reason: string) => {
  expect(reply.body.error, JSON.stringify(reply.body)).toMatchObject({
    code,
    field: 'paymentData.paymentMethods.0.cardInfo.token',
    details: { reason },
  });
};

describe('POST /__sandbox/wallets/open', () => {
  const OPEN = '/__sandbox/wallets/open';

  it('tells a test what the service reads in a token: the number or device token, and the cryptogram', async () => {
    const visa = walletTestCard('visa');
    const mastercard = walletTestCard('mastercard-3ds');
    const panOnly = await sb.control(OPEN, {
      walletProvider: 'WalletAPay',
      token: await googleToken(),
      account: 'demo',
    });
    expect(panOnly.body).toMatchObject({ number: visa?.number, authMethod: 'PAN_ONLY' });
    expect(panOnly.body).not.toHaveProperty('cryptogram');
    const device = await sb.control(OPEN, {
      walletProvider: 'WalletAPay',
      token: await googleToken({ testCard: 'mastercard-3ds' }),
      account: 'demo',
    });
    expect(device.body).toMatchObject({
      number: mastercard?.deviceNumber,
      authMethod: 'CRYPTOGRAM_3DS',
      cryptogram: expect.stringMatching(/^[A-Za-z0-9+/]{27}=$/) as string,
    });
    const token = await appleToken();
    const apple = await sb.control(OPEN, {
      walletProvider: 'WalletBPay',
      token,
      account: 'demo',
      amount: 150,
    });
    expect(apple.body).toMatchObject({
      number: visa?.deviceNumber,
      authMethod: '3DSecure',
      cryptogram: expect.stringMatching(/^[A-Za-z0-9+/]{27}=$/) as string,
    });
    // It spends nothing: the token still pays, once; and it still opens once it paid.
    expect((await pay('WalletBPay', token)).status).toBe(201);
    expect((await pay('WalletBPay', token)).status).toBe(409);
    const paid = await sb.control(OPEN, { walletProvider: 'WalletBPay', token, account: 'demo' });
    expect(paid.body).toMatchObject({ number: visa?.deviceNumber });
  });

  it('refuses a token Payment/Init would refuse, with the same code', async () => {
    const reply = await sb.control(OPEN, {
      walletProvider: 'WalletBPay',
      token: await appleToken(),
      account: 'demo',
      amount: 140,
    });
    expect([reply.status, reply.body.error?.code]).toEqual([422, 'wallet_token_invalid']);
  });
});

describe('POST /__sandbox/wallets/google-pay/token', () => {
  it('answers the token string and the PaymentData Google Pay resolves with', async () => {
    const reply = await sb.control(GOOGLE, { testCard: 'elo', gatewayMerchantId: 'demo' });
    expect(reply.status).toBe(200);
    const token = reply.body['token'] as string;
    expect(Object.keys(JSON.parse(token) as object)).toEqual([
      'protocolVersion',
      'signature',
      'intermediateSigningKey',
      'signedMessage',
    ]);
    expect(reply.body['paymentData']).toEqual({
      apiVersion: 2,
      apiVersionMinor: 0,
      paymentMethodData: {
        type: 'CARD',
        description: 'Elo •••• 7013',
        info: { cardNetwork: 'ELO', cardDetails: '7013' },
        tokenizationData: { type: 'PAYMENT_GATEWAY', token },
      },
    });
    expect(holdsCardNumber(JSON.stringify(reply.body))).toBe(false);
  });

  it('refuses an unknown test card, both a test card and a card, and a card of no supported brand', async () => {
    expect(
      (await sb.control(GOOGLE, { testCard: 'amex', gatewayMerchantId: 'demo' })).body.error,
    ).toMatchObject({
      code: 'invalid_request',
      field: 'testCard',
    });
    const both = await sb.control(GOOGLE, {
      testCard: 'visa',
      card: { number: '4111111111111111', expirationMonth: 1, expirationYear: 2030 },
      gatewayMerchantId: 'demo',
    });
    expect(both.body.error?.code).toBe('invalid_request');
    const unknown = await sb.control(GOOGLE, {
      card: { number: '1234567812345670', expirationMonth: 1, expirationYear: 2030 },
      gatewayMerchantId: 'demo',
    });
    expect(unknown.body.error?.code).toBe('card_brand_unsupported');
  });

  it.each([GOOGLE, APPLE])(
    '%s is a sandbox control: refused to a page and without its header',
    async (path) => {
      const body = JSON.stringify({ testCard: 'visa', gatewayMerchantId: 'demo' });
      const fromPage = await sb.raw('token', path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: MERCHANT_ORIGIN, ...SANDBOX_CONTROL_HEADERS },
        body,
      });
      expect(fromPage.status).toBe(403);
      expect(fromPage.body.error?.code).toBe('sandbox_control_required');
      const bare = await sb.raw('token', path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(bare.body.error?.code).toBe('sandbox_control_required');
    },
  );
});

describe('POST /__sandbox/wallets/apple-pay/token', () => {
  it("answers the serialized paymentData and the ApplePayPayment's token", async () => {
    const reply = await sb.control(APPLE, appleBody({ testCard: 'mastercard-3ds', amount: 99.9 }));
    expect(reply.status).toBe(200);
    const token = reply.body['token'] as string;
    const paymentData = JSON.parse(token) as { version: string; header: { transactionId: string } };
    expect(paymentData.version).toBe('EC_v1');
    expect(reply.body['payment']).toEqual({
      token: {
        paymentData,
        paymentMethod: { displayName: 'Mastercard 4444', network: 'MasterCard', type: 'credit' },
        transactionIdentifier: paymentData.header.transactionId.toUpperCase(),
      },
    });
    expect(holdsCardNumber(JSON.stringify(reply.body))).toBe(false);
  });

  it('refuses an account the sandbox does not know', async () => {
    const reply = await sb.control(APPLE, appleBody({ account: 'nobody' }));
    expect(reply.body.error).toMatchObject({ code: 'unknown_account', field: 'account' });
  });
});

describe('Payment/Init with a wallet token', () => {
  it.each([
    ['WalletAPay', googleToken],
    ['WalletBPay', appleToken],
  ] as const)(
    '%s pays like a card, and the record keeps brand and last four only',
    async (provider, make) => {
      const token = await make();
      const reply = await pay(provider, token);
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      const card = walletTestCard('visa')!;
      // Google PAN_ONLY carries the card's number; Apple always a device token with a cryptogram.
      const carried = provider === 'WalletAPay' ? card.number : card.deviceNumber;
      expect(reply.body).toMatchObject({
        status: 'authorized',
        paymentMethods: [
          {
            kind: 'wallet',
            method: provider,
            status: 'authorized',
            installments: 3,
            card: { tokenProvider: provider, brand: 'Visa', last4: carried.slice(-4) },
            wallet:
              provider === 'WalletAPay' ? { authMethod: 'PAN_ONLY' } : { authMethod: '3DSecure', eci: '05' },
            billingInfo: { name: 'Ada Lovelace', taxedAmount: 0, billedAmount: 150 },
          },
        ],
      });
      const status = await sb.backend('sandbox', '/api/Payment/Status', {
        paymentId: reply.body['paymentId'],
      });
      for (const answer of [reply.body, status.body]) {
        const text = JSON.stringify(answer);
        expect(holdsCardNumber(text)).toBe(false);
        expect(text).not.toContain(card.number);
        expect(text).not.toContain(card.deviceNumber);
        expect(text).not.toMatch(/cryptogram/i);
        expect(text).not.toContain(token.slice(0, 40));
      }
      const stored = JSON.stringify(sb.sandbox.ctx.store.payments.get(reply.body['paymentId'] as string));
      expect(holdsCardNumber(stored)).toBe(false);
      expect(stored).not.toMatch(/cryptogram|signedMessage|"data"/);
    },
  );

  it('pays the 3DS cryptogram case with the device token, and records the ECI', async () => {
    const reply = await pay('WalletAPay', await googleToken({ testCard: 'mastercard-3ds' }));
    expect(reply.body).toMatchObject({
      status: 'authorized',
      paymentMethods: [
        {
          card: { brand: 'Mastercard', last4: walletTestCard('mastercard-3ds')!.deviceNumber.slice(-4) },
          wallet: { authMethod: 'CRYPTOGRAM_3DS', eci: '02' },
        },
      ],
    });
  });

  it.each(WALLET_TEST_CARDS.filter((card) => card.outcome !== 'approved'))(
    'declines $id with its reason, for either wallet',
    async (card) => {
      for (const [provider, token] of [
        ['WalletAPay', await googleToken({ testCard: card.id })],
        ['WalletAPay', await googleToken({ testCard: card.id, authMethod: 'CRYPTOGRAM_3DS' })],
        ['WalletBPay', await appleToken({ testCard: card.id })],
      ] as const) {
        order += 1;
        const reply = await pay(provider, token);
        expect(reply.status).toBe(201);
        expect(reply.body).toMatchObject({
          status: 'declined',
          paymentMethods: [{ status: 'declined', declineReason: card.outcome }],
        });
        // A declined payment spent the token all the same: the shopper pays again from the sheet.
        order += 1;
        expect((await pay(provider, token)).body.error?.code).toBe('token_already_used');
      }
    },
  );

  it.each([
    ['WalletAPay', googleToken],
    ['WalletBPay', appleToken],
  ] as const)(
    '%s: a token pays once (409 token_already_used), also within one request',
    async (provider, make) => {
      const token = await make();
      expect((await pay(provider, token)).status).toBe(201);
      order += 1;
      const again = await pay(provider, token);
      expect(again.status).toBe(409);
      refusedWith(again, 'token_already_used', 'replayed');
      order += 1;
      const fresh = await make();
      const doubled = await sb.backend('sandbox', '/api/Payment/Init', {
        partnerUniqueId: `wallet-order-${String(order)}`,
        paymentData: {
          currency: 'BRL',
          paymentMethods: [0, 1].map(() => ({
            paymentMethodType: '1',
            amount: 150,
            cardInfo: { token: fresh, tokenProvider: provider },
          })),
        },
      });
      expect(doubled.status).toBe(409);
      expect(doubled.body.error?.field).toBe('paymentData.paymentMethods.1.cardInfo.token');
    },
  );

  it('spends nothing when the request is refused: the token pays afterwards', async () => {
    const token = await googleToken();
    const refused = await pay('WalletAPay', token, { methods: [{ paymentMethodType: '99' }] });
    expect(refused.status).toBe(400);
    order += 1;
    expect((await pay('WalletAPay', token)).status).toBe(201);
  });

  it('refuses a made-up token of the right shape (422 wallet_token_invalid)', async () => {
    const madeUp = JSON.stringify({
      protocolVersion: 'ECv2',
      signature:
        'MEQCIH6Q4OwQ0jAceFEkGF0JID6sJNXxOEi4r+mA7biRxqBQAiAondqoUpU/bdsrAOpZIsrHQS9nwiiNwOrr24RyPeHA0Q==',
      intermediateSigningKey: { signedKey: '{"keyValue":"x","keyExpiration":"1"}', signatures: ['MEYCIQ=='] },
      signedMessage: '{"encryptedMessage":"","ephemeralPublicKey":"","tag":""}',
    });
    const reply = await pay('WalletAPay', madeUp);
    expect(reply.status).toBe(422);
    refusedWith(reply, 'wallet_token_invalid', 'signature_invalid');
    const apple = await pay(
      'WalletBPay',
      JSON.stringify({ version: 'EC_v1', data: 'abc', signature: 'sig', header: {} }),
    );
    refusedWith(apple, 'wallet_token_invalid', 'malformed');
    // One wallet's token is not the other's.
    refusedWith(await pay('WalletBPay', await googleToken()), 'wallet_token_invalid', 'malformed');
  });

  it('refuses a tampered token', async () => {
    const token = JSON.parse(await googleToken()) as { signedMessage: string };
    const changed = JSON.stringify({
      ...token,
      signedMessage: token.signedMessage.replace('"tag":"', '"tag":"B'),
    });
    refusedWith(await pay('WalletAPay', changed), 'wallet_token_invalid', 'signature_invalid');
    const apple = JSON.parse(await appleToken()) as { data: string };
    const first = apple.data.startsWith('A') ? 'B' : 'A';
    const flipped = JSON.stringify({ ...apple, data: `${first}${apple.data.slice(1)}` });
    refusedWith(await pay('WalletBPay', flipped), 'wallet_token_invalid', 'signature_invalid');
  });

  it('refuses a token for another merchant or another gateway', async () => {
    refusedWith(
      await pay('WalletAPay', await googleToken({ gatewayMerchantId: 'demo-no3ds' })),
      'wallet_token_invalid',
      'wrong_recipient',
    );
    refusedWith(
      await pay('WalletAPay', await googleToken({ recipientId: 'gateway:anothergateway' })),
      'wallet_token_invalid',
      'signature_invalid',
    );
    refusedWith(
      await pay('WalletBPay', await appleToken(), { account: 'demo-no3ds' }),
      'wallet_token_invalid',
      'wrong_recipient',
    );
  });

  it('refuses an Apple Pay token authorized for another amount or currency', async () => {
    refusedWith(
      await pay('WalletBPay', await appleToken({ amount: 149.99 })),
      'wallet_token_invalid',
      'amount_mismatch',
    );
    refusedWith(
      await pay('WalletBPay', await appleToken({ currency: 'USD' })),
      'wallet_token_invalid',
      'amount_mismatch',
    );
  });

  it('pays an Apple Pay token only for the amount it was sealed for: a payment without an amount is refused', async () => {
    const token = await appleToken({ amount: 10 });
    const body = (paymentData: Record<string, unknown>) => ({
      partnerUniqueId: `wallet-order-${String(order)}`,
      paymentData: {
        currency: 'BRL',
        ...paymentData,
        paymentMethods: [{ paymentMethodType: '1', cardInfo: { token, tokenProvider: 'WalletBPay' } }],
      },
    });
    const unpriced = await sb.backend('sandbox', '/api/Payment/Init', body({}));
    expect(unpriced.status).toBe(400);
    expect(unpriced.body.error).toMatchObject({ code: 'invalid_request', field: 'paymentData.amount' });
    const priced = await sb.backend('sandbox', '/api/Payment/Init', body({ amount: 10 }));
    expect(priced.status, JSON.stringify(priced.body)).toBe(201);
  });

  it('refuses expired tokens, by the clock', async () => {
    const google = await googleToken();
    const apple = await appleToken();
    clock = START + 5 * 60_000 + 1_000;
    refusedWith(await pay('WalletBPay', apple), 'wallet_token_invalid', 'expired');
    order += 1;
    expect((await pay('WalletAPay', google)).status).toBe(201);
    const later = await googleToken();
    clock += 7 * DAY;
    order += 1;
    refusedWith(await pay('WalletAPay', later), 'wallet_token_invalid', 'expired');
  });

  it('refuses a token whose Google intermediate key expired before the message did', async () => {
    const token = await googleToken({ messageExpiration: START + 60 * DAY });
    clock = START + 31 * DAY;
    refusedWith(await pay('WalletAPay', token), 'wallet_token_invalid', 'signing_key_expired');
    // Tokens sealed now are signed with a new intermediate key.
    order += 1;
    expect((await pay('WalletAPay', await googleToken())).status).toBe(201);
  });

  it('refuses a card past its expiry, and saveCard true', async () => {
    const expired = await googleToken({
      testCard: undefined,
      card: { number: '5555555555554444', expirationMonth: 10, expirationYear: 2026 },
    });
    const reply = await pay('WalletAPay', expired);
    expect(reply.body.error).toMatchObject({
      code: 'card_expired',
      field: 'paymentData.paymentMethods.0.cardInfo.token',
    });
    const saved = await pay('WalletAPay', await googleToken(), { cardInfo: { savecard: true } });
    expect(saved.body.error).toMatchObject({
      code: 'invalid_request',
      field: 'paymentData.paymentMethods.0.cardInfo.saveCard',
    });
  });

  it('stays a backend call: a browser cannot pay with a wallet token', async () => {
    const sessionId = await sb.session({
      body: {
        partnerUniqueId: `wallet-order-${String(order)}`,
        paymentData: { amount: 150, currency: 'BRL' },
      },
    });
    const reply = await sb.browser('sandbox', '/api/Payment/Init', {
      tokenSession: sessionId,
      partnerUniqueId: `wallet-order-${String(order)}`,
      paymentData: {
        amount: 150,
        currency: 'BRL',
        paymentMethods: [
          { paymentMethodType: '1', cardInfo: { token: await googleToken(), tokenProvider: 'WalletAPay' } },
        ],
      },
    });
    expect(reply.body.error?.code).toBe('browser_call_forbidden');
  });
});
