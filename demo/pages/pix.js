// Demo merchant page: a Pix the merchant backend created (POST /api/pix). The page gets the session
// only; the script reads the payment at the engine, shows its code and follows it to its end.
import { pageLocale, showStatus, t } from './demo-strings.js';
import { checkoutOptions, checkoutScriptRan, postJson } from './merchant-api.js';

// First thing, while the checkout script still loads (this module is `async`).
const created = postJson('/api/pix', {});

const statusEl = document.getElementById('status');
// For the demo's own tests: the final result the checkout handed over.
window.demo = { results: [] };

/** The shopper's sentence, with the developer's words (an error's code and message) folded under it. */
function show(message, error) {
  showStatus(statusEl, message, error);
}

async function start() {
  const { status, body } = await created;
  if (status !== 200) {
    show(t('pixNotCreated'), body.error ?? { code: String(status) });
    return;
  }
  window.demo.sessionId = body.sessionId;
  await checkoutScriptRan();
  // #region show-payment
  // The shop's settings rendered into the page, and the session the backend made the Pix with: the
  // script reads the payment (Payment/SessionStatus), shows the QR code and the code to copy in
  // #pix-slot, in the shopper's language, and follows it until it is paid or expires.
  // The page's language too (?locale=… or the browser's): the code and the page speak the same.
  const checkout = new window.Checkout({
    ...checkoutOptions(),
    sessionId: body.sessionId,
    locale: pageLocale(),
  });
  const result = await checkout.showPayment({ target: '#pix-slot' });
  if (result.ok) show(t('pixThanks'));
  else if (result.error.code === 'payment_expired') show(t('pixExpiredAsk'));
  else show(t('notConfirmed'), result.error);
  // #endregion show-payment
  window.demo.results.push(result);
}

void start();
