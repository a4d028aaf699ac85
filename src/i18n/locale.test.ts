import { describe, expect, it } from 'vitest';
import { resolveLocale, SUPPORTED_LOCALES } from './locale.ts';
import { itMaps } from '../test-fixtures.ts';

describe('resolveLocale', () => {
  itMaps(resolveLocale, [
    ['pt-BR', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['pt', 'pt-BR'],
    ['es', 'es'],
    ['es-AR', 'es'],
    ['es-MX', 'es'],
    ['es-419', 'es'],
    ['es-ES', 'es'],
    ['en', 'en'],
    ['en-GB', 'en'],
    ['en-US-u-ca-gregory', 'en'],
    ['fr-FR', 'en'],
    ['zh-Hant-TW', 'en'],
  ]);

  it.each(['PT-br', 'pt-br', 'PT', 'Es-Mx', 'ES-419'])('ignores case in %s', (requested) => {
    expect(resolveLocale(requested)).not.toBe('en');
  });

  it('keeps the first matching entry of a list, even a language-only match', () => {
    expect(resolveLocale(['fr', 'es-MX'])).toBe('es');
    expect(resolveLocale(['pt-PT', 'es'])).toBe('pt-BR');
    expect(resolveLocale(['de-DE', 'ja', 'pt', 'en'])).toBe('pt-BR');
  });

  it.each(['pt_BR', 'es_MX', 'pt_br', 'pt_BR.UTF-8', 'es_ES@euro'])(
    'reads the POSIX form %s as its language tag',
    (requested) => {
      expect(resolveLocale(requested)).not.toBe('en');
    },
  );

  // WebKit's MiniBrowser, with no language configured, reports navigator.language "C".
  it.each(['C', 'POSIX', 'C.UTF-8'])('reads the POSIX locale %s as English', (requested) => {
    expect(resolveLocale([requested, 'pt-BR'])).toBe('en');
  });

  it.each([['xx-invalid-$$'], [''], ['*'], ['-'], [undefined], [[]], [['xx-invalid-$$', '']]])(
    'falls back to en for %j without throwing',
    (requested) => {
      expect(resolveLocale(requested)).toBe('en');
    },
  );

  it('skips invalid entries of a list', () => {
    expect(resolveLocale(['$$', 'es-CO'])).toBe('es');
  });

  it('survives non-strings from untyped callers', () => {
    const untyped = [42, null, {}, 'pt'] as unknown as readonly string[];
    expect(resolveLocale(untyped)).toBe('pt-BR');
  });

  it('returns only supported locales', () => {
    for (const l of SUPPORTED_LOCALES) expect(resolveLocale(l)).toBe(l);
  });
});
