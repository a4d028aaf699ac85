// Apple Pay's payment request, built from the merchant's `useApplePay` options (spec §4.9) with the
// Brazilian defaults the spec leaves out (country, currency, networks with Elo, capabilities), and the
// ApplePaySession version to ask for. What WebKit's `new ApplePaySession` would throw a TypeError for is
// refused here first, naming the option to fix. Pure: no DOM, no ApplePaySession.

import { callback, invalid, nonEmptyString, oneOf, record, shown, walletAmount } from './check.ts';
import {
  APPLE_BILLING_CONTACT_FIELDS,
  APPLE_BUTTON_STYLES,
  APPLE_COUNTRY_CODE,
  APPLE_CURRENCY_CODE,
  APPLE_DEFAULT_NETWORKS,
  APPLE_MAX_TOTAL,
  APPLE_MERCHANT_CAPABILITIES,
  APPLE_MIN_VERSION,
  APPLE_NETWORK_VERSIONS,
  APPLE_ZERO_TOTAL_VERSION,
  type AppleNetwork,
} from './constants.ts';
import type {
  ApplePayButtonOptions,
  ApplePayCart,
  ApplePayCartItem,
  ApplePayOptions,
} from './wallet-options.ts';

/** What the SDK adds to the merchant's options. */
export interface ApplePayContext {
  /** The networks the account takes, when known; {@link APPLE_DEFAULT_NETWORKS} otherwise. */
  supportedNetworks?: readonly string[];
}

/** A line of the sheet as WebKit takes it: the amount a decimal string. */
export interface ApplePayLineItem {
  /** What the line is. */
  label: string;
  /** `"10.50"`: digits, a dot, two decimals. */
  amount: string;
}

/** The `ApplePayPaymentRequest` handed to `new ApplePaySession`. */
export interface ApplePayPaymentRequest {
  /** Where the service processes the payment. */
  countryCode: typeof APPLE_COUNTRY_CODE;
  /** The currency of every amount. */
  currencyCode: typeof APPLE_CURRENCY_CODE;
  /** The networks offered, Elo among the defaults. */
  supportedNetworks: AppleNetwork[];
  /** `supports3DS`. */
  merchantCapabilities: (typeof APPLE_MERCHANT_CAPABILITIES)[number][];
  /** The total the shopper pays. */
  total: ApplePayLineItem;
  /** The lines above it. */
  lineItems: ApplePayLineItem[];
  /** `name`: the billing contact's names, Payment/Init's `billingInfo.name` (spec §4.7). */
  requiredBillingContactFields: (typeof APPLE_BILLING_CONTACT_FIELDS)[number][];
}

/** Everything `new ApplePaySession(version, request)` and the button need, checked. */
export interface ApplePayRequest {
  /**
   * The least ApplePaySession version that takes this request (its networks, a zero total), and never
   * below {@link APPLE_MIN_VERSION}: Apple advises the lowest that works, and the flow checks it with
   * `ApplePaySession.supportsVersion`.
   */
  version: number;
  /** The payment request, for `new ApplePaySession(version, request)` in the button's click. */
  request: ApplePayPaymentRequest;
  /** The merchant identifier, for merchant validation and `applePayCapabilities`. */
  merchantId: string;
  /** The button's `buttonstyle`. */
  buttonStyle: NonNullable<ApplePayButtonOptions['style']>;
}

const OPTIONS = [
  'button',
  'merchantId',
  'cart',
  'installments',
  'applePayCallback',
  'onValidateMerchant',
  'onUnavailable',
] satisfies (keyof ApplePayOptions)[];
const BUTTON = ['selector', 'style'] satisfies (keyof ApplePayButtonOptions)[];
const CART = ['lineItems', 'total'] satisfies (keyof ApplePayCart)[];
const ITEM = ['label', 'amount'] satisfies (keyof ApplePayCartItem)[];

function lineItem(value: unknown, name: string, negative: boolean): ApplePayLineItem {
  const item = record(value, name, ITEM);
  return {
    label: nonEmptyString(item['label'], `${name}.label`),
    amount: walletAmount(item['amount'], `${name}.amount`, negative),
  };
}

function supportedNetworks(listed: readonly string[]): AppleNetwork[] {
  if (listed.length === 0)
    invalid(
      'supportedNetworks must list at least one network: WebKit refuses an empty list ("At least one supported network must be provided.").',
    );
  for (const network of listed)
    if (!Object.hasOwn(APPLE_NETWORK_VERSIONS, network))
      invalid(
        `supportedNetworks: ${shown(network)} is not a valid payment network (WebKit's words); use ${Object.keys(APPLE_NETWORK_VERSIONS).join(', ')}.`,
      );
  return [...new Set(listed)] as AppleNetwork[];
}

/**
 * Checks `useApplePay`'s options and builds the payment request and the session version from them.
 * Throws an `invalid_option` CheckoutError naming the option to fix. `button.selector` and
 * `installments` are the flow's to check.
 */
export function applePayRequest(options: unknown, context: ApplePayContext = {}): ApplePayRequest {
  const o = record(options, 'useApplePay(options)', OPTIONS, '');
  const button = record(o['button'], 'button', BUTTON);
  const merchantId = nonEmptyString(o['merchantId'], 'merchantId');
  const cart = record(o['cart'], 'cart', CART);
  callback(o['applePayCallback'], 'applePayCallback');
  callback(o['onValidateMerchant'], 'onValidateMerchant', true);
  callback(o['onUnavailable'], 'onUnavailable', true);

  // WebKit: "Missing total label.", "Missing total amount.", "Total amount must not be negative.",
  // "\"X\" is not a valid amount." (PaymentRequestValidator.mm, ApplePaySession.cpp).
  const total = lineItem(cart['total'], 'cart.total', false);
  if (Number(total.amount) > APPLE_MAX_TOTAL)
    invalid(
      `cart.total.amount must be at most ${APPLE_MAX_TOTAL} (got ${shown((cart['total'] as ApplePayCartItem).amount)}): WebKit refuses a larger total ("Total amount is too big.").`,
    );
  const items = cart['lineItems'] ?? [];
  if (!Array.isArray(items)) invalid('cart.lineItems must be an array of {label, amount}.');
  // A line item may be negative (a discount): WebKit checks only the total's sign.
  const lineItems = items.map((item, i) => lineItem(item, `cart.lineItems[${i}]`, true));

  const networks = supportedNetworks(context.supportedNetworks ?? APPLE_DEFAULT_NETWORKS);
  const version = Math.max(
    APPLE_MIN_VERSION,
    ...networks.map((network) => APPLE_NETWORK_VERSIONS[network]),
    total.amount === '0.00' ? APPLE_ZERO_TOTAL_VERSION : 0,
  );
  return {
    version,
    request: {
      countryCode: APPLE_COUNTRY_CODE,
      currencyCode: APPLE_CURRENCY_CODE,
      supportedNetworks: networks,
      merchantCapabilities: [...APPLE_MERCHANT_CAPABILITIES],
      total,
      lineItems,
      requiredBillingContactFields: [...APPLE_BILLING_CONTACT_FIELDS],
    },
    merchantId,
    buttonStyle: oneOf(button['style'], 'button.style', APPLE_BUTTON_STYLES) ?? 'black',
  };
}
