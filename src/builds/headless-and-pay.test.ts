// Headless tokenization and pay() as the Checkout delegates them (headless.ts, pay.ts, and the essentials
// build's stand-ins): each flow is loaded at its first call with the Checkout's context, loaded again
// after a failed load, and its results go where the merchant asked: a token to `deliver` (not a
// preparation nor an authentication), a payment to `deliverPayment` (a pay() whose flow could not load
// included). The flows are faked here (flows/headless.test.ts and flows/browser-payment.test.ts test them).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { serviceClient } from '../api/service.ts';
import { CheckoutError, ERROR_CODES } from '../errors.ts';
import { messagesFor } from '../i18n/index.ts';
import { Session } from '../session.ts';
import type { CheckoutSettings } from '../checkout-context.ts';
import type { CardResult, PaymentResult } from '../types.ts';
import * as essentials from './essentials/index.ts';
import { lazyHeadless, type HeadlessContext } from './headless.ts';
import { lazyPay, type PayContext } from './pay.ts';

const token: CardResult = { ok: true, token: 'tok_1', brand: 'visa', last4: '1111' } as CardResult;
const paid = { ok: true, payment: { status: 'paid' } } as unknown as PaymentResult;

const loaded = vi.hoisted(() => ({
  headless: [] as unknown[],
  payments: [] as [PayContext, unknown][],
  tokenize: vi.fn<(card: unknown, options: unknown) => Promise<unknown>>(),
  pay: vi.fn<(options: unknown) => Promise<unknown>>(),
  showPayment: vi.fn<(options: unknown) => Promise<unknown>>(),
  destroy: vi.fn(),
  failure: undefined as Error | undefined,
}));

const fakes = (() => {
  const loading = <T>(module: T) =>
    loaded.failure === undefined ? Promise.resolve(module) : Promise.reject(loaded.failure);
  class HeadlessFlow {
    constructor(context: unknown) {
      loaded.headless.push(context);
    }
    tokenize = loaded.tokenize;
    prepare = () => Promise.resolve({ ok: true, code: 'setup_1' });
    authenticate = () => Promise.resolve({ ok: false, error: { code: 'authentication_failed' } });
  }
  class BrowserPaymentFlow {
    constructor(context: PayContext, parts: unknown) {
      loaded.payments.push([context, parts]);
    }
    pay = loaded.pay;
    showPayment = loaded.showPayment;
    destroy = loaded.destroy;
  }
  return {
    loadHeadless: () => loading(HeadlessFlow),
    loadBrowserPayment: () => loading(BrowserPaymentFlow),
  };
})();

type HeadlessAndPaySource = HeadlessContext & PayContext & { cardForm: Parameters<typeof lazyPayFlow>[1] };
const lazyPayFlow = lazyPay(fakes.loadBrowserPayment as never);
/** The Checkout's headless and pay() methods, as a build with their flows wires them (flows faked). */
const headlessAndPayFlow = (context: HeadlessAndPaySource) => ({
  ...lazyHeadless(fakes.loadHeadless as never)(context),
  ...lazyPayFlow(context, context.cardForm),
});
/** The same methods in the essentials build. */
const essentialsFlow = (context: HeadlessAndPaySource) => ({
  ...essentials.headlessFlow(context),
  ...essentials.payFlow(context, context.cardForm),
});

const TOKEN = 'http://127.0.0.1:4174';

/** The Checkout's context, with a merchant whose callbacks note what they are handed. */
function source() {
  const cards: CardResult[] = [];
  const payments: PaymentResult[] = [];
  const options: CheckoutSettings = { account: 'demo', environment: 'sandbox' };
  const context: HeadlessAndPaySource = {
    target: { origin: TOKEN, account: options.account },
    session: new Session('ses_1'),
    options,
    locale: 'es',
    messages: () => messagesFor('es'),
    client: serviceClient({ origin: TOKEN, account: options.account }, ERROR_CODES),
    cardForm: { submit: vi.fn(), showDecline: vi.fn(), dispatch: vi.fn() },
    // What the Checkout hands `callback` and `onPayment`.
    deliver: (result) => {
      cards.push(result);
      return result;
    },
    deliverPayment: (result) => {
      payments.push(result);
      return result;
    },
  };
  return { context, cards, payments };
}

const unavailable = new CheckoutError('full_build_required', 'configuration', 'In the full build.');

beforeEach(() => {
  loaded.headless = [];
  loaded.payments = [];
  loaded.tokenize.mockReset().mockResolvedValue(token);
  loaded.pay.mockReset().mockResolvedValue(paid);
  loaded.showPayment.mockReset().mockResolvedValue(paid);
  loaded.destroy.mockReset();
  loaded.failure = undefined;
});

