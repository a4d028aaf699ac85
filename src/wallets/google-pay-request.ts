// Google Pay's requests, built from the merchant's `useGooglePay` options (spec §4.9) and what the SDK
// knows (environment, the service's gateway and the merchant id it issued): right for Brazil by
// construction, and any request Google would refuse with DEVELOPER_ERROR refused here first, naming the
// option to fix. Pure: no DOM, no pay.js.

import type { Environment } from '../types.ts';
import { callback, invalid, nonEmptyString, oneOf, record, shown, walletAmount } from './check.ts';
import {
  GOOGLE_BILLING_ADDRESS,
  GOOGLE_BRAZIL_NETWORKS,
  GOOGLE_BUTTON_BORDER_TYPES,
  GOOGLE_BUTTON_COLORS,
  GOOGLE_BUTTON_SIZE_MODES,
  GOOGLE_BUTTON_TYPES,
  GOOGLE_CARD_NETWORKS,
  GOOGLE_DEFAULT_NETWORKS,
  GOOGLE_ENVIRONMENTS,
  GOOGLE_PAY_API_VERSION,
  GOOGLE_PAY_AUTH_METHODS,
  type GoogleCardNetwork,
} from './constants.ts';
import type { GooglePayButtonOptions, GooglePayOptions } from './wallet-options.ts';

/** What the SDK adds to the merchant's options. */
export interface GooglePayContext {
  /** The Checkout's environment: `sandbox` is Google's `TEST`, `production` its `PRODUCTION`. */
  environment: Environment;
  /** The service's gateway name as Google knows it (spec §4.7). */
  gateway: string;
  /** The merchant identifier the service issued to the account (spec §4.7). */
  gatewayMerchantId: string;
  /**
   * The networks the account takes, when known; {@link GOOGLE_DEFAULT_NETWORKS} otherwise (ELO only
   * with `BR`).
   */
  allowedCardNetworks?: readonly string[];
}

/** The card payment method, as `isReadyToPay` takes it. */
export interface GoogleCardMethod {
  /** Cards: the only method the service takes from Google Pay. */
  type: 'CARD';
  /** Which cards, and how Google may hand them over. */
  parameters: {
    /** `PAN_ONLY` and `CRYPTOGRAM_3DS` (spec §4.7). */
    allowedAuthMethods: (typeof GOOGLE_PAY_AUTH_METHODS)[number][];
    /** The networks offered. */
    allowedCardNetworks: GoogleCardNetwork[];
  };
}

/** `isReadyToPay`'s request. */
export interface GoogleIsReadyToPayRequest {
  /** Always 2. */
  apiVersion: 2;
  /** Always 0. */
  apiVersionMinor: 0;
  /** The card method, without tokenization (isReadyToPay needs none). */
  allowedPaymentMethods: [GoogleCardMethod];
}

/** `loadPaymentData`'s request. */
export interface GooglePaymentDataRequest {
  /** Always 2. */
  apiVersion: 2;
  /** Always 0. */
  apiVersionMinor: 0;
  /** Who the shopper pays; no `merchantId` in the sandbox when the merchant gave none. */
  merchantInfo: { merchantName: string; merchantId?: string };
  /** The card method, with the billing name asked for, tokenized for the service's gateway. */
  allowedPaymentMethods: [
    Omit<GoogleCardMethod, 'parameters'> & {
      /** The card parameters, and the billing address in format `MIN` (its name is `billingInfo.name`). */
      parameters: GoogleCardMethod['parameters'] & typeof GOOGLE_BILLING_ADDRESS;
      /** PAYMENT_GATEWAY, for the service's gateway and the merchant id it issued. */
      tokenizationSpecification: {
        type: 'PAYMENT_GATEWAY';
        parameters: { gateway: string; gatewayMerchantId: string };
      };
    },
  ];
  /** The total, final: the sheet's button says "Pay" and the callback charges it. */
  transactionInfo: {
    totalPriceStatus: 'FINAL';
    totalPrice: string;
    currencyCode: string;
    countryCode: string;
    checkoutOption: 'COMPLETE_IMMEDIATE_PURCHASE';
  };
  /** The merchant's callback completes the sheet (`onPaymentAuthorized`). */
  callbackIntents: ['PAYMENT_AUTHORIZATION'];
}

