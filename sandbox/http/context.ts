// What every sandbox handler shares: the state, the accounts, the clock, the services behind the API,
// and Hono's per-request variables. Types only, each service by what its callers ask of it: this module
// imports only modules that import nothing of the sandbox (the records, the accounts, the URLs, the
// timers), so no module reaches, through the context, a module that takes the context.

import type { Handler } from 'hono';
import type { Account, AccountBook } from '../accounts.ts';
import type { SandboxUrls } from '../config.ts';
import type {
  ApplePayPaymentData,
  ApplePaySealRequest,
  Authentication,
  DeclineReason,
  GooglePaySealRequest,
  OpenedWalletToken,
  PasskeyChallenge,
  PasskeyCredential,
  Payment,
  PaymentProcessingKey,
  Session,
  StoredToken,
  WalletOpenExpectations,
  WalletProvider,
  WebhookDeliveryView,
  WebhookEventType,
} from '../records.ts';
import type { Timers } from '../timers.ts';

export interface SandboxEnv {
  Variables: {
    requestId: string;
    /** The account the request is authenticated as. */
    account: Account;
    /** The browser origin, when the request came from a browser (it carries an Origin header). */
    browserOrigin: string | undefined;
  };
}

/** A route's handlers, as routes.ts places them: its guards first, then what answers. */
export type RouteHandlers = Handler<SandboxEnv>[];

/** The service's state (store.ts): sessions, the token vault, authentications, payments, passkeys. */
export interface ServiceState {
  readonly sessions: Map<string, Session>;
  readonly tokens: Map<string, StoredToken>;
  readonly authentications: Map<string, Authentication>;
  readonly payments: Map<string, Payment>;
  /** credential id → the passkey of a stored card (sandbox/passkeys.ts) */
  readonly passkeys: Map<string, PasskeyCredential>;
  /** ceremony + session + token → the one challenge it may answer */
  readonly passkeyChallenges: Map<string, PasskeyChallenge>;
  /** token → the WebAuthn user handle of its passkeys */
  readonly passkeyUsers: Map<string, Uint8Array<ArrayBuffer>>;
  addPayment(payment: Payment): void;
  paymentByOrder(account: string, partnerUniqueId: string): Payment | undefined;
  reset(): void;
}

/** The card issuer behind the service (issuer.ts): the only holder of card secrets. */
export interface CardIssuer {
  /** Issues the card a tokenization stores: the reference the vault keeps instead of the CVV. */
  issue(cardNumber: string, cvv: string): string;
  cvvMatches(reference: string, cvv: string): boolean;
  /** A payment's answer: undefined when approved, else the reason of the decline. */
  authorize(reference: string): DeclineReason | undefined;
  authorizeCardNumber(cardNumber: string): DeclineReason | undefined;
  forget(reference: string): void;
  reset(): void;
}

/** Google's and Apple's keys as the sandbox plays them, and the service's keys for their tokens (wallets/wallets.ts). */
export interface WalletKeys {
  /** Opens a token for a payment, or throws the WalletTokenError that says why not. */
  open(provider: WalletProvider, token: string, expect: WalletOpenExpectations): OpenedWalletToken;
  /** Remembers a token that paid, so it never pays again. */
  spend(opened: OpenedWalletToken): void;
  sealGooglePay(request: GooglePaySealRequest): string;
  sealApplePay(request: ApplePaySealRequest): ApplePayPaymentData;
  applePayMerchantKey(account: string, merchantIdentifier: string): PaymentProcessingKey;
  reset(): void;
}

/** Webhook events, signed and delivered with retries (webhooks.ts). */
export interface WebhookEvents {
  /** Queues the event for the account's webhook, if it has one. Returns at once. */
  emit(account: Account, type: WebhookEventType, payment: { paymentId: string }): void;
  list(filter?: { paymentId?: string | undefined }): WebhookDeliveryView[];
  /** Resolves once no attempt is under way: for tests. */
  idle(): Promise<void>;
  reset(): void;
}

/** Pending payments' lifecycle (payments/lifecycle.ts): paid, expired, and the event each change sends. */
export interface PaymentEvents {
  /** A payment was stored: its first event, and the timer of its expiry. */
  created(payment: Payment): void;
  /** Applies an expiry that is due: what every read of a payment does first. */
  refresh(payment: Payment): Payment;
  settle(payment: Payment): void;
  expire(payment: Payment): void;
  reset(): void;
}

export interface SandboxContext {
  store: ServiceState;
  issuer: CardIssuer;
  wallets: WalletKeys;
  accounts: AccountBook;
  urls: SandboxUrls;
  /** Milliseconds since the epoch; tests move it. */
  now: () => number;
  /** Timers on the same clock as `now`: pending payments' expiry, webhook retries. */
  timers: Timers;
  webhooks: WebhookEvents;
  lifecycle: PaymentEvents;
  sessionTtlMs: number;
}
