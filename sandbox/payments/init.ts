// Payment/Init as the engine runs it: each payment method is classified into one of the spec's variants
// (table 4.5), checked against that variant's rules, and only when every method passes is anything
// written (tokens consumed, payment stored).

import type { Account } from '../accounts.ts';
import { detectBrand } from '../card-brands.ts';
import { fundingOptions } from '../card-funding.ts';
import { paymentCardNumberPath } from '../card-data.ts';
import { checkExpiry } from '../card-rules.ts';
import { checkBrowserPayment, paysTheOrder } from './browser.ts';
import {
  checkAuthentication,
  requireAuthenticationOfType,
  spendAuthentication,
  threeDsRequiredFor,
  type Charge,
} from './authentications.ts';
import { ServiceError } from '../errors.ts';
import { checkAmount, checkCurrency, minorDigits, toMinorUnits } from './money.ts';
import { checkInstallments } from './installments.ts';
import { overallStatus, pendingFields, voidAuthorized } from './lifecycle.ts';
import { checkBoleto } from './boleto.ts';
import type { SandboxContext } from '../http/context.ts';
import type { CardInfoRequest, PaymentInitRequest, PaymentMethodRequest } from '../schemas.ts';
import { loadSession } from '../sessions.ts';
import { refuse, WalletTokenError } from '../wallets/common.ts';
import { fundingNumber } from '../wallets/test-cards.ts';
import type {
  Authentication,
  BoletoPayer,
  OpenedWalletToken,
  Payment,
  PaymentFunding,
  PaymentMethodRecord,
  PaymentStatus,
  Session,
  StoredToken,
  WalletProvider,
} from '../records.ts';
import { randomId } from '../ids.ts';

/** paymentMethodType codes. The spec names `1` (card and wallets) and `7` (3DS card) only. */
export const CARD_METHOD_TYPES: readonly string[] = ['1', '7'];

/**
 * Codes for the direct non-card methods the spec names without codes. The sandbox's own choice,
 * documented in docs/service-contract.md; the real codes come with onboarding.
 */
export const DIRECT_METHOD_TYPES: Readonly<Record<string, { method: string; status: PaymentStatus }>> = {
  '2': { method: 'boleto', status: 'pending' },
  '3': { method: 'pix', status: 'pending' },
  '4': { method: 'bitcoin', status: 'pending' },
  '5': { method: 'nupay', status: 'pending' },
  '6': { method: 'split', status: 'pending' },
  '8': { method: 'gift_card', status: 'authorized' },
};

export const TOKEN_PROVIDERS = ['Service', 'networktoken', 'WalletAPay', 'WalletBPay'] as const;
type TokenProvider = (typeof TOKEN_PROVIDERS)[number];

const MASKED_NUMBER = /^\d{6}\*+\d{4}$/;

/** A payment that did not pay its order: the order can be paid again under the same reference. */
const REPAYABLE: readonly PaymentStatus[] = ['declined', 'expired'];

export interface InitInput {
  account: Account;
  /** Which engine took the call. */
  environment: 'sandbox' | 'production';
  body: PaymentInitRequest;
  source: Payment['source'];
}

interface Plan {
  record: PaymentMethodRecord;
  consumes: StoredToken | undefined;
  /** The 3DS authentication the method pays with, spent when the payment is stored. */
  spends?: Authentication;
  /** The wallet token the method pays with, remembered when the payment is stored: it pays once. */
  spendsWalletToken?: OpenedWalletToken;
}

function invalid(field: string, message: string): ServiceError {
  return new ServiceError('invalid_request', { field, message: `${field}: ${message}` });
}

function providerOf(value: string | undefined, field: string): TokenProvider | undefined {
  if (value === undefined) return undefined;
  const provider = TOKEN_PROVIDERS.find((p) => p.toLowerCase() === value.toLowerCase());
  if (provider === undefined) throw invalid(field, `must be one of ${TOKEN_PROVIDERS.join(', ')}`);
  return provider;
}

function numericIn(
  value: string | number | undefined,
  field: string,
  check: (digits: string) => boolean,
  rule: string,
): number {
  if (value === undefined) throw invalid(field, 'is required for a network token');
  const text = typeof value === 'number' ? String(value) : value;
  if (!/^\d+$/.test(text) || !check(text)) throw invalid(field, rule);
  return Number(text);
}

function refuseFullCardData(info: CardInfoRequest, field: string): void {
  if (info.cvv !== undefined) throw new ServiceError('full_card_data_not_allowed', { field: `${field}.cvv` });
  if (info.cardNumber !== undefined && !MASKED_NUMBER.test(info.cardNumber)) {
    throw new ServiceError('full_card_data_not_allowed', { field: `${field}.cardNumber` });
  }
}

