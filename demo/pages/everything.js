// Demo merchant page: the "client script for everything" mode. The backend creates the session with the
// order; the script pays it from this page (pay()) and follows the payment. The backend learns the
// outcome by itself (Payment/Status, or the webhook); this page asks it only to show the record.
import { checkoutOptions, checkoutScriptRan, createSession, sessionOf, showRecord } from './merchant-api.js';
import { pageLocale, sentenceFor, setPageLocale, showStatus, t, tOr } from './demo-strings.js';
import { loadScenarios } from './scenarios.js';

// First thing, while the checkout script still loads (this module is `async`).
const sessionRequest = createSession('everything');

const statusEl = document.getElementById('status');
const progressEl = document.getElementById('progress');
const recordEl = document.getElementById('record');
const slot = document.getElementById('card-slot');
const payButton = document.getElementById('pay');
const pixButton = document.getElementById('pay-pix');

let checkout;
// For the demo's own tests: every final result the checkout handed over.
window.demo = { results: [], progress: [] };

/** The shopper's sentence, with the developer's words (an error's code and message) folded under it. */
function show(message, error) {
  showStatus(statusEl, message, error);
}

/** What the script is doing, in the page's language. */
const progressText = (step) => tOr(`progress.${step}`, '');

// #region on-payment
function onPayment(result) {
  window.demo.results.push(result);
  progressEl.textContent = '';
  if (result.ok) {
    show(
      result.payment.method === 'pix'
        ? t('paidPix')
        : t('paidCard', {
            status: tOr(`status.${result.payment.status}`, result.payment.status),
            card: t('endingIn', result.payment),
          }),
    );
    payButton.hidden = true;
    pixButton.hidden = true;
  } else if (result.error.code === 'order_already_paid') {
    // Paid meanwhile, in another tab say: this card was not charged.
    show(t('alreadyPaid'));
    payButton.hidden = true;
    pixButton.hidden = true;
  } else if (result.error.code === 'payment_declined') {
    // The card form opened again, saying why in the shopper's language: they may try another card.
    show(t('declined'));
  } else if (result.error.code === 'payment_expired') {
    show(t('pixExpired'));
  } else if (result.error.code === 'payment_status_unknown' || result.error.code === 'duplicate_order') {
    show(t('notConfirmed'));
  } else {
    show(sentenceFor(result.error.code), result.error);
  }
  if (result.payment !== undefined) void showRecord(recordEl, result.payment.paymentId);
}
// #endregion on-payment

async function start() {
  await checkoutScriptRan();
  // #region create
  // The shop's settings (account, environment, tokenUrl, engineUrl) and the installments it offers for
  // this cart, rendered into the page; the session as a promise: the card frame loads meanwhile
  // (sessionOf(), merchant-api.js: a refused session is shown on the page and rejects).
  // onPayment makes the script pay: Enter in the form runs pay() too.
  checkout = new window.Checkout({
    ...checkoutOptions(),
    sessionId: sessionOf(sessionRequest, show).then((body) => (window.demo.session = body).sessionId),
    // The page's language (?locale=… or the browser's): the form and the page speak the same.
    locale: pageLocale(),
    onPayment,
  });
  const form = checkout.mountCardForm(slot);
  form.addEventListener('svc-payment', (event) => {
    window.demo.progress.push(event.progress.step);
    progressEl.textContent = progressText(event.progress.step);
  });
  // #endregion create
  setPageLocale(checkout.locale);
  form.id = 'card-form';
  window.demo.checkout = checkout;
  form.addEventListener('svc-ready', () => {
    payButton.disabled = false;
  });
}

document.getElementById('checkout').addEventListener('submit', (event) => {
  event.preventDefault();
  payButton.disabled = true;
  show(t('processing'));
  // #region pay
  void checkout.pay().finally(() => {
    payButton.disabled = false;
  });
  // #endregion pay
});

// #region pix
// Pix needs no card form: the script shows the QR code and the code to copy in #pix-slot, in the
// shopper's language, and follows the payment until it is paid or expires.
pixButton.addEventListener('click', () => {
  show(t('creatingPix'));
  void checkout.pay({
    method: 'pix',
    target: '#pix-slot',
    onProgress: (progress) => {
      window.demo.progress.push(progress.step);
      if (progress.payment !== undefined) window.demo.pixPayment = progress.payment.paymentId;
      progressEl.textContent = progressText(progress.step);
    },
  });
});
// #endregion pix

payButton.disabled = true;
void start();
void loadScenarios();
