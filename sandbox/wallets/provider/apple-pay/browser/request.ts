// The checks WebKit makes on `new ApplePaySession(version, request)` and on the page's updates, in
// WebKit's order and with its exact messages: first the WebIDL binding (required members, enum values),
// then ApplePaySession::create (secure context, user gesture), then convertAndValidate (version,
// merchant capabilities, networks, amounts), then PaymentRequestValidator (country, currency, total).
// Sources: WebKit Source/WebCore/Modules/applepay/{ApplePaySession.cpp, ApplePayRequestBase.cpp,
// ApplePayMerchantCapability.cpp, PaymentRequestValidator.mm} and the dictionaries' .idl files.

interface LineItem {
  /** Absent when the page gave none: the validator says "Missing total label." for a total. */
  label: string | undefined;
  amount?: string | undefined;
  type: 'final' | 'pending';
}

/** `ApplePayContactField`: what `requiredBillingContactFields` and its shipping twin may hold. */
export const CONTACT_FIELDS = ['email', 'name', 'phone', 'postalAddress', 'phoneticName'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** The request as the stand-in keeps it once valid: what the sheet shows and the token is sealed for. */
export interface ValidatedRequest {
  version: number;
  countryCode: string;
  currencyCode: string;
  supportedNetworks: string[];
  merchantCapabilities: string[];
  total: { label: string; amount: string; type: 'final' | 'pending' };
  lineItems: { label: string; amount?: string | undefined; type: 'final' | 'pending' }[];
  applicationData?: string | undefined;
  /** What the sheet must give in `payment.billingContact` (holder.ts fills it). */
  requiredBillingContactFields?: ContactField[] | undefined;
}

/** The newest ApplePaySession version (macOS 13 / iOS 16): supportsVersion(n) is true for 1…14. */
const LATEST_VERSION = 14;

/** WebKit fills an empty DOMException message with the code's legacy description. */
const INVALID_ACCESS_DEFAULT = 'The object does not support the operation or argument.';

export const invalidAccess = (message = INVALID_ACCESS_DEFAULT): DOMException =>
  new DOMException(message, 'InvalidAccessError');

/** WebKit's message for a TypeError thrown without one. */
export const typeError = (message = 'Type error'): TypeError => new TypeError(message);

const MERCHANT_CAPABILITIES = ['supports3DS', 'supportsEMV', 'supportsCredit', 'supportsDebit'] as const;
const LINE_ITEM_TYPES = ['final', 'pending'] as const;

/**
 * PassKit's networks by the version that added them (Apple Pay on the Web version history); a request
 * names them in any case, and the canonical spelling is kept. Later networks are not known here.
 */
const NETWORKS: readonly (readonly [name: string, since: number])[] = [
  ['amex', 1],
  ['chinaUnionPay', 1],
  ['discover', 1],
  ['interac', 1],
  ['masterCard', 1],
  ['privateLabel', 1],
  ['visa', 1],
  ['jcb', 2],
  ['carteBancaire', 3],
  ['cartesBancaires', 4],
  ['eftpos', 4],
  ['electron', 4],
  ['maestro', 4],
  ['vPay', 4],
  ['elo', 5],
  ['mada', 5],
];

/** Region codes ICU knows that are not countries (uloc_getISOCountries leaves them out). */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);

let regionNames: Intl.DisplayNames | undefined;
let currencies: Set<string> | undefined;

/** Whether ICU lists the code as an ISO 3166 country (case matters, as in WebKit). */
function isIsoCountry(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return false;
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  return regionNames.of(code) !== undefined;
}

/** Whether ICU lists the code as an ISO 4217 currency (UCURR_ALL: historic ones too). */
function isIsoCurrency(code: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf('currency'));
  return currencies.has(code);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  (typeof value === 'object' && value !== null) || typeof value === 'function';

/** WebIDL: a dictionary is an object, undefined or null (then every member is absent). */
function dictionary(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) throw typeError();
  return value;
}

function required(
  dict: Record<string, unknown>,
  member: string,
  dictionaryName: string,
  type: string,
): unknown {
  const value = dict[member];
  if (value === undefined) {
    throw typeError(`Member ${dictionaryName}.${member} is required and must be an instance of ${type}`);
  }
  return value;
}

/** WebIDL DOMString: ToString (a Symbol throws). */
export function domString(value: unknown): string {
  if (typeof value === 'symbol') throw typeError();
  return String(value);
}

function optionalString(value: unknown): string | undefined {
  return value === undefined ? undefined : domString(value);
}

