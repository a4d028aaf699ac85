// @vitest-environment happy-dom
// ApplePaySession as the stand-in plays it, without a browser: WebKit's checks and exact messages, the
// order of events, the states each method is refused in, and the 30 s clocks on a fake clock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthorizedPayment } from './messages.ts';
import { bindRequest, validateRequest } from './request.ts';
import {
  ApplePayError,
  createApplePaySession,
  type SheetHandlers,
  type SheetOpening,
  type StandInEnv,
  type StandInRecord,
} from './session.ts';

const REQUEST = {
  countryCode: 'BR',
  currencyCode: 'BRL',
  supportedNetworks: ['visa', 'masterCard', 'elo'],
  merchantCapabilities: ['supports3DS'],
  total: { label: 'Loja Demo', amount: '150.00' },
};
const MERCHANT_SESSION = { merchantSessionIdentifier: 'SSH1', signature: 'ab' };
const METHOD = { displayName: 'Visa 1111', network: 'Visa', type: 'credit' };
const PAYMENT: AuthorizedPayment = {
  token: { paymentData: { version: 'EC_v1' }, paymentMethod: METHOD, transactionIdentifier: 'AB12' },
};

function setup(options: { opening?: SheetOpening; gesture?: boolean } = {}) {
  const log: StandInRecord[] = [];
  const sheetCalls: unknown[][] = [];
  let handlers: SheetHandlers | undefined;
  const state = { gesture: options.gesture ?? true };
  const openSheet = vi.fn((_session: unknown, _request: unknown) =>
    Promise.resolve(
      options.opening ?? { ok: true as const, sheetId: 'sheet-1', sheetUrl: 'http://wallet/sheet' },
    ),
  );
  const env: StandInEnv = {
    config: { availability: 'available', timeoutMs: 30_000 },
    validationUrl: 'http://127.0.0.1:4178/paymentservices/startSession',
    record: (entry) => log.push(entry),
    hasUserActivation: () => state.gesture,
    isSecureContext: () => true,
    openSheet,
    showSheet: (_opening, given) => {
      handlers = given;
      return {
        update: (total, lineItems) => sheetCalls.push(['update', total, lineItems]),
        result: (final, success) => sheetCalls.push(['result', final, success]),
        close: () => sheetCalls.push(['close']),
      };
    },
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => {
      clearTimeout(handle as ReturnType<typeof setTimeout>);
    },
  };
  const ApplePaySession = createApplePaySession(env);
  const sheet = () => {
    if (handlers === undefined) throw new Error('no sheet is shown');
    return handlers;
  };
  return { ApplePaySession, env, log, sheetCalls, sheet, state, openSheet };
}

/** The error a call throws: its name and message. */
function thrown(call: () => unknown): { name: string; message: string } | undefined {
  try {
    call();
  } catch (error) {
    return { name: (error as Error).name, message: (error as Error).message };
  }
  return undefined;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ApplePaySession statics', () => {
  it('has the STATUS_* constants 0 to 7', () => {
    const { ApplePaySession } = setup();
    const names = [
      'STATUS_SUCCESS',
      'STATUS_FAILURE',
      'STATUS_INVALID_BILLING_POSTAL_ADDRESS',
      'STATUS_INVALID_SHIPPING_POSTAL_ADDRESS',
      'STATUS_INVALID_SHIPPING_CONTACT',
      'STATUS_PIN_REQUIRED',
      'STATUS_PIN_INCORRECT',
      'STATUS_PIN_LOCKOUT',
    ] as const;
    expect(Object.fromEntries(names.map((name) => [name, ApplePaySession[name]]))).toEqual(
      Object.fromEntries(names.map((name, value) => [name, value])),
    );
  });

  it('supports versions 1 to 14, and refuses version 0', () => {
    const { ApplePaySession } = setup();
    for (let version = 1; version <= 14; version += 1)
      expect(ApplePaySession.supportsVersion(version)).toBe(true);
    expect(ApplePaySession.supportsVersion(15)).toBe(false);
    expect(thrown(() => ApplePaySession.supportsVersion(0))?.name).toBe('InvalidAccessError');
  });

  it.each([
    ['available', true, true, 'paymentCredentialsAvailable'],
    ['no-active-card', true, false, 'paymentCredentialsUnavailable'],
    ['unsupported', false, false, 'applePayUnsupported'],
  ] as const)('answers availability %s', async (availability, canPay, withCard, status) => {
    const { ApplePaySession, env } = setup();
    env.config.availability = availability;
    expect(ApplePaySession.canMakePayments()).toBe(canPay);
    const active = ApplePaySession.canMakePaymentsWithActiveCard('merchant.com.demo');
    const capabilities = ApplePaySession.applePayCapabilities('merchant.com.demo');
    await vi.runAllTimersAsync();
    await expect(active).resolves.toBe(withCard);
    await expect(capabilities).resolves.toEqual({ paymentCredentialStatus: status });
  });

  it('refuses openPaymentSetup outside a user gesture', () => {
    const { ApplePaySession, state } = setup();
    state.gesture = false;
    expect(thrown(() => ApplePaySession.openPaymentSetup('merchant.com.demo'))).toEqual({
      name: 'InvalidAccessError',
      message: 'Must call ApplePaySession.openPaymentSetup from a user gesture handler.',
    });
  });
});