interface WalletMethod {
  method: PaymentMethodRequest;
  info: CardInfoRequest;
  provider: WalletProvider;
  account: Account;
  consumed: Set<string>;
  field: string;
  charge: Charge;
}

/** A token that does not open, as Payment/Init answers it (docs/service-contract.md, Wallet tokens). */
export function walletTokenRefusal(error: WalletTokenError, field: string): ServiceError {
  if (error.reason === 'replayed') {
    return new ServiceError('token_already_used', {
      field,
      message: `${field}: this wallet token already paid; a wallet token pays once, so ask the shopper to pay again.`,
      details: { reason: error.reason },
    });
  }
  return new ServiceError('wallet_token_invalid', {
    field,
    message: `${field}: ${error.message}.`,
    details: { reason: error.reason },
  });
}

/**
 * A wallet payment (spec 4.7): the token, passed unparsed, is opened as the service would (signature,
 * recipient, expiry, replay, decryption: sandbox/wallets/), then paid like a card with what it carries.
 * The record keeps the brand and last four digits, never the number or the cryptogram.
 */
function planWallet(ctx: SandboxContext, wallet: WalletMethod): Plan {
  const { method, info, provider, field } = wallet;
  const tokenField = `${field}.cardInfo.token`;
  if (info.token === undefined) throw invalid(tokenField, `is required for ${provider}`);
  if (info.saveCard === true) {
    throw invalid(
      `${field}.cardInfo.saveCard`,
      'is false for a wallet: a wallet token pays once and is never saved',
    );
  }
  let opened: OpenedWalletToken;
  try {
    opened = ctx.wallets.open(provider, info.token, {
      account: wallet.account.name,
      amount: wallet.charge.amount,
      currency: wallet.charge.currency,
    });
  } catch (error) {
    if (error instanceof WalletTokenError) throw walletTokenRefusal(error, tokenField);
    throw error;
  }
  const replayKey = `${provider}:${opened.id}`;
  if (wallet.consumed.has(replayKey)) throw walletTokenRefusal(refuse('replayed', 'paid twice'), tokenField);
  if (checkExpiry(opened.expirationMonth, opened.expirationYear, new Date(ctx.now())) === 'expired') {
    throw new ServiceError('card_expired', { field: tokenField });
  }
  wallet.consumed.add(replayKey);
  const declineReason = ctx.issuer.authorizeCardNumber(fundingNumber(opened.number));
  const billing = info.billingInfo;
  return {
    record: {
      ...methodBase(method),
      kind: 'wallet',
      method: provider,
      status: declineReason === undefined ? 'authorized' : 'declined',
      card: {
        tokenProvider: provider,
        brand: detectBrand(opened.number)?.name ?? info.brandName,
        last4: opened.number.slice(-4),
        maskedNumber: undefined,
      },
      wallet: { authMethod: opened.authMethod, eci: opened.eci },
      ...(billing === undefined ? {} : { billingInfo: billing }),
      ...(declineReason === undefined ? {} : { declineReason }),
    },
    consumes: undefined,
    spendsWalletToken: opened,
  };
}

function methodBase(
  method: PaymentMethodRequest,
): Pick<PaymentMethodRecord, 'partnerUniqueId' | 'paymentMethodType' | 'amount' | 'installments'> {
  return {
    partnerUniqueId: method.partnerUniqueId,
    paymentMethodType: method.paymentMethodType,
    amount: method.amount,
    installments: method.installments ?? 1,
  };
}

/**
 * How a card token pays (`funding`; when absent, credit, or debit for a debit-only card): a way its card
 * can pay (a combo card either), and a debit in exactly one installment.
 */
function checkFunding(method: PaymentMethodRequest, token: StoredToken, field: string): PaymentFunding {
  const options = fundingOptions(token.funding);
  const funding = method.funding ?? options[0] ?? 'credit';
  if (!options.includes(funding)) {
    throw invalid(`${field}.funding`, `this card pays by ${options.join(' or ')} only`);
  }
  if (funding === 'debit' && (method.installments ?? 1) !== 1) {
    throw invalid(`${field}.installments`, 'a debit pays in exactly 1 installment');
  }
  return funding;
}

