// Installment plans of a session's order: interest-free up to the order's `interestFree`, then the Price
// table at its monthly rate, with the rates and the CET (custo efetivo total) a Brazilian shop must show
// when it finances. The service computes every plan, so a page cannot choose an amount; Payment/Init
// refuses a count or an amount the order's plans do not have. docs/service-contract.md (Installment
// plans) states the same formulas and rounding.

import { ServiceError } from '../errors.ts';
import type { InstallmentTerms, PaymentFunding, Session } from '../records.ts';
import { minorDigits, sameAmount, toMinorUnits } from './money.ts';

/** The most installments an order may offer (and a payment method may ask for). */
export const MAX_INSTALLMENTS = 48;
/** A monthly rate is a percentage with at most this many decimals (1.99, 2.4999). */
const RATE_DECIMALS = 4;

export interface InstallmentPlan {
  installments: number;
  /** Each installment after the first (all of them when they are equal). */
  installmentAmount: number;
  /** The first installment: an interest-free plan's carries the cents the split leaves over. */
  firstInstallmentAmount: number;
  /** What the shopper pays in all: the cash price when interest-free, n × installment otherwise. */
  totalAmount: number;
  interestFree: boolean;
  /** Percentages with two decimals, half-up; 0 for an interest-free plan. */
  monthlyRate: number;
  yearlyRate: number;
  cetMonthly: number;
  cetYearly: number;
}

function invalid(field: string, message: string): ServiceError {
  return new ServiceError('invalid_request', { field, message: `${field}: ${message}` });
}

/**
 * The order's terms from NewSession's `paymentData`: `installments {max, interestFree?, monthlyRate?}`,
 * or the older `maxInstallments` (that many, all interest-free), or neither (one payment).
 */
export function installmentTerms(paymentData: {
  maxInstallments?: number | undefined;
  installments?:
    { max: number; interestFree?: number | undefined; monthlyRate?: number | undefined } | undefined;
}): InstallmentTerms {
  const { maxInstallments, installments } = paymentData;
  if (maxInstallments !== undefined && installments !== undefined) {
    throw invalid('paymentData.maxInstallments', 'give installments or maxInstallments, not both');
  }
  if (installments === undefined) {
    const max = maxInstallments ?? 1;
    return { max, interestFree: max, monthlyRate: 0 };
  }
  const { max, monthlyRate } = installments;
  const interestFree = installments.interestFree ?? (monthlyRate === undefined ? max : 1);
  if (interestFree > max) {
    throw invalid('paymentData.installments.interestFree', `is at most max (${String(max)})`);
  }
  if (monthlyRate === undefined) {
    if (interestFree < max) {
      throw invalid(
        'paymentData.installments.monthlyRate',
        'is required when plans above interestFree have interest',
      );
    }
    return { max, interestFree, monthlyRate: 0 };
  }
  const scaled = monthlyRate * 10 ** RATE_DECIMALS;
  if (Math.abs(scaled - Math.round(scaled)) > 1e-6) {
    throw invalid(
      'paymentData.installments.monthlyRate',
      `is a percentage with at most ${String(RATE_DECIMALS)} decimals (1.99 is 1,99% a.m.)`,
    );
  }
  return { max, interestFree, monthlyRate };
}

/** Half-up to a whole number, with room for floating-point error just below a half. */
function roundHalfUp(value: number): number {
  return Math.floor(value + 0.5 + 1e-9);
}

/** A rate (0.0199) as a percentage with two decimals, half-up (1.99). */
function percent(rate: number): number {
  return roundHalfUp(rate * 10_000) / 100;
}

/** (1 + monthly)^12 − 1: a monthly rate compounded over a year. */
function yearly(monthly: number): number {
  return (1 + monthly) ** 12 - 1;
}

/**
 * The monthly internal rate of return of receiving `cashPrice` now and paying `flows` (one a month from
 * the first month on), all in minor units: the CET a.m. Newton's method from the contract rate; the
 * present value falls as the rate rises, so it converges from any rate above -1 in a few steps.
 */
function monthlyIrr(cashPrice: number, flows: readonly number[], guess: number): number {
  let rate = guess;
  for (let step = 0; step < 100; step++) {
    let value = -cashPrice;
    let slope = 0;
    flows.forEach((flow, index) => {
      const k = index + 1;
      value += flow / (1 + rate) ** k;
      slope -= (k * flow) / (1 + rate) ** (k + 1);
    });
    const next = rate - value / slope;
    if (Math.abs(next - rate) < 1e-13) return next;
    rate = next;
  }
  return rate;
}

