// The script-tag builds' loaders of the files with code beside the script, the 3DS challenge and the
// boleto: the file next to the script, pinned, given the script's error type, loaded once, and tried
// again after a failure.
import { describe, expect, it } from 'vitest';
import type { BesideScript, ScriptErrors } from './beside-script.ts';
import { besideScript } from './test-fixtures.ts';

const SCRIPT = 'https://cdn.example/sdk/checkout-0.1.0.js';

describe.each([
  {
    loader: 'loadChallenge (three-ds/page/load-challenge.script.ts)',
    global: '__CHALLENGE_INTEGRITY__',
    integrity: 'sha256-3ds',
    file: `checkout-${__SDK_VERSION__}-3ds.js`,
    load: async () => (await import('./three-ds/page/load-challenge.script.ts')).loadChallenge,
  },
  {
    loader: 'loadBoleto (elements/load-boleto.script.ts)',
    global: '__BOLETO_INTEGRITY__',
    integrity: 'sha256-boleto',
    file: `checkout-${__SDK_VERSION__}-boleto.js`,
    load: async () => (await import('./elements/load-boleto.script.ts')).loadBoleto,
  },
])('$loader', ({ global, integrity, file, load }) => {
  const { appended, page } = besideScript(global, integrity);
  const handed = {};
  const loader = async () => {
    page(SCRIPT);
    // The script's errors.ts as this import of the loader sees it.
    return { loadFile: (await load()) as () => Promise<unknown>, errors: await import('./errors.ts') };
  };

  it('loads the file next to the script, pinned, gives it the error type and takes what it hands over', async () => {
    const { loadFile, errors } = await loader();
    const loaded = loadFile();
    const [script] = appended as BesideScript<unknown, ScriptErrors>[];
    expect(script?.src).toBe(`https://cdn.example/sdk/${file}`);
    expect(script?.integrity).toBe(integrity);
    expect(script?.crossOrigin).toBe('anonymous');
    // The file's errors are the script's own CheckoutError, not a copy (errors.script.ts).
    expect(script?.d?.CheckoutError).toBe(errors.CheckoutError);
    expect(script?.d?.ERROR_CODES).toBe(errors.ERROR_CODES);
    expect(script?.d?.ERROR_TYPES).toBe(errors.ERROR_TYPES);
    Object.assign(script as object, { t: handed });
    script?.onload?.(new Event('load'));
    await expect(loaded).resolves.toBe(handed);
    // Loaded once: the next call takes the same code, and the file's element is not defined twice.
    await expect(loadFile()).resolves.toBe(handed);
    expect(appended).toHaveLength(1);
  });

  it('rejects when the file ran but handed nothing back (it threw, or is not the file)', async () => {
    const { loadFile } = await loader();
    const loaded = loadFile();
    appended[0]?.onload?.(new Event('load'));
    await expect(loaded).rejects.toThrow(`${file} did not load`);
  });

  it('rejects when the file fails, and the next call tries again', async () => {
    const { loadFile } = await loader();
    const failed = loadFile();
    appended[0]?.onerror?.(new Event('error'));
    await expect(failed).rejects.toThrow(`${file} did not load`);
    const again = loadFile();
    expect(appended).toHaveLength(2);
    Object.assign(appended[1] as object, { t: handed });
    appended[1]?.onload?.(new Event('load'));
    await expect(again).resolves.toBe(handed);
  });
});
