// The demo pages' calls to their own merchant backend (never to the service with the app token).
import { t } from './demo-strings.js';

export async function postJson(path, body) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/**
 * The options this shop constructs its Checkout with before any session exists (account, environment
 * and, for the sandbox, tokenUrl): its backend renders them into the page as JSON.
 */
export function checkoutOptions() {
  return JSON.parse(document.getElementById('checkout-options').textContent);
}

/**
 * Resolves once the checkout script (`defer`) has run, or failed to: for a page script that is `async`,
 * and so may run before it. Deferred scripts run before DOMContentLoaded; "interactive" alone comes
 * before them, so a page past it without the script waits for load.
 */
export function checkoutScriptRan() {
  return new Promise((resolve) => {
    if (window.Checkout !== undefined || document.readyState === 'complete') resolve();
    document.addEventListener('DOMContentLoaded', resolve, { once: true });
    window.addEventListener('load', resolve, { once: true });
  });
}

/**
 * A checkout session for the page's cart (the backend prices it: the page never does), for the shopper
 * named by ?customer=… (each has their own saved cards) or the demo shopper.
 */
export async function createSession(cart) {
  const customerId = new URLSearchParams(location.search).get('customer');
  return postJson('/api/session', {
    cart,
    ...(customerId ? { customer: { id: customerId, email: `${customerId}@example.test` } } : {}),
  });
}

/**
 * The session from createSession()'s answer. A refused one is said on the page (`show(sentence, error)`:
 * the shopper's words, and the backend's error for the developer) and rejects, so a Checkout given the
 * session as a promise says its form could not start.
 */
export async function sessionOf(request, show) {
  const { status, body } = await request;
  if (status === 200) return body;
  const why = body.error?.code ?? status;
  show(t('notStarted'), body.error ?? { code: String(status) });
  throw new Error(`No session: ${why}`);
}

/** What the merchant backend reads of a payment (Payment/Status): the record of truth, not the page's word. */
export async function showRecord(recordEl, paymentId) {
  const stored = await postJson('/api/payment-status', { paymentId });
  recordEl.hidden = false;
  recordEl.textContent = JSON.stringify(stored.body, null, 2);
}

/** Payment/Init's AuthenticationInformation from a checkout result, when 3DS ran (the backend forwards it). */
export function authenticationOf(result) {
  return result.code === undefined
    ? {}
    : {
        authentication: {
          code: result.code,
          referenceId: result.referenceId,
          transactionId: result.transactionId,
        },
      };
}
