// Test fixtures of the wallet flows: a WalletContext that notes what reaches the merchant, and the
// Brazilian options of both wallets. The wallets' own APIs are faked in each test, by their documented
// shapes (src/wallets/wallet-apis.ts); the sandbox's stand-ins play them in e2e.

import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { serviceClient } from '../api/service.ts';
import type { CheckoutSettings } from '../checkout-context.ts';
import { ERROR_CODES, isCheckoutError, type CheckoutError } from '../errors.ts';
import { messagesFor } from '../i18n/index.ts';
import { Session } from '../session.ts';
import type { WalletUnavailableError, WalletUnavailableReason } from '../wallets/wallet-options.ts';
import type { WalletContext } from './wallet-slot.ts';

/**
 * The context a wallet flow gets, with `options` and anything else overridden: its failures (what
 * `deliver` hands the merchant's `callback`) noted in `failures`, and `destroy()` removing what the flow
 * asked `onDestroy` to.
 */
export function walletContext({
  options,
  ...overrides
}: Partial<Omit<WalletContext, 'options'>> & { options?: Partial<CheckoutSettings> } = {}) {
  const failures: CheckoutError[] = [];
  const teardown: (() => void)[] = [];
  const ctx: WalletContext = {
    session: new Session('ses_1'),
    options: { environment: 'sandbox', account: 'demo', ...options },
    locale: 'pt-BR',
    messages: () => messagesFor('pt-BR'),
    client: serviceClient({ origin: 'http://127.0.0.1:4174', account: 'demo' }, ERROR_CODES),
    deliver: (result) => {
      if (!result.ok) failures.push(result.error);
      return result;
    },
    onDestroy: (remove) => teardown.push(remove),
    ...overrides,
  };
  return {
    ctx,
    failures,
    destroy: () => {
      teardown.splice(0).forEach((remove) => {
        remove();
      });
    },
  };
}

/** A container for the button, in a fresh body. */
export function walletSlot(): HTMLElement {
  document.body.replaceChildren();
  const slot = document.createElement('div');
  slot.id = 'wallet';
  document.body.append(slot);
  return slot;
}

/** Lets pending promise callbacks run. */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The page is a secure context (https, or localhost), as wallets need. */
export function secureContext(secure = true): void {
  vi.stubGlobal('isSecureContext', secure);
}

/**
 * Each test of a file starts on a secure page with an empty `#wallet` slot, after `reset` (the file's
 * own fakes), and leaves no global stub or fake clock behind.
 */
export function eachTestOnAWalletPage(reset: () => void): void {
  beforeEach(() => {
    reset();
    walletSlot();
    secureContext();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
}

/**
 * What a wallet that cannot be shown does, `use` called with an `onUnavailable` to hear it: resolves
 * false, shows nothing, and tells `onUnavailable` why (`wallet_unavailable` with `reason`, its message
 * naming the wallet by `label`), while the Checkout's callback hears nothing: no payment failed.
 */
export async function expectUnavailable(
  label: string,
  reason: WalletUnavailableReason,
  use: (onUnavailable: (error: WalletUnavailableError) => void) => Promise<boolean>,
  failures: readonly CheckoutError[],
): Promise<void> {
  const onUnavailable = vi.fn<(error: WalletUnavailableError) => void>();
  expect(await use(onUnavailable)).toBe(false);
  expect(document.querySelector('#wallet')?.childElementCount).toBe(0);
  const error = onUnavailable.mock.calls[0]?.[0];
  expect(isCheckoutError(error)).toBe(true);
  expect([error?.code, error?.type, error?.reason]).toEqual(['wallet_unavailable', 'wallet', reason]);
  expect(error?.message).toMatch(new RegExp(`^${label} is not available here \\(${reason}\\): `));
  expect(failures).toEqual([]);
}

/** A way a wallet cannot be shown: what the test arranges, and the reason `onUnavailable` hears. */
export type UnavailableCase = [name: string, arrange: () => unknown, reason: WalletUnavailableReason];

/**
 * One test per case (and an http page, where no wallet may run) that `show`, given the wallet's
 * `onUnavailable`, resolves false as `expectUnavailable` says: not a failed payment (Chrome never has
 * Apple Pay), so the Checkout's callback hears nothing.
 */
export function itIsUnavailableWhen(
  label: string,
  cases: UnavailableCase[],
  show: (ctx: WalletContext, onUnavailable: (error: WalletUnavailableError) => void) => Promise<boolean>,
): void {
  const insecure: UnavailableCase = [
    'the page is not a secure context',
    () => {
      secureContext(false);
    },
    'insecure_context',
  ];
  it.each([...cases, insecure])(
    'resolves false when %s, telling onUnavailable why, and shows nothing',
    async (_, arrange, reason) => {
      arrange();
      const { ctx, failures } = walletContext();
      await expectUnavailable(label, reason, (onUnavailable) => show(ctx, onUnavailable), failures);
    },
  );
}
