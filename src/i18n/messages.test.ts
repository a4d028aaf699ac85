import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { en, type MessageKey } from './en.ts';
import { es } from './es.ts';
import { SUPPORTED_LOCALES, type Locale } from './locale.ts';
import { format, isMessageKey, messagesFor } from './messages.ts';
import { passkeyMessages } from './passkey.ts';
import { fundingMessages } from './funding.ts';
import { installmentCostMessages } from './installment-cost.ts';
import { boletoMessages } from './boleto.ts';
import { pixMessages } from './pix.ts';
import { ptBR } from './pt-br.ts';
import { refusalMessages } from './refusal.ts';
import { walletMessages } from './wallet.ts';
import { spcMessages } from './spc.ts';
import { loadLocale } from './tables.ts';

// en's and es's tables are loaded on demand (tables.test.ts); these tests read them loaded.
beforeAll(() => Promise.all([loadLocale('en'), loadLocale('es')]));

const placeholders = (s: string): string[] => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

type Table = Readonly<Record<string, string>>;

/**
 * Every table of shopper-facing strings, each by locale: the ones every build carries, and the ones
 * that live with the chunk that shows them. The refusal's is keyed by language (its frame reads the
 * browser's), so each locale reads its language's sentence.
 */
const TABLES: Readonly<Record<string, Readonly<Record<Locale, Table>>>> = {
  'en.ts, pt-br.ts, es.ts': { 'pt-BR': ptBR, en, es },
  'passkey.ts': passkeyMessages,
  'pix.ts': pixMessages,
  'boleto.ts': boletoMessages,
  'wallet.ts': walletMessages,
  'funding.ts': fundingMessages,
  'installment-cost.ts': installmentCostMessages,
  'spc.ts': spcMessages,
  'refusal.ts': {
    'pt-BR': { refusal: refusalMessages.pt },
    en: { refusal: refusalMessages.en },
    es: { refusal: refusalMessages.es },
  },
};
/** The modules of src/i18n/ that hold no strings: the choice of locale, the loading, the merging. */
const MACHINERY = [
  'index.ts',
  'load-locale.script.ts',
  'load-locale.ts',
  'locale.ts',
  'messages.ts',
  'tables.ts',
];

/** The TypeScript sources under `dir`, recursively. */
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join(dir, file));

describe('message tables', () => {
  it('are every table of src/i18n/, so that the rules below hold for a new one', () => {
    const modules = readdirSync(import.meta.dirname).filter(
      (file) => file.endsWith('.ts') && !file.includes('.test.') && !MACHINERY.includes(file),
    );
    expect(modules.sort()).toEqual(
      Object.keys(TABLES)
        .flatMap((name) => name.split(', '))
        .sort(),
    );
  });

  it('give every supported locale; the refusal, every supported language', () => {
    for (const table of Object.values(TABLES))
      expect(Object.keys(table).sort()).toEqual([...SUPPORTED_LOCALES].sort());
    expect(Object.keys(refusalMessages).sort()).toEqual(SUPPORTED_LOCALES.map((l) => l.slice(0, 2)).sort());
  });

  describe.each(Object.entries(TABLES))('%s', (_name, table) => {
    const keys = Object.keys(table.en).sort();

    it.each(SUPPORTED_LOCALES)(
      '%s has exactly the keys of en, with the same placeholders, none blank',
      (locale) => {
        expect(Object.keys(table[locale]).sort()).toEqual(keys);
        for (const key of keys) {
          const text = table[locale][key] ?? '';
          expect(placeholders(text), key).toEqual(placeholders(table.en[key] ?? ''));
          expect(text.trim(), key).not.toBe('');
        }
      },
    );
  });

  it('are all in src/i18n/: no other module holds a locale’s strings', () => {
    const src = join(import.meta.dirname, '..');
    const outside = sourceFiles(src)
      .filter((file) => !file.includes('/i18n/') && !file.includes('.test.'))
      .filter((file) => /['"]pt-BR['"]: *[{'"]/.test(readFileSync(file, 'utf8')));
    expect(outside).toEqual([]);
  });

  it('name the chunks’ keys as `messages` takes them: by a prefix no other key has', () => {
    for (const key of [
      ...Object.keys(passkeyMessages.en),
      ...Object.keys(walletMessages.en),
      ...Object.keys(fundingMessages.en),
      ...Object.keys(installmentCostMessages.en),
    ]) {
      expect(isMessageKey(key), key).toBe(true);
      expect(Object.hasOwn(en, key), key).toBe(false);
    }
    for (const key of [
      ...Object.keys(en),
      ...Object.keys(pixMessages.en),
      ...Object.keys(boletoMessages.en),
    ]) {
      expect(/^(passkey|wallet|funding)[A-Z]|^installmentsCost$/.test(key), key).toBe(false);
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

  it('keeps the shipped text for an empty string, and reads only the overrides’ own keys', () => {
    const overrides = {
      __proto__: { cardNumberLabel: 'from the prototype' },
      holderLabel: '',
    } as unknown as Partial<Record<MessageKey, string>>;
    expect(messagesFor('en', overrides)).toEqual(en);
  });

  it('carries the overrides of the passkeys’ and the wallets’ strings, for their chunks to lay over their own', () => {
    const m = messagesFor('pt-BR', { passkeyPay: 'Pagar com a digital', walletDeclined: 'Recusado.' });
    expect(m).toMatchObject({ passkeyPay: 'Pagar com a digital', walletDeclined: 'Recusado.' });
    expect(Object.hasOwn(m, 'passkeyCancel')).toBe(false);
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
  it.each(['cardNumberLabel', 'processing', 'passkeyPay', 'walletDeclined'])('accepts %s', (k) => {
    expect(isMessageKey(k)).toBe(true);
  });
  it.each([
    '',
    'toString',
    'constructor',
    '__proto__',
    'CardNumberLabel',
    'passkey',
    'walletdeclined',
    'pixTitle',
  ])('rejects %j', (k) => {
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
