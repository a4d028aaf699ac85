// The Google Pay flow against a fake pay.js with the documented PaymentsClient surface: what it asks
// pay.js, what the merchant's callback gets, what the sheet is told, and what reaches the `callback`.
import type * as Wallet from './wallet-script.ts';
import { describe, expect, it, vi } from 'vitest';
import type { GooglePayOptions } from '../wallets/wallet-options.ts';
import type { GooglePaymentAuthorizationResult, GooglePaymentData } from '../wallets/wallet-apis.ts';
import { messagesFor } from '../i18n/index.ts';
import { WALLET_CALLBACK_WATCHDOG_MS } from '../wallets/constants.ts';
import { useGooglePay } from './google-pay.ts';
import { eachTestOnAWalletPage, itIsUnavailableWhen, settle, walletContext } from './wallet-fixtures.ts';

const loaded = vi.hoisted(() => ({ fail: false, urls: [] as string[] }));
vi.mock('./wallet-script.ts', async (actual) => ({
  ...(await actual<typeof Wallet>()),
  loadWalletScript: (src: string) => {
    loaded.urls.push(src);
    return loaded.fail ? Promise.reject(new Error('blocked')) : Promise.resolve();
  },
}));

const TOKEN =
  '{"protocolVersion":"ECv2","signature":"MEU…","intermediateSigningKey":{},"signedMessage":"{}"}';
const PAYMENT_DATA: GooglePaymentData = {
  paymentMethodData: { type: 'CARD', tokenizationData: { type: 'PAYMENT_GATEWAY', token: TOKEN } },
};

/** A fake pay.js: records each call; `load` settles loadPaymentData as the sheet would. */
function fakePayJs(ready = true) {
  const calls: { method: string; args: unknown[]; inGesture?: boolean }[] = [];
  let onPaymentAuthorized:
    ((data: GooglePaymentData) => Promise<GooglePaymentAuthorizationResult>) | undefined;
  let sheet: { resolve: (data: GooglePaymentData) => void; reject: (error: unknown) => void } | undefined;
  let clicking = false;
  class PaymentsClient {
    constructor(options: {
      environment: string;
      nonce?: string;
      paymentDataCallbacks: { onPaymentAuthorized: typeof onPaymentAuthorized };
    }) {
      calls.push({ method: 'constructor', args: [options.environment, options.nonce] });
      onPaymentAuthorized = options.paymentDataCallbacks.onPaymentAuthorized;
    }
    isReadyToPay(request: object) {
      calls.push({ method: 'isReadyToPay', args: [request] });
      return Promise.resolve({ result: ready });
    }
    createButton(options: { onClick: (event: Event) => void; buttonLocale?: string }) {
      calls.push({ method: 'createButton', args: [options] });
      const button = document.createElement('button');
      button.textContent = 'Comprar com GPay';
      button.addEventListener('click', (event) => {
        clicking = true;
        options.onClick(event);
        clicking = false;
      });
      const wrapper = document.createElement('div');
      wrapper.append(button);
      return wrapper;
    }
    loadPaymentData(request: object) {
      calls.push({ method: 'loadPaymentData', args: [request], inGesture: clicking });
      return new Promise<GooglePaymentData>((resolve, reject) => {
        sheet = { resolve, reject };
      });
    }
    prefetchPaymentData(request: object) {
      calls.push({ method: 'prefetchPaymentData', args: [request] });
    }
  }
  vi.stubGlobal('google', { payments: { api: { PaymentsClient } } });
  return {
    calls,
    /** The shopper chose a card: pay.js asks onPaymentAuthorized, and closes on SUCCESS. */
    async authorize(data = PAYMENT_DATA): Promise<GooglePaymentAuthorizationResult> {
      const result = await onPaymentAuthorized!(data);
      if (result.transactionState === 'SUCCESS') sheet?.resolve(data);
      return result;
    },
    close(statusCode: string, statusMessage?: string) {
      sheet?.reject({ statusCode, ...(statusMessage === undefined ? {} : { statusMessage }) });
    },
  };
}

function options(overrides: Partial<GooglePayOptions> = {}): GooglePayOptions {
  return {
    selector: '#wallet',
    merchantInfo: { merchantName: 'Loja Demo' },
    transactionInfo: { totalPrice: 120, currencyCode: 'BRL' },
    checkoutCallbackFunction: () => true,
    ...overrides,
  };
}

