// The Apple Pay flow against a fake ApplePaySession with WebKit's surface (status constants, events,
// the gesture rule): availability before the click, the session made in the click, merchant validation
// by the service or the merchant, completePayment exactly once, and what reaches the `callback`.
import type * as Wallet from './wallet-script.ts';
import { describe, expect, it, vi } from 'vitest';
import { WALLET_CALLBACK_WATCHDOG_MS } from '../wallets/constants.ts';
import type { ApplePayOptions } from '../wallets/wallet-options.ts';
import type { ApplePayEvents, ApplePaySessionInstance } from '../wallets/wallet-apis.ts';
import { useApplePay } from './apple-pay.ts';
import { eachTestOnAWalletPage, itIsUnavailableWhen, settle, walletContext } from './wallet-fixtures.ts';

const loaded = vi.hoisted(() => ({ urls: [] as string[] }));
vi.mock('./wallet-script.ts', async (actual) => ({
  ...(await actual<typeof Wallet>()),
  loadWalletScript: (src: string) => {
    loaded.urls.push(src);
    return Promise.resolve();
  },
}));

const PAYMENT_DATA = {
  version: 'EC_v1',
  data: 'c2VhbGVk',
  signature: 'c2ln',
  header: { transactionId: 'ab' },
};
const MERCHANT_SESSION = {
  merchantSessionIdentifier: 'ms_1',
  epochTimestamp: 1,
  expiresAt: 2,
  signature: 's',
};

interface FakeSession extends ApplePaySessionInstance {
  version: number;
  request: Record<string, unknown>;
  log: string[];
  madeInGesture: boolean;
}

/** A fake ApplePaySession class: WebKit's statics, and each instance's calls in `log`. */
function fakeApplePay(
  availability: { canMakePayments?: boolean; capability?: string; supports?: boolean; throws?: Error } = {},
) {
  const sessions: FakeSession[] = [];
  let clicking = false;
  class Session {
    static STATUS_SUCCESS = 0;
    static STATUS_FAILURE = 1;
    static supportsVersion = () => availability.supports ?? true;
    static canMakePayments = () => availability.canMakePayments ?? true;
    static applePayCapabilities =
      availability.capability === undefined
        ? undefined
        : () => Promise.resolve({ paymentCredentialStatus: availability.capability });
    log: string[] = [];
    madeInGesture = clicking;
    onvalidatemerchant = null;
    onpaymentmethodselected = null;
    onpaymentauthorized = null;
    oncancel = null;
    constructor(
      public version: number,
      public request: Record<string, unknown>,
    ) {
      if (availability.throws !== undefined) throw availability.throws;
      sessions.push(this);
    }
    begin() {
      this.log.push('begin');
    }
    abort() {
      this.log.push('abort');
    }
    completeMerchantValidation(session: object) {
      this.log.push(`completeMerchantValidation ${JSON.stringify(session)}`);
    }
    completePaymentMethodSelection(update: object) {
      this.log.push(`completePaymentMethodSelection ${JSON.stringify(update)}`);
    }
    completePayment(result: { status: number }) {
      this.log.push(`completePayment ${String(result.status)}`);
    }
  }
  vi.stubGlobal('ApplePaySession', Session);
  const click = () => {
    clicking = true;
    document.querySelector<HTMLElement>('#wallet apple-pay-button')?.click();
    clicking = false;
  };
  const fire = <K extends keyof ApplePayEvents>(
    session: FakeSession | undefined,
    event: K,
    detail: ApplePayEvents[K],
  ) => {
    const handler = (session as unknown as Record<string, ((e: ApplePayEvents[K]) => void) | null>)[
      `on${event}`
    ];
    handler?.(detail);
  };
  return { sessions, click, fire };
}

function options(overrides: Partial<ApplePayOptions> = {}): ApplePayOptions {
  return {
    button: { selector: '#wallet' },
    merchantId: 'merchant.com.demo',
    cart: { lineItems: [{ label: 'Camiseta', amount: 120 }], total: { label: 'Loja Demo', amount: 120 } },
    applePayCallback: () => true,
    ...overrides,
  };
}

