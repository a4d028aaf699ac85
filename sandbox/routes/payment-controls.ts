// Sandbox controls for what happens after Payment/Init, outside the API: the shopper pays a PIX or a
// Boleto (settle), its time runs out (expire), and the webhook deliveries those changes made. Guarded
// as every /__sandbox/* control on the token host (http/controls.ts): test code on a server, never a page.

import type { Hono } from 'hono';
import { z } from 'zod';
import { ServiceError } from '../errors.ts';
import type { SandboxContext, SandboxEnv } from '../http/context.ts';
import { BODY_LIMITS, readBody } from '../http/request.ts';
import { strict } from '../schemas.ts';
import { paymentView } from '../store.ts';
import type { Payment } from '../records.ts';

const paymentIdSchema = strict({ paymentId: z.string().min(1).max(128) });
const deliveriesSchema = strict({ paymentId: z.string().min(1).max(128).optional() });

export function registerPaymentControlRoutes(app: Hono<SandboxEnv>, ctx: SandboxContext): void {
  const control = (path: string, change: (payment: Payment) => void) =>
    app.post(path, async (c) => {
      const { paymentId } = await readBody(c, paymentIdSchema, BODY_LIMITS.token);
      const payment = ctx.store.payments.get(paymentId);
      if (payment === undefined) throw new ServiceError('payment_not_found', { field: 'paymentId' });
      change(payment);
      return c.json(paymentView(payment));
    });
  // The shopper paid every pending method of the payment (the PIX was paid, the Boleto cleared).
  control('/__sandbox/payments/settle', (payment) => {
    ctx.lifecycle.settle(payment);
  });
  // The payment's pending methods expire now, as their time would.
  control('/__sandbox/payments/expire', (payment) => {
    ctx.lifecycle.expire(payment);
  });

  app.post('/__sandbox/webhooks', async (c) => {
    const { paymentId } = await readBody(c, deliveriesSchema, BODY_LIMITS.token);
    return c.json({ deliveries: ctx.webhooks.list({ paymentId }) });
  });
}
