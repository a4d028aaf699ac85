// The single-page app's calls to its own merchant backend, which holds the app token and calls the
// service (Token/NewSession, Payment/Init). The app never talks to the service's backend API itself.
import type { CardTokenResult, CheckoutOptions } from 'service-checkout';

/** The shop's own Checkout settings, known without a session. */
export type Settings = Pick<CheckoutOptions, 'account' | 'environment' | 'tokenUrl'>;

/** What the app takes of the backend's answer for a new session. */
export interface Session {
  sessionId: string;
}

export interface Payment {
  status?: string;
  paymentId?: string;
  /** Why the issuer declined, per method (`insufficient_funds`, …): `checkout.showDecline()` says it. */
  paymentMethods?: { declineReason?: string }[];
  error?: { code: string; message?: string };
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as T;
}

/**
 * The shop's Checkout settings (account, environment and, for the sandbox, tokenUrl), which its backend
 * renders into the page: the app needs no session to start the card form.
 */
export function checkoutSettings(): Settings {
  return JSON.parse(document.getElementById('checkout-options')?.textContent ?? '{}') as Settings;
}

/** A session for the app's cart: the backend prices the order, the app only shows the price. */
export async function createSession(): Promise<Session> {
  const session = await post<Partial<Session>>('/api/session', { cart: 'spa' });
  if (session.sessionId === undefined) throw new Error('The merchant backend created no session.');
  return session as Session;
}

// #region pay
/** Payment/Init on the merchant backend: the token, the browser data and, after 3DS, its result. */
export function payOnBackend(sessionId: string, amount: number, result: CardTokenResult): Promise<Payment> {
  return post<Payment>('/api/pay', {
    sessionId,
    amount,
    token: result.token,
    brand: result.brand,
    frontData: result.frontData,
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
}
// #endregion pay