/** WebIDL sequence<T>: any iterable object, not a string. */
function sequence<T>(value: unknown, convert: (item: unknown) => T): T[] {
  if (!isObject(value) || typeof (value as { [Symbol.iterator]?: unknown })[Symbol.iterator] !== 'function') {
    throw typeError('Value is not a sequence');
  }
  return [...(value as unknown as Iterable<unknown>)].map(convert);
}

function enumValue<T extends string>(values: readonly T[]): (value: unknown) => T {
  return (value) => {
    const text = domString(value);
    if (!(values as readonly string[]).includes(text)) throw typeError();
    return text as T;
  };
}

/** ApplePayLineItem, as the binding converts it (members in lexicographic order: amount, label, type). */
function lineItem(value: unknown): LineItem {
  const dict = dictionary(value);
  const amount = optionalString(dict['amount']);
  const label = optionalString(dict['label']);
  const type = dict['type'] === undefined ? 'final' : enumValue(LINE_ITEM_TYPES)(dict['type']);
  return { amount, label, type };
}

/** WebKit's validateAmount: -?[0-9]+(\.[0-9][0-9]?)?, nothing else (no spaces, no comma, no "+"). */
const isValidAmount = (amount: string | undefined): boolean =>
  amount !== undefined && /^-?[0-9]+(?:\.[0-9]{1,2})?$/.test(amount);

const notAnAmount = (amount: string | undefined) => typeError(`"${amount ?? ''}" is not a valid amount.`);

/** convertAndValidateTotal: the total's amount must be one. */
function checkTotalAmount(total: LineItem): void {
  if (!isValidAmount(total.amount)) throw notAnAmount(total.amount);
}

/** convertAndValidate(lineItems): a pending item may have no amount. */
function checkLineItems(items: readonly LineItem[]): void {
  for (const item of items) {
    if (item.type !== 'pending' && !isValidAmount(item.amount)) throw notAnAmount(item.amount);
  }
}

/** PaymentRequestValidator::validateTotal. */
function validateTotal(total: LineItem): void {
  if (total.label === undefined) throw typeError('Missing total label.');
  if (total.amount === undefined) throw typeError('Missing total amount.');
  const amount = Number(total.amount);
  if (amount < 0) throw typeError('Total amount must not be negative.');
  if (amount > 100_000_000) throw typeError('Total amount is too big.');
}

function validateCountryCode(code: string | undefined): void {
  if (code === undefined) throw typeError('Missing country code.');
  if (!isIsoCountry(code)) throw typeError(`"${code}" is not a valid country code.`);
}

export function supportsVersion(version: number): boolean {
  return Number.isInteger(version) && version >= 1 && version <= LATEST_VERSION;
}

/** WebIDL unsigned long: ToNumber, truncated, modulo 2^32. */
export function unsignedLong(value: unknown): number {
  const number = Number(value);
  if (!Number.isFinite(number)) return 0;
  const truncated = Math.trunc(number) % 2 ** 32;
  return truncated < 0 ? truncated + 2 ** 32 : truncated;
}

/** WebIDL unsigned short: ToNumber, truncated, modulo 2^16. */
export function unsignedShort(value: unknown): number {
  const number = Number(value);
  if (!Number.isFinite(number)) return 0;
  const truncated = Math.trunc(number) % 2 ** 16;
  return truncated < 0 ? truncated + 2 ** 16 : truncated;
}

interface BoundRequest {
  countryCode: string;
  merchantCapabilities: string[];
  supportedNetworks: string[];
  supportedCountries: string[] | undefined;
  requiredBillingContactFields: string[] | undefined;
  requiredShippingContactFields: string[] | undefined;
  applicationData: string | undefined;
  currencyCode: string;
  lineItems: LineItem[];
  shippingMethods: { amount: string | undefined }[];
  total: LineItem;
}

/**
 * The binding's conversion of ApplePayPaymentRequest: the inherited ApplePayRequestBase members first,
 * then its own, each dictionary's in lexicographic order; a missing required member is a TypeError
 * naming the dictionary that declares it.
 */
