// Signed webhooks, as the service sends them: one event per change of a payment's status, POSTed to the
// account's `webhook.url`, signed with its `webhook.secret`. Delivery is asynchronous (the API answer
// never waits for it), at least once (a retry carries the same event id), in order for one payment (an
// event waits until the one before it was delivered or given up), with exponential backoff on a network
// error or any answer outside 2xx. Every choice is in WEBHOOK_DELIVERY and docs/service-contract.md.
//
// The signature is the sandbox's own code (the SDK's src/server/webhooks.ts verifies it; the sandbox
// never imports the SDK): a fixed vector in both test files keeps them saying the same thing.

import { createHmac } from 'node:crypto';
import type { Account } from './accounts.ts';
import type { WebhookEvents } from './http/context.ts';
import { randomId } from './ids.ts';
import type { DeliveryState, WebhookDeliveryView, WebhookEventType } from './records.ts';
import type { Timer, Timers } from './timers.ts';

/** Every delivery choice the spec leaves open, in one place. */
export const WEBHOOK_DELIVERY = {
  /** Attempts per event, the first included; then it is given up (`failed`). */
  maxAttempts: 8,
  /** The wait after the first failed attempt; each next wait doubles, up to `maxRetryDelayMs`. */
  firstRetryDelayMs: 1_000,
  maxRetryDelayMs: 60_000,
  /** An attempt that has no answer by then counts as a network error. */
  timeoutMs: 10_000,
} as const;

export const WEBHOOK_HEADERS = {
  eventId: 'x-service-event-id',
  timestamp: 'x-service-timestamp',
  signature: 'x-service-signature',
} as const;

/** The wait before attempt `attempt + 1`, after attempt `attempt` (1-based) failed: 1 s, 2 s, 4 s … 60 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(WEBHOOK_DELIVERY.firstRetryDelayMs * 2 ** (attempt - 1), WEBHOOK_DELIVERY.maxRetryDelayMs);
}

/**
 * The `x-service-signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`,
 * Stripe's scheme. The timestamp is signed with the body, so an old delivery cannot be replayed as new.
 */
export function signWebhookPayload(secret: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secret)
    .update(`${String(timestamp)}.${body}`)
    .digest('hex');
  return `t=${String(timestamp)},v1=${mac}`;
}

/** What a delivery hands the transport: always a string body and plain headers. */
export type WebhookRequestInit = RequestInit & { body: string; headers: Record<string, string> };
export type WebhookFetch = (url: string, init: WebhookRequestInit) => Promise<Response>;

interface Delivery {
  eventId: string;
  type: WebhookEventType;
  paymentId: string;
  account: string;
  url: string;
  secret: string;
  /** The event, serialized once: every attempt sends the same bytes. */
  body: string;
  createdAt: string;
  attempts: number;
  /** The last answer's HTTP status, or `network_error` (no answer, or none in time). */
  lastStatus: number | 'network_error' | null;
  state: DeliveryState;
  nextAttemptAt: number | undefined;
  timer: Timer | undefined;
}

export class WebhookSender implements WebhookEvents {
  /** Every event since the last reset, oldest first. */
  private deliveries: Delivery[] = [];
  /** paymentId → its undelivered events, in order; the first is the one being attempted. */
  private readonly queues = new Map<string, Delivery[]>();
  private readonly inFlight = new Set<Promise<void>>();
  /** Bumped by reset(): an attempt that answers after it changes nothing. */
  private generation = 0;

  constructor(
    private readonly deps: {
      now: () => number;
      timers: Timers;
      fetch: WebhookFetch;
      log: (message: string) => void;
    },
  ) {}

