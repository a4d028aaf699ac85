import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en } from './en.ts';
import { es } from './es.ts';
import { ptBR } from './pt-br.ts';
import type * as Tables from './tables.ts';
import { besideScript } from '../test-fixtures.ts';

const loadTable = vi.hoisted(() => vi.fn<(locale: string) => Promise<unknown>>());
vi.mock('./load-locale.ts', () => ({ loadTable }));

// A fresh registry for each test: tables.ts keeps what it loaded for the page's lifetime.
let tables: typeof Tables;
beforeEach(async () => {
  vi.resetModules();
  loadTable.mockReset();
  tables = await import('./tables.ts');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the locales’ tables on the page', () => {
  it('carries pt-BR’s, without a load', async () => {
    expect(tables.tableOf('pt-BR')).toEqual(ptBR);
    await tables.loadLocale('pt-BR');
    expect(loadTable).not.toHaveBeenCalled();
  });

  it('gives pt-BR’s until en’s is in, then en’s; loads it once', async () => {
    let arrive: (table: unknown) => void = () => undefined;
    loadTable.mockReturnValue(new Promise((resolve) => (arrive = resolve)));
    const first = tables.loadLocale('en');
    expect(tables.loadLocale('en')).toBe(first);
    expect(tables.tableOf('en')).toEqual(ptBR);
    arrive(en);
    await first;
    expect(tables.tableOf('en')).toBe(en);
    expect(loadTable).toHaveBeenCalledTimes(1);
  });

  it('falls back to pt-BR’s when a table cannot be loaded, says why, and tries again next time', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    loadTable.mockRejectedValueOnce(new Error('checkout-0.1.0-es.js did not load'));
    await expect(tables.loadLocale('es')).resolves.toBeUndefined();
    expect(tables.tableOf('es')).toEqual(ptBR);
    expect(error).toHaveBeenCalledWith(
      'service-checkout: es strings not loaded, pt-BR shown:',
      expect.any(Error),
    );
    loadTable.mockResolvedValueOnce(es);
    await tables.loadLocale('es');
    expect(tables.tableOf('es')).toBe(es);
  });

  it('holds a flow until every table asked for is in', async () => {
    let arrive: (table: unknown) => void = () => undefined;
    loadTable.mockReturnValue(new Promise((resolve) => (arrive = resolve)));
    void tables.loadLocale('en');
    let flow: string | undefined;
    void tables.withStrings(Promise.resolve('flow')).then((loaded) => (flow = loaded));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(flow).toBeUndefined();
    arrive(en);
    await vi.waitFor(() => {
      expect(flow).toBe('flow');
    });
    expect(tables.tableOf('en')).toBe(en);
  });
});

describe('the script-tag builds’ loader (load-locale.script.ts)', () => {
  const SCRIPT = 'https://cdn.example/sdk/checkout-essentials-0.1.0.js';
  const { appended, page } = besideScript('__LOCALE_INTEGRITY__', { en: 'sha384-en', es: 'sha384-es' });
  const loader = async (src: string | undefined) => {
    page(src);
    const module = await import('./load-locale.script.ts');
    return module.loadTable;
  };

  it('loads the file next to the script, pinned by its integrity, and takes the table it hands over', async () => {
    const loadTable = await loader(SCRIPT);
    const loaded = loadTable('es');
    const [script] = appended;
    expect(script?.src).toBe(`https://cdn.example/sdk/checkout-${__SDK_VERSION__}-es.js`);
    expect(script?.integrity).toBe('sha384-es');
    expect(script?.crossOrigin).toBe('anonymous');
    Object.assign(script as object, { t: es });
    script?.onload?.(new Event('load'));
    await expect(loaded).resolves.toBe(es);
  });

  it('rejects when the file fails (missing, refused by its integrity or the CSP)', async () => {
    const loadTable = await loader(SCRIPT);
    const loaded = loadTable('en');
    appended[0]?.onerror?.(new Event('error'));
    await expect(loaded).rejects.toThrow(`checkout-${__SDK_VERSION__}-en.js did not load`);
  });

  it('rejects when the script was not loaded from a URL', async () => {
    const loadTable = await loader(undefined);
    await expect(loadTable('en')).rejects.toThrow(TypeError);
    expect(appended).toEqual([]);
  });
});
