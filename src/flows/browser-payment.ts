// Client script for everything (spec 1; 4.10 rule 2), on the merchant page: the script pays the order
// the session holds, from the browser, with the card form's token and its 3DS result, then follows the
// payment at the engine until it is final. The merchant backend only made the session; it learns the
// outcome from Payment/Status or the webhook. Nothing here decides what is paid: the engine takes the
// order's amount, currency and reference from the session.

import { initPayment, resolveEngineOrigin, sessionPayment } from '../api/payments.ts';
import { linkSignals, serviceClient, type ServiceClient } from '../api/service.ts';
import {
  CheckoutError,
  configurationError,
  ERROR_CODES,
  isCheckoutError,
  type CheckoutErrorCode,
  type Result,
} from '../errors.ts';
import type { CheckoutContext, CheckoutSettings } from '../checkout-context.ts';
import type { PendingView } from '../elements/pending-view.ts';
import { loadBoleto } from '../elements/load-boleto.ts';
import { SvcPaymentEvent } from '../payment-event.ts';
import type {
  CardDetails,
  CardResult,
  CardTokenResult,
  Payment,
  PaymentProgress,
  PaymentResult,
  PayOptions,
  ShowPaymentOptions,
} from '../types.ts';
import { abortError } from './authentication.ts';

/**
 * How the page follows a payment that is not final yet: every 2 s for the first minute (a shopper
 * paying a PIX from their bank app takes about that), then every 10 s, and it gives up after
 * 10 minutes with `payment_status_unknown`, which the merchant reconciles from its backend.
 */
export const FOLLOW = { fastMs: 2_000, fastForMs: 60_000, slowMs: 10_000, giveUpAfterMs: 600_000 } as const;

/**
 * Answers after which the payment may have been made all the same: look before saying it was not. Any
 * other failure is the engine's definite refusal, reported as it is.
 */
const UNSURE: readonly CheckoutErrorCode[] = [
  'network_error',
  'timeout',
  'service_unavailable',
  'invalid_response',
];

/**
 * Where a payment is made and followed: a client for the payment engine ({engine_url} or
 * {sandbox_url}), the clock, and a wait that ends early (rejecting) when `signal` aborts.
 */
export interface Engine {
  client: ServiceClient;
  now: () => number;
  wait: (ms: number, signal: AbortSignal) => Promise<void>;
}

export interface FollowOptions {
  signal: AbortSignal;
  onProgress: (progress: PaymentProgress) => void;
}

/** Payment/Init's method for the card the form tokenized: with its 3DS result when it ran (type 7). */
export function cardMethod(card: CardTokenResult): Record<string, unknown> {
  const authenticated =
    card.code !== undefined && card.referenceId !== undefined && card.transactionId !== undefined;
  return {
    paymentMethodType: authenticated ? '7' : '1',
    ...(card.installments === undefined ? {} : { installments: card.installments }),
    // How the shopper pays the card: a debit is refused without its authentication, by the service.
    ...(card.funding === undefined ? {} : { funding: card.funding }),
    cardInfo: {
      token: card.token,
      tokenProvider: 'Service',
      brandName: card.brand,
      ...(card.document === undefined || card.documentType === undefined
        ? {}
        : { billingInfo: { document: card.document, documentType: card.documentType } }),
    },
    ...(authenticated
      ? {
          AuthenticationInformation: {
            Code: card.code,
            ReferenceId: card.referenceId,
            TransactionId: card.transactionId,
          },
        }
      : {}),
  };
}

function waitFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  });
}

const notPaid = (code: CheckoutErrorCode, message: string, payment: Payment | undefined): PaymentResult => ({
  ok: false,
  error: new CheckoutError(code, 'payment', message),
  ...(payment === undefined ? {} : { payment }),
});

/** A final payment's result; undefined while it is pending. */
export function outcomeOf(payment: Payment): PaymentResult | undefined {
  switch (payment.status) {
    case 'authorized':
    case 'paid':
      return { ok: true, payment };
    case 'declined':
      return notPaid(
        'payment_declined',
        `The issuer declined the payment (${payment.declineReason ?? 'no reason given'}).`,
        payment,
      );
    case 'expired':
      return notPaid('payment_expired', 'The payment expired before the shopper paid it.', payment);
    case 'pending':
      return undefined;
  }
}

