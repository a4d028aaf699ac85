// Every constant of the two wallets' APIs the request builders use, in one place, each with where it
// comes from. Google: @types/googlepay 0.7.13 and developers.google.com/pay/api/web/reference; Apple:
// WebKit's Source/WebCore/Modules/applepay (ApplePaySession.cpp, ApplePayRequestBase.cpp,
// PaymentRequestValidator.mm) and Apple Pay on the Web's version history (../shared/wallets-passkeys.md §1, §2).

// Google Pay

/** The only Google Pay API version there is: every request carries it. */
export const GOOGLE_PAY_API_VERSION = { apiVersion: 2, apiVersionMinor: 0 } as const;

/** Spec §4.7: both, so that cards without a device token (PAN_ONLY) pay too. */
export const GOOGLE_PAY_AUTH_METHODS = ['PAN_ONLY', 'CRYPTOGRAM_3DS'] as const;

/**
 * The billing address asked for, in its smallest format: `MIN` is the name, country and postal code
 * (`BillingAddressParameters`). The name is Payment/Init's `billingInfo.name` for wallets (spec §4.7).
 */
export const GOOGLE_BILLING_ADDRESS = {
  billingAddressRequired: true,
  billingAddressParameters: { format: 'MIN' },
} as const;

/** Every network Google Pay's `allowedCardNetworks` takes (`CardNetwork`). */
export const GOOGLE_CARD_NETWORKS = [
  'AMEX',
  'DISCOVER',
  'ELECTRON',
  'ELO',
  'ELO_DEBIT',
  'INTERAC',
  'JCB',
  'MAESTRO',
  'MASTERCARD',
  'VISA',
] as const;
/** A network Google Pay's `allowedCardNetworks` takes. */
export type GoogleCardNetwork = (typeof GOOGLE_CARD_NETWORKS)[number];

/**
 * The networks Google takes only when `transactionInfo.countryCode` is `"BR"`, each with the network
 * that must then be in the list too (`CardNetwork`'s documentation; a request that breaks either rule
 * ends in `DEVELOPER_ERROR`, google-pay/flutter-plugin #159).
 */
export const GOOGLE_BRAZIL_NETWORKS: Readonly<
  Partial<Record<GoogleCardNetwork, GoogleCardNetwork | undefined>>
> = {
  ELO: undefined,
  ELO_DEBIT: 'ELO',
  MAESTRO: 'MASTERCARD',
  ELECTRON: 'VISA',
};

/**
 * What the SDK offers when the account's networks are not given: the brands the service takes that
 * Google Pay carries. ELO only in Brazil (left out elsewhere). The debit rails (ELO_DEBIT, MAESTRO,
 * ELECTRON) are left out: a card returned on one must be processed as debit, and Payment/Init has no
 * field to say so (wallets-passkeys.md §1.2, Q6).
 */
export const GOOGLE_DEFAULT_NETWORKS: readonly GoogleCardNetwork[] = ['AMEX', 'ELO', 'MASTERCARD', 'VISA'];

/** `buttonColor` (`ButtonColor`). */
export const GOOGLE_BUTTON_COLORS = ['default', 'black', 'white'] as const;
/** `buttonType` (`ButtonType`), without `long` and `short`, the old names of `buy` and `plain`. */
export const GOOGLE_BUTTON_TYPES = [
  'book',
  'buy',
  'checkout',
  'donate',
  'order',
  'pay',
  'plain',
  'subscribe',
] as const;
/** `buttonSizeMode` (`ButtonSizeMode`). */
export const GOOGLE_BUTTON_SIZE_MODES = ['static', 'fill'] as const;
/** `buttonBorderType`. */
export const GOOGLE_BUTTON_BORDER_TYPES = ['default_border', 'no_border'] as const;

/** The PaymentsClient's `environment` for each of the SDK's. */
export const GOOGLE_ENVIRONMENTS = { sandbox: 'TEST', production: 'PRODUCTION' } as const;

// Apple Pay

