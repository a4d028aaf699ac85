// Constructing a Checkout: the options a merchant passes, and the mistakes the types must catch.
import { Checkout, type CardResult, type CheckoutApi, type CheckoutOptions, VERSION } from 'service-checkout';

declare const sessionId: string;

const minimal = new Checkout({ sessionId, account: 'demo', environment: 'sandbox' });
export const locale: 'en' | 'pt-BR' | 'es' = minimal.locale;
export const version: string = VERSION;
// A page's own wrapper or test double is typed by the methods a Checkout implements.
export const api: CheckoutApi = minimal;

export const full: CheckoutOptions = {
  sessionId,
  account: 'demo',
  environment: 'production',
  callback: (result: CardResult) => {
    if (result.ok) console.log(result.last4);
  },
  locale: 'pt-BR',
  messages: { cardNumberLabel: 'Número do cartão' },
  appearance: { theme: 'dark', labelPosition: 'hidden', colorText: '#222', borderWidth: '2px' },
  saveCard: true,
  tokenUrl: 'https://token.example',
  challengeTimeoutMs: 120_000,
};
new Checkout(full);

// @ts-expect-error -- environment is 'sandbox' | 'production'
new Checkout({ sessionId, account: 'demo', environment: 'staging' });

// @ts-expect-error -- sessionId is required
new Checkout({ account: 'demo', environment: 'sandbox' });

// @ts-expect-error -- account is required
new Checkout({ sessionId, environment: 'sandbox' });

// @ts-expect-error -- unknown option (the runtime refuses it too)
new Checkout({ sessionId, account: 'demo', environment: 'sandbox', sessionID: 'x' });

// @ts-expect-error -- challengeTimeoutMs is a number of milliseconds
new Checkout({ sessionId, account: 'demo', environment: 'sandbox', challengeTimeoutMs: '10m' });

// @ts-expect-error -- messages only take the shipped keys
new Checkout({ sessionId, account: 'demo', environment: 'sandbox', messages: { cardNumbr: 'x' } });

// @ts-expect-error -- appearance only takes the documented variables
new Checkout({ sessionId, account: 'demo', environment: 'sandbox', appearance: { color: 'red' } });

// @ts-expect-error -- theme is 'light' | 'dark' (no 'auto': the frame cannot read the shopper's scheme)
new Checkout({ sessionId, account: 'demo', environment: 'sandbox', appearance: { theme: 'auto' } });

const floating = { labelPosition: 'floating' } as const;
// @ts-expect-error -- labelPosition is 'above' | 'hidden'
new Checkout({ sessionId, account: 'demo', environment: 'sandbox', appearance: floating });

// @ts-expect-error -- exactOptionalPropertyTypes: an optional option is omitted, not undefined
new Checkout({ sessionId, account: 'demo', environment: 'sandbox', saveCard: undefined });
