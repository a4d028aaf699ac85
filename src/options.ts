// Checks what a merchant passes to `new Checkout(...)`, with messages that say exactly what is wrong.
// Programming errors throw (a CheckoutError of type configuration); nothing here touches the DOM.

import { invalidOption as fail } from './errors.ts';
import { canonicalTag, SUPPORTED_LOCALES, supportedLocaleOf } from './i18n/locale.ts';
import { isMessageKey } from './i18n/messages.ts';
import { APPEARANCE_CHOICES, APPEARANCE_KEYS } from './appearance.ts';
import { installmentsProblem } from './brazil/installments.ts';
import type { CheckoutOptions } from './types.ts';

/** The locales already warned about, so a page that makes many Checkouts warns once. */
const warnedLocales = new Set<unknown>();

const CHOICES: Readonly<Record<string, readonly string[]>> = APPEARANCE_CHOICES;

const KNOWN = new Set([
  'sessionId',
  'account',
  'environment',
  'callback',
  'locale',
  'messages',
  'appearance',
  'saveCard',
  'passkeys',
  'debit',
  'installments',
  'documentField',
  'tokenUrl',
  'engineUrl',
  'onPayment',
  'challengeTimeoutMs',
  'walletScripts',
]);

/** A 3DS challenge's default time limit, and the least a merchant may set (the step-up window is 30 s). */
export const CHALLENGE_TIMEOUT_MS = 600_000;
export const MIN_CHALLENGE_TIMEOUT_MS = 30_000;
/**
 * An hour: far past any issuer's challenge, and far under the 2^31 - 1 ms a browser timer holds (a
 * longer delay fires at once, which would end every challenge as it opens).
 */
export const MAX_CHALLENGE_TIMEOUT_MS = 3_600_000;

function nonEmptyString(value: unknown, name: string, max: number): void {
  if (typeof value !== 'string' || value.trim() === '') fail(`${name} must be a non-empty string.`);
  if (value.length > max) fail(`${name} is longer than ${String(max)} characters.`);
}

export function validateOptions(options: unknown): CheckoutOptions {
  if (typeof options !== 'object' || options === null) fail('new Checkout(options) needs an options object.');
  const o = options as Record<string, unknown>;
  for (const key of Object.keys(o)) if (!KNOWN.has(key)) fail(`Unknown option "${key}".`);
  // A promise of the session id is checked when it resolves (session.ts).
  const session = o['sessionId'];
  if (typeof (session as PromiseLike<string> | undefined)?.then !== 'function')
    nonEmptyString(session, 'sessionId', 128);
  nonEmptyString(o['account'], 'account', 64);
  if (o['environment'] !== 'sandbox' && o['environment'] !== 'production')
    fail('environment must be "sandbox" or "production".');
  for (const name of ['callback', 'onPayment'])
    if (o[name] !== undefined && typeof o[name] !== 'function') fail(`${name} must be a function.`);
  const locale = o['locale'];
  if (locale !== undefined) {
    nonEmptyString(locale, 'locale', 35);
    // A tag of a language we do not translate (fr) falls back to English, as a browser's would; a
    // string that is no language tag at all is a mistake to tell the merchant about.
    const use = `use ${SUPPORTED_LOCALES.join(', ')} (or leave it out to follow the browser)`;
    if (canonicalTag(locale) === undefined)
      fail(`locale "${locale as string}" is not a language tag: ${use}.`);
    // Unnoticed, English is a silent slip (`br` is Breton, not pt-BR): said once a page.
    if (supportedLocaleOf(locale) === undefined && !warnedLocales.has(locale)) {
      warnedLocales.add(locale);
      // eslint-disable-next-line no-console
      console.warn(
        `service-checkout: locale "${locale as string}" is not translated, so English shows: ${use}.`,
      );
    }
  }
  for (const name of ['saveCard', 'passkeys', 'debit'])
    if (o[name] !== undefined && typeof o[name] !== 'boolean') fail(`${name} must be a boolean.`);
  const installments = o['installments'] === undefined ? undefined : installmentsProblem(o['installments']);
  if (installments !== undefined) fail(installments);
  if (o['documentField'] !== undefined && o['documentField'] !== 'cpf' && o['documentField'] !== 'cpf-cnpj')
    fail('documentField must be "cpf" or "cpf-cnpj".');
  for (const name of ['tokenUrl', 'engineUrl']) if (o[name] !== undefined) nonEmptyString(o[name], name, 256);
  const timeout = o['challengeTimeoutMs'];
  if (
    timeout !== undefined &&
    (typeof timeout !== 'number' ||
      !Number.isInteger(timeout) ||
      timeout < MIN_CHALLENGE_TIMEOUT_MS ||
      timeout > MAX_CHALLENGE_TIMEOUT_MS)
  )
    fail(
      `challengeTimeoutMs must be a whole number of milliseconds from ${String(MIN_CHALLENGE_TIMEOUT_MS)} to ${String(MAX_CHALLENGE_TIMEOUT_MS)}.`,
    );
  // Its URLs are checked when a wallet loads (flows/wallet-slot.ts), so the essentials build does not carry it.
  if (
    o['walletScripts'] !== undefined &&
    (typeof o['walletScripts'] !== 'object' || o['walletScripts'] === null)
  )
    fail('walletScripts must be an object.');
  const messages = o['messages'];
  if (messages !== undefined) {
    if (typeof messages !== 'object' || messages === null) fail('messages must be an object of strings.');
    for (const [key, value] of Object.entries(messages)) {
      if (!isMessageKey(key)) fail(`messages.${key} is not a known message key.`);
      if (typeof value !== 'string' || value.length > 512)
        fail(`messages.${key} must be a string of at most 512 characters.`);
    }
  }
  const appearance = o['appearance'];
  if (appearance !== undefined) {
    if (typeof appearance !== 'object' || appearance === null) fail('appearance must be an object.');
    for (const [key, value] of Object.entries(appearance)) {
      if (!(APPEARANCE_KEYS as readonly string[]).includes(key))
        fail(`appearance.${key} is not a known key (${APPEARANCE_KEYS.join(', ')}).`);
      const choices = CHOICES[key];
      if (choices !== undefined && !choices.includes(value as string))
        fail(`appearance.${key} must be "${choices.join('" or "')}".`);
      if (typeof value !== 'string' || value.length > 256) fail(`appearance.${key} must be a string.`);
    }
  }
  return o as unknown as CheckoutOptions;
}
