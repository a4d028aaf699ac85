// Public types of the wallet methods, `useGooglePay` and `useApplePay`: the options as the service's spec
// (§4.9) names them, and what the merchant's callbacks receive and return. The lists the options are
// checked against live in constants.ts.

import type { CheckoutError } from '../errors.ts';
import type { InstallmentsOptions, OrderInstallmentPlans } from '../types.ts';
export type { WalletScripts } from '../types.ts';
import type {
  APPLE_BUTTON_STYLES,
  GOOGLE_BUTTON_BORDER_TYPES,
  GOOGLE_BUTTON_COLORS,
  GOOGLE_BUTTON_SIZE_MODES,
  GOOGLE_BUTTON_TYPES,
} from './constants.ts';

/**
 * An amount in the currency's units: a number (`10`, `10.5`) or a decimal string with a dot (`"10.50"`),
 * at most two decimals, no thousands separator or currency sign. The SDK hands it to the wallet as the
 * wallet wants it (`"10.50"`).
 */
export type WalletAmount = number | string;

/** Payment/Init's `cardInfo.tokenProvider` for each wallet: Google Pay and Apple Pay. */
export type WalletProvider = 'WalletAPay' | 'WalletBPay';

/**
 * Why `useGooglePay` or `useApplePay` resolved `false` (the button is not shown), as
 * {@link WalletUnavailableError.reason} says it: `insecure_context` (the page is not https),
 * `script_failed` (the wallet's script did not load: a network failure, or the page's CSP blocks it),
 * `not_supported` (this browser has no such wallet, or not a version that takes the request; Apple Pay
 * outside Safari), `not_ready` (the wallet says the shopper cannot pay with it here: no card in it, or
 * a browser profile without it).
 */
export type WalletUnavailableReason = 'insecure_context' | 'script_failed' | 'not_supported' | 'not_ready';

/**
 * What `onUnavailable` gets when a wallet's button is not shown: a {@link CheckoutError} with code
 * `wallet_unavailable`, type `wallet`, and the {@link WalletUnavailableReason} in `reason` (and in the
 * message). A wallet missing from a browser is normal (Chrome never has Apple Pay), so it never reaches
 * the Checkout's `callback`, which hears only payments that were tried.
 */
export interface WalletUnavailableError extends CheckoutError {
  readonly code: 'wallet_unavailable';
  readonly type: 'wallet';
  /** Why the wallet cannot be used here. */
  readonly reason: WalletUnavailableReason;
}

/** What a wallet callback receives: what the merchant backend needs for Payment/Init's wallet variant. */
export interface WalletPaymentData {
  /**
   * The wallet's token as one string, unparsed: send it to your backend, which passes it to
   * Payment/Init as `cardInfo.token`.
   */
  token: string;
  /** Which wallet paid: Payment/Init's `cardInfo.tokenProvider`. */
  walletProvider: WalletProvider;
  /**
   * The shopper's choice of installments, made before the wallet button: Payment/Init's
   * `paymentMethods[].installments`. Absent when none were offered.
   */
  installments?: number;
  /**
   * Payment/Init's `cardInfo.billingInfo` for a wallet (spec §4.7), as far as the page knows it: the
   * name the wallet gave (Google's billing address, Apple's billing contact) and the total the sheet
   * showed. Your backend adds `taxedAmount` when it has one, and charges its own order's amount: the
   * page's `billedAmount` is what the shopper saw, not what to charge.
   */
  billingInfo: WalletBillingInfo;
}

/** The billing information a wallet sheet gives: Payment/Init's `billingInfo` for wallets (spec §4.7). */
export interface WalletBillingInfo {
  /**
   * The card holder's name as the wallet has it (Google Pay's billing address name, Apple Pay's billing
   * contact's given and family names), trimmed. Absent when the wallet gave none.
   */
  name?: string;
  /** The total the sheet showed, in the currency's units (`150` for R$ 150,00). */
  billedAmount: number;
}

/** Who the shopper pays, as Google Pay's sheet shows it. */
export interface GooglePayMerchantInfo {
  /** Your business name, shown in the Google Pay sheet. */
  merchantName: string;
  /**
   * Your merchant ID from the Google Pay & Wallet Console. Required in production; in the sandbox
   * (Google's TEST environment) it may be left out.
   */
  merchantId?: string;
}

/** What the shopper pays with Google Pay. */
export interface GooglePayTransactionInfo {
  /**
   * Always `FINAL`, the default: your callback charges the total while the sheet is open, so the
   * total cannot change afterwards.
   */
  totalPriceStatus?: 'FINAL';
  /** The total, such as `10.5` or `"10.50"`; see {@link WalletAmount}. */
  totalPrice: WalletAmount;
  /** The ISO 4217 code of the total, such as `BRL`. */
  currencyCode: string;
  /**
   * The ISO 3166-1 alpha-2 code of the country where the payment is processed; default `BR`. Elo is
   * offered only with `BR`.
   */
  countryCode?: string;
}

