// What every sandbox handler shares: the state, the accounts, the clock, and Hono's per-request variables.

import { createHash, timingSafeEqual } from 'node:crypto';
import type { Account } from '../accounts.ts';
import type { SandboxUrls } from '../config.ts';
import type { Issuer } from '../issuer.ts';
import type { PaymentLifecycle } from '../payment-lifecycle.ts';
import type { Store } from '../store.ts';
import type { Timers } from '../timers.ts';
import type { WebhookSender } from '../webhooks.ts';
import type { Wallets } from '../wallets/wallets.ts';

export interface SandboxEnv {
  Variables: {
    requestId: string;
    /** The account the request is authenticated as. */
    account: Account;
    /** The browser origin, when the request came from a browser (it carries an Origin header). */
    browserOrigin: string | undefined;
  };
}

export class AccountBook {
  private readonly byName: Map<string, Account>;
  private readonly origins: Set<string>;

  constructor(accounts: readonly Account[]) {
    this.byName = new Map(accounts.map((account) => [account.name, account]));
    this.origins = new Set(accounts.flatMap((account) => account.allowedOrigins));
  }

  get(name: string): Account | undefined {
    return this.byName.get(name);
  }

  /** Whether any account allows this origin: what a CORS preflight can know before the body is read. */
  anyAllows(origin: string): boolean {
    return this.origins.has(origin);
  }

  all(): Account[] {
    return [...this.byName.values()];
  }
}

/** Constant-time comparison of an app token, whatever the lengths. */
export function appTokenMatches(account: Pick<Account, 'appToken'>, candidate: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(account.appToken), digest(candidate));
}

export interface SandboxContext {
  /** The service's state: sessions, the token vault, authentications, payments. */
  store: Store;
  /** The card issuer behind the service: the only holder of card secrets. */
  issuer: Issuer;
  /** Google's and Apple's keys as the sandbox plays them, and the service's keys for their tokens. */
  wallets: Wallets;
  accounts: AccountBook;
  urls: SandboxUrls;
  /** Milliseconds since the epoch; tests move it. */
  now: () => number;
  /** Timers on the same clock as `now`: pending payments' expiry, webhook retries. */
  timers: Timers;
  /** Webhook events, signed and delivered with retries. */
  webhooks: WebhookSender;
  /** Pending payments' lifecycle: paid, expired, and the events each change sends. */
  lifecycle: PaymentLifecycle;
  sessionTtlMs: number;
}
