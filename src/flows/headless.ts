// Headless tokenization, for the spec's "pure JS" and "manual tokenization" modes: the card comes from
// the merchant's own form (PCI SAQ A-EP), so 3DS runs on the merchant page too. The setup (by BIN) and
// the device data collection start as soon as the page hands over a complete number and are dropped
// when it changes; tokenizeCard() spends them with Token/Generate, and a challenge opens the same dialog
// as the card form's. A page that calls Token/Generate with its own fetch ("manual") uses the pieces:
// prepare() for the code, authenticate() for the block the service answered with. Local checks first,
// so an invalid card costs no request. A lazy chunk in ESM, part of the full script-tag build.

import { generateToken } from '../api/service.ts';
import { decodeAuthentication } from '../api/three-ds.ts';
import { collectFrontData } from '../browser-data/index.ts';
import { checkCardData, checkCardNumber, type CardCheckError } from '../card/index.ts';
import type { CheckoutContext } from '../checkout-context.ts';
import { CheckoutError, failure } from '../errors.ts';
import type { ThreeDsStep } from '../three-ds/model.ts';
import { createPreparer, type ThreeDsPreparer } from '../three-ds/collection/preparer.ts';
import type {
  AuthenticationResult,
  CardResult,
  HeadlessCard,
  HeadlessOptions,
  PreparationResult,
} from '../types.ts';
import {
  authenticate,
  challengeSettings,
  verifyAuthentication,
  type ChallengeSettings,
} from './authentication.ts';

/** What headless mode says when it refuses a card locally (never the card's data). */
const HEADLESS_MESSAGES: Readonly<Record<CardCheckError, string>> = {
  card_number_invalid: 'The card number is not valid.',
  card_brand_unsupported: 'The card brand is not supported.',
  card_expiry_invalid: 'The expiry date is not valid.',
  card_expired: 'The card has expired.',
  cvv_invalid: 'The security code does not have the length the card brand needs.',
};

const refused = (code: CardCheckError) =>
  ({ ok: false, error: new CheckoutError(code, 'validation', HEADLESS_MESSAGES[code]) }) as const;

const digitsOf = (cardNumber: unknown) =>
  typeof cardNumber === 'string' ? cardNumber.replace(/[\s-]/g, '') : '';

/** What headless tokenization needs of the Checkout: its client, and what the challenge dialog needs. */
type Needs = Pick<CheckoutContext, 'target' | 'session' | 'options' | 'locale' | 'messages' | 'client'>;

export class HeadlessFlow {
  #context: Needs;
  /** The preparations of one session: a new session (updateSession) starts over. */
  #preparer: { sessionId: string; preparer: ThreeDsPreparer } | undefined;
  /** The BIN the page handed over last: an older preparation is replaced. */
  #latest: string | undefined;
  /** Who hears the collection's steps: the call waiting on it. */
  #onStep: (step: ThreeDsStep) => void = () => undefined;

  constructor(context: Needs) {
    this.#context = context;
  }

  #preparerFor(sessionId: string): ThreeDsPreparer {
    if (this.#preparer?.sessionId !== sessionId) {
      const preparer = createPreparer(
        window,
        this.#context.client,
        sessionId,
        (step) => {
          this.#onStep(step);
        },
        () => true,
      );
      this.#preparer = { sessionId, preparer };
    }
    return this.#preparer.preparer;
  }

  /**
   * The 3DS setup and device data collection for this card number's BIN: reused for the same BIN, and
   * replaced by another BIN's (the replaced call resolves `aborted`).
   */
  async prepare(cardNumber: string, options: HeadlessOptions = {}): Promise<PreparationResult> {
    const digits = digitsOf(cardNumber);
    const check = checkCardNumber(digits);
    if (typeof check === 'string') return refused(check);
    const bin = digits.slice(0, 8);
    this.#latest = bin;
    const sessionId = await this.#context.session.ready;
    this.#listen(options);
    const preparation = await this.#preparerFor(sessionId).prepare(digits);
    if (this.#latest !== bin)
      return failure(
        'aborted',
        'cancelled',
        'Another card number replaced this one before its 3DS setup ended.',
      );
    return preparation.ok
      ? { ok: true, ...(preparation.value === undefined ? {} : { code: preparation.value }) }
      : preparation;
  }

  /** Token/Generate for the merchant's card, with 3DS when the account runs it. */
  async tokenize(card: HeadlessCard, options: HeadlessOptions = {}): Promise<CardResult> {
    const digits = digitsOf(card.cardNumber);
    const check = checkCardData({ ...card, cardNumber: digits }, new Date());
    if (!check.ok) return refused(check.error);
    const sessionId = await this.#context.session.ready;
    const stop = options.signal ?? new AbortController().signal;
    this.#listen(options);
    this.#latest = digits.slice(0, 8);
    // The preparation prepare() started for this BIN, or a new one; spent by this Token/Generate.
    const prepared = await this.#preparerFor(sessionId).take(digits);
    if (!prepared.ok) return prepared;
    if (stop.aborted) return failure('aborted', 'cancelled', "The merchant's AbortSignal stopped it.");
    const code = prepared.value;
    const reply = await generateToken(
      this.#context.client,
      {
        sessionId,
        card: {
          cardNumber: digits,
          expirationMonth: card.expirationMonth,
          expirationYear: card.expirationYear,
          cvv: card.cvv,
          ...(card.cardHolderName === undefined ? {} : { cardHolderName: card.cardHolderName }),
          singleUse: card.saveCard !== true,
        },
        frontData: { ...collectFrontData(window) },
        ...(code === undefined ? {} : { authenticationCode: code }),
      },
      code === undefined ? undefined : decodeAuthentication,
      options.signal,
    );
    return reply.ok ? authenticate(reply.value, this.#challenge(options, stop)) : reply;
  }

  /**
   * The `authentication` block of the page's own Token/Generate answer (manual tokenization): the
   * challenge when the issuer asks for one, then the verdict, as tokenize() gives them.
   */
  async authenticate(block: unknown, options: HeadlessOptions = {}): Promise<AuthenticationResult> {
    const authentication = decodeAuthentication(block);
    if (authentication === undefined) {
      return failure(
        'invalid_option',
        'configuration',
        'authenticate() takes the `authentication` object of a Token/Generate answer, as the service sent it.',
      );
    }
    const stop = options.signal ?? new AbortController().signal;
    const verified = await verifyAuthentication(authentication, this.#challenge(options, stop));
    return verified.ok ? { ok: true, ...verified.value } : verified;
  }

  #listen(options: HeadlessOptions): void {
    const listener = options.onThreeDsStep;
    this.#onStep = (step) => {
      listener?.(step);
    };
  }

  #challenge(options: HeadlessOptions, signal: AbortSignal): ChallengeSettings {
    // The dialog gives the focus back to where it was: the merchant's own form.
    return challengeSettings(
      this.#context,
      (step) => options.onThreeDsStep?.(step),
      () => undefined,
      signal,
    );
  }
}
