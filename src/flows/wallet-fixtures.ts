// Test fixtures of the wallet flows: a WalletContext that notes what reaches the merchant, and the
// Brazilian options of both wallets. The wallets' own APIs are faked in each test, by their documented
// shapes (src/wallets/wallet-apis.ts); the sandbox's stand-ins play them in e2e.

import { expect, vi } from 'vitest';
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