/** How Google Pay's button looks: Google's own options, by Google's names. */
export interface GooglePayButtonOptions {
  /** `default` (the default: black or white as Google picks), `black` or `white`. */
  buttonColor?: (typeof GOOGLE_BUTTON_COLORS)[number];
  /**
   * The words on the button: `buy` (the default), `book`, `checkout`, `donate`, `order`, `pay`, `plain`
   * (the logo alone) or `subscribe`.
   */
  buttonType?: (typeof GOOGLE_BUTTON_TYPES)[number];
  /** `static` (the default: Google's size) or `fill` (the size of your container). */
  buttonSizeMode?: (typeof GOOGLE_BUTTON_SIZE_MODES)[number];
  /** The corner radius in pixels, 0 or more; default 4, at most half the button's height. */
  buttonRadius?: number;
  /** `default_border` (the default) or `no_border`. */
  buttonBorderType?: (typeof GOOGLE_BUTTON_BORDER_TYPES)[number];
}

/**
 * What your `checkoutCallbackFunction` returns (or resolves to): your backend's result. `true` or
 * `{ok: true}` closes the Google Pay sheet as paid; `false` or `{ok: false, message}` keeps it open,
 * shows `message` (or the SDK's own words) and lets the shopper try again.
 */
export type GooglePayCallbackResult = boolean | GooglePayCallbackAnswer;

/** The object form of {@link GooglePayCallbackResult}. */
export interface GooglePayCallbackAnswer {
  /** Whether your backend's payment succeeded. */
  ok: boolean;
  /** What the sheet tells the shopper when `ok` is false, in their language. */
  message?: string;
}

/** What a merchant passes to `useGooglePay(...)` (spec §4.9). Unknown keys are refused, not ignored. */
export interface GooglePayOptions {
  /** The element to show the Google Pay button in, or a selector that finds it. */
  selector: string | Element;
  /** Who the shopper pays. */
  merchantInfo: GooglePayMerchantInfo;
  /** What the shopper pays. */
  transactionInfo: GooglePayTransactionInfo;
  /** How the button looks; Google's defaults without it. */
  button?: GooglePayButtonOptions;
  /**
   * Offer installments (parcelas), chosen before the button; the choice comes back in
   * {@link WalletPaymentData.installments}. Leave it out for one payment.
   */
  installments?: InstallmentsOptions | OrderInstallmentPlans;
  /**
   * Called once the shopper authorized the payment in the sheet, with the wallet token: send it to your
   * backend, which calls Payment/Init, and return its result. The sheet waits for it.
   */
  checkoutCallbackFunction: (
    checkoutData: WalletPaymentData,
  ) => GooglePayCallbackResult | Promise<GooglePayCallbackResult>;
  /**
   * Told why the button is not shown when `useGooglePay` resolves `false`: a `wallet_unavailable`
   * error whose `reason` says why. Never the Checkout's `callback`.
   */
  onUnavailable?: (error: WalletUnavailableError) => void;
  /**
   * Your page's CSP nonce, for the styles and scripts pay.js adds to the page (Google's
   * `PaymentOptions.nonce`): with it, a policy without `'unsafe-inline'` lets the button's styles in.
   */
  nonce?: string;
}

/** One line of the Apple Pay sheet: a label and its amount. */
export interface ApplePayCartItem {
  /** What the line is (the total's label is your business name: the sheet shows "Pay <label>"). */
  label: string;
  /**
   * The amount; see {@link WalletAmount}. Only a line item may be negative (a discount); the total is
   * 0 or more, and at most 100 000 000.
   */
  amount: WalletAmount;
}

/** What the Apple Pay sheet shows. */
export interface ApplePayCart {
  /** The lines above the total, in order; none by default. */
  lineItems?: ApplePayCartItem[];
  /** The total the shopper pays, in reais (BRL). */
  total: ApplePayCartItem;
}

/** The Apple Pay button. */
export interface ApplePayButtonOptions {
  /** The element to show the Apple Pay button in, or a selector that finds it. */
  selector: string | Element;
  /** `black` (the default), `white` or `white-outline` (white with a black outline, for white pages). */
  style?: (typeof APPLE_BUTTON_STYLES)[number];
}

/** What a merchant passes to `useApplePay(...)` (spec §4.9). Unknown keys are refused, not ignored. */
export interface ApplePayOptions {
  /** Where the button goes and how it looks. */
  button: ApplePayButtonOptions;
  /** Your Apple Pay merchant identifier (`merchant.com.example`), registered with Apple. */
  merchantId: string;
  /** What the sheet shows. */
  cart: ApplePayCart;
  /**
   * Offer installments (parcelas), chosen before the button (the spec says so for Apple Pay); the
   * choice comes back in {@link WalletPaymentData.installments}. Leave it out for one payment.
   */
  installments?: InstallmentsOptions | OrderInstallmentPlans;
  /**
   * Called once the shopper authorized the payment in the sheet, with the wallet token: send it to your
   * backend, which calls Payment/Init, and return whether it succeeded. The sheet shows your answer;
   * Apple gives the whole exchange 30 seconds.
   */
  applePayCallback: (paymentData: WalletPaymentData) => boolean | Promise<boolean>;
  /**
   * Validates the merchant with Apple yourself, from your backend: given Apple's `validationURL`,
   * resolve the merchant session object Apple answered. Without it the service does it for you (its
   * token host holds the session, see docs/guides/wallets.md). A rejection cancels the sheet with
   * `wallet_merchant_validation_failed`.
   */
  onValidateMerchant?: (validationURL: string) => Promise<object>;
  /**
   * Told why the button is not shown when `useApplePay` resolves `false`: a `wallet_unavailable`
   * error whose `reason` says why (`not_supported` in every browser without Apple Pay). Never the
   * Checkout's `callback`.
   */
  onUnavailable?: (error: WalletUnavailableError) => void;
}
