// The strings the card frame shows: a locale's table with the merchant's overrides on top.

import type { MessageOverrides, Messages, OverrideKey } from './en.ts';
import type { Locale } from './locale.ts';
import { ptBR } from './pt-br.ts';
import { tableOf } from './tables.ts';

/**
 * True when `key` names a message the `messages` option takes: a key of pt-BR's table, which is always
 * in the script and has every key (own keys only, so `toString` and friends are not messages), or a key
 * of the passkeys', the wallets' or the combo card's table (passkey.ts, wallet.ts, funding.ts), known by
 * its prefix, or the installments' cost (installment-cost.ts): those tables are not in the script, and
 * their key names would weigh more than the rule (messages.test.ts holds every key of theirs to it).
 */
export function isMessageKey(key: string): key is OverrideKey {
  return Object.hasOwn(ptBR, key) || /^(passkey|wallet|funding)[A-Z]|^installmentsCost$/.test(key);
}

/**
 * The messages for `locale` (pt-BR's until its table is loaded: tables.ts), with the merchant's
 * `overrides` winning, the passkeys' and the wallets' keys among them, which their chunks lay over
 * their own tables (passkey.ts, wallet.ts). The overrides are the `messages` option, whose keys and values
 * validateOptions() checked (options.ts); an empty string keeps the shipped text (an empty label would
 * leave an input without an accessible name).
 */
export function messagesFor(locale: Locale, overrides?: MessageOverrides): Messages & MessageOverrides {
  const merged: Record<OverrideKey, string> = { ...tableOf(locale) } as Record<OverrideKey, string>;
  for (const [key, value] of Object.entries(overrides ?? {})) if (value) merged[key as OverrideKey] = value;
  return merged;
}

/**
 * Replaces each `{name}` in `template` with `values[name]`. Unknown placeholders stay as they are, so a
 * merchant's typo shows up on screen rather than as a silently missing word. Substituted values are
 * not scanned again, so a cardholder name holding `{last4}` stays literal.
 */
export function format(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    return value === undefined ? placeholder : String(value);
  });
}
