// Debit and combo cards: the BIN table's test cards as the contract lists them, what Token/Generate tells
// the page, and Payment/Init's funding rules (a choice the card has, one installment, 3DS on every account).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectBrand } from './card-brands.ts';
import { cardFunding, FUNDING_TEST_CARDS } from './card-funding.ts';
import { luhnValid } from './luhn.ts';
import { fileSandbox } from './test/file-sandbox.ts';
import { futureYear, inReais, VISA, type Reply } from './test/harness.ts';
import { authenticationInformation, threeDsSteps } from './three-ds/test-support.ts';

const sb = fileSandbox();
const steps = threeDsSteps(sb);
const doc = readFileSync(new URL('../docs/service-contract.md', import.meta.url), 'utf8');

const DEBIT = '4000056655665556';
const COMBO = '4000170000000003';
/** An account with 3DS off: online debit authenticates there too. */
const NO_3DS = 'demo-no3ds';

let orders = 0;

/** The contract's table of debit and combo test cards: | `number` | brand | funding | … */
function documentedCards() {
  const section = /### Debit and combo test cards\n([\s\S]*?)\n### /.exec(doc)?.[1] ?? '';
  return [...section.matchAll(/^\| `(\d+)` +\| (\w+) +\| (\w+) +\|/gm)].map(([, number, brand, funding]) => ({
    number,
    brand,
    funding,
  }));
}

async function generate(sessionId: string, cardNumber: string, account = NO_3DS): Promise<Reply> {
  return sb.browser(
    'token',
    '/api/Token/Generate',
    { sessionId, card: { ...VISA, cardNumber, expirationYear: futureYear() } },
    { account },
  );
}

/** What the card frame does: setup, collection, Token/Generate with the setup's code. */
async function enrolled(sessionId: string, cardNumber: string, account = NO_3DS) {
  const { token, authentication } = await steps.enroll(sessionId, cardNumber, { account });
  return { token, authentication: authenticationInformation(authentication) };
}

function backendPay(sessionId: string, method: Record<string, unknown>, account = NO_3DS): Promise<Reply> {
  orders += 1;
  return sb.backend(
    'sandbox',
    '/api/Payment/Init',
    inReais({
      tokenSession: sessionId,
      partnerUniqueId: `funding-${String(orders)}`,
      paymentData: { amount: 100, paymentMethods: [{ paymentMethodType: '1', ...method }] },
    }),
    { account },
  );
}

const card = (token: string) => ({ cardInfo: { token, tokenProvider: 'Service' } });

describe('the BIN table’s debit and combo test cards', () => {
  it('is the contract’s table, row for row', () => {
    expect(documentedCards()).toEqual(
      FUNDING_TEST_CARDS.map(({ number, brand, funding }) => ({ number, brand, funding })),
    );
  });

  it.each(FUNDING_TEST_CARDS)('$number is a valid $brand card, $funding by its BIN', (test) => {
    expect(luhnValid(test.number)).toBe(true);
    expect(detectBrand(test.number)).toMatchObject({ name: test.brand, supported: true });
    expect(cardFunding(test.number)).toBe(test.funding);
    expect(cardFunding(test.number.slice(0, 6))).toBe(test.funding);
  });

  it('reads every other card as credit', () => {
    expect(cardFunding(VISA.cardNumber)).toBe('credit');
    expect(cardFunding('5555555555554444')).toBe('credit');
  });
});

describe('Token/Generate tells the page how the card can pay', () => {
  it.each([
    [VISA.cardNumber, ['credit']],
    [DEBIT, ['debit']],
    [COMBO, ['credit', 'debit']],
  ])('%s: card.funding %j, and nothing more of the BIN than before', async (number, funding) => {
    const reply = await generate(await sb.session({ account: NO_3DS }), number);
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body['card'] as object).sort()).toEqual([
      'bin',
      'brand',
      'cardHolderName',
      'expirationMonth',
      'expirationYear',
      'funding',
      'last4',
      'maskedNumber',
    ]);
    expect((reply.body['card'] as { funding: unknown }).funding).toEqual(funding);
  });

  it('runs 3DS for a card that can pay by debit on an account with 3DS off, and not for a credit card', async () => {
    const sessionId = await sb.session({ account: NO_3DS });
    expect((await steps.setup(sessionId, { bin: COMBO.slice(0, 8) }, NO_3DS)).body['enabled']).toBe(true);
    expect((await steps.setup(sessionId, { bin: DEBIT.slice(0, 6) }, NO_3DS)).body['enabled']).toBe(true);
    expect((await steps.setup(sessionId, { bin: '41111111' }, NO_3DS)).body['enabled']).toBe(false);
  });
});

