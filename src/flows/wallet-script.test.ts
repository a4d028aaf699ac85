// The wallets' script loader: one <script> per URL, shared by every caller; a failure is forgotten so
// the next call tries again; a script that never answers is given up after its time limit.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WALLET_SCRIPT_TIMEOUT_MS } from '../wallets/constants.ts';
import { loadWalletScript } from './wallet-script.ts';

// happy-dom fails every script it is given; the test plays the browser's load and error events.
const added: HTMLScriptElement[] = [];
beforeEach(() => {
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    for (const node of nodes) {
      if (!(node instanceof HTMLScriptElement)) continue;
      added.push(node);
      const remove = node.remove.bind(node);
      node.remove = () => {
        added.splice(added.indexOf(node), 1);
        remove();
      };
    }
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  added.length = 0;
});
const scripts = (src: string) => added.filter((script) => script.src === src);

describe('loadWalletScript', () => {
  it('adds one async script per URL, whoever asks, and resolves when it loads', async () => {
    const src = 'https://pay.google.com/gp/p/js/pay.js?one';
    const first = loadWalletScript(src);
    const second = loadWalletScript(src);
    expect(scripts(src)).toHaveLength(1);
    expect(scripts(src)[0]?.async).toBe(true);
    scripts(src)[0]?.dispatchEvent(new Event('load'));
    await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined]);
  });

  it('rejects when the script fails (a CSP block, the network), removes it, and tries again next time', async () => {
    const src = 'https://pay.google.com/gp/p/js/pay.js?two';
    const failed = loadWalletScript(src);
    scripts(src)[0]?.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow(/did not load/);
    expect(scripts(src)).toHaveLength(0);
    void loadWalletScript(src);
    expect(scripts(src)).toHaveLength(1);
  });

  it('gives up on a script that neither loads nor fails', async () => {
    vi.useFakeTimers();
    const load = loadWalletScript('https://pay.google.com/gp/p/js/pay.js?three');
    const outcome = expect(load).rejects.toThrow(
      `did not load in ${String(WALLET_SCRIPT_TIMEOUT_MS / 1000)} s`,
    );
    await vi.advanceTimersByTimeAsync(WALLET_SCRIPT_TIMEOUT_MS);
    await outcome;
  });
});
