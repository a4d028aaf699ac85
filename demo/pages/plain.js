// The smallest merchant page: the card form, a Pay button, and a session from the backend, asked for
// at once. The card frame loads while the session is created. The token goes back to the backend for
// Payment/Init.
import { pageLocale, sentenceFor, setPageLocale, showStatus, t, tOr } from './demo-strings.js';
import { checkoutOptions, checkoutScriptRan, createSession, postJson, sessionOf } from './merchant-api.js';

// #region session-early
// First thing, while the checkout script still loads (this module is `async`): the card frame does not
// wait for it.
const sessionRequest = createSession('plain');
// #endregion session-early

const status = document.getElementById('status');
const pay = document.getElementById('pay');
await checkoutScriptRan();

// #region loaded
// The browser blocked the script (an integrity value of another version, the page's CSP) or could not
// fetch it; its console says which. Say it here too, rather than fail later on `new undefined`.
if (window.Checkout === undefined) {
  status.textContent = t('scriptBlocked');
  throw new Error(
    'service-checkout did not load: check its integrity attribute against sri.json of the same version, your CSP script-src, and the network.',
  );
}
// #endregion loaded

/** The backend's answer for this page's session, once it came. */
let session;

/** The shopper's words for a failure, with its code and message folded under them for the developer. */
const sayFailure = (error) => showStatus(status, sentenceFor(error.code), error);
/** The backend's answer: the payment's status and the card, or its refusal (order_already_paid, say). */
function sayPayment(paid, card) {
  if (paid.body.status === undefined) sayFailure(paid.body.error ?? { code: String(paid.status) });
  else
    showStatus(
      status,
      `${tOr(`payment.${paid.body.status}`, t('payment', paid.body))}: ${t('endingIn', card)}`,
    );
}

// #region checkout
const checkout = new window.Checkout({
  // This shop's own settings (account, environment, tokenUrl), which its backend renders into the page.
  ...checkoutOptions(),
  // The session as a promise: the card frame loads meanwhile, and its fields show once it resolves.
  // sessionOf() (merchant-api.js) shows a refused session on the page and rejects: the form then fails.
  sessionId: sessionOf(sessionRequest, (text, error) => showStatus(status, text, error)).then(
    (body) => (session = body).sessionId,
  ),
  // The page's language (?locale=… or the browser's languages, demo-strings.js): the form speaks it too.
  locale: pageLocale(),
  callback: async (result) => {
    if (!result.ok) {
      sayFailure(result.error);
      if (result.error.code === 'session_expired') {
        // The form keeps what the shopper typed and tells them: continue on a new session.
        session = (await createSession('plain')).body;
        checkout.updateSession(session.sessionId);
      }
      return;
    }
    const paid = await postJson('/api/pay', {
      sessionId: session.sessionId,
      token: result.token,
      amount: 10,
      frontData: result.frontData,
      // A card that ran 3DS pays only with its authentication: always pass it on (JSON drops undefined).
      authentication: result.code && {
        code: result.code,
        referenceId: result.referenceId,
        transactionId: result.transactionId,
      },
    });
    sayPayment(paid, result);
    // The issuer said no: the form opens again and tells the shopper why, in their language.
    if (paid.body.status === 'declined') checkout.showDecline(paid.body.paymentMethods?.[0]?.declineReason);
  },
});
const form = checkout.mountCardForm('#card-slot');
form.id = 'card-form';
form.addEventListener('svc-ready', () => {
  pay.disabled = false;
});
document.getElementById('checkout').addEventListener('submit', (event) => {
  event.preventDefault();
  void checkout.submit();
});
// #endregion checkout
// The page speaks the form's language, its label and button included.
document.getElementById('card-label').dataset.i18n = 'card';
pay.dataset.i18n = 'payPlain';
setPageLocale(checkout.locale);
// For tests that drive the page like a single-page app would.
window.demo = {
  checkout,
  get session() {
    return session;
  },
};