describe('headlessAndPayFlow', () => {
  it("loads headless tokenization once, with the Checkout's context, and hands only a token to the callback", async () => {
    const { context, cards } = source();
    const flow = headlessAndPayFlow(context);
    const card = { cardNumber: '4111 1111 1111 1111', expirationMonth: 1, expirationYear: 2040, cvv: '123' };
    const signal = new AbortController().signal;
    expect(await flow.tokenizeCard(card, { signal })).toBe(token);
    expect(loaded.tokenize.mock.lastCall).toEqual([card, { signal }]);
    expect(await flow.prepareAuthentication(card.cardNumber)).toEqual({ ok: true, code: 'setup_1' });
    expect(await flow.authenticate({ status: 'N' })).toMatchObject({ ok: false });
    expect(loaded.headless).toEqual([context]);
    expect(cards).toEqual([token]);
  });

  it('hands the callback a tokenization whose flow could not load, not a preparation, and loads again at the next call', async () => {
    const { context, cards } = source();
    const flow = headlessAndPayFlow(context);
    loaded.failure = unavailable;
    const failed = await flow.tokenizeCard({
      cardNumber: '4111',
      expirationMonth: 1,
      expirationYear: 2040,
      cvv: '123',
    });
    expect(failed).toEqual({ ok: false, error: unavailable });
    expect(await flow.prepareAuthentication('4111')).toEqual({ ok: false, error: unavailable });
    expect(cards).toEqual([failed]);
    loaded.failure = undefined;
    expect(await flow.authenticate({})).toMatchObject({ ok: false });
    expect(loaded.headless).toHaveLength(1);
  });

  it("loads pay()'s flow with the Checkout's context and the card form", async () => {
    const { context, payments, cards } = source();
    const flow = headlessAndPayFlow(context);
    expect(await flow.pay({ method: 'pix' })).toBe(paid);
    expect(await flow.pay()).toBe(paid);
    expect(loaded.pay.mock.calls).toEqual([[{ method: 'pix' }], [undefined]]);
    expect(loaded.payments).toHaveLength(1);
    expect(loaded.payments).toEqual([[context, { cardForm: context.cardForm }]]);
    expect(payments).toEqual([]);
    expect(cards).toEqual([]);
  });

  it('gives a second pay() of the same method while one runs the same promise, and a new one after it ended', async () => {
    const running: ((result: PaymentResult) => void)[] = [];
    loaded.pay.mockImplementation(() => new Promise((resolve) => running.push(resolve)));
    const flow = headlessAndPayFlow(source().context);
    const first = flow.pay();
    expect(flow.pay()).toBe(first);
    expect(flow.pay({ method: 'pix' })).not.toBe(first);
    await vi.waitFor(() => {
      expect(loaded.pay).toHaveBeenCalledTimes(2);
    });
    for (const end of running) end(paid);
    expect(await first).toBe(paid);
    expect(flow.pay()).not.toBe(first);
  });

  it('loads the same flow for showPayment(), a second call while one runs sharing its promise', async () => {
    const running: ((result: PaymentResult) => void)[] = [];
    loaded.showPayment.mockImplementation(() => new Promise((resolve) => running.push(resolve)));
    const flow = headlessAndPayFlow(source().context);
    const first = flow.showPayment({ target: '#pix' });
    expect(flow.showPayment()).toBe(first);
    await vi.waitFor(() => {
      expect(loaded.showPayment).toHaveBeenCalledTimes(1);
    });
    expect(loaded.showPayment.mock.calls).toEqual([[{ target: '#pix' }]]);
    for (const end of running) end(paid);
    expect(await first).toBe(paid);
    expect(await flow.pay()).toBe(paid);
    expect(loaded.payments).toHaveLength(1);
  });

  it('hands onPayment the failure of a pay() whose flow could not load, and loads again at the next call', async () => {
    const { context, payments } = source();
    const flow = headlessAndPayFlow(context);
    loaded.failure = unavailable;
    const failed = await flow.pay();
    expect(failed).toEqual({ ok: false, error: unavailable });
    expect(payments).toEqual([failed]);
    loaded.failure = undefined;
    expect(await flow.pay()).toBe(paid);
    expect(loaded.payments).toHaveLength(1);
  });

  it("destroys pay()'s flow once it has loaded, and loads nothing to destroy it", async () => {
    const flow = headlessAndPayFlow(source().context);
    flow.destroy();
    await Promise.resolve();
    expect(loaded.payments).toEqual([]);
    await flow.pay();
    flow.destroy();
    await vi.waitFor(() => {
      expect(loaded.destroy).toHaveBeenCalledOnce();
    });
  });
});

describe("the essentials build's headlessAndPayFlow", () => {
  it('ends every method in full_build_required, naming the full build, delivered where a flow that could not load delivers it', async () => {
    const { context, cards, payments } = source();
    const flow = essentialsFlow(context);
    const missing = (what: string) => ({
      ok: false,
      error: expect.objectContaining({
        code: 'full_build_required',
        type: 'configuration',
        message: expect.stringContaining(`${what} in the full build, checkout-<version>.js.`) as string,
      }) as unknown,
    });
    const card = { cardNumber: '4111 1111 1111 1111', expirationMonth: 1, expirationYear: 2040, cvv: '123' };
    const headless = missing('Headless tokenization and its 3DS are');
    expect(await flow.prepareAuthentication(card.cardNumber)).toEqual(headless);
    expect(await flow.authenticate({ status: 'N' })).toEqual(headless);
    // Neither a preparation nor an authentication reaches the callback: a tokenization does.
    expect(cards).toEqual([]);
    expect(await flow.tokenizeCard(card)).toEqual(headless);
    expect(cards).toEqual([headless]);
    const payMissing = missing('pay() and showPayment() are');
    expect(await flow.pay()).toEqual(payMissing);
    expect(await flow.showPayment({ target: '#pix' })).toEqual(payMissing);
    expect(payments).toEqual([payMissing, payMissing]);
    expect(() => {
      flow.destroy();
    }).not.toThrow();
    expect(loaded.headless).toEqual([]);
  });
});
