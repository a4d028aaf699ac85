// What Google Pay's pay.js refuses before it shows a sheet: the checks of IsReadyToPayRequest and
// PaymentDataRequest (developers.google.com/pay/api/web/reference/request-objects, @types/googlepay),
// as pure functions the stand-in pay.js runs in the browser and the tests run in Node. Each answers the
// DEVELOPER_ERROR statusMessage, or undefined when the request passes. Google's own wording is kept where
// it is known ("Google Pay APIs should be called in secure context!", "paymentDataCallbacks must be
// set"); the rest name the field and the rule, as Google's messages do.

const ENVIRONMENTS = ['TEST', 'PRODUCTION'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export const CARD_NETWORKS = [
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
export type CardNetwork = (typeof CARD_NETWORKS)[number];

export const AUTH_METHODS = ['PAN_ONLY', 'CRYPTOGRAM_3DS'] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];

const CALLBACK_INTENTS = [
  'OFFER',
  'SHIPPING_ADDRESS',
  'SHIPPING_OPTION',
  'PAYMENT_AUTHORIZATION',
  'PAYMENT_METHOD',
] as const;

export const BILLING_ADDRESS_FORMATS = ['MIN', 'FULL', 'FULL-ISO3166'] as const;
export type BillingAddressFormat = (typeof BILLING_ADDRESS_FORMATS)[number];

const TOTAL_PRICE_STATUSES = ['NOT_CURRENTLY_KNOWN', 'ESTIMATED', 'FINAL'] as const;
const CHECKOUT_OPTIONS = ['DEFAULT', 'COMPLETE_IMMEDIATE_PURCHASE', 'CONTINUE_TO_REVIEW'] as const;
const DISPLAY_ITEM_TYPES = ['LINE_ITEM', 'SUBTOTAL', 'TAX', 'DISCOUNT', 'SHIPPING_OPTION'] as const;

/** TransactionInfo.totalPrice: digits, and exactly two decimals when there are any. */
const TOTAL_PRICE = /^[0-9]+(\.[0-9][0-9])?$/;
/** Display items may be negative (a discount). */
const ITEM_PRICE = /^-?[0-9]+(\.[0-9][0-9])?$/;

/**
 * Networks Google accepts only for Brazil (transactionInfo.countryCode "BR"), each with the network it
 * must come with (@types/googlepay CardNetwork: "ELO_DEBIT ... must be used together with ELO").
 */
const BRAZIL_ONLY_NETWORKS: ReadonlyMap<CardNetwork, CardNetwork | undefined> = new Map([
  ['ELO', undefined],
  ['ELO_DEBIT', 'ELO'],
  ['MAESTRO', 'MASTERCARD'],
  ['ELECTRON', 'VISA'],
]);

export const SECURE_CONTEXT_MESSAGE = 'Google Pay APIs should be called in secure context!';

export type Json = Record<string, unknown>;

export const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const quote = (value: unknown): string =>
  value === undefined || typeof value === 'function' ? String(value) : JSON.stringify(value);

function oneOf(value: unknown, allowed: readonly string[], path: string): string | undefined {
  if (typeof value === 'string' && allowed.includes(value)) return undefined;
  return `${path} must be one of ${allowed.join(', ')}; got ${quote(value)}`;
}

function optionalBoolean(parent: Json, key: string, path: string): string | undefined {
  const value = parent[key];
  return value === undefined || typeof value === 'boolean'
    ? undefined
    : `${path}.${key} must be a boolean; got ${quote(value)}`;
}

/** The first message of a list of checks run in order, each only when the ones before passed. */
function first(...checks: (() => string | undefined)[]): string | undefined {
  for (const check of checks) {
    const message = check();
    if (message !== undefined) return message;
  }
  return undefined;
}

/** `new PaymentsClient(options)`: Google throws a plain Error for an environment it does not know. */
export function environmentOf(options: unknown): Environment {
  const environment = isRecord(options) ? options['environment'] : undefined;
  if (environment === undefined) return 'TEST';
  if (typeof environment === 'string' && (ENVIRONMENTS as readonly string[]).includes(environment)) {
    return environment as Environment;
  }
  throw new Error(`Unsupported environment: ${quote(environment)} (use "TEST" or "PRODUCTION")`);
}

function checkVersion(request: Json): string | undefined {
  if (request['apiVersion'] !== 2) return `apiVersion must be 2; got ${quote(request['apiVersion'])}`;
  if (request['apiVersionMinor'] !== 0)
    return `apiVersionMinor must be 0; got ${quote(request['apiVersionMinor'])}`;
  return undefined;
}

function checkNonEmptyList(value: unknown, allowed: readonly string[], path: string): string | undefined {
  if (!Array.isArray(value) || value.length === 0) return `${path} must be a non-empty array`;
  for (const [index, item] of value.entries()) {
    const problem = oneOf(item, allowed, `${path}[${String(index)}]`);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function checkCardParameters(parameters: unknown, path: string): string | undefined {
  if (!isRecord(parameters)) return `${path} must be set`;
  return first(
    () => checkNonEmptyList(parameters['allowedAuthMethods'], AUTH_METHODS, `${path}.allowedAuthMethods`),
    () => checkNonEmptyList(parameters['allowedCardNetworks'], CARD_NETWORKS, `${path}.allowedCardNetworks`),
    () =>
      parameters['allowedIssuerCountryCodes'] !== undefined &&
      parameters['blockedIssuerCountryCodes'] !== undefined
        ? `${path}: allowedIssuerCountryCodes and blockedIssuerCountryCodes cannot both be set`
        : undefined,
    ...[
      'allowPrepaidCards',
      'allowCreditCards',
      'assuranceDetailsRequired',
      'billingAddressRequired',
      'cvcRequired',
    ].map((key) => () => optionalBoolean(parameters, key, path)),
    () => {
      const billing = parameters['billingAddressParameters'];
      if (billing === undefined) return undefined;
      if (!isRecord(billing)) return `${path}.billingAddressParameters must be an object`;
      return first(
        () =>
          billing['format'] === undefined
            ? undefined
            : oneOf(billing['format'], BILLING_ADDRESS_FORMATS, `${path}.billingAddressParameters.format`),
        () => optionalBoolean(billing, 'phoneNumberRequired', `${path}.billingAddressParameters`),
      );
    },
  );
}

function checkTokenization(specification: unknown, path: string): string | undefined {
  if (!isRecord(specification)) return `${path} must be set`;
  const parameters = specification['parameters'];
  if (!isRecord(parameters)) return `${path}.parameters must be set`;
  const stringParameter = (key: string) =>
    typeof parameters[key] === 'string' && parameters[key] !== ''
      ? undefined
      : `${path}.parameters.${key} must be set`;
  switch (specification['type']) {
    case 'PAYMENT_GATEWAY':
      return stringParameter('gateway');
    case 'DIRECT':
      return first(
        () => stringParameter('protocolVersion'),
        () => stringParameter('publicKey'),
      );
    default:
      return oneOf(specification['type'], ['PAYMENT_GATEWAY', 'DIRECT'], `${path}.type`);
  }
}

function checkPaymentMethods(
  methods: unknown,
  options: { tokenization: 'required' | 'optional' },
): string | undefined {
  if (!Array.isArray(methods) || methods.length === 0)
    return 'allowedPaymentMethods must be a non-empty array';
  for (const [index, method] of methods.entries()) {
    const path = `allowedPaymentMethods[${String(index)}]`;
    if (!isRecord(method)) return `${path} must be an object`;
    // PAYPAL is a Google Pay method in some countries; the sandbox's wallet holds cards only.
    if (method['type'] !== 'CARD')
      return `${path}.type must be CARD (the sandbox plays card payments only); got ${quote(method['type'])}`;
    const problem = first(
      () => checkCardParameters(method['parameters'], `${path}.parameters`),
      () =>
        method['tokenizationSpecification'] === undefined && options.tokenization === 'optional'
          ? undefined
          : checkTokenization(method['tokenizationSpecification'], `${path}.tokenizationSpecification`),
    );
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** isReadyToPay's request: the version and the payment methods, tokenizationSpecification optional. */
export function checkIsReadyToPayRequest(request: unknown): string | undefined {
  if (!isRecord(request)) return 'IsReadyToPayRequest must be an object';
  return first(
    () => checkVersion(request),
    () => checkPaymentMethods(request['allowedPaymentMethods'], { tokenization: 'optional' }),
    () => optionalBoolean(request, 'existingPaymentMethodRequired', 'IsReadyToPayRequest'),
  );
}

function checkTransactionInfo(info: unknown): string | undefined {
  if (!isRecord(info)) return 'transactionInfo must be set';
  const status = info['totalPriceStatus'];
  const price = info['totalPrice'];
  return first(
    () =>
      typeof info['currencyCode'] === 'string' && /^[A-Z]{3}$/.test(info['currencyCode'])
        ? undefined
        : `transactionInfo.currencyCode must be an ISO 4217 code; got ${quote(info['currencyCode'])}`,
    () =>
      info['countryCode'] === undefined ||
      (typeof info['countryCode'] === 'string' && /^[A-Z]{2}$/.test(info['countryCode']))
        ? undefined
        : `transactionInfo.countryCode must be an ISO 3166-1 alpha-2 code; got ${quote(info['countryCode'])}`,
    () => oneOf(status, TOTAL_PRICE_STATUSES, 'transactionInfo.totalPriceStatus'),
    () =>
      price === undefined && status !== 'NOT_CURRENTLY_KNOWN'
        ? `transactionInfo.totalPrice must be set when totalPriceStatus is ${String(status)}`
        : undefined,
    () =>
      price === undefined || (typeof price === 'string' && TOTAL_PRICE.test(price))
        ? undefined
        : `transactionInfo.totalPrice must be a string matching ${TOTAL_PRICE.source}; got ${quote(price)}`,
    () =>
      info['checkoutOption'] === undefined
        ? undefined
        : oneOf(info['checkoutOption'], CHECKOUT_OPTIONS, 'transactionInfo.checkoutOption'),
    () =>
      info['checkoutOption'] === 'COMPLETE_IMMEDIATE_PURCHASE' && status !== 'FINAL'
        ? `transactionInfo.checkoutOption COMPLETE_IMMEDIATE_PURCHASE requires totalPriceStatus FINAL; got ${quote(status)}`
        : undefined,
    () => checkDisplayItems(info['displayItems']),
  );
}

function checkDisplayItems(items: unknown): string | undefined {
  if (items === undefined) return undefined;
  if (!Array.isArray(items)) return 'transactionInfo.displayItems must be an array';
  for (const [index, item] of items.entries()) {
    const path = `transactionInfo.displayItems[${String(index)}]`;
    if (!isRecord(item) || typeof item['label'] !== 'string') return `${path}.label must be set`;
    const problem = first(
      () => oneOf(item['type'], DISPLAY_ITEM_TYPES, `${path}.type`),
      () =>
        typeof item['price'] === 'string' && ITEM_PRICE.test(item['price'])
          ? undefined
          : `${path}.price must be a string matching ${ITEM_PRICE.source}; got ${quote(item['price'])}`,
    );
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** ELO, ELO_DEBIT, MAESTRO and ELECTRON: only for Brazil, and each with its companion network. */
function checkBrazilNetworks(request: Json): string | undefined {
  const info = request['transactionInfo'] as Json;
  const methods = request['allowedPaymentMethods'] as Json[];
  for (const [index, method] of methods.entries()) {
    const networks = (method['parameters'] as Json)['allowedCardNetworks'] as CardNetwork[];
    const path = `allowedPaymentMethods[${String(index)}].parameters.allowedCardNetworks`;
    for (const network of networks) {
      if (!BRAZIL_ONLY_NETWORKS.has(network)) continue;
      if (info['countryCode'] !== 'BR')
        return `${path}: ${network} is only supported when transactionInfo.countryCode is "BR"`;
      const companion = BRAZIL_ONLY_NETWORKS.get(network);
      if (companion !== undefined && !networks.includes(companion))
        return `${path}: ${network} must be used together with ${companion}`;
    }
  }
  return undefined;
}

export interface PaymentDataContext {
  environment: Environment;
  /** PaymentOptions.merchantInfo.merchantId, which stands in for the request's. */
  optionsMerchantId: unknown;
  callbacks: { onPaymentAuthorized: boolean; onPaymentDataChanged: boolean; set: boolean };
}

function checkMerchantInfo(request: Json, context: PaymentDataContext): string | undefined {
  const info = request['merchantInfo'];
  if (info !== undefined && !isRecord(info)) return 'merchantInfo must be an object';
  const merchantId = info?.['merchantId'] ?? context.optionsMerchantId;
  if (merchantId !== undefined && typeof merchantId !== 'string')
    return `merchantInfo.merchantId must be a string; got ${quote(merchantId)}`;
  if (context.environment === 'PRODUCTION' && (merchantId === undefined || merchantId === ''))
    return 'merchantInfo.merchantId must be set in the PRODUCTION environment';
  if (info?.['merchantName'] !== undefined && typeof info['merchantName'] !== 'string')
    return `merchantInfo.merchantName must be a string; got ${quote(info['merchantName'])}`;
  return undefined;
}

function checkCallbackIntents(intents: unknown, context: PaymentDataContext): string | undefined {
  if (intents === undefined) return undefined;
  const problem = checkNonEmptyList(intents, CALLBACK_INTENTS, 'callbackIntents');
  if (problem !== undefined) return problem;
  const list = intents as string[];
  if (!context.callbacks.set) return 'paymentDataCallbacks must be set';
  if (list.includes('PAYMENT_AUTHORIZATION') && !context.callbacks.onPaymentAuthorized)
    return 'paymentDataCallbacks.onPaymentAuthorized must be set when callbackIntents has PAYMENT_AUTHORIZATION';
  const changed = list.filter((intent) => intent !== 'PAYMENT_AUTHORIZATION');
  if (changed.length > 0 && !context.callbacks.onPaymentDataChanged)
    return `paymentDataCallbacks.onPaymentDataChanged must be set when callbackIntents has ${changed.join(', ')}`;
  return undefined;
}

/** loadPaymentData's request, as the PaymentsClient it is called on was made. */
export function checkPaymentDataRequest(request: unknown, context: PaymentDataContext): string | undefined {
  if (!isRecord(request)) return 'PaymentDataRequest must be an object';
  return first(
    () => checkVersion(request),
    () => checkMerchantInfo(request, context),
    () => checkPaymentMethods(request['allowedPaymentMethods'], { tokenization: 'required' }),
    () => checkTransactionInfo(request['transactionInfo']),
    () => checkBrazilNetworks(request),
    () => checkCallbackIntents(request['callbackIntents'], context),
    ...['emailRequired', 'shippingAddressRequired', 'shippingOptionRequired'].map(
      (key) => () => optionalBoolean(request, key, 'PaymentDataRequest'),
    ),
  );
}
