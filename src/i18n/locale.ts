// Picks the checkout's language from a merchant setting or the shopper's browser languages (BCP 47).

export const SUPPORTED_LOCALES = ['pt-BR', 'en', 'es'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];

/**
 * The first supported locale matching `requested`, tried in order: an exact match (case-insensitive),
 * then any supported locale of the same language (`pt-PT` → `pt-BR`, `es-419` → `es`), then the next
 * entry of a list such as `navigator.languages`. Falls back to `en`; invalid tags are skipped.
 */
export function resolveLocale(requested: string | readonly string[] | undefined): Locale {
  const tags = typeof requested === 'string' ? [requested] : (requested ?? []);
  for (const tag of tags) {
    const match = supportedLocaleOf(tag);
    if (match !== undefined) return match;
  }
  return 'en';
}

/** The supported locale `tag` names, exactly or by its language (`pt-PT` → `pt-BR`), if any. */
export function supportedLocaleOf(tag: unknown): Locale | undefined {
  const lower = canonicalTag(tag)?.toLowerCase();
  if (lower === undefined) return undefined;
  const language = lower.split('-')[0];
  return (
    SUPPORTED_LOCALES.find((l) => l.toLowerCase() === lower) ??
    SUPPORTED_LOCALES.find((l) => l.toLowerCase().split('-')[0] === language)
  );
}

// The engine's own BCP 47 parser is smaller than any regex we could ship, and canonicalises aliases
// (`iw` → `he`, `PT-br` → `pt-BR`). It throws on invalid tags; so can a non-string from untyped callers.
// The POSIX forms merchants and some browsers have at hand are read too: `pt_BR.UTF-8` as `pt-BR`, and
// `C` or `POSIX` (what a browser without a configured language may report) as English.
export function canonicalTag(tag: unknown): string | undefined {
  if (typeof tag !== 'string') return undefined;
  const posix = tag.replace(/[.@].*$/, '');
  if (/^(c|posix)$/i.test(posix)) return 'en';
  try {
    return Intl.getCanonicalLocales(posix.replaceAll('_', '-'))[0];
  } catch {
    return undefined;
  }
}
