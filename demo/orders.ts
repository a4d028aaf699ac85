// The demo merchant's orders: what a shop's own database holds. The backend pays what is written here
// (amount, currency, customer), never what a page sends: anyone can post any number to /api/pay.

import { randomUUID } from 'node:crypto';

/** What each demo page sells, in BRL. A real shop knows the cart from its own records. */
export const DEMO_CARTS = {
  default: 42.5,
  plain: 10,
  card: 120,
  manual: 80,
  spa: 80,
  wallets: 150,
  everything: 120,
  financed: 1000,
  boleto: 89.9,
  pix: 60,
} as const;
export type DemoCart = keyof typeof DEMO_CARTS;
export const DEMO_CART_NAMES = Object.keys(DEMO_CARTS) as [DemoCart, ...DemoCart[]];

/** The demo shop sells in reais. */
export const DEMO_CURRENCY = 'BRL';

/** Parcelas sem juros from this amount on, each at least R$ 5: what the shop offers, not the page. */
export const INSTALLMENTS_FROM = 100;

/**
 * The carts whose orders the shop finances: the order's terms (NewSession's `paymentData.installments`),
 * from which the service computes every plan, with interest after `interestFree` (Price table, CET).
 */
export const FINANCING: Partial<
  Readonly<Record<DemoCart, { max: number; interestFree: number; monthlyRate: number }>>
> = {
  financed: { max: 12, interestFree: 3, monthlyRate: 1.99 },
};

/**
 * The installment plans the shop words itself, interest-free: 1x, and 2x and 3x on orders from R$ 100.
 * A financed cart's plans are the service's (FINANCING).
 */
export function installmentPlans(amount: number): { count: number; amount: number; interestFree: boolean }[] {
  const counts = amount >= INSTALLMENTS_FROM ? [1, 2, 3] : [1];
  return counts
    .filter((count) => amount / count >= 5)
    .map((count) => ({ count, amount: Math.round((amount / count) * 100) / 100, interestFree: true }));
}

export interface Customer {
  id: string;
  name?: string | undefined;
  email?: string | undefined;
}

/**
 * Where an order is: `open` until a payment is made; then what the service says of its payment, from the
 * Payment/Init answer or a webhook event. `paid` is final: a late event of an older payment (declined,
 * expired) does not undo it.
 */
export type OrderStatus = 'open' | 'pending' | 'paid' | 'declined' | 'expired';

/** What each webhook event type makes of the order. */
export const ORDER_STATUS_BY_EVENT: Readonly<Record<string, OrderStatus>> = {
  'payment.authorized': 'paid',
  'payment.paid': 'paid',
  'payment.pending': 'pending',
  'payment.declined': 'declined',
  'payment.expired': 'expired',
};

export interface Order {
  /** Also the order's partnerUniqueId at the service. */
  orderId: string;
  cart: DemoCart;
  amount: number;
  currency: string;
  customer: Customer;
  sessionId: string | undefined;
  paid: boolean;
  status: OrderStatus;
  /** The service's paymentId of the authorized payment that paid it (or of its latest payment). */
  paymentId?: string | undefined;
}

export class OrderStore {
  private readonly orders = new Map<string, Order>();
  private readonly bySession = new Map<string, string>();

  create(cart: DemoCart, customer: Customer): Order {
    const order: Order = {
      orderId: `demo-order-${randomUUID()}`,
      cart,
      amount: DEMO_CARTS[cart],
      currency: DEMO_CURRENCY,
      customer,
      sessionId: undefined,
      paid: false,
      status: 'open',
    };
    this.orders.set(order.orderId, order);
    return order;
  }

  /** The checkout session made for the order: the page names the order by it. */
  attach(order: Order, sessionId: string): void {
    order.sessionId = sessionId;
    this.bySession.set(sessionId, order.orderId);
  }

  /** An order by its id: the service's partnerUniqueId, which every payment record carries. */
  get(orderId: string): Order | undefined {
    return this.orders.get(orderId);
  }

  /**
   * What a payment of the order became (an answer or a webhook): a paid order stays paid, and a payment's
   * final status is never taken back by an earlier `pending` of the same payment.
   */
  record(order: Order, paymentId: string, status: OrderStatus): void {
    if (order.paid) return;
    if (status === 'pending' && order.paymentId === paymentId && order.status !== 'pending') return;
    order.status = status;
    order.paymentId = paymentId;
    order.paid = status === 'paid';
  }

  /**
   * The order a payment in this session pays: one order per checkout session. Once it is paid, paying
   * again is refused (a second click must never charge twice): buying again takes a new session.
   */
  toPay(sessionId: string): Order | undefined {
    const id = this.bySession.get(sessionId);
    return id === undefined ? undefined : this.orders.get(id);
  }
}
