// The wallets as the Checkout delegates them: each method loads its wallet's flow and hands it the
// Checkout's context as it is (the session, the options, the locale and strings, the client, the
// merchant's callback for failures) with a keeper of what destroy() removes; destroy() removes every
// button shown, once. The wallets' flows are faked here (they are tested in flows/google-pay.test.ts
// and flows/apple-pay.test.ts); so is the essentials build's stand-in, which has no wallets.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { serviceClient } from '../api/service.ts';
import type { CheckoutError } from '../errors.ts';
import { ERROR_CODES } from '../errors.ts';
import { messagesFor } from '../i18n/index.ts';
import { Session } from '../session.ts';
import type { ApplePayOptions, GooglePayOptions } from '../wallets/wallet-options.ts';
import type { WalletContext } from '../flows/wallet-slot.ts';
import { walletsFlow as essentialsWallets } from './essentials/index.ts';
import { lazyWallets, type WalletsContext } from './wallets.ts';

const loaded = vi.hoisted(() => ({
  useGooglePay: vi.fn<(ctx: unknown, options: unknown) => Promise<boolean>>(),
  useApplePay: vi.fn<(ctx: unknown, options: unknown) => Promise<boolean>>(),
  failure: undefined as Error | undefined,
}));

/** The wallet methods as a build with the wallets wires them, with their flows faked. */
const walletsFlow = lazyWallets(
  () =>
    loaded.failure === undefined ? Promise.resolve(loaded.useGooglePay) : Promise.reject(loaded.failure),
  () => (loaded.failure === undefined ? Promise.resolve(loaded.useApplePay) : Promise.reject(loaded.failure)),
);

const googlePay = { selector: '#wallet' } as unknown as GooglePayOptions;
const applePay = { button: { selector: '#wallet' } } as unknown as ApplePayOptions;

function source(overrides: Partial<WalletsContext> = {}) {
  const failures: CheckoutError[] = [];
  const wallets: WalletsContext = {
    session: new Session('ses_1'),
    options: {
      environment: 'sandbox',
      account: 'demo',
      walletScripts: { googlePay: 'http://127.0.0.1:4174/wallets/google-pay.js' },
    },
    locale: 'es',
    messages: () => messagesFor('es'),
    client: serviceClient({ origin: 'http://127.0.0.1:4174', account: 'demo' }, ERROR_CODES),
    deliver: (result) => {
      if (!result.ok) failures.push(result.error);
      return result;
    },
    ...overrides,
  };
  return { wallets, failures };
}

/** The context the last call of `use` handed its wallet's flow. */
const contextOf = (use: typeof loaded.useGooglePay) => use.mock.lastCall?.[0] as WalletContext;

beforeEach(() => {
  loaded.useGooglePay.mockReset().mockResolvedValue(true);
  loaded.useApplePay.mockReset().mockResolvedValue(false);
  loaded.failure = undefined;
});

describe('walletsFlow', () => {
  it("hands each wallet's flow the Checkout's context and the merchant's options, and answers what it answers", async () => {
    const { wallets, failures } = source();
    const flow = walletsFlow(wallets);
    expect(await flow.useGooglePay(googlePay)).toBe(true);
    expect(await flow.useApplePay(applePay)).toBe(false);
    expect(loaded.useGooglePay.mock.lastCall?.[1]).toBe(googlePay);
    expect(loaded.useApplePay.mock.lastCall?.[1]).toBe(applePay);
    for (const ctx of [contextOf(loaded.useGooglePay), contextOf(loaded.useApplePay)]) {
      expect(ctx).toMatchObject({
        session: wallets.session,
        options: wallets.options,
        locale: 'es',
        messages: wallets.messages,
        client: wallets.client,
        deliver: wallets.deliver,
      });
    }
    expect(failures).toEqual([]);
  });

  it("removes every wallet's button at destroy(), once, and the ones shown after at the next", async () => {
    const flow = walletsFlow(source().wallets);
    const removed: string[] = [];
    loaded.useGooglePay.mockImplementation((ctx) => {
      (ctx as WalletContext).onDestroy(() => removed.push('google'));
      return Promise.resolve(true);
    });
    loaded.useApplePay.mockImplementation((ctx) => {
      (ctx as WalletContext).onDestroy(() => removed.push('apple'));
      return Promise.resolve(true);
    });
    await flow.useGooglePay(googlePay);
    await flow.useApplePay(applePay);
    expect(removed).toEqual([]);
    flow.destroy();
    expect(removed).toEqual(['google', 'apple']);
    flow.destroy();
    expect(removed).toEqual(['google', 'apple']);
    await flow.useGooglePay(googlePay);
    flow.destroy();
    expect(removed).toEqual(['google', 'apple', 'google']);
  });

  it("rejects with the load's error when a wallet's flow cannot load, and tells the callback nothing", async () => {
    const { wallets, failures } = source();
    const flow = walletsFlow(wallets);
    loaded.failure = new TypeError('Failed to fetch dynamically imported module');
    await expect(flow.useGooglePay(googlePay)).rejects.toBe(loaded.failure);
    await expect(flow.useApplePay(applePay)).rejects.toBe(loaded.failure);
    loaded.failure = undefined;
    expect(await flow.useGooglePay(googlePay)).toBe(true);
    expect(failures).toEqual([]);
  });
});

describe("the essentials build's walletsFlow", () => {
  it('rejects both wallets with full_build_required, naming the full build, and has nothing to destroy', async () => {
    const { wallets, failures } = source();
    const flow = essentialsWallets(wallets);
    for (const shown of [flow.useGooglePay(googlePay), flow.useApplePay(applePay)]) {
      await expect(shown).rejects.toMatchObject({
        code: 'full_build_required',
        type: 'configuration',
        message: expect.stringContaining('Wallets are in the full build, checkout-<version>.js.') as string,
      });
    }
    expect(() => {
      flow.destroy();
    }).not.toThrow();
    expect(loaded.useGooglePay).not.toHaveBeenCalled();
    expect(loaded.useApplePay).not.toHaveBeenCalled();
    expect(failures).toEqual([]);
  });
});