const click = () => document.querySelector<HTMLButtonElement>('#wallet button')?.click();

eachTestOnAWalletPage(() => {
  loaded.fail = false;
  loaded.urls = [];
});

describe('useGooglePay: the button', () => {
  it('shows the button where Google Pay can pay, after asking isReadyToPay for Brazil', async () => {
    const payJs = fakePayJs();
    const { ctx } = walletContext();
    expect(await useGooglePay(ctx, options())).toBe(true);
    expect(loaded.urls).toEqual(['https://pay.google.com/gp/p/js/pay.js']);
    expect(payJs.calls.map((call) => call.method)).toEqual([
      'constructor',
      'isReadyToPay',
      'createButton',
      'prefetchPaymentData',
    ]);
    expect(payJs.calls[0]?.args).toEqual(['TEST', undefined]);
    expect(payJs.calls[1]?.args[0]).toMatchObject({
      allowedPaymentMethods: [{ parameters: { allowedCardNetworks: ['AMEX', 'ELO', 'MASTERCARD', 'VISA'] } }],
    });
    expect(payJs.calls[2]?.args[0]).toMatchObject({ buttonLocale: 'pt' });
    expect(document.querySelector('#wallet')?.getAttribute('data-svc-wallet')).toBe('ready');
    expect(document.querySelector('#wallet button')?.textContent).toBe('Comprar com GPay');
  });

  it('hands pay.js the page’s CSP nonce, for the styles it adds', async () => {
    const payJs = fakePayJs();
    await useGooglePay(walletContext().ctx, options({ nonce: 'r4nd0mN0nce==' }));
    expect(payJs.calls[0]?.args).toEqual(['TEST', 'r4nd0mN0nce==']);
  });

  it('loads the configured stand-in instead of pay.js', async () => {
    fakePayJs();
    const { ctx } = walletContext({
      options: { walletScripts: { googlePay: 'http://127.0.0.1:4178/gp/p/js/pay.js' } },
    });
    await useGooglePay(ctx, options());
    expect(loaded.urls).toEqual(['http://127.0.0.1:4178/gp/p/js/pay.js']);
  });

  itIsUnavailableWhen(
    'Google Pay',
    [
      ['the wallet says the shopper cannot pay', () => fakePayJs(false), 'not_ready'],
      ['pay.js does not load', () => (loaded.fail = true), 'script_failed'],
      ['pay.js loads but defines nothing', () => undefined, 'script_failed'],
    ],
    (ctx, onUnavailable) => useGooglePay(ctx, options({ onUnavailable })),
  );

  it('rejects a wrong option, a missing container or a stand-in URL that is not https before loading anything', async () => {
    fakePayJs();
    const { ctx } = walletContext();
    await expect(
      useGooglePay(ctx, options({ transactionInfo: { totalPrice: '1,00', currencyCode: 'BRL' } })),
    ).rejects.toMatchObject({
      code: 'invalid_option',
    });
    await expect(useGooglePay(ctx, options({ selector: '#nowhere' }))).rejects.toMatchObject({
      code: 'invalid_target',
      message: expect.stringContaining('#nowhere') as string,
    });
    await expect(
      useGooglePay(
        walletContext({ options: { walletScripts: { googlePay: 'http://wallets.example/pay.js' } } }).ctx,
        options(),
      ),
    ).rejects.toMatchObject({
      code: 'invalid_option',
      message: expect.stringContaining('walletScripts.googlePay') as string,
    });
    expect(loaded.urls).toEqual([]);
  });

  it('shows the installments choice before the button as docs/guides/wallets.md says: label, class, options', async () => {
    fakePayJs();
    const { ctx } = walletContext();
    const plans = [
      1,
      { count: 3, amount: 50, interestFree: true },
      { count: 6, amount: 27.5, interestFree: false },
    ];
    await useGooglePay(ctx, options({ installments: { plans, currency: 'BRL' } }));
    const wallet = document.querySelector('#wallet');
    const label = wallet?.firstElementChild;
    expect(label?.tagName).toBe('LABEL');
    expect(label?.className).toBe('svc-wallet-installments');
    const select = label?.querySelector('select');
    // A native single select (implicit role combobox) inside its label, named "Parcelas" in pt-BR.
    expect(select?.multiple).toBe(false);
    expect(select?.hasAttribute('size')).toBe(false);
    expect(label?.firstChild?.textContent?.trim()).toBe('Parcelas');
    expect([...(select?.options ?? [])].map((o) => [o.value, o.textContent.replace(/\s/g, ' ')])).toEqual([
      ['1', '1x'],
      ['3', '3x de R$ 50,00 sem juros'],
      ['6', '6x de R$ 27,50 com juros'],
    ]);
    expect(select?.value).toBe('1');
    // Before the button, in the same container.
    expect(label?.nextElementSibling).toBe(wallet?.lastElementChild);
  });

  it('is removed by destroy', async () => {
    fakePayJs();
    const { ctx, destroy } = walletContext();
    await useGooglePay(ctx, options({ installments: { plans: [1, 2, 3] } }));
    destroy();
    expect(document.querySelector('#wallet')?.childElementCount).toBe(0);
    expect(document.querySelector('#wallet')?.hasAttribute('data-svc-wallet')).toBe(false);
  });
});

