// Paying from the browser: the method the card form's token makes, the payment made once and followed
// on the engine's schedule, a refusal reported as it is, a lost answer looked up (and only this request's
// payment taken) before it is reported, aborts and destroy that stop every request. The engine is a stubbed fetch behind the real client; e2e/client-script-for-everything
// runs it against the sandbox.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { decodePayment } from '../api/payments.ts';
import { serviceClient } from '../api/service.ts';
import { loadBoleto } from '../elements/load-boleto.ts';
import { CheckoutError, ERROR_CODES } from '../errors.ts';
import { SvcPaymentEvent } from '../payment-event.ts';
import { Session } from '../session.ts';
import type { BoletoPayer, CardResult, CardTokenResult, PaymentProgress, PaymentResult } from '../types.ts';
import {
  BrowserPaymentFlow,
  cardMethod,
  FOLLOW,
  payOrder,
  type Engine,
  type Instrument,
  type PaymentParts,
} from './browser-payment.ts';

// The boleto's code as the ESM build loads it, unless a test makes its load fail (the script-tag
// build's file missing beside the script, or refused by its integrity).
vi.mock(import('../elements/load-boleto.ts'), async (original) => {
  const { loadBoleto } = await original();
  return { loadBoleto: vi.fn(loadBoleto) };
});

const ENGINE = 'http://127.0.0.1:4177';
const SESSION = 'ses_1';

const card: CardTokenResult = {
  ok: true,
  token: 'tok_1',
  singleUse: true,
  brand: 'Visa',
  last4: '1111',
  maskedNumber: '411111******1111',
  expirationMonth: 1,
  expirationYear: 2030,
  frontData: { userAgent: 'test' },
};
const cardResult: CardResult = card;
/** What `card` pays with, as pay() tells payOrder. */
const VISA_1111: Instrument = { brand: 'Visa', last4: '1111' };
const authenticated: CardTokenResult = {
  ...card,
  code: 'c-1',
  referenceId: 'r-1',
  transactionId: 't-1',
  status: 'Y',
  eci: '05',
  liabilityShift: 'full',
};

function record(status: string, extra: Record<string, unknown> = {}) {
  return {
    paymentId: 'pay_1',
    partnerUniqueId: 'order-1',
    status,
    amount: 120,
    currency: 'BRL',
    customer: { id: 'c', email: 'shopper@example.com' },
    paymentMethods: [
      { method: 'card', status, installments: 3, card: { brand: 'Visa', last4: '1111' }, ...extra },
    ],
  };
}

type Answer = () => Response | Promise<Response>;
let calls: { path: string; body: Record<string, unknown> }[];
let initAnswer: Answer;
let statusAnswers: Answer[];
let clock: number;
let waits: number[];

/** What payOrder needs of the Checkout: the session. */
const checkout = (session = new Session(SESSION)) => ({ session });

/** The engine, on the test's clock: each wait noted, and passed at once. */
function engine(overrides: Partial<Engine> = {}): Engine {
  return {
    client: serviceClient({ origin: ENGINE, account: 'demo' }, ERROR_CODES),
    now: () => clock,
    wait: (ms, signal) => {
      if (signal.aborted) return Promise.reject(new Error('aborted'));
      waits.push(ms);
      clock += ms;
      return Promise.resolve();
    },
    ...overrides,
  };
}

beforeEach(() => {
  calls = [];
  clock = 0;
  waits = [];
  initAnswer = () => Response.json(record('authorized'), { status: 201 });
  statusAnswers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const path = url.slice(ENGINE.length);
      calls.push({ path, body: JSON.parse(init.body as string) as Record<string, unknown> });
      if (path === '/api/Payment/Init') return Promise.resolve(initAnswer());
      const next = statusAnswers.length > 1 ? statusAnswers.shift() : statusAnswers[0];
      return Promise.resolve(
        next?.() ?? Response.json({ error: { code: 'payment_not_found' } }, { status: 404 }),
      );
    }),
  );
  return () => vi.unstubAllGlobals();
});