export function bindRequest(value: unknown): BoundRequest {
  const dict = dictionary(value);
  const base = 'ApplePayRequestBase';
  const own = 'ApplePayPaymentRequest';
  const applicationData = optionalString(dict['applicationData']);
  const countryCode = domString(required(dict, 'countryCode', base, 'DOMString'));
  const merchantCapabilities = sequence(
    required(dict, 'merchantCapabilities', base, 'sequence'),
    enumValue(MERCHANT_CAPABILITIES),
  );
  const contactFields = (member: string) =>
    dict[member] === undefined ? undefined : sequence(dict[member], enumValue(CONTACT_FIELDS));
  const requiredBillingContactFields = contactFields('requiredBillingContactFields');
  const requiredShippingContactFields = contactFields('requiredShippingContactFields');
  const supportedCountries =
    dict['supportedCountries'] === undefined ? undefined : sequence(dict['supportedCountries'], domString);
  const supportedNetworks = sequence(required(dict, 'supportedNetworks', base, 'sequence'), domString);
  const currencyCode = domString(required(dict, 'currencyCode', own, 'DOMString'));
  const lineItems = dict['lineItems'] === undefined ? [] : sequence(dict['lineItems'], lineItem);
  const shippingMethods =
    dict['shippingMethods'] === undefined
      ? []
      : sequence(dict['shippingMethods'], (item) => ({ amount: optionalString(dictionary(item)['amount']) }));
  const total = lineItem(required(dict, 'total', own, 'ApplePayLineItem'));
  return {
    countryCode,
    merchantCapabilities,
    supportedNetworks,
    supportedCountries,
    requiredBillingContactFields,
    requiredShippingContactFields,
    applicationData,
    currencyCode,
    lineItems,
    shippingMethods,
    total,
  };
}

/**
 * convertAndValidate and PaymentRequestValidator::validate, after the binding and after create()'s
 * secure-context and gesture checks (the caller makes those, in between).
 */
export function validateRequest(version: number, bound: BoundRequest): ValidatedRequest {
  if (version === 0 || !supportsVersion(version))
    throw invalidAccess(`"${String(version)}" is not a supported version.`);
  if (bound.merchantCapabilities.length === 0) {
    throw typeError('At least one merchant capability must be provided.');
  }
  if (bound.supportedNetworks.length === 0)
    throw typeError('At least one supported network must be provided.');
  const supportedNetworks = bound.supportedNetworks.map((network) => {
    const known = NETWORKS.find(
      ([name, since]) => name.toLowerCase() === network.toLowerCase() && version >= since,
    );
    if (known === undefined) throw typeError(`"${network}" is not a valid payment network.`);
    return known[0];
  });
  checkTotalAmount(bound.total);
  checkLineItems(bound.lineItems);
  for (const method of bound.shippingMethods) {
    if (!isValidAmount(method.amount)) throw notAnAmount(method.amount);
  }
  // PaymentRequestValidator::validate.
  validateCountryCode(bound.countryCode);
  if (!isIsoCurrency(bound.currencyCode))
    throw typeError(`"${bound.currencyCode}" is not a valid currency code.`);
  validateTotal(bound.total);
  for (const method of bound.shippingMethods) {
    if (Number(method.amount) < 0) {
      throw typeError('Shipping method amount must be greater than or equal to zero.');
    }
  }
  if (version >= 3) for (const country of bound.supportedCountries ?? []) validateCountryCode(country);
  return {
    version,
    countryCode: bound.countryCode,
    currencyCode: bound.currencyCode,
    supportedNetworks,
    merchantCapabilities: [...new Set(bound.merchantCapabilities)],
    total: { label: bound.total.label ?? '', amount: bound.total.amount ?? '', type: bound.total.type },
    lineItems: bound.lineItems.map((item) => ({ ...item, label: item.label ?? '' })),
    ...(bound.applicationData === undefined ? {} : { applicationData: bound.applicationData }),
    ...(bound.requiredBillingContactFields === undefined
      ? {}
      : { requiredBillingContactFields: [...new Set(bound.requiredBillingContactFields)] as ContactField[] }),
  };
}

/** The binding's conversion of ApplePayPaymentMethodUpdate, or of the legacy (newTotal, newLineItems). */
export function bindUpdate(args: readonly unknown[]): { total: LineItem; lineItems: LineItem[] } {
  if (args.length === 0) throw typeError('Not enough arguments');
  if (args.length >= 2) return { total: lineItem(args[0]), lineItems: sequence(args[1], lineItem) };
  const dict = dictionary(args[0]);
  const base = 'ApplePayDetailsUpdateBase';
  const lineItems = dict['newLineItems'] === undefined ? [] : sequence(dict['newLineItems'], lineItem);
  return { total: lineItem(required(dict, 'newTotal', base, 'ApplePayLineItem')), lineItems };
}

/** convertAndValidate(ApplePayPaymentMethodUpdate): the total's amount, the total, the line items. */
export function validateUpdate(update: { total: LineItem; lineItems: LineItem[] }): void {
  checkTotalAmount(update.total);
  validateTotal(update.total);
  checkLineItems(update.lineItems);
}
