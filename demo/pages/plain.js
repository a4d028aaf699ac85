// The smallest merchant page: the card form, a Pay button, and a session from the backend, asked for
// at once. The card frame loads while the session is created. The token goes back to the backend for
// Payment/Init.
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
  status.textContent =
    'The payment form could not load: the checkout script was blocked or not found (see the console).';
  throw new Error(
    'service-checkout did not load: check its integrity attribute against sri.json of the same version, your CSP script-src, and the network.',
  );
}
// #endregion loaded

/** The backend's answer for this page's session, once it came. */
let session;

// #region checkout
const checkout = new window.Checkout({
  // This shop's own settings (account, environment, tokenUrl), which its backend renders into the page.
  ...checkoutOptions(),
  // The session as a promise: the card frame loads meanwhile, and its fields show once it resolves.
  // sessionOf() (merchant-api.js) shows a refused session on the page and rejects: the form then fails.
  sessionId: sessionOf(sessionRequest, (text) => (status.textContent = text)).then(
    (body) => (session = body).sessionId,
  ),
  locale: 'en',
  callback: async (result) => {
    if (!result.ok) {
      status.textContent = `Not paid: ${result.error.code}`;
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
    status.textContent = `Payment ${paid.body.status ?? paid.body.error?.code}: ${result.brand} ending in ${result.last4}`;
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
// For tests that drive the page like a single-page app would.
window.demo = {
  checkout,
  get session() {
    return session;
  },
};
