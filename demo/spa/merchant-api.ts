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

// #region static-settings
/**
 * A static app's Checkout settings, from its build's environment: Vite inlines the `VITE_` variables
 * (`.env.production`, or the CI's environment) into the bundle at build time, so the settings are
 * there before any request, and the card frame starts loading while the session is created. None of
 * them is a secret: the app token stays on the backend. Undefined when the build was not given them.
 */
export function settingsFromBuild(env: ImportMetaEnv = import.meta.env): Settings | undefined {
  const account = env.VITE_CHECKOUT_ACCOUNT;
  const environment = env.VITE_CHECKOUT_ENVIRONMENT;
  const tokenUrl = env.VITE_CHECKOUT_TOKEN_URL;
  if (account === undefined || (environment !== 'sandbox' && environment !== 'production')) return undefined;
  return { account, environment, ...(tokenUrl === undefined ? {} : { tokenUrl }) };
}
// #endregion static-settings

/**
 * The shop's Checkout settings (account, environment and, for the sandbox, tokenUrl): the build's, for a
 * static app, else what its backend renders into the page. Either way the app needs no session to start
 * the card form.
 */
export function checkoutSettings(): Settings {
  return (
    settingsFromBuild() ??
    (JSON.parse(document.getElementById('checkout-options')?.textContent ?? '{}') as Settings)
  );
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
