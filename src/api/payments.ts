// The payment engine, called from the browser (client script for everything, spec 1 and 4.10 rule 2):
// Payment/Init for the session's own order, Payment/SessionStatus, which follows that payment, and
// Payment/InstallmentPlans, the order's plans with the figures a shop must show when it finances. The
// engine is another host than the token host ({engine_url}, or {sandbox_url} for sandbox accounts);
// docs/service-contract.md has both calls.

import type { Result } from '../errors.ts';
import type {
  Boleto,
  Funding,
  OrderInstallmentPlan,
  OrderInstallmentPlans,
  Payment,
  PaymentStatus,
} from '../types.ts';
import type { Environment } from '../types.ts';
import { amountFrom } from '../money.ts';
import { ORDER_FIGURES } from '../brazil/installments.ts';
import { serviceOrigin } from './hosts.ts';
import type { Obj, ServiceClient } from './service.ts';

/** The payment engine: {sandbox_url} for sandbox accounts, {engine_url} (from onboarding) in production. */
export const DEFAULT_ENGINE_URLS: Readonly<Record<Environment, string | undefined>> = {
  sandbox: 'http://127.0.0.1:4177',
  production: undefined,
};

/** The payment engine's origin (`pay()`), from the `engineUrl` option or the environment's default. */
export const resolveEngineOrigin = (environment: Environment, engineUrl: string | undefined): string =>
  serviceOrigin(
    'engineUrl',
    engineUrl ?? DEFAULT_ENGINE_URLS[environment],
    ' to pay from the browser: use the payment engine given at onboarding.',
  );

export const PAYMENT_PATHS = {
  init: '/api/Payment/Init',
  status: '/api/Payment/SessionStatus',
  plans: '/api/Payment/InstallmentPlans',
} as const;

/** Every status a payment can have; a status the script does not know reads as `pending` (keep following). */
const STATUSES: readonly PaymentStatus[] = ['authorized', 'declined', 'pending', 'paid', 'expired'];

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Only what the page shows or decides with; the rest of the record stays with the engine. */
function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

const validDate = (value: string | undefined) =>
  value === undefined || Number.isNaN(Date.parse(value)) ? undefined : value;

/** A method's `boleto` (docs/service-contract.md, Boleto), what the page shows of it; undefined when incomplete. */
function decodeBoleto(boleto: unknown): Boleto | undefined {
  if (!isObj(boleto)) return undefined;
  const barcode = str(boleto['barcode']);
  const digitableLine = str(boleto['digitableLine']);
  const dueDate = str(boleto['dueDate']);
  const amount = amountFrom(boleto['amount']);
  const printUrl = str(boleto['printUrl']);
  if (
    barcode === undefined ||
    digitableLine === undefined ||
    dueDate === undefined ||
    !/^\d{4}-\d\d-\d\d$/.test(dueDate) ||
    amount === undefined ||
    printUrl === undefined ||
    !/^https?:\/\//.test(printUrl)
  )
    return undefined;
  return { barcode, digitableLine, dueDate, amount, printUrl };
}

/** The engine's answer, read once into a {@link Payment}; undefined when it is not one. */
export function decodePayment(answer: unknown): Payment | undefined {
  if (!isObj(answer)) return undefined;
  const paymentId = str(answer['paymentId']);
  const partnerUniqueId = str(answer['partnerUniqueId']);
  const raw = str(answer['status']);
  const methods = answer['paymentMethods'];
  if (
    paymentId === undefined ||
    partnerUniqueId === undefined ||
    raw === undefined ||
    !Array.isArray(methods)
  )
    return undefined;
  const method: unknown = methods[0];
  if (!isObj(method)) return undefined;
  const card = isObj(method['card']) ? method['card'] : {};
  const pix = isObj(method['pix']) ? method['pix'] : undefined;
  const brCode = str(pix?.['brCode']);
  const expiresAt = str(pix?.['expiresAt']);
  return {
    paymentId,
    partnerUniqueId,
    status: STATUSES.includes(raw as PaymentStatus) ? (raw as PaymentStatus) : 'pending',
    method: str(method['method']) ?? 'card',
    ...optional('amount', amountFrom(answer['amount'])),
    ...optional('currency', str(answer['currency'])),
    ...optional('installments', num(method['installments'])),
    ...optional('brand', str(card['brand'])),
    ...optional('last4', str(card['last4'])),
    ...optional('declineReason', str(method['declineReason'])),
    ...(brCode === undefined || expiresAt === undefined || Number.isNaN(Date.parse(expiresAt))
      ? {}
      : { pix: { brCode, expiresAt } }),
    ...optional('boleto', decodeBoleto(method['boleto'])),
    ...optional('expiresAt', validDate(str(method['expiresAt']))),
  };
}