/**
 * The `supportedNetworks` names WebKit checks a request against, each with the first ApplePaySession
 * version that takes it (Apple Pay on the Web version history: `jcb` in 2, `cartesBancaires` and
 * friends in 4, `elo` and `mada` in 5). WebKit refuses any other name with `"X" is not a valid payment
 * network.`
 */
export const APPLE_NETWORK_VERSIONS = {
  amex: 1,
  chinaUnionPay: 1,
  discover: 1,
  interac: 1,
  masterCard: 1,
  privateLabel: 1,
  visa: 1,
  jcb: 2,
  cartesBancaires: 4,
  eftpos: 4,
  electron: 4,
  maestro: 4,
  vPay: 4,
  elo: 5,
  mada: 5,
} as const;
/** A `supportedNetworks` name. */
export type AppleNetwork = keyof typeof APPLE_NETWORK_VERSIONS;

/** The Brazilian default: the service's brands Apple Pay carries, Elo included. */
export const APPLE_DEFAULT_NETWORKS: readonly AppleNetwork[] = ['amex', 'elo', 'masterCard', 'visa'];

/**
 * `merchantCapabilities`: `supports3DS` is the one every processor takes (the types call it required);
 * leaving out `supportsCredit` and `supportsDebit` lets both kinds of card pay.
 */
export const APPLE_MERCHANT_CAPABILITIES = ['supports3DS'] as const;

/**
 * `requiredBillingContactFields`: the name only (`givenName`, `familyName` of the billing contact),
 * Payment/Init's `billingInfo.name` for wallets (spec §4.7). Asking for `postalAddress` would make the
 * shopper pick an address the service does not use.
 */
export const APPLE_BILLING_CONTACT_FIELDS = ['name'] as const;

/** Where the service processes the payment: Brazil, in reais. */
export const APPLE_COUNTRY_CODE = 'BR';
export const APPLE_CURRENCY_CODE = 'BRL';

/**
 * The least ApplePaySession version the SDK asks for: version 3 gave `completePayment` and the other
 * completions their result objects (`{status, errors}`), which the wallet flow uses. Apple: "use the
 * lowest possible version number that supports your payment networks and other required features".
 */
export const APPLE_MIN_VERSION = 3;

/** The version that first took a zero total (earlier ones need a positive one). */
export const APPLE_ZERO_TOTAL_VERSION = 4;

/** WebKit refuses a larger total: `Total amount is too big.` (PaymentRequestValidator.mm). */
export const APPLE_MAX_TOTAL = 100_000_000;

/** `<apple-pay-button buttonstyle>`. */
export const APPLE_BUTTON_STYLES = ['black', 'white', 'white-outline'] as const;

/** Where each wallet's script comes from, unless the `walletScripts` option says otherwise. */
export const WALLET_SCRIPTS = {
  googlePay: 'https://pay.google.com/gp/p/js/pay.js',
  applePay: 'https://applepay.cdn-apple.com/jsapi/1.latest/apple-pay-sdk.js',
} as const;

/** A wallet script that neither loads nor fails in this time is given up: the button is not shown. */
export const WALLET_SCRIPT_TIMEOUT_MS = 10_000;

/**
 * How long the merchant's wallet callback has. Apple closes the sheet as failed 30 s after the shopper
 * authorized (`onpaymentauthorized`); the SDK completes it as failed at 25 s, before Apple does, so the
 * shopper reads our words and the merchant gets `wallet_callback_timeout`. Google documents no limit:
 * the same clock, one rule for both.
 */
export const WALLET_CALLBACK_WATCHDOG_MS = 25_000;

/**
 * The service's gateway name as Google knows it, for `tokenizationSpecification.parameters.gateway`
 * (spec §4.7), with the merchant id the service issued (the account) as `gatewayMerchantId`. The
 * sandbox's is `servicesandbox`; the production name comes with the service's Google Pay registration
 * (docs/service-contract.md, open questions).
 */
export const GOOGLE_PAY_GATEWAYS = { sandbox: 'servicesandbox', production: 'service' } as const;
