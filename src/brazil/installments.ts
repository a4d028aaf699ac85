// Installments (parcelas): the merchant's option checked on the page, and each plan worded for the
// shopper in the card frame's extras chunk (installmentLabels). The frame sends back only the count.

import type { FrameMessages } from '../i18n/en.ts';
import type { format as Format } from '../i18n/messages.ts';
import type { InstallmentsConfig } from '../messaging/protocol.ts';
import { MAX_INSTALLMENTS, type InstallmentsOptions, type OrderInstallmentPlans } from '../types.ts';

const PLAN_KEYS = ['count', 'amount', 'interestFree'];
/** A plan's figures in Payment/InstallmentPlans' answer, in the order the frame takes them (`figures`). */
export const ORDER_FIGURES = [
  'installmentAmount',
  'totalAmount',
  'monthlyRate',
  'yearlyRate',
  'cetMonthly',
  'cetYearly',
] as const;

/** The `installments` option: the merchant's own plans, or the service's answer for the order. */
export type InstallmentsOption = InstallmentsOptions | OrderInstallmentPlans;

/** Whether the option is Payment/InstallmentPlans' answer (it names the cash price). */
const fromOrder = (value: InstallmentsOption): value is OrderInstallmentPlans => 'amount' in value;

/** What is wrong with Payment/InstallmentPlans' answer given as the option; undefined when it is right. */
function orderPlansProblem({ amount, currency, plans }: Record<string, unknown>): string | undefined {
  const counts = new Set<unknown>();
  return (amount as number) > 0 &&
    /^[A-Z]{3}$/.test(currency as string) &&
    Array.isArray(plans) &&
    plans.length &&
    plans.every(
      (plan: Record<string, unknown> | null) =>
        typeof plan?.interestFree === 'boolean' &&
        !counts.has(plan.installments) &&
        counts.add(plan.installments).size > 0 &&
        Number.isInteger(plan.installments) &&
        (plan.installments as number) > 0 &&
        (plan.installments as number) <= MAX_INSTALLMENTS &&
        ORDER_FIGURES.every((key) => Number.isFinite(plan[key]) && (plan[key] as number) >= 0),
    )
    ? undefined
    : "installments must be Payment/InstallmentPlans' answer as the service sent it: {amount, currency, plans}.";
}

/**
 * What is wrong with the `installments` option, said so the merchant can fix it; undefined when it is
 * right: 1 to 48 plans, each a count or {count, amount?, interestFree?}, no count twice; or
 * Payment/InstallmentPlans' answer as it came.
 */
export function installmentsProblem(value: unknown): string | undefined {
  if (typeof value === 'object' && value !== null && fromOrder(value as InstallmentsOption))
    return orderPlansProblem(value as Record<string, unknown>);
  const { plans, currency, ...rest } = (value ?? {}) as Record<string, unknown>;
  if (
    Object.keys(rest).length > 0 ||
    !Array.isArray(plans) ||
    !plans.length ||
    plans.length > MAX_INSTALLMENTS
  )
    return `installments must be {plans: [...], currency?}, with 1 to ${String(MAX_INSTALLMENTS)} plans.`;
  if (currency !== undefined && !(typeof currency === 'string' && /^[A-Z]{3}$/.test(currency)))
    return 'installments.currency must be an ISO 4217 code such as "BRL".';
  const counts = new Set<unknown>();
  for (const [i, entry] of (plans as unknown[]).entries()) {
    const plan = (typeof entry === 'object' ? entry : { count: entry }) as Record<string, unknown> | null;
    const { count, amount, interestFree } = plan ?? {};
    if (
      plan === null ||
      !(Number.isInteger(count) && (count as number) >= 1 && (count as number) <= MAX_INSTALLMENTS) ||
      counts.has(count) ||
      !(amount === undefined || (typeof amount === 'number' && amount > 0 && amount < 1e12)) ||
      !(interestFree === undefined || typeof interestFree === 'boolean') ||
      Object.keys(plan).some((key) => !PLAN_KEYS.includes(key))
    )
      return `installments.plans[${String(i)}] must be a count from 1 to ${String(MAX_INSTALLMENTS)}, once, or {count, amount?, interestFree?} with a positive amount.`;
    counts.add(count);
  }
  return undefined;
}

/** The checked option as the frame takes it. */
export const installmentsConfig = (options: InstallmentsOption): InstallmentsConfig =>
  fromOrder(options)
    ? {
        plans: options.plans.map((plan) => ({
          count: plan.installments,
          amount: plan.installmentAmount,
          interestFree: plan.interestFree,
          figures: ORDER_FIGURES.map((key) => plan[key]),
        })),
        currency: options.currency,
        cashPrice: options.amount,
      }
    : {
        plans: options.plans.map((plan) => (typeof plan === 'number' ? { count: plan } : plan)),
        currency: options.currency ?? 'BRL',
      };

/**
 * Each plan in the shopper's words, in the frame: `3x de R$ 33,34 sem juros`. `format` is the frame's
 * own (i18n/messages.ts), handed over so the chunk this runs in shares no module with the first script.
 */
export function installmentLabels(
  { plans, currency }: InstallmentsConfig,
  locale: string,
  strings: FrameMessages,
  format: typeof Format,
): { count: number; label: string }[] {
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency });
  return plans.map(({ count, amount, interestFree }) => {
    const plan =
      amount === undefined
        ? format(strings.installmentsCount, { count })
        : format(strings.installmentsPlan, { count, amount: money.format(amount) });
    return {
      count,
      label:
        interestFree === undefined
          ? plan
          : format(interestFree ? strings.installmentsInterestFree : strings.installmentsWithInterest, {
              plan,
            }),
    };
  });
}
