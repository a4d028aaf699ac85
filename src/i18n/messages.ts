// The strings the card frame shows: a locale's table with the merchant's overrides on top.

import type { MessageKey, Messages } from './en.ts';
import type { Locale } from './locale.ts';
import { ptBR } from './pt-br.ts';
import { tableOf } from './tables.ts';

/**
 * True when `key` names a message (own keys only, so `toString` and friends are not messages). Read
 * from pt-BR's table, which is always in the script and has every key (messages.test.ts).
 */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(ptBR, key);
}

/**
 * The messages for `locale` (pt-BR's until its table is loaded: tables.ts), with `overrides` winning. Overrides reach the frame from merchant
 * configuration through postMessage, so they are checked at run time: unknown keys, non-strings and
 * empty strings are ignored (an empty label would leave an input without an accessible name).
 */
export function messagesFor(locale: Locale, overrides?: Partial<Record<MessageKey, string>>): Messages {
  const merged: Record<MessageKey, string> = { ...tableOf(locale) };
  // Truthiness, not the type, guards here: JSON from another frame can say `null`.
  if (overrides) {
    for (const [key, value] of Object.entries(overrides)) {
      if (isMessageKey(key) && typeof value === 'string' && value !== '') merged[key] = value;
    }
  }
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
