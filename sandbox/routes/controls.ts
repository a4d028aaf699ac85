// The token host's sandbox controls, outside the API: forget everything (reset), end a session now, and
// what happens after Payment/Init: the shopper pays a PIX or a Boleto (settle), its time runs out
// (expire), and the webhook deliveries those changes made. Guarded as every /__sandbox/* control
// (http/controls.ts): test code on a server, never a page.

import { z } from 'zod';
import { ServiceError } from '../errors.ts';
import type { RouteHandlers, SandboxContext } from '../http/context.ts';
import { BODY_LIMITS, readBody } from '../http/request.ts';
import { expireSessionSchema, strict } from '../schemas.ts';
import { paymentView } from '../store.ts';
import type { Payment } from '../records.ts';

const paymentIdSchema = strict({ paymentId: z.string().min(1).max(128) });
const deliveriesSchema = strict({ paymentId: z.string().min(1).max(128).optional() });

/**
 * `beyond`: the state kept outside the context (the 3DS provider's, Apple's gateway's), which a reset
 * forgets too.
 */
export function controlHandlers(ctx: SandboxContext, beyond: readonly { reset(): void }[]) {
  const control = (change: (payment: Payment) => void): RouteHandlers => [
    async (c) => {
      const { paymentId } = await readBody(c, paymentIdSchema, BODY_LIMITS.token);
      const payment = ctx.store.payments.get(paymentId);
      if (payment === undefined) throw new ServiceError('payment_not_found', { field: 'paymentId' });
      change(payment);
      return c.json(paymentView(payment));
    },
  ];

  return {
    reset: [
      (c) => {
        ctx.store.reset();
        ctx.issuer.reset();
        for (const state of beyond) state.reset();
        ctx.wallets.reset();
        ctx.lifecycle.reset();
        ctx.webhooks.reset();
        return c.json({ ok: true });
      },
    ],
    // Ends a session now, as its 30 minutes would: tests of session_expired and Checkout.updateSession.
    expireSession: [
      async (c) => {
        const { sessionId } = await readBody(c, expireSessionSchema, BODY_LIMITS.token);
        const session = ctx.store.sessions.get(sessionId);
        if (session === undefined) throw new ServiceError('session_not_found');
        session.expiresAt = ctx.now();
        return c.json({ ok: true, sessionId });
      },
    ],
    // The shopper paid every pending method of the payment (the PIX was paid, the Boleto cleared).
    settle: control((payment) => {
      ctx.lifecycle.settle(payment);
    }),
    // The payment's pending methods expire now, as their time would.
    expire: control((payment) => {
      ctx.lifecycle.expire(payment);
    }),
    webhookDeliveries: [
      async (c) => {
        const { paymentId } = await readBody(c, deliveriesSchema, BODY_LIMITS.token);
        return c.json({ deliveries: ctx.webhooks.list({ paymentId }) });
      },
    ],
  } satisfies Record<string, RouteHandlers>;
}
