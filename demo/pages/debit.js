// Demo merchant page: debit and combo cards, and a financed order's installments with interest. The
// backend creates the session with the order's terms and hands the page the service's plans with it;
// the card form asks a combo card "Crédito ou débito?", and the backend pays with the shopper's choice.
import {
  authenticationOf,
  checkoutOptions,
  checkoutScriptRan,
  createSession,
  postJson,
  sessionOf,
} from './merchant-api.js';
import { pageLocale, sentenceFor, setPageLocale, showStatus, t, tOr } from './demo-strings.js';

// First thing, while the checkout script still loads (this module is `async`).
const sessionRequest = createSession('financed');

const statusEl = document.getElementById('status');
const recordEl = document.getElementById('record');
const slot = document.getElementById('card-slot');
const payButton = document.getElementById('pay');
const localeSelect = document.getElementById('locale');

// ?locale=… or the browser's languages (demo-strings.js); the menu, and the page, say what the checkout resolved.
let requestedLocale = pageLocale();
let session;
let checkout;
// For the demo's own tests: the session and the last result the callback got.
window.demo = { lastResult: undefined };

/** The shopper's sentence, with the developer's words (an error's code and message) folded under it. */
function show(message, error) {
  showStatus(statusEl, message, error);
}

async function pay(result) {
  window.demo.lastResult = result;
  if (!result.ok) {
    show(sentenceFor(result.error.code), result.error);
    return;
  }
  show(
    t('tokenizedFunding', {
      card: t('endingIn', result),
      funding: t(`funding.${result.funding ?? 'credit'}`),
    }),
  );
  // #region pay
  const paid = await postJson('/api/pay', {
    sessionId: session.sessionId,
    token: result.token,
    brand: result.brand,
    frontData: result.frontData,
    // Credit or debit: a combo card's shopper chose, any other card has one way. A debit pays in one.
    funding: result.funding,
    installments: result.installments,
    ...authenticationOf(result),
  });
  // #endregion pay
  recordEl.hidden = false;
  recordEl.textContent = JSON.stringify(paid.body, null, 2);
  if (paid.status === 201 && paid.body.status === 'declined')
    show(t('declined'), {
      code: paid.body.paymentMethods?.[0]?.declineReason ?? 'declined',
      message: paid.body.paymentId,
    });
  else if (paid.status === 201)
    show(`${tOr(`payment.${paid.body.status}`, t('payment', paid.body))}: ${paid.body.paymentId}.`);
  else show(sentenceFor(paid.body.error?.code), paid.body.error ?? { code: String(paid.status) });
  if (paid.status === 201 && paid.body.status === 'declined')
    checkout.showDecline(paid.body.paymentMethods?.[0]?.declineReason);
}

function createCheckout() {
  checkout?.destroy();
  // #region create
  checkout = new window.Checkout({
    ...checkoutOptions(),
    sessionId: session.sessionId,
    locale: requestedLocale,
    // A combo card (crédito e débito) asks "Crédito ou débito?"; the result's `funding` says which.
    debit: true,
    // The order's plans as the service computed them (Payment/InstallmentPlans' answer, as it came):
    // each plan with interest shows the cash price, the total, the rates and the CET.
    ...(session.installments === undefined ? {} : { installments: session.installments }),
    callback: (result) => {
      void pay(result);
    },
  });
  // #endregion create
  window.demo.checkout = checkout;
  localeSelect.value = checkout.locale;
  // The page speaks the form's language.
  setPageLocale(checkout.locale);
  const form = checkout.mountCardForm(slot);
  form.id = 'card-form';
  form.addEventListener('svc-ready', () => {
    payButton.disabled = false;
  });
}

async function start() {
  await checkoutScriptRan();
  // The plans come with the session: the Checkout is made once it is here.
  session = window.demo.session = await sessionOf(sessionRequest, show);
  createCheckout();
}

document.getElementById('checkout').addEventListener('submit', (event) => {
  event.preventDefault();
  payButton.disabled = true;
  show(t('processing'));
  void checkout.submit().finally(() => {
    payButton.disabled = false;
  });
});

localeSelect.addEventListener('change', () => {
  requestedLocale = localeSelect.value;
  payButton.disabled = true;
  createCheckout();
});

payButton.disabled = true;
void start();
