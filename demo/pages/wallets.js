// Both wallets on one page, from the full build: the backend's session carries the installments it
// offers (and, against the sandbox, the wallets' stand-ins); each wallet's callback sends the token to
// the backend, which pays with Payment/Init and answers whether the order is paid.
import { createSession, postJson } from './merchant-api.js';

const status = document.getElementById('status');
const record = document.getElementById('record');

if (window.Checkout === undefined) {
  status.textContent =
    'The wallets could not load: the checkout script was blocked or not found (see the console).';
  throw new Error(
    'service-checkout did not load: check its integrity attribute, your CSP script-src, and the network.',
  );
}

const { installments, ...session } = (await createSession('wallets')).body;
const total = 150;
// For the demo's own tests: what reached the merchant's callbacks.
window.demo = { outcomes: [], payments: [] };

// #region wallet-checkout
const checkout = new window.Checkout({
  // sessionId, account, environment, tokenUrl and, against the sandbox, walletScripts (its stand-ins).
  ...session,
  locale: new URLSearchParams(location.search).get('locale') ?? 'pt-BR',
  // Every outcome the wallets' own callbacks do not get: a closed sheet, a failed validation, a timeout.
  callback: (result) => {
    window.demo.outcomes.push(result.ok ? 'ok' : result.error.code);
    if (!result.ok) status.textContent = `Not paid: ${result.error.code}`;
  },
});
// #endregion wallet-checkout

/**
 * The backend pays the order with the wallet's token; the answer completes the wallet's sheet. The
 * billing name the wallet gave goes along; the amount does not: the backend charges its own order.
 */
async function pay({ token, walletProvider, installments: count, billingInfo }) {
  status.textContent = `Paying with ${walletProvider === 'WalletAPay' ? 'Google Pay' : 'Apple Pay'}…`;
  const paid = await postJson('/api/pay-wallet', {
    sessionId: session.sessionId,
    token,
    walletProvider,
    installments: count,
    billingName: billingInfo.name,
  });
  window.demo.payments.push(paid);
  record.textContent = JSON.stringify(paid.body, null, 2);
  const ok = paid.status === 201 && paid.body.status === 'authorized';
  status.textContent = ok
    ? `Paid: ${paid.body.paymentId}`
    : `Not paid: ${paid.body.status ?? paid.body.error?.code}`;
  return ok;
}

/** Says why a wallet's button is not shown: a `wallet_unavailable` error, never a failed payment. */
const unavailable = (id) => (error) => {
  document.getElementById(id).textContent += ` (${error.reason})`;
};

// #region use-google-pay
const googlePay = checkout.useGooglePay({
  selector: '#google-pay',
  merchantInfo: { merchantName: 'Demo merchant' },
  transactionInfo: { totalPrice: total, currencyCode: 'BRL' },
  installments,
  button: { buttonType: 'pay', buttonSizeMode: 'fill' },
  // A decline keeps Google's sheet open with this message, so the shopper can choose another card.
  checkoutCallbackFunction: async (data) =>
    (await pay(data)) ? true : { ok: false, message: 'O banco recusou este cartão. Escolha outro.' },
  onUnavailable: unavailable('google-pay-unavailable'),
});
// #endregion use-google-pay

// #region use-apple-pay
const applePay = checkout.useApplePay({
  button: { selector: '#apple-pay', style: 'black' },
  merchantId: 'merchant.com.demo.shop',
  cart: { total: { label: 'Demo merchant', amount: total } },
  installments,
  applePayCallback: pay,
  // Every browser without Apple Pay (Chrome, Firefox) ends here, with `reason` `not_supported`.
  onUnavailable: unavailable('apple-pay-unavailable'),
});
// #endregion use-apple-pay

for (const [shown, id] of [
  [googlePay, 'google-pay-unavailable'],
  [applePay, 'apple-pay-unavailable'],
]) {
  shown.then(
    (available) => {
      document.getElementById(id).hidden = available;
    },
    (error) => {
      status.textContent = `Wallet setup failed: ${error.code}: ${error.message}`;
    },
  );
}