function serviceAnswering(answer: Response) {
  const requests: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    requests.push({ url, body: JSON.parse(init.body as string) });
    return Promise.resolve(answer);
  });
  return requests;
}

const state = () => document.querySelector('#wallet')?.getAttribute('data-svc-wallet');

eachTestOnAWalletPage(() => {
  loaded.urls = [];
});

describe('useApplePay: availability', () => {
  it('resolves true and shows <apple-pay-button> styled, in the shopper’s language', async () => {
    fakeApplePay({ capability: 'paymentCredentialsAvailable' });
    expect(
      await useApplePay(
        walletContext().ctx,
        options({ button: { selector: '#wallet', style: 'white-outline' } }),
      ),
    ).toBe(true);
    expect(loaded.urls).toEqual(['https://applepay.cdn-apple.com/jsapi/1.latest/apple-pay-sdk.js']);
    const button = document.querySelector('#wallet apple-pay-button');
    expect([
      button?.getAttribute('buttonstyle'),
      button?.getAttribute('type'),
      button?.getAttribute('locale'),
    ]).toEqual(['white-outline', 'buy', 'pt-BR']);
    expect(state()).toBe('ready');
  });

  itIsUnavailableWhen(
    'Apple Pay',
    [
      ['the browser has no ApplePaySession', () => undefined, 'not_supported'],
      ['the session version is not supported', () => fakeApplePay({ supports: false }), 'not_supported'],
      ['the shopper cannot pay with it here', () => fakeApplePay({ canMakePayments: false }), 'not_ready'],
      [
        'Apple says Apple Pay is unsupported',
        () => fakeApplePay({ capability: 'applePayUnsupported' }),
        'not_supported',
      ],
    ],
    (ctx, onUnavailable) => useApplePay(ctx, options({ onUnavailable })),
  );

  it('still shows the button when no card is in the wallet yet: the sheet lets the shopper add one', async () => {
    fakeApplePay({ capability: 'paymentCredentialsUnavailable' });
    expect(await useApplePay(walletContext().ctx, options())).toBe(true);
  });
});

