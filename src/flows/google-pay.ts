// WalletAPay (Google Pay) on the merchant page: pay.js loaded, the button shown where the shopper can
// pay with it, the sheet opened in the button's click (pay.js refuses it outside one), the merchant's
// callback run while the sheet waits (`onPaymentAuthorized`), and every other outcome handed to the
// Checkout's `callback`. The token never leaves pay.js's answer but for the merchant's callback.

import type { CheckoutError } from '../errors.ts';
import { googlePayRequests } from '../wallets/google-pay-request.ts';
import { GOOGLE_PAY_GATEWAYS } from '../wallets/constants.ts';
import type { GooglePayOptions } from '../wallets/wallet-options.ts';
import type {
  GooglePaymentAuthorizationResult,
  GooglePaymentData,
  GooglePaymentsError,
  WalletWindow,
} from '../wallets/wallet-apis.ts';
import {
  walletError,
  walletMessages,
  walletPaymentData,
  walletSlot,
  type WalletContext,
} from './wallet-slot.ts';

/** pay.js's `statusCode` in a rejection, as the merchant's `callback` hears it. */
function loadFailure(error: unknown): CheckoutError {
  const { statusCode, statusMessage } = (error ?? {}) as Partial<GooglePaymentsError>;
  const said = statusMessage === undefined ? '' : `: ${statusMessage}`;
  switch (statusCode) {
    case 'CANCELED':
      return walletError('wallet_cancelled', 'cancelled', 'The shopper closed the Google Pay sheet.', error);
    case 'DEVELOPER_ERROR':
      return walletError(
        'wallet_developer_error',
        'configuration',
        `Google Pay refused the payment request${said}.`,
        error,
      );
    default:
      return walletError(
        'wallet_error',
        'wallet',
        `Google Pay failed (${typeof statusCode === 'string' ? statusCode : 'no status'})${said}.`,
        error,
      );
  }
}

/**
 * Shows the Google Pay button in `options.selector` when the shopper can pay with it here.
 * Resolves `true` once the button is shown, `false` (after `onUnavailable`) when it is not; rejects with
 * an `invalid_option` or `invalid_target` CheckoutError when the options are wrong.
 */
export async function useGooglePay(ctx: WalletContext, options: GooglePayOptions): Promise<boolean> {
  const { environment, account } = ctx.options;
  const requests = googlePayRequests(options, {
    environment,
    gateway: GOOGLE_PAY_GATEWAYS[environment],
    gatewayMerchantId: account,
  });
  const slot = walletSlot(ctx, ['googlePay', 'Google Pay'], [options.selector, 'selector'], options);
  const missing = await slot.missing;
  if (missing !== undefined) return slot.unavailable(missing);
  const api = (window as WalletWindow).google?.payments?.api;
  if (api === undefined) return slot.unavailable('script_failed');

  let busy = false;
  let completed = false;
  const authorize = async (data: GooglePaymentData): Promise<GooglePaymentAuthorizationResult> => {
    const paymentData = walletPaymentData(
      'WalletAPay',
      data.paymentMethodData.tokenizationData.token,
      slot.installments?.count(),
      [data.paymentMethodData.info?.billingAddress?.name],
      requests.paymentDataRequest.transactionInfo.totalPrice,
    );
    const callback = () => options.checkoutCallbackFunction(paymentData);
    const { outcome, error } = await slot.runCallback('checkoutCallbackFunction', callback);
    if (error === undefined) return { transactionState: 'SUCCESS' };
    const strings = { ...walletMessages[ctx.locale], ...ctx.messages() };
    // A declining answer is said in the sheet; no answer at all is the merchant's to hear.
    if (outcome.kind !== 'answered') ctx.deliver({ ok: false, error });
    return {
      transactionState: 'ERROR',
      error: {
        reason: outcome.kind === 'answered' ? 'PAYMENT_DATA_INVALID' : 'OTHER_ERROR',
        intent: 'PAYMENT_AUTHORIZATION',
        message:
          outcome.kind === 'answered'
            ? (outcome.message ?? strings.walletDeclined)
            : strings.walletNotConfirmed,
      },
    };
  };

  const client = new api.PaymentsClient({
    environment: requests.environment,
    ...(options.nonce === undefined ? {} : { nonce: options.nonce }),
    paymentDataCallbacks: { onPaymentAuthorized: authorize },
  });
  try {
    const ready = await client.isReadyToPay(requests.isReadyToPayRequest);
    if (!ready.result) return slot.unavailable('not_ready');
  } catch (error) {
    // DEVELOPER_ERROR here is a request pay.js cannot read: the merchant's to fix, said loudly.
    throw loadFailure(error);
  }

  const root = slot.container.getRootNode();
  const button = client.createButton({
    ...requests.button,
    buttonLocale: ctx.locale.slice(0, 2),
    ...(root instanceof ShadowRoot ? { buttonRootNode: root } : {}),
    onClick: () => {
      if (busy || completed) return;
      busy = true;
      slot.mark('busy');
      // Called in the click itself: pay.js opens the sheet only within the shopper's gesture.
      client.loadPaymentData(requests.paymentDataRequest).then(
        () => {
          busy = false;
          completed = true;
          slot.mark('completed');
        },
        (error: unknown) => {
          busy = false;
          slot.mark('ready');
          ctx.deliver({ ok: false, error: loadFailure(error) });
        },
      );
    },
  });
  slot.show(button);
  client.prefetchPaymentData(requests.paymentDataRequest);
  return true;
}
