// The cost of each plan with interest, in the shopper's words, from the figures the service computed
// (Payment/InstallmentPlans, given as the `installments` option): in the card frame's extras chunk,
// under the installments select. An interest-free plan, or a plan the merchant worded itself, has none.

import type { MessageOverrides } from '../i18n/en.ts';
import { installmentCostMessages, type InstallmentCostMessages } from '../i18n/installment-cost.ts';
import type { format as Format } from '../i18n/messages.ts';
import type { InstallmentsConfig } from '../messaging/protocol.ts';

/**
 * Each plan's cost sentence, by count, for the plans with interest whose figures the service gave.
 * Money as the locale writes it (R$ 1.112,70), rates as percentages with two decimals (1,99%), as the
 * service rounded them (half-up). `format` is the frame's own, handed over as installmentLabels' is.
 */
export function installmentCosts(
  { plans, currency, cashPrice }: InstallmentsConfig,
  locale: string,
  overrides: MessageOverrides,
  format: typeof Format,
): Map<number, string> {
  const template = {
    ...((installmentCostMessages as Partial<Record<string, InstallmentCostMessages>>)[locale] ??
      installmentCostMessages.en),
    ...overrides,
  }.installmentsCost;
  const moneyFormat = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const rateFormat = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 2 });
  const money = (value: number) => moneyFormat.format(value);
  const rate = (value: number) => rateFormat.format(value);
  const costs = new Map<number, string>();
  for (const { count, interestFree, figures } of plans) {
    if (interestFree !== false || figures === undefined || cashPrice === undefined) continue;
    const [amount = 0, total = 0, ...rates] = figures;
    const [monthlyRate, yearlyRate, cetMonthly, cetYearly] = rates.map((percent) => rate(percent / 100));
    costs.set(
      count,
      format(template, {
        cashPrice: money(cashPrice),
        count,
        amount: money(amount),
        total: money(total),
        monthlyRate: monthlyRate ?? '',
        yearlyRate: yearlyRate ?? '',
        cetMonthly: cetMonthly ?? '',
        cetYearly: cetYearly ?? '',
      }),
    );
  }
  return costs;
}
