// Amounts as the service carries them: decimal numbers in the currency's whole unit (`42.5` is
// R$ 42,50), never minor units, with no more decimals than the currency has. docs/service-contract.md
// (Conventions, Amounts) is the rule, and sandbox/money.ts holds the service's side of it. The one place
// the script reads an amount the service answered; the wallets' own formats (`"10.50"`) are theirs
// (wallets/check.ts), and the page never sends an amount to the engine (the session holds it).

/** An amount in an engine's answer (a payment record's `amount`): a finite number, else undefined. */
export const amountFrom = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