const statusCalls = () => calls.filter((c) => c.path === '/api/Payment/SessionStatus');
const follow = (signal = new AbortController().signal, steps: PaymentProgress[] = []) =>
  payOrder(
    checkout(),
    engine(),
    { methods: [cardMethod(card)], instrument: VISA_1111 },
    { signal, onProgress: (p) => steps.push(p) },
  );

describe('cardMethod: Payment/Init’s method for the form’s token', () => {
  it('is a tokenized card (type 1) without 3DS, with the brand, installments and the tax id', () => {
    expect(cardMethod({ ...card, installments: 3, document: '52998224725', documentType: 'CPF' })).toEqual({
      paymentMethodType: '1',
      installments: 3,
      cardInfo: {
        token: 'tok_1',
        tokenProvider: 'Service',
        brandName: 'Visa',
        billingInfo: { document: '52998224725', documentType: 'CPF' },
      },
    });
  });

  it('is a 3DS card (type 7) with its AuthenticationInformation when 3DS ran', () => {
    expect(cardMethod(authenticated)).toMatchObject({
      paymentMethodType: '7',
      AuthenticationInformation: { Code: 'c-1', ReferenceId: 'r-1', TransactionId: 't-1' },
    });
    expect(cardMethod(card)).not.toHaveProperty('AuthenticationInformation');
  });

  it('says how the shopper pays the card, when the card form told: a combo card paid by debit', () => {
    expect(cardMethod({ ...authenticated, funding: 'debit' })).toMatchObject({
      paymentMethodType: '7',
      funding: 'debit',
    });
    expect(cardMethod(card)).not.toHaveProperty('funding');
  });
});

describe('decodePayment', () => {
  it('keeps what the page shows, never the customer', () => {
    const payment = decodePayment(record('declined', { declineReason: 'insufficient_funds' }));
    expect(payment).toEqual({
      paymentId: 'pay_1',
      partnerUniqueId: 'order-1',
      status: 'declined',
      method: 'card',
      amount: 120,
      currency: 'BRL',
      installments: 3,
      brand: 'Visa',
      last4: '1111',
      declineReason: 'insufficient_funds',
    });
  });

  it('reads a PIX’s BR Code and expiry, and a status it does not know as pending', () => {
    const pix = { brCode: '000201…6304ABCD', expiresAt: '2026-11-26T20:00:00.000Z' };
    expect(
      decodePayment({ ...record('waiting_bank'), paymentMethods: [{ method: 'pix', pix }] }),
    ).toMatchObject({
      status: 'pending',
      method: 'pix',
      pix,
    });
  });

  it('leaves out a PIX whose expiry is not a date', () => {
    const pix = { brCode: '000201…', expiresAt: 'soon' };
    expect(
      decodePayment({ ...record('pending'), paymentMethods: [{ method: 'pix', pix }] }),
    ).not.toHaveProperty('pix');
  });

  it.each([
    null,
    [],
    {},
    { ...record('authorized'), paymentId: 1 },
    { ...record('authorized'), paymentMethods: [] },
  ])('refuses %j', (answer) => {
    expect(decodePayment(answer)).toBeUndefined();
  });
});