describe('useGooglePay: paying', () => {
  it('opens the sheet within the click, hands the token and the installments to the callback, and pays once', async () => {
    const payJs = fakePayJs();
    const callback = vi.fn(() => Promise.resolve(true));
    const { ctx, failures } = walletContext();
    await useGooglePay(
      ctx,
      options({ checkoutCallbackFunction: callback, installments: { plans: [1, 2, 3] } }),
    );
    const select = document.querySelector<HTMLSelectElement>('#wallet select');
    expect(select?.closest('label')?.textContent).toContain('Parcelas');
    select!.value = '3';

    click();
    const load = payJs.calls.find((call) => call.method === 'loadPaymentData');
    expect(load?.inGesture).toBe(true);
    expect(document.querySelector('#wallet')?.getAttribute('data-svc-wallet')).toBe('busy');
    expect(await payJs.authorize()).toEqual({ transactionState: 'SUCCESS' });
    expect(callback).toHaveBeenCalledWith({
      token: TOKEN,
      walletProvider: 'WalletAPay',
      installments: 3,
      billingInfo: { billedAmount: 120 },
    });
    await settle();
    expect(document.querySelector('#wallet')?.getAttribute('data-svc-wallet')).toBe('completed');

    click();
    expect(payJs.calls.filter((call) => call.method === 'loadPaymentData')).toHaveLength(1);
    expect(failures).toEqual([]);
  });

  it('asks Google for the billing name (format MIN) and hands it to the callback in billingInfo, with the total', async () => {
    const payJs = fakePayJs();
    const callback = vi.fn(() => true);
    await useGooglePay(
      walletContext().ctx,
      options({
        checkoutCallbackFunction: callback,
        transactionInfo: { totalPrice: '99.9', currencyCode: 'BRL' },
      }),
    );
    click();
    const load = payJs.calls.find((call) => call.method === 'loadPaymentData');
    expect(load?.args[0]).toMatchObject({
      allowedPaymentMethods: [
        { parameters: { billingAddressRequired: true, billingAddressParameters: { format: 'MIN' } } },
      ],
    });
    const paymentMethodData = {
      ...PAYMENT_DATA.paymentMethodData,
      info: { billingAddress: { name: '  Grace \n Hopper ' } },
    };
    await payJs.authorize({ paymentMethodData });
    expect(callback).toHaveBeenLastCalledWith({
      token: TOKEN,
      walletProvider: 'WalletAPay',
      billingInfo: { name: 'Grace Hopper', billedAmount: 99.9 },
    });
  });

  it('keeps the sheet open with the merchant’s message, or ours, when the callback says no', async () => {
    const payJs = fakePayJs();
    const answers = [{ ok: false, message: 'Cartão recusado pelo banco.' }, false];
    const { ctx, failures } = walletContext();
    await useGooglePay(ctx, options({ checkoutCallbackFunction: () => answers.shift() ?? true }));
    click();
    expect(await payJs.authorize()).toEqual({
      transactionState: 'ERROR',
      error: {
        reason: 'PAYMENT_DATA_INVALID',
        intent: 'PAYMENT_AUTHORIZATION',
        message: 'Cartão recusado pelo banco.',
      },
    });
    expect(await payJs.authorize()).toMatchObject({
      error: { message: 'O pagamento não foi aprovado. Tente outro cartão.' },
    });
    expect(await payJs.authorize()).toEqual({ transactionState: 'SUCCESS' });
    expect(failures).toEqual([]);
  });

  it('says the merchant’s `messages` in the sheet instead of ours, in the locale of the Checkout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const payJs = fakePayJs();
    const { ctx } = walletContext({
      locale: 'es',
      messages: () => messagesFor('es', { walletDeclined: 'Tu banco dijo que no.' }),
    });
    const answers: (boolean | Promise<boolean>)[] = [false, new Promise<boolean>(() => undefined)];
    await useGooglePay(ctx, options({ checkoutCallbackFunction: () => answers.shift() ?? true }));
    click();
    expect(await payJs.authorize()).toMatchObject({ error: { message: 'Tu banco dijo que no.' } });
    const timedOut = payJs.authorize();
    await vi.advanceTimersByTimeAsync(WALLET_CALLBACK_WATCHDOG_MS);
    expect(await timedOut).toMatchObject({
      error: { message: 'No pudimos confirmar el pago. Revisa tus pedidos antes de intentarlo de nuevo.' },
    });
  });

  it('keeps the sheet waiting for the callback 25 s, then answers ERROR and tells the merchant to check the order', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const payJs = fakePayJs();
    const { ctx, failures } = walletContext();
    await useGooglePay(
      ctx,
      options({ checkoutCallbackFunction: () => new Promise<boolean>(() => undefined) }),
    );
    click();
    let answer: GooglePaymentAuthorizationResult | undefined;
    void payJs.authorize().then((result) => (answer = result));
    await vi.advanceTimersByTimeAsync(24_999);
    expect(answer).toBeUndefined();
    expect(failures).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(answer).toMatchObject({
      transactionState: 'ERROR',
      error: { reason: 'OTHER_ERROR', message: expect.stringContaining('Confira seus pedidos') as string },
    });
    expect(failures.map((error) => [error.code, error.type])).toEqual([
      ['wallet_callback_timeout', 'wallet'],
    ]);
    expect(failures[0]?.message).toContain('check the order');
  });

  it('answers ERROR when the callback throws or answers nonsense, and hands the cause to the merchant', async () => {
    const payJs = fakePayJs();
    const { ctx, failures } = walletContext();
    const answers: (() => unknown)[] = [
      () => {
        throw new Error('backend down');
      },
      () => 'yes',
    ];
    await useGooglePay(ctx, options({ checkoutCallbackFunction: () => answers.shift()?.() as boolean }));
    click();
    await payJs.authorize();
    await payJs.authorize();
    expect(failures.map((error) => error.code)).toEqual(['wallet_payment_failed', 'wallet_payment_failed']);
    expect((failures[0]?.cause as Error).message).toBe('backend down');
    expect(failures[1]?.cause).toBeInstanceOf(TypeError);
  });

  it.each([
    ['CANCELED', undefined, 'wallet_cancelled', 'cancelled'],
    ['DEVELOPER_ERROR', 'Invalid totalPrice', 'wallet_developer_error', 'configuration'],
    ['BUYER_ACCOUNT_ERROR', undefined, 'wallet_error', 'wallet'],
    ['MERCHANT_ACCOUNT_ERROR', undefined, 'wallet_error', 'wallet'],
    ['INTERNAL_ERROR', undefined, 'wallet_error', 'wallet'],
  ])(
    'hands a sheet closed with %s to the callback, and the button works again',
    async (statusCode, statusMessage, code, type) => {
      const payJs = fakePayJs();
      const { ctx, failures } = walletContext();
      await useGooglePay(ctx, options());
      click();
      payJs.close(statusCode, statusMessage);
      await settle();
      expect(failures.map((error) => [error.code, error.type])).toEqual([[code, type]]);
      if (statusMessage !== undefined) expect(failures[0]?.message).toContain(statusMessage);
      expect(document.querySelector('#wallet')?.getAttribute('data-svc-wallet')).toBe('ready');
      click();
      expect(payJs.calls.filter((call) => call.method === 'loadPaymentData')).toHaveLength(2);
    },
  );

  it('opens one sheet at a time: a second click while one is open does nothing', async () => {
    const payJs = fakePayJs();
    await useGooglePay(walletContext().ctx, options());
    click();
    click();
    expect(payJs.calls.filter((call) => call.method === 'loadPaymentData')).toHaveLength(1);
  });
});
