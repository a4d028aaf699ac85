// What both wallet flows share: loading the wallet's script, the container and the installments choice
// shown before the button, the merchant callback under a watchdog, and the one-payment rule (a button
// whose payment succeeded does nothing more). The flows themselves are google-pay.ts and apple-pay.ts.

import { installmentLabels, installmentsConfig, installmentsProblem } from '../brazil/installments.ts';
import type { CheckoutContext } from '../checkout-context.ts';
import { CheckoutError, invalidOption, type CheckoutErrorCode, type CheckoutErrorType } from '../errors.ts';
import { format } from '../i18n/messages.ts';
import { loadWalletScript } from './wallet-script.ts';
import type { InstallmentsOption } from '../brazil/installments.ts';
import { WALLET_CALLBACK_WATCHDOG_MS, WALLET_SCRIPTS } from '../wallets/constants.ts';
import type {
  WalletPaymentData,
  WalletProvider,
  WalletScripts,
  WalletUnavailableError,
  WalletUnavailableReason,
} from '../wallets/wallet-options.ts';

/** What a wallet's sheet tells the shopper when the payment did not go through (i18n/wallet.ts). */
export { walletMessages } from '../i18n/wallet.ts';

/**
 * What a wallet flow needs of the Checkout (`deliver` hands a failed payment to the merchant's
 * `callback`; `options.walletScripts` may name the sandbox's stand-ins for Google's and Apple's scripts),
 * and `onDestroy`, which keeps what `Checkout.destroy()` must remove.
 */
export type WalletContext = Pick<
  CheckoutContext,
  'session' | 'options' | 'locale' | 'messages' | 'client' | 'deliver'
> & { onDestroy(remove: () => void): void };

export const walletError = (
  code: CheckoutErrorCode,
  type: CheckoutErrorType,
  message: string,
  cause?: unknown,
) => new CheckoutError(code, type, message, cause === undefined ? {} : { cause });

/** The element the button goes in: found now, or `invalid_target`. */
function walletContainer(target: unknown, name: string): Element {
  const found =
    typeof target === 'string' ? document.querySelector(target) : target instanceof Element ? target : null;
  if (found === null)
    throw new CheckoutError(
      'invalid_target',
      'configuration',
      typeof target === 'string'
        ? `${name}: no element matches "${target}".`
        : `${name} must be an element or a selector for one.`,
    );
  return found;
}

/**
 * The wallet's script URL: the `walletScripts` option's, or the wallet's own. An option that is not an
 * https URL (http only on loopback, for the sandbox) is refused, naming it.
 */
function walletScript(ctx: Pick<WalletContext, 'options'>, wallet: keyof WalletScripts): string {
  const configured = ctx.options.walletScripts?.[wallet];
  if (configured === undefined) return WALLET_SCRIPTS[wallet];
  let url: URL | undefined;
  try {
    url = new URL(configured);
  } catch {
    url = undefined;
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url?.hostname ?? '');
  if (url === undefined || !(url.protocol === 'https:' || (url.protocol === 'http:' && loopback)))
    invalidOption(
      `walletScripts.${wallet} must be an https URL (http only on localhost), got ${JSON.stringify(configured)}.`,
    );
  return url.href;
}

/**
 * What both wallets check before showing a button: a secure context, then their script loaded.
 * Undefined when the wallet's API may now be asked; the reason otherwise.
 */
async function walletLoaded(script: string): Promise<WalletUnavailableReason | undefined> {
  if (!window.isSecureContext) return 'insecure_context';
  try {
    await loadWalletScript(script);
    return undefined;
  } catch {
    return 'script_failed';
  }
}

/** What each {@link WalletUnavailableReason} means, in the error's message. */
const UNAVAILABLE_WHY: Readonly<Record<WalletUnavailableReason, string>> = {
  insecure_context: 'the page is not a secure context (https)',
  script_failed: "the wallet's script did not load (the network, or the page's Content-Security-Policy)",
  not_supported: 'this browser has no such wallet, or none that takes this request',
  not_ready: 'the wallet says the shopper cannot pay with it here',
};

/** `wallet_unavailable`, with its reason: what `onUnavailable` gets. */
class WalletUnavailable extends CheckoutError implements WalletUnavailableError {
  declare readonly code: 'wallet_unavailable';
  declare readonly type: 'wallet';
  readonly reason: WalletUnavailableReason;

  constructor(wallet: string, reason: WalletUnavailableReason) {
    super(
      'wallet_unavailable',
      'wallet',
      `${wallet} is not available here (${reason}): ${UNAVAILABLE_WHY[reason]}. Its button is not shown.`,
    );
    this.reason = reason;
  }
}

/**
 * Tells the merchant's `onUnavailable` why a wallet is not shown, as a `wallet_unavailable` error, and
 * answers `false`. Not the Checkout's `callback`: a wallet absent from a browser is no failed payment.
 */
function unavailable(
  onUnavailable: ((error: WalletUnavailableError) => void) | undefined,
  wallet: string,
  reason: WalletUnavailableReason,
): false {
  try {
    onUnavailable?.(new WalletUnavailable(wallet, reason));
  } catch (error) {
    queueMicrotask(() => {
      throw error;
    });
  }
  return false;
}

/**
 * The installments select shown before the button, when the merchant offers them: labelled, worded as
 * the card form words them, the first plan chosen. `count()` reads the choice.
 */
