// Manual tokenization: the merchant's own form, tokenized from the page with tokenizeCard() (3DS
// included: the setup and the browser check start as soon as the number is complete), then paid by the
// merchant backend. The inputs are cleared as soon as the card is tokenized.
import { authenticationOf, createSession, postJson } from './merchant-api.js';
import { pageLocale, sentenceFor, setPageLocale, showStatus, t, tOr } from './demo-strings.js';
import { loadScenarios } from './scenarios.js';

const status = document.getElementById('status');
const form = document.getElementById('manual');
const pay = document.getElementById('pay');
const field = (id) => document.getElementById(id);

const session = (await createSession('manual')).body;
const checkout = new window.Checkout({
  // The backend answers exactly the options a Checkout needs: sessionId, account, environment, tokenUrl.
  ...session,
  // The page's language (?locale=… or the browser's languages): the 3DS challenge speaks it too.
  locale: pageLocale(),
});
setPageLocale(checkout.locale);
pay.disabled = false;
// For tests that drive the page like a single-page app would.
window.demo = { checkout, session };

// #region prepare
// 3DS starts while the shopper types the rest: a complete number starts the setup and the browser
// check for its BIN (another number replaces them), and tokenizeCard() then spends them.
field('number').addEventListener('change', () => {
  void checkout.prepareAuthentication(field('number').value);
});
// #endregion prepare

/**
 * The "manual tokenization" row done by hand (`?own-fetch`): the page calls Token/Generate with its own
 * fetch, between the script's two 3DS pieces. Resolves as tokenizeCard() does.
 */
async function tokenizeWithOwnFetch(card) {
  // #region own-generate
  const prepared = await checkout.prepareAuthentication(card.cardNumber);
  if (!prepared.ok) return prepared;
  const response = await fetch(`${session.tokenUrl}/api/Token/Generate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-account': session.account },
    body: JSON.stringify({
      sessionId: session.sessionId,
      card: { ...card, cardNumber: card.cardNumber.replace(/\D/g, ''), singleUse: true },
      frontData: checkout.collectFrontData(),
      // Only when the account runs 3DS: the preparation then has a code.
      ...(prepared.code === undefined ? {} : { authenticationInformation: { code: prepared.code } }),
    }),
  });
  const answer = await response.json();
  if (!response.ok) return { ok: false, error: answer.error };
  // The challenge when the issuer asks for one, then the verdict: {ok, code, referenceId, transactionId,
  // status, eci, liabilityShift} for Payment/Init, or {ok: false, error}.
  const verified =
    answer.authentication === undefined ? { ok: true } : await checkout.authenticate(answer.authentication);
  // #endregion own-generate
  if (!verified.ok) return verified;
  return {
    ...verified,
    token: answer.token,
    brand: answer.card.brand,
    last4: answer.card.last4,
    frontData: answer.frontData,
  };
}
const ownFetch = new URLSearchParams(location.search).has('own-fetch');

// The 3DS steps the shopper is told of while the page waits.
const THREE_DS_STEPS = new Set(['collection-started', 'challenge-shown']);

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  pay.disabled = true;
  showStatus(status, t('processing'));
  // #region tokenize
  const card = {
    cardNumber: field('number').value,
    expirationMonth: Number(field('month').value),
    expirationYear: Number(field('year').value),
    cvv: field('cvv').value,
    cardHolderName: field('holder').value,
  };
  const result = ownFetch
    ? await tokenizeWithOwnFetch(card)
    : await checkout.tokenizeCard(card, {
        onThreeDsStep: (step) => {
          if (THREE_DS_STEPS.has(step)) showStatus(status, tOr(`threeDsStep.${step}`, step));
        },
      });
  pay.disabled = false;
  if (!result.ok) {
    showStatus(status, sentenceFor(result.error.code), result.error);
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
    // Payment/Init's AuthenticationInformation, when 3DS ran.
    ...authenticationOf(result),
  });
  const authenticated = result.status === undefined ? '' : ` (3DS ${result.status})`;
  if (paid.status === 201)
    showStatus(
      status,
      `${tOr(`payment.${paid.body.status}`, t('payment', paid.body))}: ${t('endingIn', result)}${authenticated}`,
    );
  else
    showStatus(status, sentenceFor(paid.body.error?.code), paid.body.error ?? { code: String(paid.status) });
});
void loadScenarios();