describe('new ApplePaySession(version, request)', () => {
  it('needs a user gesture', () => {
    const { ApplePaySession } = setup({ gesture: false });
    expect(thrown(() => new ApplePaySession(5, REQUEST))).toEqual({
      name: 'InvalidAccessError',
      message: 'Must create a new ApplePaySession from a user gesture handler.',
    });
  });

  it('converts the request before it looks for the gesture, as the binding runs first', () => {
    const { ApplePaySession } = setup({ gesture: false });
    expect(thrown(() => new ApplePaySession(5, {}))).toEqual({
      name: 'TypeError',
      message: 'Member ApplePayRequestBase.countryCode is required and must be an instance of DOMString',
    });
  });

  const with_ = (changes: Record<string, unknown>) => ({ ...REQUEST, ...changes });
  it.each([
    ['no arguments', undefined, undefined, 'TypeError', 'Not enough arguments'],
    [
      'no merchantCapabilities',
      5,
      { countryCode: 'BR' },
      'TypeError',
      'Member ApplePayRequestBase.merchantCapabilities is required and must be an instance of sequence',
    ],
    [
      'no currencyCode',
      5,
      { ...REQUEST, currencyCode: undefined },
      'TypeError',
      'Member ApplePayPaymentRequest.currencyCode is required and must be an instance of DOMString',
    ],
    [
      'no total',
      5,
      { ...REQUEST, total: undefined },
      'TypeError',
      'Member ApplePayPaymentRequest.total is required and must be an instance of ApplePayLineItem',
    ],
    ['an unknown capability', 5, with_({ merchantCapabilities: ['supports3D'] }), 'TypeError', 'Type error'],
    ['version 15', 15, REQUEST, 'InvalidAccessError', '"15" is not a supported version.'],
    [
      'no capability',
      5,
      with_({ merchantCapabilities: [] }),
      'TypeError',
      'At least one merchant capability must be provided.',
    ],
    [
      'no network',
      5,
      with_({ supportedNetworks: [] }),
      'TypeError',
      'At least one supported network must be provided.',
    ],
    ['elo before version 5', 4, REQUEST, 'TypeError', '"elo" is not a valid payment network.'],
    [
      'a made-up network',
      14,
      with_({ supportedNetworks: ['hipercard'] }),
      'TypeError',
      '"hipercard" is not a valid payment network.',
    ],
    [
      'a comma',
      5,
      with_({ total: { label: 'x', amount: '150,00' } }),
      'TypeError',
      '"150,00" is not a valid amount.',
    ],
    [
      'three decimals',
      5,
      with_({ total: { label: 'x', amount: '1.234' } }),
      'TypeError',
      '"1.234" is not a valid amount.',
    ],
    ['no amount', 5, with_({ total: { label: 'x' } }), 'TypeError', '"" is not a valid amount.'],
    [
      'a line item',
      5,
      with_({ lineItems: [{ label: 'Frete', amount: 'grátis' }] }),
      'TypeError',
      '"grátis" is not a valid amount.',
    ],
    [
      'a lower-case country',
      5,
      with_({ countryCode: 'br' }),
      'TypeError',
      '"br" is not a valid country code.',
    ],
    [
      'a 3-letter country',
      5,
      with_({ countryCode: 'BRA' }),
      'TypeError',
      '"BRA" is not a valid country code.',
    ],
    [
      'an unknown currency',
      5,
      with_({ currencyCode: 'BRX' }),
      'TypeError',
      '"BRX" is not a valid currency code.',
    ],
    ['no total label', 5, with_({ total: { amount: '1.00' } }), 'TypeError', 'Missing total label.'],
    [
      'a negative total',
      5,
      with_({ total: { label: 'x', amount: '-1.00' } }),
      'TypeError',
      'Total amount must not be negative.',
    ],
    [
      'a total over 100 000 000',
      5,
      with_({ total: { label: 'x', amount: '100000000.01' } }),
      'TypeError',
      'Total amount is too big.',
    ],
    [
      'a supported country that is none',
      5,
      with_({ supportedCountries: ['BR', 'ZZ'] }),
      'TypeError',
      '"ZZ" is not a valid country code.',
    ],
  ])('refuses %s with WebKit’s error', (_what, version, request, name, message) => {
    const { ApplePaySession } = setup();
    const make = () =>
      version === undefined ? Reflect.construct(ApplePaySession, []) : new ApplePaySession(version, request);
    expect(thrown(make)).toEqual({ name, message });
  });

  it('accepts a valid request: networks in any case, a pending line item without amount, a zero total', () => {
    const { ApplePaySession } = setup();
    expect(
      thrown(
        () =>
          new ApplePaySession(14, {
            ...REQUEST,
            supportedNetworks: ['Visa', 'MASTERCARD', 'elo'],
            lineItems: [{ label: 'Frete', type: 'pending' }],
            total: { label: 'Loja', amount: '0' },
          }),
      ),
    ).toBeUndefined();
  });

  it('keeps requiredBillingContactFields for the sheet, and refuses a field Apple does not have', () => {
    const request = (fields: unknown) => ({ ...REQUEST, requiredBillingContactFields: fields });
    expect(validateRequest(14, bindRequest(request(['name', 'name']))).requiredBillingContactFields).toEqual([
      'name',
    ]);
    expect(validateRequest(14, bindRequest(REQUEST))).not.toHaveProperty('requiredBillingContactFields');
    expect(thrown(() => bindRequest(request(['cpf'])))?.name).toBe('TypeError');
  });
});