function installmentsChoice(
  options: InstallmentsOption | undefined,
  ctx: Pick<WalletContext, 'locale' | 'messages'>,
): { element: HTMLElement; count: () => number } | undefined {
  if (options === undefined) return undefined;
  const problem = installmentsProblem(options);
  if (problem !== undefined) invalidOption(problem);
  const messages = ctx.messages();
  const label = document.createElement('label');
  label.className = 'svc-wallet-installments';
  const select = document.createElement('select');
  for (const plan of installmentLabels(installmentsConfig(options), ctx.locale, messages, format)) {
    const option = document.createElement('option');
    option.value = String(plan.count);
    option.textContent = plan.label;
    select.append(option);
  }
  label.append(messages.installmentsLabel, ' ', select);
  return { element: label, count: () => Number(select.value) };
}

/**
 * What the merchant's wallet callback gets: the wallet's token, the installments chosen, and
 * `billingInfo` from the wallet's names (blank ones dropped) and the total the sheet showed.
 */
export function walletPaymentData(
  walletProvider: WalletProvider,
  token: string,
  installments: number | undefined,
  names: readonly (string | undefined)[],
  total: string,
): WalletPaymentData {
  const name = names
    .filter((part): part is string => typeof part === 'string')
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return {
    token,
    walletProvider,
    ...(installments === undefined ? {} : { installments }),
    billingInfo: { ...(name === '' ? {} : { name }), billedAmount: Number(total) },
  };
}

/** What the merchant's wallet callback came to. */
export type CallbackOutcome =
  | { kind: 'answered'; ok: boolean; message?: string }
  | { kind: 'threw'; error: unknown }
  | { kind: 'timed_out' };

/**
 * Runs the merchant's wallet callback with a watchdog: the wallets' sheets wait a bounded time (Apple
 * 30 s), so an answer later than {@link WALLET_CALLBACK_WATCHDOG_MS} counts as none.
 */
async function watchdog(callback: () => unknown): Promise<CallbackOutcome> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<CallbackOutcome>((resolve) => {
    timer = setTimeout(() => {
      resolve({ kind: 'timed_out' });
    }, WALLET_CALLBACK_WATCHDOG_MS);
  });
  const answer = (async (): Promise<CallbackOutcome> => {
    try {
      const value: unknown = await callback();
      if (typeof value === 'boolean') return { kind: 'answered', ok: value };
      if (
        typeof value === 'object' &&
        value !== null &&
        typeof (value as { ok?: unknown }).ok === 'boolean'
      ) {
        const { ok, message } = value as { ok: boolean; message?: unknown };
        return typeof message === 'string' && message.trim() !== ''
          ? { kind: 'answered', ok, message }
          : { kind: 'answered', ok };
      }
      return {
        kind: 'threw',
        error: new TypeError('the wallet callback must return (or resolve to) true, false or {ok, message?}'),
      };
    } catch (error) {
      return { kind: 'threw', error };
    }
  })();
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The error a callback outcome other than `ok: true` hands the merchant's `callback`. */
function callbackFailure(outcome: CallbackOutcome, name: string): CheckoutError {
  switch (outcome.kind) {
    case 'timed_out':
      return walletError(
        'wallet_callback_timeout',
        'wallet',
        `${name} did not answer within ${String(WALLET_CALLBACK_WATCHDOG_MS / 1000)} s, so the wallet's sheet closed as failed. Your backend may still have charged: check the order there before offering to pay again.`,
      );
    case 'threw':
      return walletError(
        'wallet_payment_failed',
        'wallet',
        `${name} failed; the sheet closed as failed.`,
        outcome.error,
      );
    case 'answered':
      return walletError('wallet_payment_failed', 'wallet', `${name} answered that the payment failed.`);
  }
}

/**
 * What both wallets do before they ask their API, and once they have a button: the container (found
 * now), the installments choice (checked now) and the script (loading at once; `missing` is why the
 * wallet cannot be asked). `unavailable()` tells `onUnavailable` why the button is not shown;
 * `runCallback()` runs a merchant callback under the watchdog, with the error for any outcome but
 * `ok: true`; `show()` puts the choice and the button in, marks the container ready, and has
 * `destroy()` take them out again, calling `abort` first.
 */
export function walletSlot(
  ctx: WalletContext,
  [wallet, label]: [keyof WalletScripts, string],
  [target, name]: [unknown, string],
  options: { installments?: InstallmentsOption; onUnavailable?: (error: WalletUnavailableError) => void },
) {
  const container = walletContainer(target, name);
  const installments = installmentsChoice(options.installments, ctx);
  /** The state merchants can style and tests read: `ready`, `busy` (a sheet is open) or `completed`. */
  const mark = (state: 'ready' | 'busy' | 'completed') => {
    container.setAttribute('data-svc-wallet', state);
  };
  return {
    container,
    installments,
    missing: walletLoaded(walletScript(ctx, wallet)),
    mark,
    unavailable: (reason: WalletUnavailableReason) => unavailable(options.onUnavailable, label, reason),
    runCallback: async (callbackName: string, run: () => unknown) => {
      const outcome = await watchdog(run);
      const ok = outcome.kind === 'answered' && outcome.ok;
      return { outcome, error: ok ? undefined : callbackFailure(outcome, callbackName) };
    },
    show: (button: Element, abort?: () => void): true => {
      if (installments !== undefined) container.append(installments.element);
      container.append(button);
      mark('ready');
      ctx.onDestroy(() => {
        abort?.();
        installments?.element.remove();
        button.remove();
        container.removeAttribute('data-svc-wallet');
      });
      return true;
    },
  };
}
