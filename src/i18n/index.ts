// Localised strings for the card frame: locale negotiation, message tables and placeholder filling.

export { en, type MessageKey, type Messages } from './en.ts';
export { es } from './es.ts';
export { ptBR } from './pt-br.ts';
export { resolveLocale, SUPPORTED_LOCALES, type Locale } from './locale.ts';
export { format, isMessageKey, messagesFor } from './messages.ts';