describe('Card/Funding tells the card form how a BIN pays, while the shopper types', () => {
  const funding = (body: Record<string, unknown>, account = NO_3DS) =>
    sb.browser('token', '/api/Card/Funding', body, { account });

  it.each([
    [VISA.cardNumber, ['credit']],
    [DEBIT, ['debit']],
    [COMBO, ['credit', 'debit']],
  ])('%s: %j, as Token/Generate would say', async (number, expected) => {
    const sessionId = await sb.session({ account: NO_3DS });
    for (const bin of [number.slice(0, 6), number.slice(0, 8)]) {
      const reply = await funding({ sessionId, bin });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ funding: expected });
    }
  });

  it('takes six to eight digits of the number and never more, with its session', async () => {
    const sessionId = await sb.session({ account: NO_3DS });
    for (const bin of [COMBO, COMBO.slice(0, 9), COMBO.slice(0, 5), '4000 170', undefined]) {
      expect((await funding({ sessionId, bin })).body.error).toMatchObject({ code: 'invalid_request' });
    }
    expect((await funding({ sessionId: 'sess_unknown', bin: COMBO.slice(0, 8) })).status).toBe(404);
    const other = await sb.session({ account: 'demo' });
    expect((await funding({ sessionId: other, bin: COMBO.slice(0, 8) })).status).toBe(404);
  });
});

describe('Payment/Init pays a card by the funding the shopper chose', () => {
  it('pays a combo card by debit in one installment with its authentication, on an account with 3DS off', async () => {
    const sessionId = await sb.session({ account: NO_3DS });
    const { token, authentication } = await enrolled(sessionId, COMBO);
    const reply = await backendPay(sessionId, {
      ...card(token),
      funding: 'debit',
      AuthenticationInformation: authentication,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body['paymentMethods']).toMatchObject([
      { funding: 'debit', installments: 1, method: 'card_3ds', status: 'authorized' },
    ]);
  });

  it('pays a combo card by credit by default, in installments', async () => {
    const sessionId = await sb.session({ account: NO_3DS });
    const { token, authentication } = await enrolled(sessionId, COMBO);
    const reply = await backendPay(sessionId, {
      ...card(token),
      installments: 3,
      AuthenticationInformation: authentication,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body['paymentMethods']).toMatchObject([{ funding: 'credit', installments: 3 }]);
  });

  it('pays a debit-only card by debit when no funding is sent, and records credit for a credit card', async () => {
    const sessionId = await sb.session({ account: NO_3DS });
    const debit = await enrolled(sessionId, DEBIT);
    const paid = await backendPay(sessionId, {
      ...card(debit.token),
      AuthenticationInformation: debit.authentication,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body['paymentMethods']).toMatchObject([{ funding: 'debit' }]);
    const credit = await backendPay(sessionId, card(await sb.tokenize(sessionId, {}, NO_3DS)));
    expect(credit.body['paymentMethods']).toMatchObject([{ funding: 'credit' }]);
  });

  it.each([
    ['debit on a credit card', VISA.cardNumber, { funding: 'debit' }, 'funding'],
    ['credit on a debit card', DEBIT, { funding: 'credit' }, 'funding'],
    ['a debit in 2 installments', COMBO, { funding: 'debit', installments: 2 }, 'installments'],
  ])('refuses %s, naming the field, and stores nothing', async (_name, number, choice, field) => {
    const sessionId = await sb.session({ account: NO_3DS });
    const token = (await generate(sessionId, number)).body['token'] as string;
    const reply = await backendPay(sessionId, { ...card(token), ...choice });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatchObject({
      code: 'invalid_request',
      field: `paymentData.paymentMethods.0.${field}`,
    });
    expect(sb.sandbox.ctx.store.tokens.get(token)?.used).toBe(false);
  });

  it.each([NO_3DS, 'demo'])(
    'refuses a debit without a 3DS authentication from the backend of %s: three_ds_required',
    async (account) => {
      const sessionId = await sb.session({ account });
      const token = (await generate(sessionId, COMBO, account)).body['token'] as string;
      const reply = await backendPay(sessionId, { ...card(token), funding: 'debit' }, account);
      expect(reply.status).toBe(422);
      expect(reply.body.error).toMatchObject({
        code: 'three_ds_required',
        field: 'paymentData.paymentMethods.0.AuthenticationInformation',
      });
      expect(reply.body.error?.message).toContain('online debit');
    },
  );

  it('refuses a debit whose authentication was unavailable (U), which still pays by credit', async () => {
    const sessionId = await sb.session({ account: NO_3DS });
    const { token, authentication } = await enrolled(sessionId, COMBO);
    const known = sb.sandbox.ctx.store.authentications.get(authentication['Code'] as string);
    if (known === undefined) throw new Error('no authentication stored');
    // No test card scripts U for a debit BIN: the provider's answer is set as if it had been.
    known.status = 'U';
    const debit = { ...card(token), funding: 'debit', AuthenticationInformation: authentication };
    const refused = await backendPay(sessionId, debit);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({
      code: 'authentication_failed',
      field: 'paymentData.paymentMethods.0.AuthenticationInformation',
    });
    const credit = await backendPay(sessionId, { ...debit, funding: 'credit' });
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
  });

  it('takes funding on card tokens only', async () => {
    const sessionId = await sb.session({ account: NO_3DS });
    const pix = await backendPay(sessionId, { paymentMethodType: '3', funding: 'credit' });
    expect(pix.body.error).toMatchObject({
      code: 'invalid_request',
      field: 'paymentData.paymentMethods.0.funding',
    });
    const masked = await backendPay(sessionId, {
      funding: 'debit',
      cardInfo: { cardNumber: '400017******0003' },
    });
    expect(masked.body.error).toMatchObject({
      code: 'invalid_request',
      field: 'paymentData.paymentMethods.0.funding',
    });
  });
});
