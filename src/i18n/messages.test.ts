import { beforeAll, describe, expect, it } from 'vitest';
import { en, type MessageKey } from './en.ts';
import { es } from './es.ts';
import { SUPPORTED_LOCALES } from './locale.ts';
import { format, isMessageKey, messagesFor } from './messages.ts';
import { ptBR } from './pt-br.ts';
import { loadLocale } from './tables.ts';

// en's and es's tables are loaded on demand (tables.test.ts); these tests read them loaded.
beforeAll(() => Promise.all([loadLocale('en'), loadLocale('es')]));

const placeholders = (s: string): string[] => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

describe('message tables', () => {
  const keys = Object.keys(en).sort();

  it.each([
    ['pt-BR', ptBR],
    ['es', es],
  ] as const)('%s has exactly the keys of en, with the same placeholders', (_locale, table) => {
    expect(Object.keys(table).sort()).toEqual(keys);
    for (const key of keys) {
      expect(placeholders(table[key as MessageKey]), key).toEqual(placeholders(en[key as MessageKey]));
    }
  });

  it.each(SUPPORTED_LOCALES)('%s has no blank strings', (locale) => {
    for (const [key, text] of Object.entries(messagesFor(locale))) {
      expect(text.trim(), key).not.toBe('');
    }
  });

  it('reads as Brazilian Portuguese', () => {
    const pt = messagesFor('pt-BR');
    expect(pt.cardNumberLabel).toBe('Número do cartão');
    expect(pt.expiryLabel).toBe('Validade');
    expect(pt.cvcLabel).toBe('Código de segurança (CVV)');
    expect(pt.holderLabel).toBe('Nome impresso no cartão');
    expect(pt.saveCardLabel).toBe('Salvar este cartão para compras futuras');
  });

  it('gives each locale its own table', () => {
    expect(messagesFor('en').cardNumberLabel).toBe('Card number');
    expect(messagesFor('es').cardNumberLabel).toBe('Número de tarjeta');
  });
});

describe('messagesFor', () => {
  it('lets merchant overrides win', () => {
    const m = messagesFor('pt-BR', { holderLabel: 'Nome do titular', processing: 'Aguarde…' });
    expect(m.holderLabel).toBe('Nome do titular');
    expect(m.processing).toBe('Aguarde…');
    expect(m.cardNumberLabel).toBe('Número do cartão');
  });

  it('ignores unknown keys, inherited names, non-strings and empty strings', () => {
    const overrides = {
      notAKey: 'x',
      toString: 'x',
      __proto__: { cardNumberLabel: 'from the prototype' },
      cvcLabel: 42,
      expiryLabel: null,
      holderLabel: '',
    } as unknown as Partial<Record<MessageKey, string>>;
    const m = messagesFor('en', overrides);
    expect(m).toEqual(en);
    expect(Object.hasOwn(m, 'notAKey')).toBe(false);
  });

  it('tolerates null overrides from untyped callers', () => {
    expect(messagesFor('es', null as unknown as undefined)).toEqual(es);
  });

  it('does not change the shared table', () => {
    messagesFor('en', { cardNumberLabel: 'Changed' });
    expect(messagesFor('en').cardNumberLabel).toBe('Card number');
  });
});

describe('isMessageKey', () => {
  it.each(['cardNumberLabel', 'processing'])('accepts %s', (k) => {
    expect(isMessageKey(k)).toBe(true);
  });
  it.each(['', 'toString', 'constructor', '__proto__', 'CardNumberLabel'])('rejects %j', (k) => {
    expect(isMessageKey(k)).toBe(false);
  });
});

describe('format', () => {
  it('fills placeholders, numbers included', () => {
    expect(format(en.storedCardDescription, { brand: 'Visa', last4: '1111', month: '12', year: 29 })).toBe(
      'Visa ending in 1111, expires 12/29',
    );
  });

  it('fills a placeholder used twice', () => {
    expect(format('{a}-{a}', { a: 1 })).toBe('1-1');
  });

  it('leaves unknown placeholders and inherited names as they are', () => {
    expect(format('{brand} {missing} {toString}', { brand: 'Elo' })).toBe('Elo {missing} {toString}');
  });

  it('does not expand placeholders inside values', () => {
    expect(format('{brand} {last4}', { brand: '{last4}', last4: '1234' })).toBe('{last4} 1234');
  });

  it('leaves text without placeholders alone', () => {
    expect(format('Processing…', {})).toBe('Processing…');
    expect(format('{ brand } {}', { brand: 'x' })).toBe('{ brand } {}');
  });
});