function planServiceToken(
  ctx: SandboxContext,
  method: PaymentMethodRequest,
  info: CardInfoRequest,
  session: Session | undefined,
  consumed: Set<string>,
  field: string,
  charge: Charge,
  required: boolean,
): Plan {
  if (info.token === undefined)
    throw invalid(`${field}.cardInfo.token`, 'is required with tokenProvider Service');
  if (session === undefined) throw new ServiceError('token_session_required', { field: 'tokenSession' });
  const token = ctx.store.tokens.get(info.token);
  if (token?.account !== session.account || token.customerId !== session.customer.id) {
    throw new ServiceError('token_not_found', { field: `${field}.cardInfo.token` });
  }
  if (token.sessionId !== session.id && !session.boundTokens.has(token.token)) {
    throw new ServiceError('token_requires_bind', { field: `${field}.cardInfo.token` });
  }
  if (token.singleUse && (token.used || consumed.has(token.token))) {
    throw new ServiceError('token_already_used', { field: `${field}.cardInfo.token` });
  }
  if (checkExpiry(token.expirationMonth, token.expirationYear, new Date(ctx.now())) === 'expired') {
    throw new ServiceError('card_expired', { field: `${field}.cardInfo.token` });
  }
  const funding = checkFunding(method, token, field);
  consumed.add(token.token);
  const declineReason = ctx.issuer.authorize(token.cardReference);
  const record: PaymentMethodRecord = {
    ...methodBase(method),
    funding,
    kind: 'card',
    method: method.AuthenticationInformation === undefined ? 'card' : 'card_3ds',
    status: declineReason === undefined ? 'authorized' : 'declined',
    card: {
      tokenProvider: 'Service',
      brand: token.brand,
      last4: token.last4,
      maskedNumber: token.maskedNumber,
    },
    ...(declineReason === undefined ? {} : { declineReason }),
  };
  const known = checkAuthentication(ctx, {
    session,
    token,
    method,
    charge,
    claimed: consumed,
    field,
    // Online debit authenticates on every account, whoever starts the payment.
    required: funding === 'debit' ? 'debit' : required ? 'account' : undefined,
  });
  if (known !== undefined) {
    record.authentication = {
      code: known.code,
      referenceId: known.referenceId,
      transactionId: known.transactionId,
      status: known.status,
      eci: known.eci,
    };
  }
  return {
    record,
    consumes: token.singleUse ? token : undefined,
    ...(known === undefined ? {} : { spends: known }),
  };
}

function planMethod(
  ctx: SandboxContext,
  input: InitInput,
  method: PaymentMethodRequest,
  session: Session | undefined,
  consumed: Set<string>,
  field: string,
  charge: Charge,
  pending: (
    method: string,
    amount: number,
    payer: BoletoPayer | undefined,
  ) => ReturnType<typeof pendingFields>,
): Plan {
  const { account } = input;
  requireAuthenticationOfType(method, field);
  checkBoleto(method, field, charge);
  const direct = DIRECT_METHOD_TYPES[method.paymentMethodType];
  if (direct !== undefined) {
    if (method.cardInfo !== undefined) throw invalid(`${field}.cardInfo`, 'is only for card payment methods');
    if (method.funding !== undefined) throw invalid(`${field}.funding`, 'is only for card payment methods');
    return {
      record: {
        ...methodBase(method),
        kind: 'direct',
        method: direct.method,
        status: direct.status,
        ...(direct.status === 'pending' ? pending(direct.method, charge.amount, method.payer) : {}),
      },
      consumes: undefined,
    };
  }
  if (!CARD_METHOD_TYPES.includes(method.paymentMethodType)) {
    throw invalid(`${field}.paymentMethodType`, 'is not a known payment method type');
  }
  const info = method.cardInfo;
  if (info === undefined) throw new ServiceError('card_info_required', { field: `${field}.cardInfo` });
  const infoField = `${field}.cardInfo`;
  refuseFullCardData(info, infoField);
  const provider = providerOf(info.tokenProvider, `${infoField}.tokenProvider`);
  if (method.funding !== undefined && provider !== 'Service') {
    throw invalid(`${field}.funding`, 'is for card tokens (tokenProvider Service)');
  }
  switch (provider) {
    case undefined: {
      if (info.token !== undefined) throw invalid(`${infoField}.tokenProvider`, 'is required with a token');
      if (info.cardNumber === undefined) {
        throw invalid(
          infoField,
          'needs a token with its tokenProvider, or a masked cardNumber for antifraud-only',
        );
      }
      if (info.cardNumber.length < 12 || info.cardNumber.length > 19) {
        throw invalid(`${infoField}.cardNumber`, 'a masked number keeps the card length (12 to 19)');
      }
      const brand = detectBrand(info.cardNumber.slice(0, 6))?.name ?? info.brandName;
      return {
        record: {
          ...methodBase(method),
          kind: 'antifraud',
          method: 'antifraud',
          status: 'analyzed',
          card: {
            tokenProvider: 'none',
            brand,
            last4: info.cardNumber.slice(-4),
            maskedNumber: info.cardNumber,
          },
        },
        consumes: undefined,
      };
    }
    case 'Service':
      return planServiceToken(
        ctx,
        method,
        info,
        session,
        consumed,
        field,
        charge,
        threeDsRequiredFor(account, input.source),
      );
    case 'networktoken': {
      if (info.token === undefined) throw invalid(`${infoField}.token`, 'is required for a network token');
      if (info.cryptogram === undefined || info.cryptogram.trim() === '')
        throw invalid(`${infoField}.cryptogram`, 'is mandatory for a network token');
      const month = numericIn(
        info.networkTokenExpirationMonth,
        `${infoField}.networkTokenExpirationMonth`,
        (d) => Number(d) >= 1 && Number(d) <= 12,
        'is numeric, 1 to 12',
      );
      const yearField = `${infoField}.networkTokenExpirationYear`;
      const year = numericIn(
        info.networkTokenExpirationYear,
        yearField,
        (d) => d.length === 2 || (d.length === 4 && d.startsWith('20')),
        'is numeric with 2 or 4 digits: YY or 20YY',
      );
      const expiry = checkExpiry(month, year < 100 ? 2000 + year : year, new Date(ctx.now()));
      if (expiry === 'expired') throw new ServiceError('card_expired', { field: yearField });
      if (expiry !== 'valid') throw invalid(yearField, 'is at most 20 years ahead');
      return {
        record: {
          ...methodBase(method),
          kind: 'network_token',
          method: 'card',
          status: 'authorized',
          card: {
            tokenProvider: 'networktoken',
            brand: info.brandName,
            last4: info.token.slice(-4),
            maskedNumber: undefined,
          },
        },
        consumes: undefined,
      };
    }
    case 'WalletAPay':
    case 'WalletBPay':
      return planWallet(ctx, { method, info, provider, account, consumed, field, charge });
  }
}

