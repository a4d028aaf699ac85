// WalletBPay (Apple Pay) on the merchant page: Apple Pay JS loaded, availability asked before the
// button shows (so nothing async stands between the click and the session), the session created in the
// click itself (WebKit refuses one created after an await), the merchant validated by the service (or
// by the merchant's own `onValidateMerchant`), the merchant's callback run under a watchdog that
// completes the sheet before Apple's 30 s, and every other outcome handed to the Checkout's `callback`.

import { merchantSession } from '../api/wallets.ts';
import { applePayRequest } from '../wallets/apple-pay-request.ts';
import type { ApplePayOptions } from '../wallets/wallet-options.ts';
import type { ApplePaySessionInstance, WalletWindow } from '../wallets/wallet-apis.ts';
import { walletError, walletPaymentData, walletSlot, type WalletContext } from './wallet-slot.ts';

/** Apple's limit on `displayName` in the merchant validation request. */
const DISPLAY_NAME_MAX = 64;

/**
 * Shows the Apple Pay button in `options.button.selector` when the shopper can pay with it here.
 * Resolves `true` once it is shown, `false` (after `onUnavailable`) when it is not (spec §4.9); rejects
 * with an `invalid_option` or `invalid_target` CheckoutError when the options are wrong.
 */
export async function useApplePay(ctx: WalletContext, options: ApplePayOptions): Promise<boolean> {
  const built = applePayRequest(options);
  const slot = walletSlot(
    ctx,
    ['applePay', 'Apple Pay'],
    [options.button.selector, 'button.selector'],
    options,
  );
  const missing = await slot.missing;
  if (missing !== undefined) return slot.unavailable(missing);
  const Session = (window as WalletWindow).ApplePaySession;
  if (!Session?.supportsVersion(built.version)) return slot.unavailable('not_supported');
  if (!Session.canMakePayments()) return slot.unavailable('not_ready');
  // Safari 18 and later tell more; older ones (and Safari 18.0.1's native session) lack the method.
  if (Session.applePayCapabilities !== undefined) {
    const { paymentCredentialStatus } = await Session.applePayCapabilities(built.merchantId);
    if (paymentCredentialStatus === 'applePayUnsupported') return slot.unavailable('not_supported');
  }

  const validate = (validationURL: string): Promise<object> => {
    if (options.onValidateMerchant !== undefined) return options.onValidateMerchant(validationURL);
    return ctx.session.ready
      .then((sessionId) =>
        merchantSession(ctx.client, {
          sessionId,
          validationURL,
          merchantIdentifier: built.merchantId,
          displayName: built.request.total.label.slice(0, DISPLAY_NAME_MAX),
          domainName: location.hostname,
        }),
      )
      .then((result) => {
        if (!result.ok) throw result.error;
        return result.value;
      });
  };

  let active: ApplePaySessionInstance | undefined;
  let completed = false;
  const begin = (): void => {
    if (active !== undefined || completed) return;
    let session: ApplePaySessionInstance;
    try {
      // In the click, before any await: WebKit throws InvalidAccessError otherwise.
      session = new Session(built.version, built.request);
    } catch (error) {
      ctx.deliver({
        ok: false,
        error:
          error instanceof TypeError
            ? walletError(
                'wallet_developer_error',
                'configuration',
                `Apple Pay refused the payment request: ${error.message}`,
                error,
              )
            : walletError('wallet_error', 'wallet', 'Apple Pay could not start a payment here.', error),
      });
      return;
    }
    active = session;
    let finished = false;
    const finish = (error?: ReturnType<typeof walletError>): void => {
      if (finished) return;
      finished = true;
      active = undefined;
      slot.mark(completed ? 'completed' : 'ready');
      if (error !== undefined) ctx.deliver({ ok: false, error });
    };
    session.onvalidatemerchant = ({ validationURL }) => {
      validate(validationURL).then(
        (merchant) => {
          if (!finished) session.completeMerchantValidation(merchant);
        },
        (error: unknown) => {
          if (finished) return;
          session.abort();
          finish(
            walletError(
              'wallet_merchant_validation_failed',
              'wallet',
              'Apple Pay merchant validation failed: the sheet was closed. Check the merchant identifier and that this domain is verified for it.',
              error,
            ),
          );
        },
      );
    };
    session.onpaymentmethodselected = () => {
      session.completePaymentMethodSelection({
        newTotal: built.request.total,
        newLineItems: built.request.lineItems,
      });
    };
    session.onpaymentauthorized = ({ payment }) => {
      const contact = payment.billingContact;
      const paymentData = walletPaymentData(
        'WalletBPay',
        // Payment/Init takes Apple's paymentData serialized as JSON (docs/service-contract.md).
        JSON.stringify(payment.token.paymentData),
        slot.installments?.count(),
        [contact?.givenName, contact?.familyName],
        built.request.total.amount,
      );
      void slot
        .runCallback('applePayCallback', () => options.applePayCallback(paymentData))
        .then(({ error }) => {
          if (finished) return;
          // completePayment exactly once: finish() below makes any later event a no-op.
          session.completePayment({ status: error ? Session.STATUS_FAILURE : Session.STATUS_SUCCESS });
          completed = !error;
          finish(error);
        });
    };
    session.oncancel = (event) => {
      finish(
        walletError(
          'wallet_cancelled',
          'cancelled',
          'The Apple Pay sheet was closed before the payment completed.',
          event.sessionError,
        ),
      );
    };
    slot.mark('busy');
    session.begin();
  };

  const button = document.createElement('apple-pay-button');
  button.setAttribute('buttonstyle', built.buttonStyle);
  button.setAttribute('type', 'buy');
  button.setAttribute('locale', ctx.locale);
  button.addEventListener('click', begin);
  return slot.show(button, () => active?.abort());
}