  /** Queues the event for the account's webhook, if it has one. Returns at once. */
  emit(account: Account, type: WebhookEventType, payment: { paymentId: string }): void {
    const webhook = account.webhook;
    if (webhook === undefined) return;
    const now = this.deps.now();
    const eventId = randomId('evt');
    const createdAt = new Date(now).toISOString();
    const delivery: Delivery = {
      eventId,
      type,
      paymentId: payment.paymentId,
      account: account.name,
      url: webhook.url,
      secret: webhook.secret,
      body: JSON.stringify({ id: eventId, type, createdAt, data: { payment } }),
      createdAt,
      attempts: 0,
      lastStatus: null,
      state: 'queued',
      nextAttemptAt: now,
      timer: undefined,
    };
    this.deliveries.push(delivery);
    const queue = this.queues.get(delivery.paymentId) ?? [];
    queue.push(delivery);
    this.queues.set(delivery.paymentId, queue);
    if (queue.length === 1) this.start(delivery, 'next tick');
  }

  list(filter: { paymentId?: string | undefined } = {}): WebhookDeliveryView[] {
    return this.deliveries
      .filter((d) => filter.paymentId === undefined || d.paymentId === filter.paymentId)
      .map((d) => ({
        eventId: d.eventId,
        type: d.type,
        paymentId: d.paymentId,
        account: d.account,
        url: d.url,
        attempts: d.attempts,
        lastStatus: d.lastStatus,
        state: d.state,
        nextAttemptAt: d.nextAttemptAt === undefined ? null : new Date(d.nextAttemptAt).toISOString(),
        createdAt: d.createdAt,
      }));
  }

  /** Resolves once no attempt is under way (retries waiting on a timer do not count): for tests. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Forgets every event and cancels every pending attempt (`/__sandbox/reset`, and closing). */
  reset(): void {
    this.generation += 1;
    for (const delivery of this.deliveries) {
      if (delivery.timer !== undefined) this.deps.timers.clear(delivery.timer);
    }
    this.deliveries = [];
    this.queues.clear();
  }

  /** The first attempt goes out after the current request's answer: never inside it. */
  private start(delivery: Delivery, when: 'next tick' | 'now'): void {
    const generation = this.generation;
    const run = (when === 'now' ? Promise.resolve() : new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => (generation === this.generation ? this.attempt(delivery, generation) : undefined))
      .finally(() => this.inFlight.delete(run));
    this.inFlight.add(run);
  }

  private async attempt(delivery: Delivery, generation: number): Promise<void> {
    delivery.attempts += 1;
    delivery.state = 'sending';
    delivery.nextAttemptAt = undefined;
    const timestamp = Math.floor(this.deps.now() / 1000);
    let status: number | 'network_error';
    try {
      const response = await this.deps.fetch(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'service-webhooks/1 (sandbox)',
          [WEBHOOK_HEADERS.eventId]: delivery.eventId,
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: signWebhookPayload(delivery.secret, timestamp, delivery.body),
        },
        body: delivery.body,
        // A redirect is an answer outside 2xx: the event is not followed to another host.
        redirect: 'manual',
        signal: AbortSignal.timeout(WEBHOOK_DELIVERY.timeoutMs),
      });
      status = response.status;
      await response.body?.cancel();
    } catch {
      status = 'network_error';
    }
    if (generation !== this.generation) return;
    delivery.lastStatus = status;
    if (typeof status === 'number' && status >= 200 && status < 300) {
      this.finish(delivery, 'delivered');
    } else if (delivery.attempts >= WEBHOOK_DELIVERY.maxAttempts) {
      this.deps.log(
        `webhooks: gave up ${delivery.eventId} (${delivery.type}) to ${delivery.url} after ${String(delivery.attempts)} attempts (last: ${String(status)})`,
      );
      this.finish(delivery, 'failed');
    } else {
      const delay = retryDelayMs(delivery.attempts);
      delivery.state = 'retrying';
      delivery.nextAttemptAt = this.deps.now() + delay;
      delivery.timer = this.deps.timers.set(() => {
        delivery.timer = undefined;
        if (generation === this.generation) this.start(delivery, 'now');
      }, delay);
    }
  }

  /** Ends the payment's current event and starts its next one: events of one payment stay in order. */
  private finish(delivery: Delivery, state: 'delivered' | 'failed'): void {
    delivery.state = state;
    const queue = this.queues.get(delivery.paymentId) ?? [];
    queue.shift();
    const next = queue[0];
    if (next === undefined) this.queues.delete(delivery.paymentId);
    else this.start(next, 'now');
  }
}
