// Payment engine on {engine_url} and {sandbox_url}: Payment/Init and the payment status query; and the
// PCI-certified entry point integrations/pci/init on {token_url}.

import { browserPaymentView, completeFromSession, sessionPayment } from '../payments/browser.ts';
import { checkCard } from '../card-rules.ts';
import { ServiceError } from '../errors.ts';
import type { RouteHandlers, SandboxContext } from '../http/context.ts';
import { connectionAddress } from '../http/front-data.ts';
import { backendOnly, browserFacing } from '../http/guards.ts';
import { BODY_LIMITS, readBody } from '../http/request.ts';
import { paymentView, planPayment } from '../payments/init.ts';
import { sessionPlans } from '../payments/installments.ts';
import {
  browserPaymentInitSchema,
  installmentPlansSchema,
  paymentInitSchema,
  paymentStatusSchema,
  sessionStatusSchema,
  type PaymentInitRequest,
} from '../schemas.ts';
import { randomId } from '../ids.ts';
import type { StoredToken } from '../records.ts';
import { loadSession, newSession, newToken } from '../sessions.ts';

export function engineHandlers(ctx: SandboxContext, environment: 'sandbox' | 'production') {
  return {
    // Browser calls are the client-script-for-everything mode, authorised by a session holding the order.
    init: [
      browserFacing(ctx.accounts, { serverCalls: 'app-token' }),
      async (c) => {
        const account = c.get('account');
        if (c.get('browserOrigin') === undefined) {
          const body = await readBody(c, paymentInitSchema, BODY_LIMITS.payment);
          const planned = planPayment(ctx, { account, environment, body, source: 'backend' });
          const answer = c.json(paymentView(planned.payment), 201);
          planned.commit();
          return answer;
        }
        const sent = await readBody(c, browserPaymentInitSchema, BODY_LIMITS.payment);
        const body = completeFromSession(ctx, account, sent, connectionAddress(c));
        const planned = planPayment(ctx, { account, environment, body, source: 'browser' });
        const answer = c.json(browserPaymentView(planned.payment), 201);
        planned.commit();
        return answer;
      },
    ],
    // The page that paid follows its payment (client script for everything): by its session only.
    sessionStatus: [
      browserFacing(ctx.accounts, { serverCalls: 'app-token' }),
      async (c) => {
        const account = c.get('account');
        if (account.environment !== environment) throw new ServiceError('environment_mismatch');
        const { tokenSession } = await readBody(c, sessionStatusSchema, BODY_LIMITS.token);
        return c.json(browserPaymentView(sessionPayment(ctx, account, tokenSession)));
      },
    ],
    // The order's installment plans, computed by the service: the page shows them, the backend may read them.
    installmentPlans: [
      browserFacing(ctx.accounts, { serverCalls: 'app-token' }),
      async (c) => {
        const account = c.get('account');
        if (account.environment !== environment) throw new ServiceError('environment_mismatch');
        const body = await readBody(c, installmentPlansSchema, BODY_LIMITS.token);
        const session = loadSession(ctx, account, body.tokenSession);
        return c.json(sessionPlans(session, body.funding ?? 'credit'));
      },
    ],
    status: [
      backendOnly(ctx.accounts),
      async (c) => {
        const account = c.get('account');
        const body = await readBody(c, paymentStatusSchema, BODY_LIMITS.token);
        const payment =
          body.paymentId !== undefined
            ? ctx.store.payments.get(body.paymentId)
            : body.partnerUniqueId !== undefined
              ? ctx.store.paymentByOrder(account.name, body.partnerUniqueId)
              : undefined;
        if (body.paymentId === undefined && body.partnerUniqueId === undefined) {
          throw new ServiceError('invalid_request', {
            message: 'Give paymentId or partnerUniqueId.',
            field: 'paymentId',
          });
        }
        if (payment?.account !== account.name) throw new ServiceError('payment_not_found');
        return c.json(paymentView(ctx.lifecycle.refresh(payment)));
      },
    ],
  } satisfies Record<string, RouteHandlers>;
}

/**
 * pci/init takes full card data from a certified merchant's server. The sandbox tokenizes each card in a
 * short-lived session of its own and runs the usual Payment/Init on it; if anything fails, what it
 * created is removed again.
 */
export function pciHandlers(ctx: SandboxContext) {
  return {
    pciInit: [
      backendOnly(ctx.accounts),
      async (c) => {
        const account = c.get('account');
        if (!account.pciCertified) throw new ServiceError('pci_certification_required');
        const body = await readBody(c, paymentInitSchema, BODY_LIMITS.payment);
        const now = ctx.now();
        const session = newSession(ctx, account, {
          customer: body.customer ?? { id: randomId('cus') },
          partnerUniqueId: body.partnerUniqueId,
        });
        const created: StoredToken[] = [];
        const methods = body.paymentData.paymentMethods.map((method, index) => {
          const info = method.cardInfo;
          if (info?.cardNumber === undefined || info.token !== undefined) return method;
          const field = `paymentData.paymentMethods.${String(index)}.cardInfo`;
          if (
            info.expirationMonth === undefined ||
            info.expirationYear === undefined ||
            info.cvv === undefined
          ) {
            throw new ServiceError('invalid_request', {
              field,
              message: `${field}: full card data needs expirationMonth, expirationYear and cvv`,
            });
          }
          const card = checkCard(
            {
              cardNumber: info.cardNumber,
              expirationMonth: info.expirationMonth,
              expirationYear: info.expirationYear,
              cvv: info.cvv,
              ...(info.cardHolderName === undefined ? {} : { cardHolderName: info.cardHolderName }),
            },
            new Date(now),
            field,
          );
          const cardReference = ctx.issuer.issue(info.cardNumber, info.cvv);
          const token = newToken(ctx, session, card, cardReference, !(info.saveCard ?? false));
          created.push(token);
          const { cardNumber: _number, cvv: _cvv, singleUse: _singleUse, ...rest } = info;
          return { ...method, cardInfo: { ...rest, token: token.token, tokenProvider: 'Service' } };
        });
        const tokenized: PaymentInitRequest = {
          ...body,
          tokenSession: session.id,
          paymentData: { ...body.paymentData, paymentMethods: methods },
        };
        ctx.store.sessions.set(session.id, session);
        for (const token of created) ctx.store.tokens.set(token.token, token);
        try {
          const planned = planPayment(ctx, {
            account,
            environment: account.environment,
            body: tokenized,
            source: 'pci',
          });
          const answer = c.json(paymentView({ ...planned.payment, tokenSession: undefined }), 201);
          planned.commit();
          return answer;
        } catch (error) {
          ctx.store.sessions.delete(session.id);
          for (const token of created) {
            ctx.store.tokens.delete(token.token);
            ctx.issuer.forget(token.cardReference);
          }
          throw error;
        }
      },
    ],
  } satisfies Record<string, RouteHandlers>;
}
