// What happens to a payment after Payment/Init: a pending method (Boleto, PIX, Bitcoin, Nupay, split)
// waits for the shopper and ends `paid` (the shopper paid: /__sandbox/payments/settle) or `expired` (its
// time ran out, or /__sandbox/payments/expire). Expiry is applied on read (Payment/Status, a duplicate
// order's check, the controls, a boleto's print page) and by a timer, so the webhook goes out even when
// nobody reads. Each change of status is one webhook event (sandbox/webhooks.ts). Choices live here and
// in the contract.

import { ServiceError } from '../errors.ts';
import type { PaymentEvents, SandboxContext } from '../http/context.ts';
import { pixBrCode } from '../pix/br-code.ts';
import { issueBoleto } from './boleto.ts';
import { paymentView } from '../store.ts';
import type {
  BoletoPayer,
  Payment,
  PaymentMethodRecord,
  PaymentStatus,
  WebhookEventType,
} from '../records.ts';
import type { Timer } from '../timers.ts';

/**
 * How long a pending method waits for the shopper, by method; 30 minutes unless listed. A Boleto waits
 * until its due date ends (sandbox/payments/boleto.ts).
 */
export const PENDING_TTL_MS: Readonly<Record<string, number>> = {
  pix: 30 * 60_000,
  bitcoin: 30 * 60_000,
  nupay: 30 * 60_000,
  split: 30 * 60_000,
};
export const DEFAULT_PENDING_TTL_MS = 30 * 60_000;

/** What the sandbox's PIX BR Codes say about the receiver; the location is a host that never resolves. */
export const PIX_RECEIVER = {
  city: 'SAO PAULO',
  locationPrefix: 'pix.sandbox.invalid/qr/v2/',
} as const;

/**
 * A payment's status from its methods', in this order: `declined` if any method is; else `expired` if
 * any is; else `pending` if any is; else `paid` if any is (a pending method the shopper paid); else
 * `analyzed` if all are antifraud-only; else `authorized`.
 */
export function overallStatus(methods: readonly Pick<PaymentMethodRecord, 'status'>[]): PaymentStatus {
  const any = (status: PaymentStatus) => methods.some((m) => m.status === status);
  if (any('declined')) return 'declined';
  if (any('expired')) return 'expired';
  if (any('pending')) return 'pending';
  if (any('paid')) return 'paid';
  if (methods.every((m) => m.status === 'analyzed')) return 'analyzed';
  return 'authorized';
}

/**
 * A payment that fails as a whole (a part declined at Payment/Init, or a pending part expired) leaves
 * nothing authorized: every part already authorized (a card half of a card + PIX split, say) is voided,
 * the authorization reversed at the issuer, in the same step, so the order is payable again only once
 * no money is held for it. The record keeps when (`voidedAt`), and the event the change sends carries it.
 */
export function voidAuthorized(methods: PaymentMethodRecord[], at: string): void {
  for (const method of methods) {
    if (method.status !== 'authorized') continue;
    method.status = 'voided';
    method.voidedAt = at;
  }
}

/** The events a new payment sends; an antifraud-only (`analyzed`) payment sends none. */
const CREATED_EVENTS: Partial<Record<PaymentStatus, WebhookEventType>> = {
  authorized: 'payment.authorized',
  declined: 'payment.declined',
  pending: 'payment.pending',
};

function txidOf(paymentId: string, index: number): string {
  return `${paymentId.replace(/[^A-Za-z0-9]/g, '').slice(-22)}M${String(index)}`.slice(-25);
}

/**
 * What a pending method's record adds: when it expires, and what the shopper pays: a PIX's BR Code, a
 * Boleto's boleto (issued to its payer, printed by the engine at `engineUrl`).
 */
export function pendingFields(input: {
  method: string;
  now: number;
  paymentId: string;
  index: number;
  merchantName: string;
  amount: number | undefined;
  boleto?: { payer: BoletoPayer; engineUrl: string } | undefined;
}): Pick<PaymentMethodRecord, 'expiresAt' | 'pix' | 'boleto'> {
  if (input.method === 'boleto' && input.boleto !== undefined) {
    return issueBoleto({
      now: input.now,
      amount: input.amount ?? 0,
      payer: input.boleto.payer,
      beneficiaryName: input.merchantName,
      engineUrl: input.boleto.engineUrl,
    });
  }
  const expiresAt = new Date(
    input.now + (PENDING_TTL_MS[input.method] ?? DEFAULT_PENDING_TTL_MS),
  ).toISOString();
  if (input.method !== 'pix') return { expiresAt };
  const txid = txidOf(input.paymentId, input.index);
  const brCode = pixBrCode({
    location: `${PIX_RECEIVER.locationPrefix}${txid}`,
    amount: input.amount,
    merchantName: input.merchantName,
    merchantCity: PIX_RECEIVER.city,
    txid,
  });
  return { expiresAt, pix: { brCode, expiresAt } };
}

