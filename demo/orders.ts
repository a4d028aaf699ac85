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
} as const;
export type DemoCart = keyof typeof DEMO_CARTS;
export const DEMO_CART_NAMES = Object.keys(DEMO_CARTS) as [DemoCart, ...DemoCart[]];

/** Parcelas sem juros from this amount on, each at least R$ 5: what the shop offers, not the page. */
export const INSTALLMENTS_FROM = 100;

/** The installment plans an order offers: 1x, and 2x and 3x interest-free on orders from R$ 100. */
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

export interface Order {
  /** Also the order's partnerUniqueId at the service. */
  orderId: string;
  cart: DemoCart;
  amount: number;
  currency: string;
  customer: Customer;
  sessionId: string | undefined;
  paid: boolean;
  /** The service's paymentId of the authorized payment that paid it. */
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
      currency: 'BRL',
      customer,
      sessionId: undefined,
      paid: false,
    };
    this.orders.set(order.orderId, order);
    return order;
  }

  /** The checkout session made for the order: the page names the order by it. */
  attach(order: Order, sessionId: string): void {
    order.sessionId = sessionId;
    this.bySession.set(sessionId, order.orderId);
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
