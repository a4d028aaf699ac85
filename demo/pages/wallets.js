// Both wallets on one page, from the full build: the backend's session carries the installments it
// offers (and, against the sandbox, the wallets' stand-ins); each wallet's callback sends the token to
// the backend, which pays with Payment/Init and answers whether the order is paid.
import { resolveLocale, sentenceFor, setPageLocale, showStatus, t } from './demo-strings.js';
import { createSession, postJson } from './merchant-api.js';

const status = document.getElementById('status');
const record = document.getElementById('record');

// A Brazilian shop's wallets: Portuguese unless the address asks for another language (?locale=…).
const locale = resolveLocale(new URLSearchParams(location.search).get('locale') ?? 'pt-BR');
setPageLocale(locale);

if (window.Checkout === undefined) {
  status.textContent = t('walletsBlocked');
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
  // Portuguese unless the address asks for another language (?locale=…); the page speaks the same.
  locale,
  // Every outcome the wallets' own callbacks do not get: a closed sheet, a failed validation, a timeout.
  callback: (result) => {
    window.demo.outcomes.push(result.ok ? 'ok' : result.error.code);
    if (!result.ok) showStatus(status, sentenceFor(result.error.code), result.error);
  },
});
// #endregion wallet-checkout

/**
 * The backend pays the order with the wallet's token; the answer completes the wallet's sheet. The
 * billing name the wallet gave goes along; the amount does not: the backend charges its own order.
 */
async function pay({ token, walletProvider, installments: count, billingInfo }) {
  showStatus(
    status,
    t('payingWith', { wallet: walletProvider === 'WalletAPay' ? 'Google Pay' : 'Apple Pay' }),
  );
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
  // The shopper's words; the backend's status or error for the developer, folded under them.
  if (ok) showStatus(status, t('paidWallet', paid.body));
  else {
    const code = paid.body.status ?? paid.body.error?.code;
    showStatus(status, sentenceFor(code), paid.body.error ?? { code });
  }
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
      showStatus(status, t('walletSetupFailed'), error);
    },
  );
}