/**
 * What a request pays with, enough to recognise its payment in SessionStatus's answer: the card's brand
 * and last four digits (as the form tokenized it), or a PIX or a boleto.
 */
export type Instrument = Pick<CardDetails, 'brand' | 'last4'> | 'pix' | 'boleto';

/**
 * Whether `found`, the session's payment after an unsure Payment/Init, can be the one this request
 * made. SessionStatus answers the session's newest payment whoever made it: another tab's (with another
 * card), or this page's own earlier attempt (`known`). Taking one of those for this request would tell
 * the merchant that a card paid when it did not, so only a payment new to this page, with the
 * instrument this request sent, is taken; anything else leaves the answer unsure, for the backend to
 * settle. (Another tab paying with the same card cannot be told apart, and that card did pay.)
 */
export function couldBeThisRequest(
  found: Payment,
  instrument: Instrument,
  known: ReadonlySet<string> | undefined,
): boolean {
  if (known?.has(found.paymentId) === true) return false;
  // A PIX or a boleto has no card: no last four digits to match.
  return typeof instrument === 'string'
    ? found.method === instrument
    : found.last4 === instrument.last4 && found.brand === instrument.brand;
}

/**
 * Pays the session's order with `methods` (which pay with `instrument`) and follows the payment to its
 * end. A refusal is reported as it is: `order_already_paid` (paid meanwhile, another tab, say) and
 * `duplicate_order` (a PIX of the order still pending) included. Only when Payment/Init's answer was
 * lost (the network, a timeout, a 5xx, an unreadable answer) is the engine asked whether the payment
 * was made before the failure is reported: a payment this request made ({@link couldBeThisRequest}) is
 * followed, never made twice.
 */
export async function payOrder(
  context: Pick<CheckoutContext, 'session'>,
  engine: Engine,
  request: {
    methods: readonly Record<string, unknown>[];
    instrument: Instrument;
    frontData?: Readonly<Record<string, string>>;
  },
  options: FollowOptions & { known?: ReadonlySet<string> },
): Promise<PaymentResult> {
  const { instrument, ...init } = request;
  const sessionId = await context.session.ready;
  options.onProgress({ step: 'paying' });
  const made = await initPayment(engine.client, { sessionId, ...init }, options.signal);
  if (made.ok) return follow(engine, sessionId, made.value, options);
  if (options.signal.aborted) return { ok: false, error: abortError(options.signal) };
  if (!UNSURE.includes(made.error.code)) return made;
  const found = await sessionPayment(engine.client, sessionId, options.signal);
  if (!found.ok || !couldBeThisRequest(found.value, instrument, options.known)) return made;
  return follow(engine, sessionId, found.value, options);
}

/**
 * Follows the session's payment from `first` (what Payment/Init answered) until it is final, the
 * signal aborts, or {@link FOLLOW}'s time is up. A failed check is tried again at the next tick: a read
 * is safe to repeat. A session the engine no longer knows ends the following as unknown.
 */
export async function follow(
  { client, now, wait }: Engine,
  sessionId: string,
  first: Payment,
  options: FollowOptions,
): Promise<PaymentResult> {
  const started = now();
  // A PIX or a boleto stays payable until it expires: it is followed that long (and a minute past), at least.
  const expires = Date.parse(first.expiresAt ?? first.pix?.expiresAt ?? '');
  const until = Math.max(started + FOLLOW.giveUpAfterMs, Number.isNaN(expires) ? 0 : expires + 60_000);
  let payment = first;
  for (;;) {
    const outcome = outcomeOf(payment);
    if (outcome !== undefined) return outcome;
    options.onProgress({ step: 'pending', payment });
    const elapsed = now() - started;
    if (now() >= until) break;
    try {
      await wait(elapsed < FOLLOW.fastForMs ? FOLLOW.fastMs : FOLLOW.slowMs, options.signal);
    } catch {
      return { ok: false, error: abortError(options.signal), payment };
    }
    options.onProgress({ step: 'checking', payment });
    const checked: Result<Payment> = await sessionPayment(client, sessionId, options.signal);
    if (options.signal.aborted) return { ok: false, error: abortError(options.signal), payment };
    if (checked.ok) payment = checked.value;
    else if (checked.error.code.startsWith('session_') || checked.error.code === 'payment_not_found') break;
  }
  return notPaid(
    'payment_status_unknown',
    'The payment was not final when the script stopped following it: ask your backend (Payment/Status or the webhook) before offering to pay again.',
    payment,
  );
}

