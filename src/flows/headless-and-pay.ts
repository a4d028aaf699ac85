// Headless tokenization and pay() as the Checkout offers them: each loads its flow at its first call
// (a LazyFlow: a lazy chunk in ESM, inline in the full build, `full_build_required` in the essentials:
// load-full.ts) and gives it the Checkout's context; a token goes to the merchant's `callback`, a
// payment to `onPayment`. The flows themselves are headless.ts and browser-payment.ts.

import type { ServiceClient } from '../api/service.ts';
import type { Locale } from '../i18n/index.ts';
import type {
  AuthenticationResult,
  CardResult,
  CheckoutOptions,
  HeadlessCard,
  HeadlessOptions,
  PaymentResult,
  PayOptions,
  PreparationResult,
} from '../types.ts';
import type { ChallengeSource } from './authentication.ts';
import type { browserPayments } from './browser-payment.ts';
import { hand } from './hand.ts';
import { LazyFlow } from './lazy-flow.ts';
import { loadBrowserPayment, loadHeadless } from './load-full.ts';

/** What headless tokenization and pay() need of the Checkout. */
export interface HeadlessAndPaySource extends ChallengeSource {
  options: CheckoutOptions;
  locale: Locale;
  client: ServiceClient;
  /** The card form pay() submits, and on which it tells where the payment is. */
  cardForm: Parameters<typeof browserPayments>[0]['cardForm'];
}

/** The Checkout's headless and pay() methods, as it delegates them. */
export interface HeadlessAndPayFlow {
  tokenizeCard(card: HeadlessCard, options?: HeadlessOptions): Promise<CardResult>;
  prepareAuthentication(cardNumber: string, options?: HeadlessOptions): Promise<PreparationResult>;
  authenticate(authentication: unknown, options?: HeadlessOptions): Promise<AuthenticationResult>;
  pay(options?: PayOptions): Promise<PaymentResult>;
  /** Ends a running payment as `destroyed`, once its flow has loaded. */
  destroy(): void;
}

export function headlessAndPayFlow(source: HeadlessAndPaySource): HeadlessAndPayFlow {
  const { options } = source;
  /** Headless tokenization, loaded at its first call (full build). */
  const headless = new LazyFlow(() => loadHeadless().then(({ HeadlessFlow }) => new HeadlessFlow(source)));
  // The payments' flow hands each result to onPayment; a pay() whose flow could not load hands its failure.
  const paid = (result: PaymentResult) => void hand(options.onPayment, result);
  /** Paying from the browser, loaded at the first pay() (full build). */
  const payments = new LazyFlow(() =>
    loadBrowserPayment().then(({ browserPayments }) => browserPayments({ ...source, deliver: paid })),
  );
  return {
    tokenizeCard: (card, settings) =>
      headless.call((flow) => flow.tokenize(card, settings)).then((result) => hand(options.callback, result)),
    prepareAuthentication: (cardNumber, settings) =>
      headless.call((flow) => flow.prepare(cardNumber, settings)),
    authenticate: (authentication, settings) =>
      headless.call((flow) => flow.authenticate(authentication, settings)),
    pay: (settings) => payments.call((flow) => flow.pay(settings), paid),
    destroy: () => {
      void payments.loaded?.then((flow) => {
        flow.destroy();
      });
    },
  };
}
