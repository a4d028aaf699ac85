// An engine's boleto pages: a Boleto's print page at its `printUrl`, and the page's stylesheet. The
// print id is 128 random bits (sandbox/payments/boleto.ts), so only who was given the URL (the merchant,
// and the shopper through it) can open it; an engine shows only the boletos it issued.

import type { Context } from 'hono';
import type { RouteHandlers, SandboxContext, SandboxEnv } from '../http/context.ts';
import { BOLETO, PRINT_ID } from '../payments/boleto.ts';
import type { BoletoRecord, Payment, PaymentMethodRecord } from '../records.ts';
import { html } from '../three-ds/routes.ts';
import { boletoNotFoundPage, boletoPrintPage, PRINT_STYLE } from './print-page.ts';

function findBoleto(
  ctx: SandboxContext,
  printUrl: string,
): { payment: Payment; method: PaymentMethodRecord; boleto: BoletoRecord } | undefined {
  for (const payment of ctx.store.payments.values()) {
    for (const method of payment.paymentMethods) {
      if (method.boleto?.printUrl === printUrl) return { payment, method, boleto: method.boleto };
    }
  }
  return undefined;
}

export function boletoHandlers(ctx: SandboxContext, environment: 'sandbox' | 'production') {
  const engineUrl = environment === 'sandbox' ? ctx.urls.sandboxUrl : ctx.urls.engineUrl;
  return {
    printPage: [
      (c: Context<SandboxEnv, '/boleto/:printId'>) => {
        const printId = c.req.param('printId');
        const found = PRINT_ID.test(printId)
          ? findBoleto(ctx, `${engineUrl}${BOLETO.printPath}${printId}`)
          : undefined;
        if (found === undefined) return html(c, boletoNotFoundPage());
        // Paid or past its due date, the page says so: the state is read as Payment/Status reads it.
        ctx.lifecycle.refresh(found.payment);
        const origins = ctx.accounts.get(found.payment.account)?.allowedOrigins ?? ["'none'"];
        return html(c, boletoPrintPage(found.boleto, found.method.status, origins));
      },
    ],
    printStyle: [
      (c) =>
        c.body(PRINT_STYLE, 200, {
          'content-type': 'text/css; charset=utf-8',
          'cache-control': 'no-cache',
          'x-content-type-options': 'nosniff',
        }),
    ],
  } satisfies Record<string, RouteHandlers>;
}