/**
 * What pay() needs of the Checkout: the engine's settings (`environment`, `engineUrl`, `account`), the
 * session, the shopper's language (for a Pix code the script shows), and `deliverPayment`, which hands
 * each final result to the merchant (`onPayment`).
 */
type Needs = Pick<CheckoutContext, 'options' | 'session' | 'locale' | 'deliverPayment'>;

/**
 * What pay() has of its own: the card form, whose submit tokenizes (and authenticates), which a
 * decline opens again, saying why, and on which the page hears where a payment is (the `svc-payment`
 * event); and the engine, which tests give with their own clock.
 */
export interface PaymentParts {
  cardForm: {
    submit(signal?: AbortSignal): Promise<CardResult>;
    showDecline(reason: string | undefined): void;
    dispatch(event: Event): void;
  };
  engine?: Engine;
}

/**
 * The engine the environment or `engineUrl` names, on the page's clock.
 * @throws {@link CheckoutError} `invalid_option` when `engineUrl` is missing in production or not https.
 */
const engineFor = ({ environment, engineUrl, account }: CheckoutSettings): Engine => ({
  client: serviceClient({ origin: resolveEngineOrigin(environment, engineUrl), account }, ERROR_CODES),
  now: Date.now,
  wait: waitFor,
});

/** Whether a failed card payment spent what the form made (its token, its 3DS): then the form opens again. */
function reopensForm(error: CheckoutError): boolean {
  if (error.code === 'payment_status_unknown') return false;
  return ['payment', 'authentication', 'validation'].includes(error.type) || error.code.startsWith('token_');
}

/** A PIX (code 3): no instrument, the shopper pays the order's BR Code from their bank. */
const PIX_METHOD = { paymentMethodType: '3' };

/** A boleto (code 2): no instrument either; the shopper pays it at their bank by its due date. */
const BOLETO_METHOD_TYPE = '2';

/** What a running payment is: pay()'s method, or `backend`, the backend's payment showPayment() follows. */
type Kind = NonNullable<PayOptions['method']> | 'backend';

type Run = (signal: AbortSignal, onProgress: (progress: PaymentProgress) => void) => Promise<PaymentResult>;

const destroyedError = () =>
  new CheckoutError('destroyed', 'cancelled', 'The checkout was destroyed before the payment ended.');

/**
 * One payment at a time for the session's order. A second `pay()` while one runs gets the same
 * promise; once paid, every later `pay()` gets the paid result again, with no request: the order is
 * never paid twice from this page. A decline lets the shopper try again.
 */
export class BrowserPaymentFlow {
  readonly #context: Needs;
  readonly #cardForm: PaymentParts['cardForm'];
  readonly #engine: Engine;
  #inFlight: Promise<PaymentResult> | undefined;
  /** The method of the running payment (`backend`: showPayment()'s). */
  #running: Kind = 'card';
  #paid: PaymentResult | undefined;
  /** The payments this page already made and was told the end of (declined, expired). */
  readonly #known = new Set<string>();
  #lifetime = new AbortController();
  /** The Pix codes shown, which destroy() removes. */
  readonly #views = new Set<PendingView>();

  /** @throws {@link CheckoutError} `invalid_option` when `engineUrl` is missing in production or not https. */
  constructor(context: Needs, { cardForm, engine = engineFor(context.options) }: PaymentParts) {
    this.#context = context;
    this.#cardForm = cardForm;
    this.#engine = engine;
  }