/** When the payment's first pending method expires, or undefined when none is pending. */
function dueAt(payment: Payment): number | undefined {
  const due = payment.paymentMethods
    .filter((m) => m.status === 'pending' && m.expiresAt !== undefined)
    .map((m) => Date.parse(m.expiresAt ?? ''));
  return due.length === 0 ? undefined : Math.min(...due);
}

export class PaymentLifecycle implements PaymentEvents {
  private readonly timers = new Map<string, Timer>();
  readonly #ctx: Pick<SandboxContext, 'now' | 'timers' | 'accounts' | 'webhooks'>;

  /** What it needs of the context, which holds it: built before it. */
  constructor(ctx: Pick<SandboxContext, 'now' | 'timers' | 'accounts' | 'webhooks'>) {
    this.#ctx = ctx;
  }

  /** A payment was stored: its first event, and the timer of its expiry. */
  created(payment: Payment): void {
    const type = CREATED_EVENTS[payment.status];
    if (type !== undefined) this.emit(payment, type);
    this.arm(payment);
  }

  /** Applies an expiry that is due: what every read of a payment does first. */
  refresh(payment: Payment): Payment {
    const due = dueAt(payment);
    if (payment.status === 'pending' && due !== undefined && due <= this.#ctx.now())
      this.move(payment, 'expired');
    return payment;
  }

  /** The shopper paid every pending method (the sandbox control). */
  settle(payment: Payment): void {
    this.requirePending(this.refresh(payment));
    this.move(payment, 'paid');
  }

  /** The pending methods expire now, as their time would (the sandbox control). */
  expire(payment: Payment): void {
    this.requirePending(this.refresh(payment));
    this.move(payment, 'expired');
  }

  reset(): void {
    for (const timer of this.timers.values()) this.#ctx.timers.clear(timer);
    this.timers.clear();
  }

  private requirePending(payment: Payment): void {
    if (payment.status !== 'pending') {
      throw new ServiceError('payment_not_pending', {
        field: 'paymentId',
        message: `The payment is ${payment.status}: only a pending payment can be settled or expired.`,
        details: { status: payment.status },
      });
    }
  }

  /**
   * One change of status: every pending method moves together, an expiry voids what the other methods
   * authorized (voidAuthorized), and the webhook tells the merchant.
   */
  private move(payment: Payment, to: 'paid' | 'expired'): void {
    const at = new Date(this.#ctx.now()).toISOString();
    for (const method of payment.paymentMethods) if (method.status === 'pending') method.status = to;
    if (to === 'expired') voidAuthorized(payment.paymentMethods, at);
    payment.status = overallStatus(payment.paymentMethods);
    payment.updatedAt = at;
    const timer = this.timers.get(payment.paymentId);
    if (timer !== undefined) this.#ctx.timers.clear(timer);
    this.timers.delete(payment.paymentId);
    this.emit(payment, to === 'paid' ? 'payment.paid' : 'payment.expired');
  }

  /** The expiry timer: on its clock it may fire early (a test's clock), so it checks and re-arms. */
  private arm(payment: Payment): void {
    const due = dueAt(payment);
    if (payment.status !== 'pending' || due === undefined) return;
    this.timers.set(
      payment.paymentId,
      this.#ctx.timers.set(() => {
        this.timers.delete(payment.paymentId);
        if (payment.status !== 'pending') return;
        if (due <= this.#ctx.now()) this.move(payment, 'expired');
        else this.arm(payment);
      }, due - this.#ctx.now()),
    );
  }

  private emit(payment: Payment, type: WebhookEventType): void {
    const account = this.#ctx.accounts.get(payment.account);
    if (account !== undefined) this.#ctx.webhooks.emit(account, type, paymentView(payment));
  }
}