describe('payOrder', () => {
  it('sends only the session and the instrument: what is paid comes from the session', async () => {
    const result = await payOrder(
      checkout(),
      engine(),
      { methods: [cardMethod(card)], instrument: VISA_1111, frontData: { userAgent: 'test' } },
      { signal: new AbortController().signal, onProgress: () => undefined },
    );
    expect(result).toMatchObject({ ok: true, payment: { status: 'authorized', paymentId: 'pay_1' } });
    expect(calls).toEqual([
      {
        path: '/api/Payment/Init',
        body: {
          tokenSession: SESSION,
          paymentData: { paymentMethods: [cardMethod(card)] },
          frontData: { userAgent: 'test' },
        },
      },
    ]);
  });

  it('ends a declined payment as payment_declined, with the payment and its reason', async () => {
    initAnswer = () => Response.json(record('declined', { declineReason: 'card_blocked' }), { status: 201 });
    const result = await follow();
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ code: 'payment_declined', type: 'payment' });
    expect(result.payment?.declineReason).toBe('card_blocked');
  });

  it('follows a pending payment until it is paid, telling each step', async () => {
    initAnswer = () => Response.json(record('pending'), { status: 201 });
    statusAnswers = [() => Response.json(record('pending')), () => Response.json(record('paid'))];
    const steps: PaymentProgress[] = [];
    const result = await follow(undefined, steps);
    expect(result).toMatchObject({ ok: true, payment: { status: 'paid' } });
    expect(steps.map((s) => s.step)).toEqual(['paying', 'pending', 'checking', 'pending', 'checking']);
    expect(statusCalls().map((c) => c.body)).toEqual([{ tokenSession: SESSION }, { tokenSession: SESSION }]);
  });

  it('ends an unpaid PIX as payment_expired', async () => {
    initAnswer = () => Response.json(record('pending'), { status: 201 });
    statusAnswers = [() => Response.json(record('expired'))];
    expect(await follow()).toMatchObject({ ok: false, error: { code: 'payment_expired', type: 'payment' } });
  });

  it('checks every 2 s for a minute, then every 10 s, and gives up at 10 minutes as unknown', async () => {
    initAnswer = () => Response.json(record('pending'), { status: 201 });
    statusAnswers = [() => Response.json(record('pending'))];
    const result = await follow();
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'payment_status_unknown' },
      payment: { status: 'pending' },
    });
    const fast = FOLLOW.fastForMs / FOLLOW.fastMs;
    expect(waits.slice(0, fast)).toEqual(Array<number>(fast).fill(FOLLOW.fastMs));
    expect(waits.slice(fast)).toEqual(
      Array<number>((FOLLOW.giveUpAfterMs - FOLLOW.fastForMs) / FOLLOW.slowMs).fill(FOLLOW.slowMs),
    );
    expect(clock).toBe(FOLLOW.giveUpAfterMs);
  });

  it('keeps checking after a failed check, and stops as unknown when the session is gone', async () => {
    initAnswer = () => Response.json(record('pending'), { status: 201 });
    statusAnswers = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Response.json({ error: { code: 'internal_error' } }, { status: 500 }),
      () => Response.json({ error: { code: 'session_expired' } }, { status: 410 }),
    ];
    const result = await follow();
    expect(result).toMatchObject({ ok: false, error: { code: 'payment_status_unknown' } });
    expect(statusCalls()).toHaveLength(3);
  });

  it('looks for the payment when Payment/Init’s answer was lost, and follows the one that was made', async () => {
    initAnswer = () => Promise.reject(new TypeError('Failed to fetch'));
    statusAnswers = [() => Response.json(record('authorized'))];
    expect(await follow()).toMatchObject({ ok: true, payment: { status: 'authorized' } });
    expect(calls.map((c) => c.path)).toEqual(['/api/Payment/Init', '/api/Payment/SessionStatus']);
  });

  it('reports the lost answer when no payment was made (the order can be paid again)', async () => {
    initAnswer = () => Response.json({ error: { code: 'internal_error' } }, { status: 503 });
    expect(await follow()).toMatchObject({ ok: false, error: { code: 'service_unavailable' } });
  });

  it('does not look when the engine refused the payment', async () => {
    initAnswer = () => Response.json({ error: { code: 'session_order_mismatch' } }, { status: 403 });
    expect(await follow()).toMatchObject({ ok: false, error: { code: 'session_order_mismatch' } });
    expect(calls).toHaveLength(1);
  });

  // Another tab paid the order (order_already_paid), or has a PIX of it pending (duplicate_order): the
  // session's payment is that tab's, and taking it would tell the merchant this card paid.
  it.each(['order_already_paid', 'duplicate_order'])(
    'reports %s as it is, without looking for the order’s payment',
    async (code) => {
      initAnswer = () => Response.json({ error: { code } }, { status: 409 });
      statusAnswers = [() => Response.json(record('authorized'))];
      const result = await follow();
      expect(result).toMatchObject({ ok: false, error: { code, type: 'service' } });
      expect(result).not.toHaveProperty('payment');
      expect(calls.map((c) => c.path)).toEqual(['/api/Payment/Init']);
    },
  );

  it.each([
    ['another card’s payment', { card: { brand: 'Mastercard', last4: '4444' } }],
    ['a payment of the same brand with other digits', { card: { brand: 'Visa', last4: '2701' } }],
    ['another brand’s card with the same digits', { card: { brand: 'Mastercard', last4: '1111' } }],
    ['a card payment without its digits', { card: { brand: 'Visa' } }],
    ['a PIX', { method: 'pix', card: undefined }],
  ])('does not take %s for the card payment whose answer was lost', async (_, extra) => {
    initAnswer = () => Promise.reject(new TypeError('Failed to fetch'));
    statusAnswers = [() => Response.json(record('authorized', extra))];
    expect(await follow()).toMatchObject({ ok: false, error: { code: 'network_error' } });
    expect(statusCalls()).toHaveLength(1);
  });

  it('takes a 3DS payment with the card just sent for the one whose answer was lost', async () => {
    initAnswer = () => Response.json({ error: { code: 'internal_error' } }, { status: 502 });
    statusAnswers = [() => Response.json(record('authorized', { method: 'card_3ds' }))];
    expect(await follow()).toMatchObject({ ok: true, payment: { method: 'card_3ds', last4: '1111' } });
  });

  it('does not take a card payment for the PIX whose answer was lost', async () => {
    initAnswer = () => Response.json({ error: { code: 'internal_error' } }, { status: 503 });
    statusAnswers = [() => Response.json(record('authorized'))];
    const result = await payOrder(
      checkout(),
      engine(),
      { methods: [{ paymentMethodType: '3' }], instrument: 'pix' },
      { signal: new AbortController().signal, onProgress: () => undefined },
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'service_unavailable' } });
  });

  it('does not take an earlier attempt for the payment whose answer was lost', async () => {
    initAnswer = () => Response.json({ error: { code: 'internal_error' } }, { status: 503 });
    statusAnswers = [() => Response.json(record('declined'))];
    const result = await payOrder(
      checkout(),
      engine(),
      { methods: [cardMethod(card)], instrument: VISA_1111 },
      { signal: new AbortController().signal, onProgress: () => undefined, known: new Set(['pay_1']) },
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'service_unavailable' } });
  });

  it('follows a PIX until it expires, past the 10 minutes', async () => {
    const pix = { brCode: '000201…', expiresAt: new Date(30 * 60_000).toISOString() };
    initAnswer = () => Response.json(record('pending', { method: 'pix', pix }), { status: 201 });
    statusAnswers = [() => Response.json(record('pending', { method: 'pix', pix }))];
    expect(await follow()).toMatchObject({ ok: false, error: { code: 'payment_status_unknown' } });
    expect(clock).toBeGreaterThanOrEqual(31 * 60_000);
  });

  it('stops at once when aborted while waiting: no request after', async () => {
    initAnswer = () => Response.json(record('pending'), { status: 201 });
    statusAnswers = [() => Response.json(record('pending'))];
    const controller = new AbortController();
    const aborting = engine({
      wait: (_ms, signal) => {
        controller.abort();
        return signal.aborted ? Promise.reject(new Error('aborted')) : Promise.resolve();
      },
    });
    const result = await payOrder(
      checkout(),
      aborting,
      { methods: [], instrument: VISA_1111 },
      { signal: controller.signal, onProgress: () => undefined },
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'aborted' }, payment: { status: 'pending' } });
    expect(statusCalls()).toHaveLength(0);
  });
});

