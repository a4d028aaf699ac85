// Manual tokenization: the merchant's own form, tokenized from the page with tokenizeCard(), then paid
// by the merchant backend. The inputs are cleared as soon as the card is tokenized.
import { createSession, postJson } from './merchant-api.js';

const status = document.getElementById('status');
const form = document.getElementById('manual');
const pay = document.getElementById('pay');
const field = (id) => document.getElementById(id);

const session = (await createSession('manual')).body;
const checkout = new window.Checkout({
  // The backend answers exactly the options a Checkout needs: sessionId, account, environment, tokenUrl.
  ...session,
});
pay.disabled = false;
// For tests that drive the page like a single-page app would.
window.demo = { checkout, session };

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  pay.disabled = true;
  status.textContent = 'Processing…';
  // #region tokenize
  const result = await checkout.tokenizeCard({
    cardNumber: field('number').value,
    expirationMonth: Number(field('month').value),
    expirationYear: Number(field('year').value),
    cvv: field('cvv').value,
    cardHolderName: field('holder').value,
  });
  pay.disabled = false;
  if (!result.ok) {
    status.textContent = `Not paid: ${result.error.message}`;
    return;
  }
  // The card data stays in the page no longer than needed.
  for (const id of ['number', 'month', 'year', 'cvv']) field(id).value = '';
  // #endregion tokenize
  const paid = await postJson('/api/pay', {
    sessionId: session.sessionId,
    token: result.token,
    amount: 80,
    brand: result.brand,
    frontData: result.frontData,
  });
  status.textContent =
    paid.status === 201
      ? `Payment ${paid.body.status}: ${result.brand} ending in ${result.last4}`
      : `Payment refused: ${paid.body.error?.code}`;
});
