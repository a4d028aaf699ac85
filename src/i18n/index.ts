// Localised strings for the card frame: locale negotiation, message tables and placeholder filling.

// en's and es's tables are not here: they are loaded on demand (tables.ts).
export type { MessageKey, MessageOverrides, Messages } from './en.ts';
export { ptBR } from './pt-br.ts';
export { resolveLocale, SUPPORTED_LOCALES, type Locale } from './locale.ts';
export { format, isMessageKey, messagesFor } from './messages.ts';
export { loadLocale, withStrings } from './tables.ts';