  /**
   * Pays with the card form's card (tokenized and authenticated first), by PIX (`method: 'pix'`) or by
   * boleto (`method: 'boleto'`, its `payer` checked first: `payer_invalid` names the field to fix).
   */
  pay(options: PayOptions = {}): Promise<PaymentResult> {
    const { method = 'card' } = options;
    if (method === 'pix') return this.#payPending(options, PIX_METHOD);
    if (method === 'boleto') return this.#payBoleto(options);
    if ((method as string) !== 'card') {
      const error = configurationError('invalid_option', `method must be "card", "pix" or "boleto".`);
      return Promise.resolve(this.#context.deliverPayment({ ok: false, error }));
    }
    return this.#once('card', options, async (signal, onProgress) => {
      onProgress({ step: 'tokenizing' });
      const card = await this.#cardForm.submit(signal);
      if (!card.ok) return card;
      if (signal.aborted) return { ok: false, error: abortError(signal) };
      const result = await payOrder(
        this.#context,
        this.#engine,
        {
          methods: [cardMethod(card)],
          instrument: card,
          frontData: card.frontData,
        },
        { signal, onProgress, known: this.#known },
      );
      // The token cannot pay again: the form opens for the shopper to try again (a new token), with
      // the issuer's reason for a decline, or as declined when the engine refused the token.
      if (!result.ok && reopensForm(result.error)) this.#cardForm.showDecline(result.payment?.declineReason);
      return result;
    });
  }

