// Demo merchant page: boleto in the client-script-for-everything mode. The backend creates the session
// with the order; the script checks the payer, pays by boleto (Payment/Init from this page), shows the
// boleto and follows it until it is paid or expires. The buttons under it play the shopper's bank
// through the demo backend's sandbox controls.
import {
  checkoutOptions,
  checkoutScriptRan,
  createSession,
  postJson,
  sessionOf,
  showRecord,
} from './merchant-api.js';
import { pageLocale, sentenceFor, setPageLocale, showStatus, t } from './demo-strings.js';

// First thing, while the checkout script still loads (this module is `async`).
const sessionRequest = createSession('boleto');

const statusEl = document.getElementById('status');
const recordEl = document.getElementById('record');
const payButton = document.getElementById('pay');
const bank = document.getElementById('bank');

let checkout;
// For the demo's own tests: every final result, and the boleto's payment.
window.demo = { results: [] };

/** The shopper's sentence, with the developer's words (an error's code and message) folded under it. */
function show(message, error) {
  showStatus(statusEl, message, error);
}

const value = (id) => document.getElementById(id).value;

function onPayment(result) {
  window.demo.results.push(result);
  bank.hidden = true;
  if (result.ok) {
    show(t('paidBoleto'));
    payButton.hidden = true;
  } else if (result.error.code === 'payment_expired') {
    show(t('boletoExpired'));
  } else {
    // payer_invalid names the field in its message: the developer's detail under the shopper's words.
    show(sentenceFor(result.error.code), result.error);
  }
  if (result.payment !== undefined) void showRecord(recordEl, result.payment.paymentId);
}

async function start() {
  await checkoutScriptRan();
  checkout = new window.Checkout({
    ...checkoutOptions(),
    sessionId: sessionOf(sessionRequest, show).then((body) => (window.demo.session = body).sessionId),
    // The page's language (?locale=… or the browser's): the boleto and the page speak the same.
    locale: pageLocale(),
    onPayment,
  });
  setPageLocale(checkout.locale);
  window.demo.checkout = checkout;
  payButton.disabled = false;
}

document.getElementById('checkout').addEventListener('submit', (event) => {
  event.preventDefault();
  payButton.disabled = true;
  show(t('issuingBoleto'));
  // #region pay
  // The payer a registered boleto requires, checked by the script before anything is sent (CPF or
  // CNPJ check digits, UF, CEP): a mistake comes back as payer_invalid, naming the field.
  void checkout
    .pay({
      method: 'boleto',
      payer: {
        name: value('payer-name'),
        document: value('payer-document'),
        address: {
          street: value('payer-street'),
          number: value('payer-number'),
          neighborhood: value('payer-neighborhood'),
          city: value('payer-city'),
          state: value('payer-state'),
          postalCode: value('payer-postal-code'),
        },
      },
      target: '#boleto-slot',
      onProgress: (progress) => {
        if (progress.step !== 'pending' || progress.payment === undefined) return;
        window.demo.boletoPayment = progress.payment.paymentId;
        show(t('boletoIssued'));
        bank.hidden = false;
      },
    })
    .finally(() => {
      payButton.disabled = false;
    });
  // #endregion pay
});

// The sandbox plays the shopper's bank: the demo backend asks it to settle or expire this payment.
for (const [id, change] of [
  ['bank-pays', 'settle'],
  ['bank-expires', 'expire'],
]) {
  document.getElementById(id).addEventListener('click', () => {
    void postJson(`/api/sandbox/${change}`, { paymentId: window.demo.boletoPayment });
  });
}

payButton.disabled = true;
void start();
