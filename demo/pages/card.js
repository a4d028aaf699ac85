// Demo merchant page: the "client script for tokenization" mode. The page asks its backend for a
// session, mounts the card form, submits it, and hands the token to its backend for Payment/Init.
import { createSession, postJson } from './merchant-api.js';

const AMOUNT = 120;
const statusEl = document.getElementById('status');
const recordEl = document.getElementById('record');
const slot = document.getElementById('card-slot');
const payButton = document.getElementById('pay');
const localeSelect = document.getElementById('locale');
const storedFieldset = document.getElementById('stored');
const storedList = document.getElementById('stored-list');

// The requested language goes to the checkout as is (pt-PT falls back to pt-BR); the menu shows what it resolved to.
let requestedLocale = new URLSearchParams(location.search).get('locale') ?? navigator.language;

let session;
let checkout;

function show(message) {
  statusEl.textContent = message;
}

async function pay(result) {
  if (!result.ok) {
    show(`Not paid: ${result.error.message} (${result.error.code})`);
    return;
  }
  show(`Card tokenized (${result.brand} ending in ${result.last4}). Paying…`);
  const paid = await postJson('/api/pay', {
    sessionId: session.sessionId,
    token: result.token,
    amount: AMOUNT,
    brand: result.brand,
    frontData: result.frontData,
  });
  recordEl.hidden = false;
  recordEl.textContent = JSON.stringify(paid.body, null, 2);
  show(
    paid.status === 201
      ? `Payment ${paid.body.status}: ${paid.body.paymentId}`
      : `Payment refused: ${paid.body.error?.code}`,
  );
  if (paid.status === 201) refreshStoredCards();
}

function mountNewCard() {
  const form = checkout.mountCardForm(slot);
  form.id = 'card-form';
}

async function refreshStoredCards() {
  const listed = await checkout.listStoredCards();
  storedList.replaceChildren();
  if (!listed.ok || listed.cards.length === 0) {
    storedFieldset.hidden = true;
    return;
  }
  storedFieldset.hidden = false;
  const options = [
    ...listed.cards.map((card) => ({
      value: card.token,
      label: `${card.brand} •••• ${card.last4} (${String(card.expirationMonth).padStart(2, '0')}/${card.expirationYear})`,
      card,
    })),
    { value: 'new', label: 'Use a new card' },
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
    input.addEventListener('change', () => {
      if (option.card) {
        const form = checkout.mountStoredCard(slot, option.card);
        form.id = 'card-form';
      } else {
        mountNewCard();
      }
    });
    wrapper.append(input, label);
    storedList.append(wrapper);
  }
}

async function start() {
  const created = await createSession();
  if (created.status !== 200) {
    show(`Could not start the checkout: ${created.body.error?.code ?? created.status}`);
    return;
  }
  session = created.body;
  createCheckout();
  await refreshStoredCards();
}

function createCheckout() {
  checkout?.destroy();
  checkout = new window.Checkout({
    // The backend answers exactly the options a Checkout needs: sessionId, account, environment, tokenUrl.
    ...session,
    locale: requestedLocale,
    saveCard: true,
    callback: (result) => {
      void pay(result);
    },
  });
  localeSelect.value = checkout.locale;
  mountNewCard();
  slot.querySelector('svc-card-form').addEventListener('svc-ready', () => {
    payButton.disabled = false;
  });
}

document.getElementById('checkout').addEventListener('submit', (event) => {
  event.preventDefault();
  payButton.disabled = true;
  show('Processing…');
  void checkout.submit().finally(() => {
    payButton.disabled = false;
  });
});

localeSelect.addEventListener('change', () => {
  requestedLocale = localeSelect.value;
  createCheckout();
});

payButton.disabled = true;
void start();
