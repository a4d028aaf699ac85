// pay() and showPayment() as the Checkout offers them in the builds that have it (ESM, full): its flow is loaded at the
// first call (a LazyFlow, the way the build says: esm/, a lazy chunk; full/, inline) with the
// Checkout's context, loaded again after a failed load, and each payment goes to the merchant's
// `onPayment` (a pay() whose flow could not load included). The flow itself is flows/browser-payment.ts.

import type { BrowserPaymentFlow, PaymentParts } from '../flows/browser-payment.ts';
import type { PaymentResult, PayOptions, ShowPaymentOptions } from '../types.ts';
import { LazyFlow } from './lazy-flow.ts';

/** The Checkout's pay() and showPayment(), as it delegates them. */
export interface PayMethods {
  pay(options?: PayOptions): Promise<PaymentResult>;
  showPayment(options?: ShowPaymentOptions): Promise<PaymentResult>;
  /** Ends a running payment as `destroyed`, once its flow has loaded. */
  destroy(): void;
}

/**
 * pay() in a build that loads its flow's class with `load`, for the Checkout's context and the card
 * form that pay() submits (and on which it tells where the payment is).
 */
export const lazyPay =
  (load: () => Promise<typeof BrowserPaymentFlow>) =>
  (context: PayContext, cardForm: PaymentParts['cardForm']): PayMethods => {
    const payments = new LazyFlow(() => load().then((Flow) => new Flow(context, { cardForm })));
    // A second call of the same method while one runs gets the same promise, as the flow's own does
    // (the flow answers another method's with its refusal); showPayment()'s method is `backend`.
    let running: { method: string; result: Promise<PaymentResult> } | undefined;
    const once = (method: string, call: (flow: BrowserPaymentFlow) => Promise<PaymentResult>) => {
      if (running?.method === method) return running.result;
      const result = payments.call(call, context.deliverPayment);
      if (running === undefined) {
        const current = (running = { method, result });
        const done = () => {
          if (running === current) running = undefined;
        };
        result.then(done, done);
      }
      return result;
    };
    return {
      pay: (settings) => once(settings?.method ?? 'card', (flow) => flow.pay(settings)),
      showPayment: (settings) => once('backend', (flow) => flow.showPayment(settings)),
      destroy: () => {
        void payments.loaded?.then((flow) => {
          flow.destroy();
        });
      },
    };
  };

/** What pay() needs of the Checkout. */
export type PayContext = ConstructorParameters<typeof BrowserPaymentFlow>[0];