/** Everything pay.js needs, checked. */
export interface GooglePayRequests {
  /** The PaymentsClient's `environment`. */
  environment: (typeof GOOGLE_ENVIRONMENTS)[Environment];
  /** For `isReadyToPay`, before the button shows. */
  isReadyToPayRequest: GoogleIsReadyToPayRequest;
  /** For `loadPaymentData`, in the button's click. */
  paymentDataRequest: GooglePaymentDataRequest;
  /** The merchant's button options, checked; `onClick` and `buttonRootNode` are the flow's. */
  button: GooglePayButtonOptions;
}

const OPTIONS = [
  'selector',
  'merchantInfo',
  'transactionInfo',
  'button',
  'installments',
  'checkoutCallbackFunction',
  'onUnavailable',
  'nonce',
] satisfies (keyof GooglePayOptions)[];
const BUTTON = [
  'buttonColor',
  'buttonType',
  'buttonSizeMode',
  'buttonRadius',
  'buttonBorderType',
] satisfies (keyof GooglePayButtonOptions)[];

const isBrazilOnly = (network: string): network is keyof typeof GOOGLE_BRAZIL_NETWORKS =>
  Object.hasOwn(GOOGLE_BRAZIL_NETWORKS, network);

/**
 * The networks offered. Google takes ELO, ELO_DEBIT, MAESTRO and ELECTRON only with countryCode `BR`,
 * and each of the last three only alongside its parent (ELO, MASTERCARD, VISA); a list that breaks
 * either rule is refused, as Google would. The default list leaves ELO out outside Brazil.
 */
function cardNetworks(listed: readonly string[] | undefined, countryCode: string): GoogleCardNetwork[] {
  if (listed === undefined)
    return GOOGLE_DEFAULT_NETWORKS.filter((network) => countryCode === 'BR' || !isBrazilOnly(network));
  if (listed.length === 0) invalid('allowedCardNetworks must list at least one card network.');
  for (const network of listed) {
    if (!(GOOGLE_CARD_NETWORKS as readonly string[]).includes(network))
      invalid(
        `allowedCardNetworks: ${shown(network)} is not a Google Pay network (${GOOGLE_CARD_NETWORKS.join(', ')}).`,
      );
    if (!isBrazilOnly(network)) continue;
    if (countryCode !== 'BR')
      invalid(
        `allowedCardNetworks has ${network}, which Google Pay takes only in Brazil: set transactionInfo.countryCode to "BR" (it is "${countryCode}"), or leave ${network} out.`,
      );
    const parent = GOOGLE_BRAZIL_NETWORKS[network];
    if (parent !== undefined && !listed.includes(parent))
      invalid(
        `allowedCardNetworks has ${network} without ${parent}: Google Pay takes ${network} only alongside ${parent}.`,
      );
  }
  return [...new Set(listed)] as GoogleCardNetwork[];
}

function buttonOptions(value: unknown): GooglePayButtonOptions {
  if (value === undefined) return {};
  const button = record(value, 'button', BUTTON);
  oneOf(button['buttonColor'], 'button.buttonColor', GOOGLE_BUTTON_COLORS);
  oneOf(button['buttonType'], 'button.buttonType', GOOGLE_BUTTON_TYPES);
  oneOf(button['buttonSizeMode'], 'button.buttonSizeMode', GOOGLE_BUTTON_SIZE_MODES);
  oneOf(button['buttonBorderType'], 'button.buttonBorderType', GOOGLE_BUTTON_BORDER_TYPES);
  const radius = button['buttonRadius'];
  if (radius !== undefined && !(typeof radius === 'number' && Number.isFinite(radius) && radius >= 0))
    invalid(`button.buttonRadius must be a number of pixels, 0 or more (got ${shown(radius)}).`);
  return { ...button };
}

/**
 * Checks `useGooglePay`'s options and builds pay.js's requests from them. Throws an `invalid_option`
 * CheckoutError naming the option to fix. `selector` and `installments` are the flow's to check.
 */
