// The script-tag builds' 3DS challenge loader: the file next to the script, pinned, given the script's
// error type, loaded once, and tried again after a failure.
import { describe, expect, it } from 'vitest';
import { besideScript } from '../../test-fixtures.ts';
import type { ChallengeModule, ChallengeScript } from './load-challenge.script.ts';

const SCRIPT = 'https://cdn.example/sdk/checkout-essentials-0.1.0.js';
const handed = {} as ChallengeModule;

describe('loadChallenge (load-challenge.script.ts)', () => {
  const { appended, page } = besideScript('__CHALLENGE_INTEGRITY__', 'sha256-3ds');
  const loader = async () => {
    page(SCRIPT);
    const { loadChallenge } = await import('./load-challenge.script.ts');
    // The script's errors.ts as this import of the loader sees it.
    return { loadChallenge, errors: await import('../../errors.ts') };
  };

  it('loads the file next to the script, pinned, gives it the error type and takes what it hands over', async () => {
    const { loadChallenge, errors } = await loader();
    const loaded = loadChallenge();
    const [script] = appended as ChallengeScript[];
    expect(script?.src).toBe(`https://cdn.example/sdk/checkout-${__SDK_VERSION__}-3ds.js`);
    expect(script?.integrity).toBe('sha256-3ds');
    expect(script?.crossOrigin).toBe('anonymous');
    // The file's errors are the script's own CheckoutError, not a copy (challenge-errors.script.ts).
    expect(script?.d?.CheckoutError).toBe(errors.CheckoutError);
    expect(script?.d?.ERROR_CODES).toBe(errors.ERROR_CODES);
    expect(script?.d?.ERROR_TYPES).toBe(errors.ERROR_TYPES);
    Object.assign(script as object, { t: handed });
    script?.onload?.(new Event('load'));
    await expect(loaded).resolves.toBe(handed);
    // Loaded once: the next challenge takes the same code, and the dialog is not defined twice.
    await expect(loadChallenge()).resolves.toBe(handed);
    expect(appended).toHaveLength(1);
  });

  it('rejects when the file ran but handed nothing back (it threw, or is not the challenge)', async () => {
    const { loadChallenge } = await loader();
    const loaded = loadChallenge();
    appended[0]?.onload?.(new Event('load'));
    await expect(loaded).rejects.toThrow(`checkout-${__SDK_VERSION__}-3ds.js did not load`);
  });

  it('rejects when the file fails, and the next challenge tries again', async () => {
    const { loadChallenge } = await loader();
    const failed = loadChallenge();
    appended[0]?.onerror?.(new Event('error'));
    await expect(failed).rejects.toThrow(`checkout-${__SDK_VERSION__}-3ds.js did not load`);
    const again = loadChallenge();
    expect(appended).toHaveLength(2);
    Object.assign(appended[1] as object, { t: handed });
    appended[1]?.onload?.(new Event('load'));
    await expect(again).resolves.toBe(handed);
  });
});
