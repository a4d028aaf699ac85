// The Checkout's wallet methods: each loads its flow (a lazy chunk in ESM), and every outcome the flow
// does not hand the merchant's wallet callback reaches the Checkout's `callback`; destroy() removes the
// buttons. The flows themselves are tested in flows/google-pay.test.ts and flows/apple-pay.test.ts, their
// wiring in builds/wallets.test.ts.
import type * as Wallet from './flows/wallet-script.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Checkout } from './checkout.ts';
import type { CardResult } from './types.ts';

vi.mock('./flows/wallet-script.ts', async (actual) => ({
  ...(await actual<typeof Wallet>()),
  loadWalletScript: () => Promise.resolve(),
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Checkout.useGooglePay', () => {
  it('shows the button, hands a closed sheet to the callback as wallet_cancelled, and destroy removes it', async () => {
    document.body.innerHTML = '<div id="wallet"></div>';
    vi.stubGlobal('isSecureContext', true);
    let rejectSheet: (error: unknown) => void = () => undefined;
    let onClick: () => void = () => undefined;
    vi.stubGlobal('google', {
      payments: {
        api: {
          PaymentsClient: class {
            isReadyToPay = () => Promise.resolve({ result: true });
            prefetchPaymentData = () => undefined;
            createButton = (options: { onClick: () => void }) => {
              onClick = options.onClick;
              return document.createElement('button');
            };
            loadPaymentData = () =>
              new Promise((_, reject) => {
                rejectSheet = reject;
              });
          },
        },
      },
    });
    const results: CardResult[] = [];
    const checkout = new Checkout({
      sessionId: 'ses_1',
      account: 'demo',
      environment: 'sandbox',
      callback: (result) => results.push(result),
    });
    const shown = await checkout.useGooglePay({
      selector: '#wallet',
      merchantInfo: { merchantName: 'Loja Demo' },
      transactionInfo: { totalPrice: '10.00', currencyCode: 'BRL' },
      checkoutCallbackFunction: () => true,
    });
    expect(shown).toBe(true);
    onClick();
    rejectSheet({ statusCode: 'CANCELED' });
    await vi.waitFor(() => {
      expect(results).toHaveLength(1);
    });
    expect(results[0]).toMatchObject({ ok: false, error: { code: 'wallet_cancelled', type: 'cancelled' } });
    checkout.destroy();
    expect(document.querySelector('#wallet')?.childElementCount).toBe(0);
  });

  it('rejects wrong options with invalid_option, naming the option', async () => {
    const checkout = new Checkout({
      sessionId: 'ses_1',
      account: 'demo',
      environment: 'production',
      tokenUrl: 'https://t.example',
    });
    await expect(
      checkout.useGooglePay({
        selector: 'body',
        merchantInfo: { merchantName: 'Loja Demo' },
        transactionInfo: { totalPrice: 10, currencyCode: 'BRL' },
        checkoutCallbackFunction: () => true,
      }),
    ).rejects.toMatchObject({
      code: 'invalid_option',
      message: expect.stringContaining('merchantInfo.merchantId is required in production') as string,
    });
  });
});
