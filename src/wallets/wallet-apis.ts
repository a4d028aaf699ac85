// The parts of the wallets' own browser APIs the flows use, typed from their documentation: Google Pay's
// pay.js (`google.payments.api`, @types/googlepay 0.7) and Apple Pay JS (`ApplePaySession`,
// @types/applepayjs 14). Declared here, not as global types: the page may not have either, and the
// flows find them on `window` only after loading the configured script.

import type { GooglePayButtonOptions } from './wallet-options.ts';

/** What pay.js rejects with: `CANCELED`, `DEVELOPER_ERROR`, `BUYER_ACCOUNT_ERROR`, … */
export interface GooglePaymentsError {
  statusCode: string;
  statusMessage?: string;
}

/** `PaymentData`: what the sheet hands over once the shopper chose a card. */
export interface GooglePaymentData {
  paymentMethodData: {
    type: string;
    description?: string;
    info?: {
      cardNetwork?: string;
      cardDetails?: string;
      cardFundingSource?: string;
      /** With `billingAddressRequired`: the `Address`; format `MIN` has `name`, `countryCode`, `postalCode`. */
      billingAddress?: { name?: string };
    };
    tokenizationData: { type: string; token: string };
  };
}

/** `PaymentAuthorizationResult`: what `onPaymentAuthorized` resolves to. */
export interface GooglePaymentAuthorizationResult {
  transactionState: 'SUCCESS' | 'ERROR';
  error?: {
    reason: 'PAYMENT_DATA_INVALID' | 'OTHER_ERROR';
    intent: 'PAYMENT_AUTHORIZATION';
    message: string;
  };
}

/** `google.payments.api.PaymentsClient`. */
export interface GooglePaymentsClient {
  isReadyToPay(request: object): Promise<{ result: boolean; paymentMethodPresent?: boolean }>;
  createButton(
    options: GooglePayButtonOptions & {
      onClick: (event: Event) => void;
      buttonLocale?: string;
      buttonRootNode?: Document | ShadowRoot;
    },
  ): HTMLElement;
  loadPaymentData(request: object): Promise<GooglePaymentData>;
  prefetchPaymentData(request: object): void;
}

/** `google.payments.api`, as pay.js defines it on `window`. */
export interface GooglePayApi {
  PaymentsClient: new (options: {
    environment: 'TEST' | 'PRODUCTION';
    /** A CSP nonce pay.js puts on every style and script it adds. */
    nonce?: string;
    paymentDataCallbacks: {
      onPaymentAuthorized: (data: GooglePaymentData) => Promise<GooglePaymentAuthorizationResult>;
    };
  }) => GooglePaymentsClient;
}

/** `ApplePayPaymentToken`: the authorized payment's token. */
export interface ApplePayPaymentToken {
  /** The encrypted payment data (`EC_v1`), an object: the flow serializes it for Payment/Init. */
  paymentData: object;
  paymentMethod: { displayName?: string; network?: string; type?: string };
  transactionIdentifier: string;
}

/** An `ApplePaySession`'s events, as far as the flow reads them. */
export interface ApplePayEvents {
  validatemerchant: { validationURL: string };
  paymentmethodselected: { paymentMethod: object };
  paymentauthorized: {
    payment: {
      token: ApplePayPaymentToken;
      /** `ApplePayPaymentContact`, with the `requiredBillingContactFields` asked for (`name`: the names). */
      billingContact?: { givenName?: string; familyName?: string };
    };
  };
  cancel: { sessionError?: { code?: string; info?: object } };
}

/** An `ApplePaySession` instance. */
export interface ApplePaySessionInstance {
  onvalidatemerchant: ((event: ApplePayEvents['validatemerchant']) => void) | null;
  onpaymentmethodselected: ((event: ApplePayEvents['paymentmethodselected']) => void) | null;
  onpaymentauthorized: ((event: ApplePayEvents['paymentauthorized']) => void) | null;
  oncancel: ((event: ApplePayEvents['cancel']) => void) | null;
  begin(): void;
  abort(): void;
  completeMerchantValidation(merchantSession: object): void;
  completePaymentMethodSelection(update: { newTotal: object; newLineItems?: object[] }): void;
  completePayment(result: { status: number }): void;
}

/** `ApplePaySession`, the constructor with its static members. */
export interface ApplePaySessionClass {
  new (version: number, request: object): ApplePaySessionInstance;
  readonly STATUS_SUCCESS: number;
  readonly STATUS_FAILURE: number;
  supportsVersion(version: number): boolean;
  canMakePayments(): boolean;
  /** Safari 18 and later only: feature-detect it (Apple forum 766720). */
  applePayCapabilities?: (merchantIdentifier: string) => Promise<{ paymentCredentialStatus: string }>;
}

/** Where the wallets' scripts put their APIs. */
export interface WalletWindow {
  google?: { payments?: { api?: GooglePayApi } };
  ApplePaySession?: ApplePaySessionClass;
}