/** What a payment charges: its total, its currency, and each method with its share. */
interface Money {
  total: number;
  currency: string;
  charges: { method: PaymentMethodRequest; charge: Charge }[];
}

/**
 * The payment's money (sandbox/payments/money.ts): an ISO 4217 currency; a total (`paymentData.amount`, or the
 * methods' amounts added up when it is left out) more than zero and to the currency's decimals; each
 * method's share likewise, required when there are several methods (one method charges the total); and
 * the shares add up to the total.
 */
function checkMoney(body: PaymentInitRequest): Money {
  const { paymentData } = body;
  const currency = checkCurrency(paymentData.currency, 'paymentData.currency');
  const given =
    paymentData.amount === undefined
      ? undefined
      : checkAmount(paymentData.amount, currency, 'paymentData.amount');
  body.paymentItems?.items.forEach((item, index) => {
    checkAmount(item.amount, currency, `paymentItems.items.${String(index)}.amount`, { zero: true });
  });
  const single = paymentData.paymentMethods.length === 1;
  const charges = paymentData.paymentMethods.map((method, index) => {
    const field = `paymentData.paymentMethods.${String(index)}.amount`;
    if (method.amount !== undefined)
      return { method, charge: { amount: checkAmount(method.amount, currency, field), currency } };
    if (single && given !== undefined) return { method, charge: { amount: given, currency } };
    throw given === undefined
      ? invalid('paymentData.amount', 'is required: the total the payment charges')
      : invalid(field, "is required when a payment has several methods: each method's share of the total");
  });
  const sum = charges.reduce((minor, { charge }) => minor + (toMinorUnits(charge.amount, currency) ?? 0), 0);
  if (given !== undefined && sum !== toMinorUnits(given, currency)) {
    throw new ServiceError('amount_mismatch', {
      field: 'paymentData.amount',
      details: { methodsTotal: sum / 10 ** minorDigits(currency), amount: given },
    });
  }
  return { total: given ?? sum / 10 ** minorDigits(currency), currency, charges };
}

/** The sandbox's antifraud rule: the customer's e-mail decides, so tests can script each outcome. */
function antiFraudDecision(body: PaymentInitRequest): NonNullable<Payment['antiFraud']> {
  const email = body.customer?.email ?? '';
  const decision = email.includes('+reject@') ? 'reject' : email.includes('+review@') ? 'review' : 'approve';
  const wantsOriginal = body.paymentData.antiFraud?.data?.returnOriginalResponse === true;
  return {
    decision,
    ...(wantsOriginal
      ? {
          originalResponse: {
            provider: 'sandbox-antifraud',
            score: { approve: 12, review: 55, reject: 93 }[decision],
            decision,
          },
        }
      : {}),
  };
}

