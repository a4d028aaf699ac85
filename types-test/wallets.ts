// The wallet methods: what the callbacks receive (billingInfo), what onUnavailable hears (a typed
// wallet_unavailable error), and the mistakes the types must catch.
import {
  Checkout,
  type WalletPaymentData,
  type WalletUnavailableError,
  type WalletUnavailableReason,
} from 'service-checkout';

declare const sessionId: string;
const checkout = new Checkout({ sessionId, account: 'demo', environment: 'sandbox' });

const pay = (data: WalletPaymentData): boolean => {
  const name: string | undefined = data.billingInfo.name;
  const billed: number = data.billingInfo.billedAmount;
  return name !== undefined && billed > 0;
};

export const shown: Promise<boolean> = checkout.useApplePay({
  button: { selector: '#apple-pay' },
  merchantId: 'merchant.com.example',
  cart: { total: { label: 'Loja', amount: 150 } },
  applePayCallback: pay,
  onUnavailable: (error) => {
    const reason: WalletUnavailableReason = error.reason;
    const code: 'wallet_unavailable' = error.code;
    const type: 'wallet' = error.type;
    console.log(reason, code, type, error.message);
  },
});

void checkout.useGooglePay({
  selector: '#google-pay',
  merchantInfo: { merchantName: 'Loja' },
  transactionInfo: { totalPrice: '150.00', currencyCode: 'BRL' },
  checkoutCallbackFunction: (data) => data.billingInfo.billedAmount > 0,
  onUnavailable: (error: WalletUnavailableError) => {
    // @ts-expect-error -- the reasons are a closed union
    if (error.reason === 'blocked') console.log(error);
  },
});

void checkout.useGooglePay({
  selector: '#google-pay',
  merchantInfo: { merchantName: 'Loja' },
  transactionInfo: { totalPrice: '150.00', currencyCode: 'BRL' },
  checkoutCallbackFunction: () => true,
  // @ts-expect-error -- onUnavailable gets the error, not the reason string
  onUnavailable: (reason: WalletUnavailableReason) => console.log(reason),
});

export const billed = (data: WalletPaymentData): number =>
  // @ts-expect-error -- billingInfo has billedAmount, spelt as the service's contract spells it
  data.billingInfo.billedamount;