  /** Pays by boleto once its chunk has checked the payer: `payer_invalid` names the field to fix. */
  async #payBoleto(options: PayOptions): Promise<PaymentResult> {
    let boleto: Awaited<ReturnType<typeof loadBoleto>>;
    try {
      boleto = await loadBoleto();
    } catch (error) {
      const failed = isCheckoutError(error)
        ? error
        : new CheckoutError('network_error', 'network', 'The boleto could not be loaded.', { cause: error });
      return this.#context.deliverPayment({ ok: false, error: failed });
    }
    const payer = boleto.checkPayer(options.payer);
    if (!payer.ok) {
      const error = new CheckoutError('payer_invalid', 'validation', `${payer.field} must be ${payer.why}.`);
      return this.#context.deliverPayment({ ok: false, error });
    }
    return this.#payPending(options, { paymentMethodType: BOLETO_METHOD_TYPE, payer: payer.value });
  }

  /**
   * Pays by PIX or boleto (`method`, the engine's entry): the engine answers pending with the code (in
   * the `pending` progress and the result's `payment.pix` or `payment.boleto`), shown in `target`, and
   * the payment is followed until the shopper paid it or it expired.
   */
  #payPending(options: PayOptions, method: Record<string, unknown>): Promise<PaymentResult> {
    const instrument = options.method === 'boleto' ? 'boleto' : 'pix';
    return this.#showing(instrument, options, (signal, onProgress) =>
      payOrder(
        this.#context,
        this.#engine,
        { methods: [method], instrument },
        { signal, known: this.#known, onProgress },
      ),
    );
  }

  /**
   * Shows the session's payment that the merchant's backend made (a PIX or a boleto, Payment/Init with
   * its app token and this session), read from Payment/SessionStatus, in `target`, and follows it until
   * it is final, as pay() follows its own.
   */
  showPayment(options: ShowPaymentOptions = {}): Promise<PaymentResult> {
    return this.#showing('backend', options, async (signal, onProgress) => {
      const sessionId = await this.#context.session.ready;
      onProgress({ step: 'checking' });
      const found = await sessionPayment(this.#engine.client, sessionId, signal);
      if (signal.aborted) return { ok: false, error: abortError(signal) };
      return found.ok ? follow(this.#engine, sessionId, found.value, { signal, onProgress }) : found;
    });
  }

  /**
   * Runs `run` once (as {@link BrowserPaymentFlow.pay} does), showing the code of its pending payment
   * (the Pix code, the boleto) in `options.target`: once the engine gave it, updated at every later
   * step, a code shown before removed; at the end it says paid or expired, or goes (stopped, unknown:
   * it no longer waits). A target that matches nothing is refused before any request.
   */
  #showing(kind: Kind, options: ShowPaymentOptions, run: Run): Promise<PaymentResult> {
    const { target } = options;
    let container: Element | null | undefined;
    try {
      container = typeof target === 'string' ? document.querySelector(target) : target;
    } catch {
      container = null;
    }
    if (container === null) {
      // Only a selector matches nothing: an element given is the target.
      const error = new CheckoutError(
        'invalid_target',
        'configuration',
        `No element matches "${target as string}".`,
      );
      return Promise.resolve(this.#context.deliverPayment({ ok: false, error }));
    }
    const where = container;
    return this.#once(kind, options, async (signal, onProgress) => {
      // The code shows once the engine gave it; every later step updates it; a code shown before goes.
      let view: Promise<PendingView | undefined> | undefined;
      const show = (payment: Payment | undefined) => {
        if (where === undefined || payment === undefined) return;
        const { pix, boleto } = payment;
        const shows =
          pix !== undefined
            ? () =>
                import('../elements/pix-code.ts').then((m) => m.showPixCode(where, pix, this.#context.locale))
            : boleto !== undefined
              ? () => loadBoleto().then((m) => m.showBoleto(where, boleto, this.#context.locale))
              : undefined;
        view ??=
          shows === undefined
            ? undefined
            : Promise.resolve()
                .then(() => {
                  if (signal.aborted) return undefined;
                  for (const old of this.#views) old.remove();
                  this.#views.clear();
                  return shows();
                })
                .then((shown) => {
                  if (shown !== undefined) this.#views.add(shown);
                  return shown;
                })
                // Without the code's chunk (the network) the page still has payment.pix or .boleto to show.
                .catch(() => undefined);
        void view?.then((shown) => {
          shown?.update(payment);
        });
      };
      const result = await run(signal, (progress) => {
        show(progress.payment);
        onProgress(progress);
      });
      if (result.ok || result.error.code === 'payment_expired') show(result.payment);
      else
        void view?.then((shown) => {
          // Stopped (aborted, destroyed) or unknown: the code no longer says it waits.
          shown?.remove();
        });
      return result;
    });
  }

  #once(method: Kind, options: ShowPaymentOptions, run: Run): Promise<PaymentResult> {
    if (this.#paid !== undefined) return Promise.resolve(this.#paid);
    // One payment at a time: the same kind joins the running one; another kind waits its turn.
    if (this.#inFlight !== undefined && this.#running !== method) {
      return Promise.resolve(
        this.#context.deliverPayment({
          ok: false,
          error: new CheckoutError(
            'submit_in_progress',
            'validation',
            `A ${this.#running} payment is running.`,
          ),
        }),
      );
    }
    this.#running = method;
    this.#inFlight ??= this.#run(options, run)
      .then((result) => {
        if (result.ok) this.#paid = result;
        if (result.payment !== undefined) this.#known.add(result.payment.paymentId);
        return this.#context.deliverPayment(result);
      })
      .finally(() => {
        this.#inFlight = undefined;
      });
    return this.#inFlight;
  }

  /** Stops following: a running pay() ends as `destroyed`, and no request goes out after; a Pix code shown goes. */
  destroy(): void {
    this.#lifetime.abort(destroyedError());
    this.#lifetime = new AbortController();
    for (const view of this.#views) view.remove();
    this.#views.clear();
  }

  async #run(options: ShowPaymentOptions, run: Run): Promise<PaymentResult> {
    const { signal, unlink } = linkSignals(this.#lifetime.signal, options.signal);
    const onProgress = (progress: PaymentProgress) => {
      this.#cardForm.dispatch(new SvcPaymentEvent(progress));
      try {
        options.onProgress?.(progress);
      } catch (error) {
        // The merchant's listener failing must not stop the payment; it surfaces as theirs.
        queueMicrotask(() => {
          throw error;
        });
      }
    };
    try {
      return await run(signal, onProgress);
    } catch (error) {
      // The session given as a promise was rejected (session_unavailable).
      if (error instanceof CheckoutError) return { ok: false, error };
      throw error;
    } finally {
      unlink();
    }
  }
}