/** A boleto as the engine answers it, and its pending method. */
const BOLETO = (() => {
  const boleto = {
    barcode: '00193373700000001000500940144816060680935031',
    digitableLine: '00190500954014481606906809350314337370000000100',
    dueDate: '2026-12-10',
    amount: 120,
    printUrl: 'http://127.0.0.1:4178/boleto/4f2a',
  };
  return { boleto, method: { method: 'boleto', boleto, expiresAt: '2026-12-11T03:00:00.000Z' } };
})();

describe('BrowserPaymentFlow', () => {
  /** What pay() needs of the Checkout, its results noted in `delivered`. */
  function payContext(session = new Session(SESSION)) {
    const delivered: PaymentResult[] = [];
    const context = {
      options: { environment: 'sandbox', account: 'demo' } as const,
      session,
      locale: 'en' as const,
      deliverPayment: (result: PaymentResult) => {
        delivered.push(result);
        return result;
      },
    };
    return { context, delivered };
  }
  /** A card form whose submit hands over `card`, noting the steps told on it as `svc-payment`. */
  function cardFormOf(announced: string[] = []): PaymentParts['cardForm'] {
    return {
      submit: () => Promise.resolve(card),
      showDecline: () => undefined,
      dispatch: (event) => {
        if (event instanceof SvcPaymentEvent) announced.push(event.progress.step);
      },
    };
  }
  function flow(submit: (signal?: AbortSignal) => Promise<CardResult> = () => Promise.resolve(card)) {
    const { context, delivered } = payContext();
    const announced: string[] = [];
    const cardForm = { ...cardFormOf(announced), submit: vi.fn(submit), showDecline: vi.fn() };
    const payments = new BrowserPaymentFlow(context, { cardForm, engine: engine() });
    return { payments, cardForm, delivered, announced };
  }

  it('pays once: a second call while paying shares it, a call after answers the same without a request', async () => {
    const { payments, cardForm, delivered, announced } = flow();
    const [first, second] = await Promise.all([payments.pay(), payments.pay()]);
    expect(first).toBe(second);
    expect(await payments.pay()).toBe(first);
    expect(cardForm.submit).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
    expect(delivered).toEqual([first]);
    expect(announced).toEqual(['tokenizing', 'paying']);
  });

  it('ends with the submit’s failure, without paying', async () => {
    const refused = { ok: false as const, error: new CheckoutError('cvv_mismatch', 'validation', 'x') };
    const { payments } = flow(() => Promise.resolve(refused));
    expect(await payments.pay()).toBe(refused);
    expect(calls).toHaveLength(0);
  });

  it('opens the form again after a decline, and the next pay() tokenizes and pays anew', async () => {
    initAnswer = () =>
      Response.json(record('declined', { declineReason: 'insufficient_funds' }), { status: 201 });
    const { payments, cardForm, delivered } = flow();
    expect((await payments.pay()).ok).toBe(false);
    expect(cardForm.showDecline).toHaveBeenCalledWith('insufficient_funds');
    initAnswer = () => Response.json(record('authorized'), { status: 201 });
    expect((await payments.pay()).ok).toBe(true);
    expect(cardForm.submit).toHaveBeenCalledTimes(2);
    expect(delivered).toHaveLength(2);
  });

  it('ends as destroyed when destroyed while following, and asks nothing more', async () => {
    initAnswer = () => Response.json(record('pending'), { status: 201 });
    statusAnswers = [() => Response.json(record('pending'))];
    const payments: BrowserPaymentFlow = new BrowserPaymentFlow(payContext().context, {
      cardForm: cardFormOf(),
      engine: engine({
        wait: (_ms, signal) => {
          payments.destroy();
          return signal.aborted ? Promise.reject(new Error('stopped')) : Promise.resolve();
        },
      }),
    });
    expect(await payments.pay()).toMatchObject({ ok: false, error: { code: 'destroyed' } });
    expect(statusCalls()).toHaveLength(0);
  });

  it('pays by PIX without the card form: pending with the BR Code, followed until paid', async () => {
    const pix = { brCode: '00020101021226…6304ABCD', expiresAt: '2026-11-26T20:00:00.000Z' };
    initAnswer = () => Response.json({ ...record('pending', { method: 'pix', pix }) }, { status: 201 });
    statusAnswers = [() => Response.json(record('paid', { method: 'pix', pix }))];
    const { payments, cardForm, announced } = flow();
    expect(await payments.pay({ method: 'pix' })).toMatchObject({
      ok: true,
      payment: { status: 'paid', method: 'pix', pix },
    });
    expect(cardForm.submit).not.toHaveBeenCalled();
    expect(calls[0]?.body).toEqual({
      tokenSession: SESSION,
      paymentData: { paymentMethods: [{ paymentMethodType: '3' }] },
    });
    expect(announced).toEqual(['paying', 'pending', 'checking']);
    expect(await payments.pay()).toMatchObject({ ok: true, payment: { method: 'pix' } });
    expect(calls).toHaveLength(2);
  });

  it('shows a Pix code in the target once the engine gave it, says when it is paid, and removes it on destroy', async () => {
    const pix = { brCode: '00020101021226…6304ABCD', expiresAt: '2026-11-26T20:00:00.000Z' };
    initAnswer = () => Response.json(record('pending', { method: 'pix', pix }), { status: 201 });
    statusAnswers = [() => Response.json(record('paid', { method: 'pix', pix }))];
    const target = document.createElement('div');
    document.body.append(target);
    const { payments } = flow();
    expect(await payments.pay({ method: 'pix', target })).toMatchObject({ ok: true });
    await vi.waitFor(() => {
      expect(target.querySelector('.svc-pix')?.shadowRoot?.querySelector('[role=status]')?.textContent).toBe(
        'Payment received.',
      );
    });
    expect(target.querySelector('.svc-pix')?.shadowRoot?.querySelector('input')?.value).toBe(pix.brCode);
    payments.destroy();
    expect(target.childElementCount).toBe(0);
  });

  it('pays by boleto: the payer checked and sent bare, the boleto shown in the target, followed until it expired', async () => {
    const { boleto, method } = BOLETO;
    initAnswer = () => Response.json(record('pending', method), { status: 201 });
    statusAnswers = [() => Response.json(record('expired', method))];
    const target = document.createElement('div');
    document.body.append(target);
    const { payments } = flow();
    const payer = {
      name: ' Ada Lovelace ',
      document: '390.533.447-05',
      address: {
        street: 'Av. Paulista',
        number: '1000',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'sp',
        postalCode: '01310-100',
      },
    };
    expect(await payments.pay({ method: 'boleto', target, payer })).toMatchObject({
      ok: false,
      error: { code: 'payment_expired' },
      payment: { method: 'boleto', boleto, expiresAt: method.expiresAt },
    });
    expect(calls[0]?.body).toEqual({
      tokenSession: SESSION,
      paymentData: {
        paymentMethods: [
          {
            paymentMethodType: '2',
            payer: {
              name: 'Ada Lovelace',
              document: '39053344705',
              documentType: 'CPF',
              address: { ...payer.address, state: 'SP', postalCode: '01310100' },
            },
          },
        ],
      },
    });
    await vi.waitFor(() => {
      expect(
        target.querySelector('svc-boleto')?.shadowRoot?.querySelector('[role=status]')?.textContent,
      ).toBe('The boleto expired unpaid.');
    });
  });

  /** A payer the boleto's check takes. */
  const PAYER: BoletoPayer = {
    name: 'Ada',
    document: '11222333000181',
    address: {
      street: 'Rua A',
      number: 'S/N',
      neighborhood: 'Centro',
      city: 'Recife',
      state: 'PE',
      postalCode: '50010000',
    },
  };

  it.each([
    ['payer.name', { name: ' ' }],
    ['payer.document', { document: '390.533.447-06' }],
    ['payer.address.city', { address: { city: '' } }],
    ['payer.address.state', { address: { state: 'XX' } }],
    ['payer.address.postalCode', { address: { postalCode: '1310-100' } }],
  ])('refuses a boleto whose %s is wrong, naming it, before any request', async (field, change) => {
    const address = { ...PAYER.address, ...('address' in change ? change.address : {}) };
    const payer = { ...PAYER, ...change, address };
    const { payments } = flow();
    const result = await payments.pay({ method: 'boleto', payer });
    expect(result).toMatchObject({ ok: false, error: { code: 'payer_invalid', type: 'validation' } });
    expect(result.ok ? '' : result.error.message).toMatch(
      new RegExp(`^${field.replaceAll('.', '\\.')} must be `),
    );
    expect(calls).toHaveLength(0);
  });

  it('ends in network_error, before any request, when the boleto’s code does not load', async () => {
    vi.mocked(loadBoleto).mockRejectedValueOnce(new Error('checkout-0.1.0-boleto.js did not load'));
    const { payments, delivered } = flow();
    const result = await payments.pay({ method: 'boleto', payer: PAYER });
    expect(result).toMatchObject({ ok: false, error: { code: 'network_error', type: 'network' } });
    expect(result.ok ? undefined : result.error.cause).toEqual(
      new Error('checkout-0.1.0-boleto.js did not load'),
    );
    expect(delivered).toEqual([result]);
    expect(calls).toHaveLength(0);
  });

  it('refuses a Pix target that matches nothing, before any request', async () => {
    const { payments } = flow();
    expect(await payments.pay({ method: 'pix', target: '#nowhere' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_target' },
    });
    expect(calls).toHaveLength(0);
  });

  it('goes on when the merchant’s onProgress throws, and pays again after', async () => {
    vi.spyOn(globalThis, 'queueMicrotask').mockImplementation(() => undefined);
    const { payments } = flow();
    const result = await payments.pay({
      onProgress: () => {
        throw new Error('the merchant’s bug');
      },
    });
    expect(result.ok).toBe(true);
  });

  it('answers a payment of another kind while one runs with submit_in_progress, and an unknown method with invalid_option', async () => {
    let release: (result: CardResult) => void = () => undefined;
    const { payments, delivered } = flow(
      () =>
        new Promise((resolve) => {
          release = resolve;
        }),
    );
    const card = payments.pay();
    expect(await payments.pay({ method: 'pix' })).toMatchObject({
      ok: false,
      error: { code: 'submit_in_progress' },
    });
    expect(await payments.pay({ method: 'PIX' as 'pix' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_option' },
    });
    release(cardResult);
    expect((await card).ok).toBe(true);
    expect(delivered).toHaveLength(3);
  });

  it('tells a second tab on a paid order the truth: order_already_paid, not the other tab’s card', async () => {
    initAnswer = () => Response.json({ error: { code: 'order_already_paid' } }, { status: 409 });
    // The first tab's payment, with its own card.
    statusAnswers = [
      () => Response.json(record('authorized', { card: { brand: 'Mastercard', last4: '4444' } })),
    ];
    const { payments, cardForm, delivered } = flow();
    const result = await payments.pay();
    expect(result).toMatchObject({ ok: false, error: { code: 'order_already_paid' } });
    expect(delivered).toEqual([result]);
    // Nothing to try again with another card: the order is paid.
    expect(cardForm.showDecline).not.toHaveBeenCalled();
    expect(statusCalls()).toHaveLength(0);
  });

  it('does not take its own expired PIX for the next one whose answer was lost', async () => {
    const pix = { brCode: '000201…', expiresAt: '2026-11-26T20:00:00.000Z' };
    initAnswer = () => Response.json(record('pending', { method: 'pix', pix }), { status: 201 });
    statusAnswers = [() => Response.json(record('expired', { method: 'pix', pix }))];
    const { payments } = flow();
    expect(await payments.pay({ method: 'pix' })).toMatchObject({ error: { code: 'payment_expired' } });
    initAnswer = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await payments.pay({ method: 'pix' })).toMatchObject({
      ok: false,
      error: { code: 'network_error' },
    });
  });

  it('opens the form again when the engine refuses the token, so the next pay() tokenizes anew', async () => {
    initAnswer = () => Response.json({ error: { code: 'token_already_used' } }, { status: 409 });
    const { payments, cardForm } = flow();
    expect(await payments.pay()).toMatchObject({ ok: false, error: { code: 'token_already_used' } });
    expect(cardForm.showDecline).toHaveBeenCalledTimes(1);
  });

  describe('showPayment: a payment the merchant’s backend made', () => {
    const pix = { brCode: '00020101021226…6304ABCD', expiresAt: '2026-11-26T20:00:00.000Z' };

    it('reads the session’s payment, shows its Pix code, follows it until paid, and makes no payment', async () => {
      statusAnswers = [
        () => Response.json(record('pending', { method: 'pix', pix })),
        () => Response.json(record('paid', { method: 'pix', pix })),
      ];
      const target = document.createElement('div');
      document.body.append(target);
      const steps: string[] = [];
      const { payments, delivered, cardForm } = flow();
      const result = await payments.showPayment({ target, onProgress: (p) => steps.push(p.step) });
      expect(result).toMatchObject({ ok: true, payment: { status: 'paid', method: 'pix', pix } });
      expect(calls.map((c) => c.path)).toEqual(['/api/Payment/SessionStatus', '/api/Payment/SessionStatus']);
      expect(calls[0]?.body).toEqual({ tokenSession: SESSION });
      expect(steps).toEqual(['checking', 'pending', 'checking']);
      expect(waits).toEqual([FOLLOW.fastMs]);
      expect(cardForm.submit).not.toHaveBeenCalled();
      await vi.waitFor(() => {
        expect(
          target.querySelector('.svc-pix')?.shadowRoot?.querySelector('[role=status]')?.textContent,
        ).toBe('Payment received.');
      });
      expect(target.querySelector('.svc-pix')?.shadowRoot?.querySelector('input')?.value).toBe(pix.brCode);
      expect(delivered).toEqual([result]);
      // Paid: a later call, or a pay(), answers the same without a request.
      expect(await payments.showPayment({ target })).toBe(result);
      expect(await payments.pay({ method: 'pix' })).toBe(result);
      expect(calls).toHaveLength(2);
      payments.destroy();
      expect(target.childElementCount).toBe(0);
    });

    it('shows a boleto the backend made, and ends as payment_expired when its due date passed', async () => {
      const { boleto, method } = BOLETO;
      statusAnswers = [
        () => Response.json(record('pending', method)),
        () => Response.json(record('expired', method)),
      ];
      const target = document.createElement('div');
      target.id = 'boleto-slot';
      document.body.append(target);
      const { payments } = flow();
      expect(await payments.showPayment({ target: '#boleto-slot' })).toMatchObject({
        ok: false,
        error: { code: 'payment_expired' },
        payment: { method: 'boleto', boleto },
      });
      await vi.waitFor(() => {
        expect(
          target.querySelector('svc-boleto')?.shadowRoot?.querySelector('[role=status]')?.textContent,
        ).toBe('The boleto expired unpaid.');
      });
      target.remove();
    });

    it('ends at once with the engine’s answer when the session has no payment, following nothing', async () => {
      const { payments, delivered } = flow();
      const result = await payments.showPayment({ target: document.body });
      expect(result).toMatchObject({ ok: false, error: { code: 'payment_not_found' } });
      expect(statusCalls()).toHaveLength(1);
      expect(waits).toEqual([]);
      expect(delivered).toEqual([result]);
    });

    it('refuses a target that matches nothing before any request, and a pay() while it follows', async () => {
      const { payments } = flow();
      expect(await payments.showPayment({ target: '#nowhere' })).toMatchObject({
        error: { code: 'invalid_target' },
      });
      expect(calls).toHaveLength(0);
      statusAnswers = [() => Response.json(record('pending', { method: 'pix', pix }))];
      const stop = new AbortController();
      const following = payments.showPayment({ signal: stop.signal });
      expect(await payments.pay({ method: 'pix' })).toMatchObject({
        error: {
          code: 'submit_in_progress',
          message: expect.stringContaining('A backend payment is running.') as string,
        },
      });
      stop.abort();
      expect(await following).toMatchObject({ ok: false, error: { code: 'aborted' } });
    });
  });

  it('turns a session that never came into a failure', async () => {
    const session = new Session(Promise.reject(new Error('the backend is down')));
    const payments = new BrowserPaymentFlow(payContext(session).context, {
      cardForm: cardFormOf(),
      engine: engine(),
    });
    const unavailable = { ok: false, error: { code: 'session_unavailable' } };
    expect(await payments.pay()).toMatchObject(unavailable);
    expect(await payments.pay()).toMatchObject(unavailable);
  });
});
