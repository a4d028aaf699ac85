// Demo merchant page: a Pix the merchant backend created (POST /api/pix). The page gets the session
// only; the script reads the payment at the engine, shows its code and follows it to its end.
import { checkoutOptions, checkoutScriptRan, postJson } from './merchant-api.js';

// First thing, while the checkout script still loads (this module is `async`).
const created = postJson('/api/pix', {});

const statusEl = document.getElementById('status');
// For the demo's own tests: the final result the checkout handed over.
window.demo = { results: [] };

function show(message) {
  statusEl.textContent = message;
}

async function start() {
  const { status, body } = await created;
  if (status !== 200) {
    show(`Could not create the Pix: ${body.error?.code ?? status}`);
    return;
  }
  window.demo.sessionId = body.sessionId;
  await checkoutScriptRan();
  // #region show-payment
  // The shop's settings rendered into the page, and the session the backend made the Pix with: the
  // script reads the payment (Payment/SessionStatus), shows the QR code and the code to copy in
  // #pix-slot, in the shopper's language, and follows it until it is paid or expires.
  const checkout = new window.Checkout({ ...checkoutOptions(), sessionId: body.sessionId });
  const result = await checkout.showPayment({ target: '#pix-slot' });
  if (result.ok) show('Paid with Pix. Thank you!');
  else if (result.error.code === 'payment_expired') show('The Pix expired. Ask for a new one.');
  else show('We could not confirm the payment yet. Check your orders before paying again.');
  // #endregion show-payment
  window.demo.results.push(result);
}

void start();