describe('useApplePay: paying', () => {
  it('makes the session in the click, has the service validate the merchant, and completes the payment once', async () => {
    const apple = fakeApplePay();
    const requests = serviceAnswering(Response.json(MERCHANT_SESSION));
    const callback = vi.fn(() => Promise.resolve(true));
    const { ctx, failures } = walletContext();
    await useApplePay(ctx, options({ applePayCallback: callback, installments: { plans: [1, 2, 3] } }));
    document.querySelector<HTMLSelectElement>('#wallet select')!.value = '2';

    apple.click();
    const session = apple.sessions[0];
    expect(session?.madeInGesture).toBe(true);
    expect(session?.version).toBe(5);
    expect(session?.request).toMatchObject({
      countryCode: 'BR',
      currencyCode: 'BRL',
      merchantCapabilities: ['supports3DS'],
      total: { label: 'Loja Demo', amount: '120.00' },
    });
    expect(session?.log).toEqual(['begin']);
    expect(state()).toBe('busy');

    apple.fire(session, 'validatemerchant', {
      validationURL: 'http://127.0.0.1:4178/paymentservices/startSession',
    });
    await settle();
    expect(requests).toEqual([
      {
        url: 'http://127.0.0.1:4174/api/Wallet/MerchantSession',
        body: {
          sessionId: 'ses_1',
          validationURL: 'http://127.0.0.1:4178/paymentservices/startSession',
          merchantIdentifier: 'merchant.com.demo',
          displayName: 'Loja Demo',
          domainName: location.hostname,
        },
      },
    ]);
    expect(session?.log[1]).toBe(`completeMerchantValidation ${JSON.stringify(MERCHANT_SESSION)}`);

    apple.fire(session, 'paymentmethodselected', { paymentMethod: {} });
    expect(session?.log[2]).toContain('completePaymentMethodSelection');

    apple.fire(session, 'paymentauthorized', {
      payment: { token: { paymentData: PAYMENT_DATA, paymentMethod: {}, transactionIdentifier: 'ab' } },
    });
    await settle();
    expect(callback).toHaveBeenCalledWith({
      token: JSON.stringify(PAYMENT_DATA),
      walletProvider: 'WalletBPay',
      installments: 2,
      billingInfo: { billedAmount: 120 },
    });
    expect(session?.log.slice(3)).toEqual(['completePayment 0']);
    expect(state()).toBe('completed');

    // Apple may still fire cancel after the payment: nothing more happens, and the button pays no more.
    apple.fire(session, 'cancel', {});
    apple.click();
    expect(apple.sessions).toHaveLength(1);
    expect(failures).toEqual([]);
  });

  it('asks Apple for the billing contact’s name and hands it to the callback in billingInfo, with the total', async () => {
    const apple = fakeApplePay();
    const callback = vi.fn(() => true);
    await useApplePay(
      walletContext().ctx,
      options({ applePayCallback: callback, cart: { total: { label: 'Loja', amount: '99.9' } } }),
    );
    apple.click();
    expect(apple.sessions[0]?.request).toMatchObject({ requiredBillingContactFields: ['name'] });
    apple.fire(apple.sessions[0], 'paymentauthorized', {
      payment: {
        token: { paymentData: PAYMENT_DATA, paymentMethod: {}, transactionIdentifier: 'ab' },
        billingContact: { givenName: ' Grace', familyName: 'Hopper ' },
      },
    });
    await settle();
    expect(callback).toHaveBeenCalledWith({
      token: JSON.stringify(PAYMENT_DATA),
      walletProvider: 'WalletBPay',
      billingInfo: { name: 'Grace Hopper', billedAmount: 99.9 },
    });
  });

  it('uses the merchant’s onValidateMerchant instead of the service when given', async () => {
    const apple = fakeApplePay();
    const requests = serviceAnswering(Response.json({}));
    const onValidateMerchant = vi.fn(() => Promise.resolve(MERCHANT_SESSION));
    await useApplePay(walletContext().ctx, options({ onValidateMerchant }));
    apple.click();
    apple.fire(apple.sessions[0], 'validatemerchant', {
      validationURL: 'https://apple-pay-gateway.apple.com/x',
    });
    await settle();
    expect(onValidateMerchant).toHaveBeenCalledWith('https://apple-pay-gateway.apple.com/x');
    expect(requests).toEqual([]);
    expect(apple.sessions[0]?.log[1]).toContain('completeMerchantValidation');
  });

  it('aborts the sheet when the merchant’s onValidateMerchant rejects, and hands its cause to the callback', async () => {
    const apple = fakeApplePay();
    const requests = serviceAnswering(Response.json(MERCHANT_SESSION));
    const refusal = new Error('the merchant identity certificate expired');
    const { ctx, failures } = walletContext();
    await useApplePay(ctx, options({ onValidateMerchant: () => Promise.reject(refusal) }));
    apple.click();
    apple.fire(apple.sessions[0], 'validatemerchant', {
      validationURL: 'https://apple-pay-gateway.apple.com/x',
    });
    await settle();
    expect(apple.sessions[0]?.log).toEqual(['begin', 'abort']);
    expect(failures.map((error) => [error.code, error.type])).toEqual([
      ['wallet_merchant_validation_failed', 'wallet'],
    ]);
    expect(failures[0]?.cause).toBe(refusal);
    // The service was not asked instead, and the shopper may try again.
    expect(requests).toEqual([]);
    expect(state()).toBe('ready');
    apple.click();
    expect(apple.sessions).toHaveLength(2);
  });

  it('completes the sheet as failed at 25 s by default, before Apple’s 30 s, and not a moment before', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const apple = fakeApplePay();
      const { ctx, failures } = walletContext();
      await useApplePay(ctx, options({ applePayCallback: () => new Promise<boolean>(() => undefined) }));
      apple.click();
      apple.fire(apple.sessions[0], 'paymentauthorized', {
        payment: { token: { paymentData: PAYMENT_DATA, paymentMethod: {}, transactionIdentifier: 'ab' } },
      });
      await vi.advanceTimersByTimeAsync(24_999);
      expect(apple.sessions[0]?.log).toEqual(['begin']);
      expect(failures).toEqual([]);
      expect(state()).toBe('busy');
      await vi.advanceTimersByTimeAsync(1);
      expect(apple.sessions[0]?.log).toEqual(['begin', 'completePayment 1']);
      expect(failures.map((error) => error.code)).toEqual(['wallet_callback_timeout']);
      expect(failures[0]?.message).toContain('within 25 s');
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    [
      'the service refuses',
      () => serviceAnswering(Response.json({ code: 'origin_not_allowed', message: 'no' }, { status: 403 })),
    ],
    ['the service answers no object', () => serviceAnswering(Response.json([1]))],
  ])('aborts the sheet when %s, and tells the merchant the validation failed', async (_, arrange) => {
    const apple = fakeApplePay();
    arrange();
    const { ctx, failures } = walletContext();
    await useApplePay(ctx, options());
    apple.click();
    apple.fire(apple.sessions[0], 'validatemerchant', { validationURL: 'http://127.0.0.1:4178/x' });
    await settle();
    await settle();
    expect(apple.sessions[0]?.log).toEqual(['begin', 'abort']);
    expect(failures.map((error) => [error.code, error.type])).toEqual([
      ['wallet_merchant_validation_failed', 'wallet'],
    ]);
    expect(state()).toBe('ready');
  });

  it.each([
    ['answers false', () => false, 'wallet_payment_failed'],
    ['throws', () => Promise.reject(new Error('backend down')), 'wallet_payment_failed'],
    ['is too slow for Apple’s 30 s', () => new Promise<boolean>(() => undefined), 'wallet_callback_timeout'],
  ])(
    'completes the sheet as failed when the callback %s, and tells the merchant',
    async (_, applePayCallback, code) => {
      const apple = fakeApplePay();
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const { ctx, failures } = walletContext();
      await useApplePay(ctx, options({ applePayCallback }));
      apple.click();
      apple.fire(apple.sessions[0], 'paymentauthorized', {
        payment: { token: { paymentData: PAYMENT_DATA, paymentMethod: {}, transactionIdentifier: 'ab' } },
      });
      await vi.advanceTimersByTimeAsync(WALLET_CALLBACK_WATCHDOG_MS);
      expect(apple.sessions[0]?.log).toEqual(['begin', 'completePayment 1']);
      expect(failures.map((error) => error.code)).toEqual([code]);
      expect(state()).toBe('ready');
    },
  );

  it('hands a cancelled sheet to the callback as wallet_cancelled, with Apple’s sessionError, and lets the shopper try again', async () => {
    const apple = fakeApplePay();
    const { ctx, failures } = walletContext();
    await useApplePay(ctx, options());
    apple.click();
    apple.fire(apple.sessions[0], 'cancel', { sessionError: { code: 'unknown', info: {} } });
    expect(failures.map((error) => [error.code, error.type])).toEqual([['wallet_cancelled', 'cancelled']]);
    expect(failures[0]?.cause).toEqual({ code: 'unknown', info: {} });
    apple.click();
    expect(apple.sessions).toHaveLength(2);
  });

  it('opens one sheet at a time', async () => {
    const apple = fakeApplePay();
    await useApplePay(walletContext().ctx, options());
    apple.click();
    apple.click();
    expect(apple.sessions).toHaveLength(1);
  });

  it.each([
    [new TypeError('"XYZ" is not a valid currency code.'), 'wallet_developer_error', 'configuration'],
    [
      new DOMException('Page already has an active payment session.', 'InvalidAccessError'),
      'wallet_error',
      'wallet',
    ],
  ])('hands a session WebKit refuses to make (%s) to the callback', async (thrown, code, type) => {
    const apple = fakeApplePay({ throws: thrown });
    const { ctx, failures } = walletContext();
    await useApplePay(ctx, options());
    apple.click();
    expect(failures.map((error) => [error.code, error.type])).toEqual([[code, type]]);
    expect(failures[0]?.cause).toBe(thrown);
    expect(state()).toBe('ready');
  });

  it('aborts an open sheet and removes the button on destroy', async () => {
    const apple = fakeApplePay();
    const { ctx, destroy } = walletContext();
    await useApplePay(ctx, options());
    apple.click();
    destroy();
    expect(apple.sessions[0]?.log).toEqual(['begin', 'abort']);
    expect(document.querySelector('#wallet apple-pay-button')).toBeNull();
  });
});