/** The plan of `count` installments for `amount` (in the currency's units), or undefined when none. */
export function installmentPlan(
  amount: number,
  currency: string,
  terms: InstallmentTerms,
  count: number,
): InstallmentPlan | undefined {
  const minor = toMinorUnits(amount, currency) ?? 0;
  // Every installment is at least one minor unit (a cent): R$ 0,05 has no plan of 6.
  if (count < 1 || count > terms.max || Math.floor(minor / count) < 1) return undefined;
  const unit = 10 ** minorDigits(currency);
  if (count <= terms.interestFree) {
    const installment = Math.floor(minor / count);
    return {
      installments: count,
      installmentAmount: installment / unit,
      firstInstallmentAmount: (installment + (minor % count)) / unit,
      totalAmount: minor / unit,
      interestFree: true,
      monthlyRate: 0,
      yearlyRate: 0,
      cetMonthly: 0,
      cetYearly: 0,
    };
  }
  const i = terms.monthlyRate / 100;
  const installment = roundHalfUp((minor * i) / (1 - (1 + i) ** -count));
  const cet = monthlyIrr(
    minor,
    Array.from({ length: count }, () => installment),
    i,
  );
  return {
    installments: count,
    installmentAmount: installment / unit,
    firstInstallmentAmount: installment / unit,
    totalAmount: (installment * count) / unit,
    interestFree: false,
    monthlyRate: percent(i),
    yearlyRate: percent(yearly(i)),
    cetMonthly: percent(cet),
    cetYearly: percent(yearly(cet)),
  };
}

/** Every plan of an order, 1 to its max; a debit pays in one installment, so it has plan 1 only. */
export function installmentPlans(
  order: NonNullable<Session['order']>,
  funding: PaymentFunding,
): InstallmentPlan[] {
  const counts = funding === 'debit' ? 1 : order.installments.max;
  return Array.from({ length: counts }, (_, index) =>
    installmentPlan(order.amount, order.currency, order.installments, index + 1),
  ).filter((plan) => plan !== undefined);
}

/** POST /api/Payment/InstallmentPlans: the plans of the session's order, for the page or the backend. */
export function sessionPlans(session: Session, funding: PaymentFunding) {
  const { order } = session;
  if (order === undefined) throw new ServiceError('session_order_mismatch', { field: 'tokenSession' });
  return {
    amount: order.amount,
    currency: order.currency,
    funding,
    plans: installmentPlans(order, funding),
  };
}

/** What a card method's record keeps of its plan. */
export type PlanFields = Pick<
  InstallmentPlan,
  'installmentAmount' | 'firstInstallmentAmount' | 'totalAmount'
>;

/**
 * A method's installments against its session's order: when the method pays a card for the order (its
 * amount and currency are the order's), its count is one the order allows and any `installmentAmount` or
 * `totalAmount` it sends is the plan's; the answer is what the record keeps. A method that pays anything
 * else has no plan, and sending a plan's amounts with it is refused.
 */
export function checkInstallments(
  session: Session | undefined,
  method: {
    installments?: number | undefined;
    installmentAmount?: number | undefined;
    totalAmount?: number | undefined;
  },
  charge: { amount: number; currency: string },
  card: boolean,
  field: string,
): PlanFields | undefined {
  const order = card ? session?.order : undefined;
  const applies =
    order?.currency === charge.currency && sameAmount(charge.amount, order.amount, order.currency);
  if (!applies) {
    for (const key of ['installmentAmount', 'totalAmount'] as const) {
      if (method[key] !== undefined) {
        throw invalid(
          `${field}.${key}`,
          "no installment plan applies: plans are for a card paying its session's order",
        );
      }
    }
    return undefined;
  }
  const count = method.installments ?? 1;
  const plan = installmentPlan(order.amount, order.currency, order.installments, count);
  if (plan === undefined) {
    throw invalid(`${field}.installments`, `the order has no plan of ${String(count)} installments`);
  }
  for (const key of ['installmentAmount', 'totalAmount'] as const) {
    const sent = method[key];
    if (sent !== undefined && !sameAmount(sent, plan[key], order.currency)) {
      throw new ServiceError('invalid_request', {
        field: `${field}.${key}`,
        message: `${field}.${key}: the order's plan of ${String(count)} has ${key} ${String(plan[key])}`,
      });
    }
  }
  return {
    installmentAmount: plan.installmentAmount,
    firstInstallmentAmount: plan.firstInstallmentAmount,
    totalAmount: plan.totalAmount,
  };
}
