// Demo merchant page: the "client script for tokenization" mode. The page asks its backend for a
// session and mounts the card form meanwhile (the frame loads while the session is created), submits
// it, and hands the token to its backend for Payment/Init.
import { checkoutOptions, checkoutScriptRan, createSession, postJson, sessionOf } from './merchant-api.js';
import { pageLocale, sentenceFor, setPageLocale, showStatus, t, tOr } from './demo-strings.js';
import { loadScenarios } from './scenarios.js';

// First thing, while the checkout script still loads (this module is `async`).
const sessionRequest = createSession('card');

const AMOUNT = 120;
const statusEl = document.getElementById('status');
const recordEl = document.getElementById('record');
const slot = document.getElementById('card-slot');
const payButton = document.getElementById('pay');
const localeSelect = document.getElementById('locale');
const storedFieldset = document.getElementById('stored');
const storedList = document.getElementById('stored-list');
const progressEl = document.getElementById('three-ds-progress');
const documentToggle = document.getElementById('ask-document');

// ?locale=… or the browser's languages (demo-strings.js); the menu, and the page, say what the checkout resolved.
let requestedLocale = pageLocale();

/** The backend's answer for the current session, once it came (a paid order takes a new one: nextOrder). */
let session;
let checkout;
/** The session's order was paid: the next purchase takes a new one (nextOrder). */
let orderPaid = false;
// For the demo's own tests: the current checkout (it is re-created on a language switch) and the last result.
window.demo = {
  lastResult: undefined,
  results: 0,
  get checkout() {
    return checkout;
  },
};

/** The shopper's sentence, with the developer's words (an error's code and message) folded under it. */
function show(message, error) {
  showStatus(statusEl, message, error);
}

async function pay(result) {
  // Kept for the demo's own tests: what the merchant's callback received.
  window.demo.lastResult = result;
  window.demo.results += 1;
  if (!result.ok) {
    show(sentenceFor(result.error.code), result.error);
    return;
  }
  const authenticated =
    result.code === undefined
      ? ''
      : t('threeDs', {
          status: result.status,
          eci: result.eci ?? t('threeDs.none'),
          shift: result.liabilityShift,
        }) + (result.authenticationMethod === 'spc' ? t('threeDs.spc') : '');
  show(t('tokenized', { card: t('endingIn', result), authenticated }));
  // #region three-ds-pay
  const paid = await postJson('/api/pay', {
    sessionId: session.sessionId,
    token: result.token,
    amount: AMOUNT,
    brand: result.brand,
    frontData: result.frontData,
    // The shopper's choices in the card form: parcelas, and the CPF or CNPJ when the form asks for it.
    installments: result.installments,
    document: result.document,
    documentType: result.documentType,
    // Payment/Init's AuthenticationInformation (the spec's 2.6): what the checkout handed over.
    ...(result.code === undefined
      ? {}
      : {
          authentication: {
            code: result.code,
            referenceId: result.referenceId,
            transactionId: result.transactionId,
          },
        }),
  });
  // #endregion three-ds-pay
  recordEl.hidden = false;
  recordEl.textContent = JSON.stringify(paid.body, null, 2);
  if (paid.status === 201 && paid.body.status === 'declined')
    // The shopper tries another card; the issuer's reason and the payment for the developer.
    show(t('declined'), {
      code: paid.body.paymentMethods?.[0]?.declineReason ?? 'declined',
      message: `${paid.body.paymentId}.${authenticated}`,
    });
  else if (paid.status === 201) {
    const outcome = tOr(`payment.${paid.body.status}`, t('payment', paid.body));
    show(`${outcome}: ${paid.body.paymentId}.${authenticated}`);
  } else show(sentenceFor(paid.body.error?.code), paid.body.error ?? { code: String(paid.status) });
  if (paid.status !== 201) return;
  // #region decline
  // The issuer said no: the form opens again and tells the shopper why, in their language.
  if (paid.body.status === 'declined') checkout.showDecline(paid.body.paymentMethods?.[0]?.declineReason);
  // #endregion decline
  orderPaid = paid.body.status === 'authorized';
  refreshStoredCards();
}

/**
 * One order per checkout session: the backend refuses to pay a paid order again. Buying again (the
 * saved card after a payment, say) is a new order, so a new session, which the checkout takes over.
 */