/** A session through merchant validation, with its sheet shown. */
async function validated(context = setup(), listeners: { methods?: boolean } = {}) {
  const session = new context.ApplePaySession(14, {
    ...REQUEST,
    lineItems: [{ label: 'Frete', amount: '10.00' }],
  });
  const events: string[] = [];
  session.onvalidatemerchant = (event) => {
    events.push(`validatemerchant ${(event as Event & { validationURL: string }).validationURL}`);
    session.completeMerchantValidation(MERCHANT_SESSION);
  };
  if (listeners.methods !== false) {
    session.onpaymentmethodselected = (event) => {
      events.push(
        `paymentmethodselected ${(event as Event & { paymentMethod: typeof METHOD }).paymentMethod.displayName}`,
      );
    };
  }
  session.onpaymentauthorized = (event) => {
    events.push(
      `paymentauthorized ${(event as Event & { payment: AuthorizedPayment }).payment.token.transactionIdentifier}`,
    );
  };
  session.oncancel = (event) => {
    events.push(`cancel ${JSON.stringify((event as Event & { sessionError: unknown }).sessionError)}`);
  };
  session.begin();
  await vi.advanceTimersByTimeAsync(0);
  return { ...context, session, events };
}

describe('a payment session', () => {
  it('runs begin → validatemerchant → completeMerchantValidation → paymentmethodselected → paymentauthorized → completePayment', async () => {
    const { session, events, sheet, sheetCalls, openSheet, log } = await validated();
    expect(openSheet).toHaveBeenCalledWith(
      MERCHANT_SESSION,
      expect.objectContaining({ currencyCode: 'BRL' }),
    );
    sheet().methodSelected(METHOD);
    session.completePaymentMethodSelection({ newTotal: { label: 'Loja Demo', amount: '140.00' } });
    expect(sheetCalls).toEqual([['update', { label: 'Loja Demo', amount: '140.00', type: 'final' }, []]]);
    sheet().authorized(PAYMENT);
    session.completePayment(0);
    expect(sheetCalls.at(-1)).toEqual(['result', true, true]);
    await vi.advanceTimersByTimeAsync(600);
    expect(sheetCalls.at(-1)).toEqual(['close']);
    expect(events).toEqual([
      'validatemerchant http://127.0.0.1:4178/paymentservices/startSession',
      'paymentmethodselected Visa 1111',
      'paymentauthorized AB12',
    ]);
    expect(log.map((entry) => entry.name)).toEqual([
      'constructor',
      'begin',
      'validatemerchant',
      'completeMerchantValidation',
      'paymentmethodselected',
      'completePaymentMethodSelection',
      'paymentauthorized',
      'completePayment',
    ]);
    // Done: nothing more to complete, and no cancel afterwards.
    expect(
      thrown(() => {
        session.completePayment(0);
      })?.name,
    ).toBe('InvalidAccessError');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(events).toHaveLength(3);
  });

  it('accepts the legacy completePaymentMethodSelection(newTotal, newLineItems)', async () => {
    const { session, sheet, sheetCalls } = await validated();
    sheet().methodSelected(METHOD);
    session.completePaymentMethodSelection({ label: 'Loja', amount: '150.00' }, [
      { label: 'Frete', amount: '0.00' },
    ]);
    expect(sheetCalls[0]).toEqual([
      'update',
      { label: 'Loja', amount: '150.00', type: 'final' },
      [{ label: 'Frete', amount: '0.00', type: 'final' }],
    ]);
  });

  it('completes a method selection itself for a page that does not listen (no clock runs)', async () => {
    const { sheet, sheetCalls, events } = await validated(setup(), { methods: false });
    sheet().methodSelected(METHOD);
    expect(sheetCalls[0]?.[0]).toBe('update');
    await vi.advanceTimersByTimeAsync(31_000);
    expect(events).toHaveLength(1);
  });

  it('allows one active session per page', async () => {
    const { session, ApplePaySession } = await validated();
    expect(
      thrown(() => {
        session.begin();
      }),
    ).toEqual({
      name: 'InvalidAccessError',
      message: 'Payment session is already active.',
    });
    const second = new ApplePaySession(5, REQUEST);
    expect(
      thrown(() => {
        second.begin();
      }),
    ).toEqual({
      name: 'InvalidAccessError',
      message: 'Page already has an active payment session.',
    });
    session.abort();
    expect(
      thrown(() => {
        new ApplePaySession(5, REQUEST).begin();
      }),
    ).toBeUndefined();
  });

  it('refuses completeMerchantValidation with a non-object (TypeError) or out of turn (InvalidAccessError)', async () => {
    const context = setup();
    const session = new context.ApplePaySession(5, REQUEST);
    expect(
      thrown(() => {
        session.completeMerchantValidation({});
      })?.name,
    ).toBe('InvalidAccessError');
    let caught: unknown;
    session.onvalidatemerchant = () => {
      try {
        session.completeMerchantValidation('{"merchantSessionIdentifier":"x"}');
      } catch (error) {
        caught = error;
      }
    };
    session.begin();
    await vi.advanceTimersByTimeAsync(0);
    expect(caught).toBeInstanceOf(TypeError);
  });

  it('cancels when the merchant session is refused, with sessionError code "unknown"', async () => {
    const { events, log } = await validated(
      setup({ opening: { ok: false, reason: 'expired', message: 'expired' } }),
    );
    expect(events.at(-1)).toBe('cancel {"code":"unknown","info":{}}');
    expect(log.find((entry) => entry.name === 'merchantSessionRefused')?.detail).toEqual({
      reason: 'expired',
    });
  });

  it('cancels when the tester does, even after authorization, and nothing completes after that', async () => {
    const { session, sheet, sheetCalls, events } = await validated();
    sheet().methodSelected(METHOD);
    session.completePaymentMethodSelection({ newTotal: { label: 'Loja', amount: '150.00' } });
    sheet().authorized(PAYMENT);
    sheet().cancel();
    expect(events.at(-1)).toBe('cancel {"code":"unknown","info":{}}');
    expect(sheetCalls.at(-1)).toEqual(['close']);
    expect(
      thrown(() => {
        session.completePayment(0);
      })?.name,
    ).toBe('InvalidAccessError');
  });

  it('keeps the sheet open after a failure with contact errors or a PIN status, so the tester can pay again', async () => {
    const { session, sheet, sheetCalls, events } = await validated();
    sheet().methodSelected(METHOD);
    session.completePaymentMethodSelection({ newTotal: { label: 'Loja', amount: '150.00' } });
    sheet().authorized(PAYMENT);
    session.completePayment({
      status: 1,
      errors: [new ApplePayError('billingContactInvalid', 'postalAddress')],
    });
    expect(sheetCalls.at(-1)).toEqual(['result', false, false]);
    sheet().authorized(PAYMENT);
    session.completePayment(5);
    expect(sheetCalls.at(-1)).toEqual(['result', false, false]);
    sheet().authorized(PAYMENT);
    expect(
      thrown(() => {
        session.completePayment(8);
      })?.name,
    ).toBe('InvalidAccessError');
    session.completePayment({ status: 1 });
    expect(sheetCalls.at(-1)).toEqual(['result', true, false]);
    expect(events.filter((event) => event.startsWith('paymentauthorized'))).toHaveLength(3);
    expect(
      thrown(() => {
        session.completePayment({ status: 0, errors: [{ code: 'unknown' }] });
      })?.name,
    ).toBe('TypeError');
  });

  it('refuses abort() before begin() and fires no cancel for an abort', async () => {
    const context = setup();
    expect(
      thrown(() => {
        new context.ApplePaySession(5, REQUEST).abort();
      })?.name,
    ).toBe('InvalidAccessError');
    const { session, events, sheetCalls } = await validated(context);
    session.abort();
    expect(sheetCalls.at(-1)).toEqual(['close']);
    expect(events.some((event) => event.startsWith('cancel'))).toBe(false);
  });

  it('refuses an update with an invalid total', async () => {
    const { session, sheet } = await validated();
    sheet().methodSelected(METHOD);
    expect(
      thrown(() => {
        session.completePaymentMethodSelection({ newTotal: { label: 'x', amount: '-5' } });
      }),
    ).toEqual({
      name: 'TypeError',
      message: 'Total amount must not be negative.',
    });
    expect(
      thrown(() => {
        session.completePaymentMethodSelection({});
      }),
    ).toEqual({
      name: 'TypeError',
      message:
        'Member ApplePayDetailsUpdateBase.newTotal is required and must be an instance of ApplePayLineItem',
    });
  });
});