/** The engine a payment was made on, where its pages (a boleto's print page) are. */
function engineUrl(ctx: SandboxContext, environment: 'sandbox' | 'production'): string {
  return environment === 'sandbox' ? ctx.urls.sandboxUrl : ctx.urls.engineUrl;
}

/** A payment that passed every check, and `commit`, which writes it in one synchronous step. */
export interface PlannedPayment {
  payment: Payment;
  commit(): void;
}

/**
 * Payment/Init up to the write: every check, and the record. The route builds its answer from the
 * record before it commits, so a refused or failed request stores nothing.
 */
export function planPayment(ctx: SandboxContext, input: InitInput): PlannedPayment {
  const { account, body, source } = input;
  if (account.environment !== input.environment) throw new ServiceError('environment_mismatch');
  const cardNumberField = paymentCardNumberPath(body);
  if (cardNumberField !== undefined) {
    throw new ServiceError('full_card_data_not_allowed', { field: cardNumberField });
  }
  const session = body.tokenSession === undefined ? undefined : loadSession(ctx, account, body.tokenSession);
  // Client-script-for-everything: the session carries the order, and the browser can pay only that.
  if (source === 'browser') checkBrowserPayment(session, body, input.environment);
  const money = checkMoney(body);
  const existing = ctx.store.paymentByOrder(account.name, body.partnerUniqueId);
  // A declined or expired payment did not pay the order: it can be paid again under the same reference.
  if (existing !== undefined && !REPAYABLE.includes(ctx.lifecycle.refresh(existing).status)) {
    // A browser's order that a PIX paid since (its session learns it here) is paid, as a card's is.
    if (source === 'browser' && paysTheOrder(existing.status)) {
      throw new ServiceError('order_already_paid', { field: 'tokenSession' });
    }
    throw new ServiceError('duplicate_order', {
      field: 'partnerUniqueId',
      details: { paymentId: existing.paymentId },
    });
  }
  const consumed = new Set<string>();
  const paymentId = randomId('pay');
  const now = ctx.now();
  const plans = money.charges.map(({ method, charge }, index) => {
    const field = `paymentData.paymentMethods.${String(index)}`;
    const card = CARD_METHOD_TYPES.includes(method.paymentMethodType);
    const installmentPlan = checkInstallments(session, method, charge, card, field);
    const plan = planMethod(
      ctx,
      input,
      { ...method, amount: charge.amount },
      session,
      consumed,
      field,
      charge,
      (kind, amount, payer) =>
        pendingFields({
          method: kind,
          now,
          paymentId,
          index,
          merchantName: account.name,
          amount,
          boleto: payer && { payer, engineUrl: engineUrl(ctx, input.environment) },
        }),
    );
    return installmentPlan === undefined ? plan : { ...plan, record: { ...plan.record, ...installmentPlan } };
  });
  const methods = plans.map((p) => p.record);
  // The order's routing: the body's (a backend's), else the session's; a browser's is the session's only.
  const vendor = body.vendor ?? session?.vendor;
  const status = overallStatus(methods);
  // A declined part fails the whole: what another part authorized is reversed with it.
  if (status === 'declined') voidAuthorized(methods, new Date(now).toISOString());
  const payment: Payment = {
    paymentId,
    account: account.name,
    environment: input.environment,
    partnerUniqueId: body.partnerUniqueId,
    status,
    amount: money.total,
    currency: money.currency,
    tokenSession: body.tokenSession,
    customer: body.customer,
    paymentMethods: methods,
    antiFraud: methods.some((m) => m.kind === 'antifraud') ? antiFraudDecision(body) : undefined,
    vendor: vendor && { code: vendor.code, name: vendor.name },
    frontData: body.frontData,
    isTest: body.isTest ?? input.environment === 'sandbox',
    isFromFrontend: source === 'browser',
    source,
    createdAt: new Date(now).toISOString(),
    updatedAt: new Date(now).toISOString(),
  };
  // Every check passed: write in one step.
  const commit = () => {
    for (const plan of plans) {
      if (plan.consumes !== undefined) plan.consumes.used = true;
      if (plan.spends !== undefined) spendAuthentication(plan.spends, payment.paymentId);
      if (plan.spendsWalletToken !== undefined) ctx.wallets.spend(plan.spendsWalletToken);
    }
    if (source === 'browser' && session !== undefined && paysTheOrder(payment.status))
      session.orderPaid = true;
    ctx.store.addPayment(payment);
    ctx.lifecycle.created(payment);
  };
  return { payment, commit };
}

export { paymentView } from '../store.ts';