async function nextOrder() {
  if (!orderPaid) return;
  orderPaid = false;
  session = (await createSession('card')).body;
  window.demo.session = session;
  checkout.updateSession(session.sessionId);
}

/** What the shopper answered to the card frame's offer of a passkey. */
function watchPasskeys(form) {
  // #region passkey-outcome
  form.addEventListener('svc-passkey', (event) => {
    progressEl.textContent = tOr(`passkey.${event.outcome}`, event.outcome);
  });
  // #endregion passkey-outcome
}

function mountNewCard() {
  const form = checkout.mountCardForm(slot);
  form.id = 'card-form';
  watchPasskeys(form);
  // #region three-ds-progress
  form.addEventListener('svc-3ds', (event) => {
    progressEl.textContent = tOr(`threeDsStep.${event.step}`, event.step);
  });
  // #endregion three-ds-progress
}

async function refreshStoredCards() {
  // #region stored-list
  const listed = await checkout.listStoredCards();
  storedList.replaceChildren();
  if (!listed.ok || listed.cards.length === 0) {
    storedFieldset.hidden = true;
    return;
  }
  // #endregion stored-list
  storedFieldset.hidden = false;
  const options = [
    ...listed.cards.map((card) => ({
      value: card.token,
      label: `${card.brand} •••• ${card.last4} (${String(card.expirationMonth).padStart(2, '0')}/${card.expirationYear})${card.passkey ? ', passkey' : ''}`,
      card,
    })),
    { value: 'new', label: t('useNewCard') },
  ];
  for (const option of options) {
    const id = `stored-${option.value}`;
    const wrapper = document.createElement('div');
    const input = document.createElement('input');
    input.type = 'radio';
    input.name = 'stored-card';
    input.id = id;
    input.value = option.value;
    input.checked = option.value === 'new';
    const label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = option.label;
    input.addEventListener('change', async () => {
      await nextOrder();
      // #region stored-mount
      if (option.card) {
        // A frame with the security code only; submit() then binds the stored token (Token/Bind).
        const form = checkout.mountStoredCard(slot, option.card);
        form.id = 'card-form';
        watchPasskeys(form);
      } else {
        mountNewCard();
      }
      // #endregion stored-mount
    });
    wrapper.append(input, label);
    storedList.append(wrapper);
  }
}

/** The first session's id, as a promise: the card form mounts before it comes. */
const firstSession = sessionOf(sessionRequest, show).then((body) => {
  session = window.demo.session = body;
  return body.sessionId;
});

async function start() {
  await checkoutScriptRan();
  createCheckout();
  // The shopper's saved cards, once there is a session to ask with (its failure is shown above).
  await firstSession.then(refreshStoredCards, () => undefined);
}

function createCheckout() {
  checkout?.destroy();
  // #region create
  checkout = new window.Checkout({
    // The shop's settings (account, environment, tokenUrl) and the installments it offers for this cart
    // (parcelas sem juros), which its backend renders into the page.
    ...checkoutOptions(),
    // The session once it came (a language switch re-creates the checkout), else the promise of it.
    sessionId: session?.sessionId ?? firstSession,
    locale: requestedLocale,
    // Shows "Save this card for future purchases"; with the shopper's consent the token is stored.
    saveCard: true,
    // A saved card (or one proved with its security code) is offered a passkey; a card with one is then
    // paid with it instead of the code (docs/guides/passkeys.md).
    passkeys: true,
    // A CPF or CNPJ field, when the shop asks for one.
    ...(documentToggle.checked ? { documentField: 'cpf-cnpj' } : {}),
    callback: (result) => {
      void pay(result);
    },
  });
  // #endregion create
  localeSelect.value = checkout.locale;
  // The page speaks the form's language.
  setPageLocale(checkout.locale);
  mountNewCard();
  slot.querySelector('svc-card-form').addEventListener('svc-ready', () => {
    payButton.disabled = false;
  });
}

document.getElementById('checkout').addEventListener('submit', (event) => {
  event.preventDefault();
  payButton.disabled = true;
  progressEl.textContent = '';
  show(t('processing'));
  void checkout.submit().finally(() => {
    payButton.disabled = false;
  });
});

localeSelect.addEventListener('change', () => {
  requestedLocale = localeSelect.value;
  createCheckout();
});
documentToggle.checked = new URLSearchParams(location.search).has('document');
documentToggle.addEventListener('change', createCheckout);

payButton.disabled = true;
void start();
void loadScenarios();