describe('the clocks', () => {
  it.each([
    ['merchant validation', 'merchantValidation'],
    ['payment method selection', 'paymentMethodSelection'],
    ['payment authorization', 'paymentAuthorization'],
  ])('cancel after 30 s without a completion at %s', async (_what, stage) => {
    const context = setup();
    const session = new context.ApplePaySession(14, REQUEST);
    const cancels: unknown[] = [];
    session.oncancel = (event) => cancels.push((event as Event & { sessionError: unknown }).sessionError);
    session.onpaymentmethodselected = () => undefined;
    session.onvalidatemerchant = () => {
      if (stage !== 'merchantValidation') session.completeMerchantValidation(MERCHANT_SESSION);
    };
    session.begin();
    await vi.advanceTimersByTimeAsync(0);
    if (stage !== 'merchantValidation') context.sheet().methodSelected(METHOD);
    if (stage === 'paymentAuthorization') {
      session.completePaymentMethodSelection({ newTotal: REQUEST.total });
      context.sheet().authorized(PAYMENT);
    }
    await vi.advanceTimersByTimeAsync(29_999);
    expect(cancels).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(cancels).toEqual([{ code: 'unknown', info: {} }]);
    expect(context.log.at(-1)).toEqual({
      kind: 'event',
      name: 'cancel',
      detail: { reason: `timeout:${stage}` },
    });
  });

  it('runs on the configured timeoutMs (the test knob)', async () => {
    const context = setup();
    context.env.config.timeoutMs = 50;
    const session = new context.ApplePaySession(14, REQUEST);
    const cancel = vi.fn();
    session.oncancel = cancel;
    session.begin();
    await vi.advanceTimersByTimeAsync(49);
    expect(cancel).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(cancel).toHaveBeenCalledOnce();
  });
});