/**
 * Payment/Init from the browser: the session's order is paid with `methods`; the engine takes the
 * order's reference, amount, currency and customer from the session, so the page names none of them.
 */
export function initPayment(
  client: ServiceClient,
  request: { sessionId: string; methods: readonly Obj[]; frontData?: Readonly<Record<string, string>> },
  signal?: AbortSignal,
): Promise<Result<Payment>> {
  const body = {
    tokenSession: request.sessionId,
    paymentData: { paymentMethods: request.methods },
    ...(request.frontData === undefined ? {} : { frontData: request.frontData }),
  };
  return client.post(PAYMENT_PATHS.init, body, decodePayment, signal);
}

/** The session's payment as it stands now: read-only, so it may be asked again and again. */
export function sessionPayment(
  client: ServiceClient,
  sessionId: string,
  signal?: AbortSignal,
): Promise<Result<Payment>> {
  return client.post(PAYMENT_PATHS.status, { tokenSession: sessionId }, decodePayment, signal);
}

/** The order's plans as the service computed them (the page cannot choose an amount): types.ts. */
type InstallmentPlan = OrderInstallmentPlan;
type InstallmentPlans = Required<OrderInstallmentPlans> & { plans: InstallmentPlan[] };

const PLAN_NUMBERS = ['installments', 'firstInstallmentAmount', ...ORDER_FIGURES] as const;

/** One plan, field by field: every figure a finite number, or the plan (and the answer) is not read. */
function decodePlan(value: unknown): InstallmentPlan | undefined {
  if (!isObj(value) || typeof value['interestFree'] !== 'boolean') return undefined;
  const figures: Partial<Record<(typeof PLAN_NUMBERS)[number], number>> = {};
  for (const key of PLAN_NUMBERS) {
    const figure = num(value[key]);
    if (figure === undefined) return undefined;
    figures[key] = figure;
  }
  return {
    ...(figures as Record<(typeof PLAN_NUMBERS)[number], number>),
    interestFree: value['interestFree'],
  };
}

/** Payment/InstallmentPlans' answer, read once; undefined when it is not one. */
export function decodeInstallmentPlans(answer: unknown): InstallmentPlans | undefined {
  if (!isObj(answer) || !Array.isArray(answer['plans'])) return undefined;
  const amount = amountFrom(answer['amount']);
  const currency = str(answer['currency']);
  const funding = answer['funding'];
  if (amount === undefined || currency === undefined || (funding !== 'credit' && funding !== 'debit'))
    return undefined;
  const plans: InstallmentPlan[] = [];
  for (const entry of answer['plans']) {
    const plan = decodePlan(entry);
    if (plan === undefined) return undefined;
    plans.push(plan);
  }
  return { amount, currency, funding, plans };
}

/** The session's order's installment plans (plan 1 only for a debit): read-only, safe to ask again. */
export function installmentPlans(
  client: ServiceClient,
  request: { sessionId: string; funding?: Funding },
  signal?: AbortSignal,
): Promise<Result<InstallmentPlans>> {
  const body = {
    tokenSession: request.sessionId,
    ...(request.funding === undefined ? {} : { funding: request.funding }),
  };
  return client.post(PAYMENT_PATHS.plans, body, decodeInstallmentPlans, signal);
}