export function googlePayRequests(options: unknown, context: GooglePayContext): GooglePayRequests {
  const o = record(options, 'useGooglePay(options)', OPTIONS, '');
  const merchant = record(o['merchantInfo'], 'merchantInfo', ['merchantName', 'merchantId']);
  const transaction = record(o['transactionInfo'], 'transactionInfo', [
    'totalPriceStatus',
    'totalPrice',
    'currencyCode',
    'countryCode',
  ]);
  callback(o['checkoutCallbackFunction'], 'checkoutCallbackFunction');
  callback(o['onUnavailable'], 'onUnavailable', true);
  if (o['nonce'] !== undefined && (typeof o['nonce'] !== 'string' || !/^[\w+/=-]{8,}$/.test(o['nonce'])))
    invalid('nonce must be the nonce of your page’s Content-Security-Policy (base64, 8 characters or more).');

  const merchantName = nonEmptyString(merchant['merchantName'], 'merchantInfo.merchantName');
  if (merchant['merchantId'] === undefined && context.environment === 'production')
    invalid(
      'merchantInfo.merchantId is required in production: use the merchant ID of your Google Pay & Wallet Console (the sandbox runs without one).',
    );
  const merchantId =
    merchant['merchantId'] === undefined
      ? undefined
      : nonEmptyString(merchant['merchantId'], 'merchantInfo.merchantId');

  const status = transaction['totalPriceStatus'];
  if (status !== undefined && status !== 'FINAL')
    invalid(
      `transactionInfo.totalPriceStatus must be "FINAL" or left out (got ${shown(status)}): checkoutCallbackFunction charges the total while the sheet is open, so it cannot change afterwards.`,
    );
  const totalPrice = walletAmount(transaction['totalPrice'], 'transactionInfo.totalPrice');
  const currencyCode = transaction['currencyCode'];
  if (typeof currencyCode !== 'string' || !/^[A-Z]{3}$/.test(currencyCode))
    invalid(
      `transactionInfo.currencyCode must be an ISO 4217 code such as "BRL" (got ${shown(currencyCode)}).`,
    );
  const countryCode = transaction['countryCode'] === undefined ? 'BR' : transaction['countryCode'];
  if (typeof countryCode !== 'string' || !/^[A-Z]{2}$/.test(countryCode))
    invalid(
      `transactionInfo.countryCode must be an ISO 3166-1 alpha-2 code in capitals such as "BR", or left out for "BR" (got ${shown(countryCode)}).`,
    );

  const networks = cardNetworks(context.allowedCardNetworks, countryCode);
  // A fresh object for each request: the flow may hand them to pay.js, which keeps them.
  const card = (): GoogleCardMethod => ({
    type: 'CARD',
    parameters: { allowedAuthMethods: [...GOOGLE_PAY_AUTH_METHODS], allowedCardNetworks: [...networks] },
  });
  return {
    environment: GOOGLE_ENVIRONMENTS[context.environment],
    isReadyToPayRequest: { ...GOOGLE_PAY_API_VERSION, allowedPaymentMethods: [card()] },
    paymentDataRequest: {
      ...GOOGLE_PAY_API_VERSION,
      merchantInfo: merchantId === undefined ? { merchantName } : { merchantName, merchantId },
      allowedPaymentMethods: [
        {
          type: 'CARD',
          parameters: {
            ...card().parameters,
            billingAddressRequired: GOOGLE_BILLING_ADDRESS.billingAddressRequired,
            billingAddressParameters: { ...GOOGLE_BILLING_ADDRESS.billingAddressParameters },
          },
          tokenizationSpecification: {
            type: 'PAYMENT_GATEWAY',
            parameters: {
              gateway: nonEmptyString(context.gateway, 'gateway'),
              gatewayMerchantId: nonEmptyString(context.gatewayMerchantId, 'gatewayMerchantId'),
            },
          },
        },
      ],
      transactionInfo: {
        totalPriceStatus: 'FINAL',
        totalPrice,
        currencyCode,
        countryCode,
        checkoutOption: 'COMPLETE_IMMEDIATE_PURCHASE',
      },
      callbackIntents: ['PAYMENT_AUTHORIZATION'],
    },
    button: buttonOptions(o['button']),
  };
}
