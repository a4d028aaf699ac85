// The 3DS flow as the service runs it with its provider (Cybersource Payer Authentication, Cardinal Cruise
// Direct Connection): setup, device data collection, check enrollment (inside Token/Generate, and Token/Bind
// for a saved card), step-up and validation. This module holds the state and the rules; routes.ts puts
// them on HTTP. It never keeps a card number: a setup remembers the BIN and the scenario the test card
// scripts, nothing else.

import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { checkCardNumber } from '../card-rules.ts';
import type { Authentication, CheckedCard, FrontData, Session, StoredToken } from '../records.ts';
import { detectBrand } from '../card-brands.ts';
import { minorDigits } from '../payments/money.ts';
import { ServiceError } from '../errors.ts';
import type { SandboxContext } from '../http/context.ts';
import { randomId } from '../ids.ts';
import { JWT_ISSUER, JwtKeys } from './jwt.ts';
import { SPC_TIMEOUT_MS, SpcIssuer, type SpcOffer } from './spc.ts';
import {
  cardTypeOf,
  ecommerceIndicator,
  eciValue,
  ENROLLMENT,
  enrollmentScenario,
  testCardScenario,
  type EciOutcome,
  type Pares,
  type ReasonCode,
  type Scenario,
  type Veres,
} from './test-cards.ts';

/** The step-up JWT must reach the ACS within this long of the enrollment answer (protocol notes). */
export const STEP_UP_WINDOW_MS = 30_000;
/** Wrong one-time codes before the sandbox ACS fails the authentication. */
export const MAX_CODE_ATTEMPTS = 3;
/** The sandbox ACS's one-time code. */
export const SANDBOX_OTP = '1234';
/** How long after a successful challenge the issuer's page may still enrol the card for SPC. */
export const SPC_ENROLMENT_WINDOW_MS = 5 * 60_000;
/** Merchant data (MD) is echoed back by the ACS; real ACSs cap it, so does the sandbox. */
export const MAX_MD_LENGTH = 1024;

export const DDC_OUTCOMES = ['success', 'degraded', 'never'] as const;
export type DdcOutcome = (typeof DDC_OUTCOMES)[number];

/** How the collection page behaves for a session (set by tests through a sandbox-only endpoint). */
export interface DdcBehaviour {
  delayMs: number;
  version: 1 | 2;
  outcome: DdcOutcome;
}

/** Quick enough for tests, slow enough that a client which does not wait for the message is caught. */
export const DEFAULT_DDC: DdcBehaviour = { delayMs: 100, version: 1, outcome: 'success' };

/** EMV challenge window sizes: 01 250×400, 02 390×400, 03 500×600, 04 600×400, 05 full screen. */
export const CHALLENGE_WINDOW_SIZES = ['01', '02', '03', '04', '05'] as const;
export type ChallengeWindowSize = (typeof CHALLENGE_WINDOW_SIZES)[number];

export interface SetupRecord {
  code: string;
  referenceId: string;
  sessionId: string;
  account: string;
  /** First six digits: what a new setup is needed for when it changes. */
  bin: string;
  cardType: string | undefined;
  /** The scenario a test card scripts (expiry not applied yet); undefined for other cards. */
  scripted: Scenario | undefined;
  /** The saved card the setup was made for, if it was made with a token. */
  token: string | undefined;
  createdAt: number;
  enrolledAt: number | undefined;
}

interface Collection {
  id: string;
  referenceId: string;
  servedAt: number;
  outcome: DdcOutcome;
}

export type ChallengeState = 'pending' | 'started' | 'expired' | 'completed';

/** How a challenge ended in Y or N: the issuer's one-time code, or the card's SPC passkey. */
export type AuthenticationMethod = 'challenge' | 'spc';

/** The card as the issuer knows it for SPC: its key of the number, and the name its sheet shows. */
export interface IssuerCard {
  key: string;
  displayName: string;
}

export interface Challenge {
  transactionId: string;
  code: string;
  referenceId: string;
  sessionId: string;
  account: string;
  cardType: string | undefined;
  /** challenge_success or challenge_failure: the issuer's answer for a completed challenge. */
  scenario: Scenario;
  acsTransId: string;
  windowSize: ChallengeWindowSize;
  returnUrl: string;
  enrolledAt: number;
  state: ChallengeState;
  startedAt: number | undefined;
  md: string | undefined;
  attempts: number;
  /** What the ACS decided: Y or N, whether the shopper cancelled, and how the shopper was verified. */
  result: { status: 'Y' | 'N'; cancelled: boolean; method: AuthenticationMethod } | undefined;
  completedAt: number | undefined;
  card: IssuerCard;
  /** The card had SPC credentials at enrolment (and the session an amount): the browser may try them first. */
  spcOffered: boolean;
  /** The card was enrolled for SPC after this challenge (once per challenge). */
  spcEnrolled: boolean;
  /**
   * What the issuer's result page, and only it, holds to enrol the card: a random single-use ticket
   * made when the shopper passed with the code (never `acsTransId`, which the pareq carries to the
   * merchant).
   */
  spcTicket: string | undefined;
}

/** The `authentication` block of Token/Generate and Token/Bind, and the answer of ThreeDS/Validate. */
export interface AuthenticationView {
  code: string;
  referenceId: string;
  transactionId: string;
  /** The PARes status, or U when enrollment could not be checked (VERes U, no PARes). */
  status: Pares;
  reasonCode: ReasonCode;
  veres: Veres;
  pares?: Pares;
  eci?: string;
  ecommerceIndicator?: string;
  cavv?: string;
  liabilityShift: 'full' | 'partial' | 'none';
  deviceDataCollected: boolean;
  cardType?: string;
  /** EMV challengeCancel 01: the shopper pressed Cancel in the challenge. */
  challengeCancel?: '01';
  /** After a challenge: how the shopper was verified (the issuer's code, or SPC's passkey). */
  authenticationMethod?: AuthenticationMethod;
  stepUpUrl?: string;
  accessToken?: string;
  pareq?: string;
  challengeWindowSize?: ChallengeWindowSize;
  authenticationTransactionId?: string;
}

export type SetupView =
  | { enabled: false }
  | {
      enabled: true;
      code: string;
      referenceId: string;
      deviceDataCollectionUrl: string;
      accessToken: string;
    };

/**
 * An enrollment that passed every check: its answer, built before anything is written, and `commit`,
 * which writes it (synchronously, with the token) or throws before writing anything.
 */
export interface PendingEnrollment {
  answer: AuthenticationView;
  commit(token: string): void;
}

/** Page data for the collection page, or why there is none. */
export type CollectionStart =
  | {
      ok: true;
      targetOrigin: string;
      /** The JSON string the page posts, exactly as the provider does. */
      message: string | undefined;
      delayMs: number;
      /** Set only when collection succeeds: the page reports it to /ddc/collect before answering. */
      collectionId: string | undefined;
      frameAncestors: string[];
    }
  | { ok: false; message: string };

export type ChallengeStep =
  | { ok: true; challenge: Challenge; frameAncestors: string[]; error: string | undefined }
  | { ok: false; message: string };

function liabilityShift(status: Pares): AuthenticationView['liabilityShift'] {
  return status === 'Y' ? 'full' : status === 'A' ? 'partial' : 'none';
}

function cavv(): string {
  return randomBytes(20).toString('base64');
}

/** A card's name in the browser's SPC sheet: its brand and last four digits. */
function displayNameOf(card: { brand: string; last4: string }): string {
  return `${card.brand} •••• ${card.last4}`;
}

/**
 * The issuer's relying party for SPC credentials: a WebAuthn RP ID must be a domain name, so the
 * provider's loopback address (127.0.0.1) is reached by the name `localhost` for enrolment. A real
 * issuer's is its own domain.
 */
export function spcRelyingParty(threeDsUrl: string): { origin: string; rpID: string; name: string } {
  const url = new URL(threeDsUrl);
  if (/^[\d.]+$|^\[/.test(url.hostname)) url.hostname = 'localhost';
  return { origin: url.origin, rpID: url.hostname, name: 'Sandbox issuer' };
}

/** A narrow screen gets a full-screen challenge; everything else the peers' default, 390×400. */
function windowSizeFor(frontData: FrontData | undefined): ChallengeWindowSize {
  const width = Number(frontData?.screenWidth);
  return Number.isFinite(width) && width > 0 && width < 600 ? '05' : '02';
}

export class ThreeDsProvider {
  private readonly setups = new Map<string, SetupRecord>();
  private readonly codeByReference = new Map<string, string>();
  private readonly ddc = new Map<string, DdcBehaviour>();
  private readonly collections = new Map<string, Collection>();
  /** referenceId → when collection completed. */
  private readonly collected = new Map<string, number>();
  private readonly challenges = new Map<string, Challenge>();
  private readonly challengeByAcsId = new Map<string, string>();
  /** The issuer's result pages' enrolment tickets → their challenge's transaction. */
  private readonly spcTickets = new Map<string, string>();
  /** Sandbox-only: the challenge window size a session's issuer asks for (tests of each size). */
  private readonly windowSizes = new Map<string, ChallengeWindowSize>();
  /** Saved card token → the scenario its test card scripts and the issuer's key of it, for a setup by token. */
  private readonly savedCards = new Map<string, { scripted: Scenario | undefined; key: string }>();
  private readonly keys = new JwtKeys();
  /** The issuer's key of card numbers: an HMAC under a secret of its own, never the number. */
  #cardSecret = randomBytes(32);
  /** The issuer's SPC credentials and ceremonies (spc.ts). */
  spc: SpcIssuer;

  constructor(private readonly ctx: SandboxContext) {
    this.spc = new SpcIssuer(ctx.now, spcRelyingParty(ctx.urls.threeDsUrl));
  }

  /** The origin of the issuer's SPC pages (enrolment): its relying party's. */
  get spcOrigin(): string {
    return spcRelyingParty(this.ctx.urls.threeDsUrl).origin;
  }

  #cardKey(cardNumber: string): string {
    return createHmac('sha256', this.#cardSecret).update(cardNumber).digest('base64url');
  }

  get deviceDataCollectionUrl(): string {
    return `${this.ctx.urls.threeDsUrl}/ddc`;
  }

  get stepUpUrl(): string {
    return `${this.ctx.urls.threeDsUrl}/stepup`;
  }

  get returnUrl(): string {
    return `${this.ctx.urls.tokenUrl}/frames/3ds-return`;
  }

  reset(): void {
    for (const map of [
      this.setups,
      this.codeByReference,
      this.ddc,
      this.collections,
      this.collected,
      this.challenges,
      this.challengeByAcsId,
      this.spcTickets,
      this.savedCards,
    ])
      map.clear();
    this.keys.rotate();
    this.#cardSecret = randomBytes(32);
    this.spc = new SpcIssuer(this.ctx.now, spcRelyingParty(this.ctx.urls.threeDsUrl));
  }

  // --- setup --------------------------------------------------------------------------------------

  async setup(
    session: Session,
    threeDSEnabled: boolean,
    card: { cardNumber: string } | { bin: string } | { token: string },
    /** Where the collection page posts its answer: the page that runs the collection. */
    returnOrigin: string,
  ): Promise<SetupView> {
    // Checked first, so a merchant sees a bad number, BIN or token whether or not 3DS is on.
    const source =
      'cardNumber' in card
        ? this.checkNumber(card.cardNumber)
        : 'bin' in card
          ? checkBin(card.bin)
          : this.checkToken(session, card.token);
    if (!threeDSEnabled) return { enabled: false };
    const now = this.ctx.now();
    const record: SetupRecord = {
      code: randomId('tds'),
      referenceId: randomUUID(),
      sessionId: session.id,
      account: session.account,
      createdAt: now,
      enrolledAt: undefined,
      ...source,
    };
    const accessToken = await this.keys.sign({
      jti: randomUUID(),
      iat: Math.floor(now / 1000),
      // A setup lives as long as its session.
      exp: Math.floor(session.expiresAt / 1000),
      iss: JWT_ISSUER,
      aud: 'ddc',
      OrgUnitId: session.account,
      ReferenceId: record.referenceId,
      ReturnUrl: returnOrigin,
    });
    this.setups.set(record.code, record);
    this.codeByReference.set(record.referenceId, record.code);
    return {
      enabled: true,
      code: record.code,
      referenceId: record.referenceId,
      deviceDataCollectionUrl: this.deviceDataCollectionUrl,
      accessToken,
    };
  }

  private checkNumber(digits: string): Pick<SetupRecord, 'bin' | 'cardType' | 'scripted' | 'token'> {
    // The vault's own check, so a setup is refused for exactly the numbers Token/Generate refuses.
    const brand = checkCardNumber(digits, 'cardNumber');
    return {
      bin: digits.slice(0, 6),
      cardType: brand.cardType,
      scripted: testCardScenario(digits),
      token: undefined,
    };
  }

  private checkToken(
    session: Session,
    tokenId: string,
  ): Pick<SetupRecord, 'bin' | 'cardType' | 'scripted' | 'token'> {
    const token = this.ctx.store.tokens.get(tokenId);
    // As Token/Bind: only a saved card of this session's customer, and existence is not revealed.
    if (token?.account !== session.account || token.customerId !== session.customer.id || token.singleUse) {
      throw new ServiceError('token_not_found', { field: 'token' });
    }
    return {
      bin: token.bin,
      cardType: cardTypeOf(token.bin),
      scripted: this.savedCards.get(token.token)?.scripted,
      token: token.token,
    };
  }

  /** Token/Generate calls this for every token it stores, so a later setup by token knows the test card. */
  rememberCard(token: StoredToken, cardNumber: string): void {
    if (token.singleUse) return;
    this.savedCards.set(token.token, {
      scripted: testCardScenario(cardNumber),
      key: this.#cardKey(cardNumber),
    });
  }

  // --- device data collection ------------------------------------------------------------------------

  configureDdc(sessionId: string, behaviour: DdcBehaviour): void {
    this.ddc.set(sessionId, behaviour);
  }

  configureChallenge(sessionId: string, windowSize: ChallengeWindowSize): void {
    this.windowSizes.set(sessionId, windowSize);
  }

  async openCollection(jwt: string, bin: string | undefined): Promise<CollectionStart> {
    const now = this.ctx.now();
    const check = await this.keys.check(jwt, 'ddc', now);
    if (!check.ok) {
      return {
        ok: false,
        message:
          check.reason === 'expired'
            ? 'The JWT has expired: run the 3DS setup again.'
            : 'The JWT is not valid: post the accessToken of a 3DS setup, unchanged.',
      };
    }
    const code = this.codeByReference.get(check.claims.ReferenceId);
    const setup = code === undefined ? undefined : this.setups.get(code);
    if (setup === undefined) return { ok: false, message: 'No 3DS setup has this ReferenceId.' };
    if (bin !== undefined && (!/^\d{6,8}$/.test(bin) || bin.slice(0, 6) !== setup.bin)) {
      return {
        ok: false,
        message: 'The Bin does not belong to the card of this setup: run the setup again for a new card.',
      };
    }
    const behaviour = this.ddc.get(setup.sessionId) ?? DEFAULT_DDC;
    const collection: Collection = {
      id: randomId('ddc'),
      referenceId: setup.referenceId,
      servedAt: now,
      outcome: behaviour.outcome,
    };
    this.collections.set(collection.id, collection);
    return {
      ok: true,
      targetOrigin: check.claims.ReturnUrl,
      message:
        behaviour.outcome === 'never'
          ? undefined
          : profileCompleted(setup.referenceId, behaviour.version, behaviour.outcome === 'success'),
      delayMs: behaviour.delayMs,
      collectionId: behaviour.outcome === 'success' ? collection.id : undefined,
      frameAncestors: this.frameAncestors(setup.account),
    };
  }

  /** The collection page reports its data; from then on enrollment says deviceDataCollected. */
  completeCollection(collectionId: string): boolean {
    const collection = this.collections.get(collectionId);
    if (collection?.outcome !== 'success') return false;
    this.collections.delete(collectionId);
    if (!this.collected.has(collection.referenceId))
      this.collected.set(collection.referenceId, this.ctx.now());
    return true;
  }

  /** When collection completed for a referenceId, if it did. */
  collectedAt(referenceId: string): number | undefined {
    return this.collected.get(referenceId);
  }

  // --- check enrollment (inside Token/Generate and Token/Bind) --------------------------------------

  /**
   * Everything enrollment checks and computes, before Token/Generate writes anything: the code must be a
   * setup of this session, not used yet, for a card with the same BIN (a new BIN needs a new setup).
   */
  prepareEnrollment(
    session: Session,
    code: string,
    card: CheckedCard,
    cardNumber: string,
    frontData: FrontData | undefined,
  ): Promise<PendingEnrollment> {
    return this.enroll(
      session,
      code,
      {
        bin: card.bin,
        scripted: testCardScenario(cardNumber),
        expiry: { month: card.expirationMonth, year: card.expirationYear },
        token: undefined,
        issuer: { key: this.#cardKey(cardNumber), displayName: displayNameOf(card) },
      },
      frontData,
    );
  }

  /** The same for a saved card, inside Token/Bind: the code must be a setup made with this token. */
  prepareSavedCardEnrollment(
    session: Session,
    code: string,
    token: StoredToken,
    frontData: FrontData | undefined,
  ): Promise<PendingEnrollment> {
    return this.enroll(
      session,
      code,
      {
        bin: token.bin,
        scripted: this.savedCards.get(token.token)?.scripted,
        expiry: { month: token.expirationMonth, year: token.expirationYear },
        token: token.token,
        // A saved card's key was taken when it was saved; one saved before that has none to match.
        issuer: {
          key: this.savedCards.get(token.token)?.key ?? token.token,
          displayName: displayNameOf(token),
        },
      },
      frontData,
    );
  }

  private async enroll(
    session: Session,
    code: string,
    card: {
      bin: string;
      scripted: Scenario | undefined;
      expiry: { month: number; year: number };
      token: string | undefined;
      issuer: IssuerCard;
    },
    frontData: FrontData | undefined,
  ): Promise<PendingEnrollment> {
    const field = 'authenticationInformation.code';
    const setup = this.setups.get(code);
    if (setup?.sessionId !== session.id) throw new ServiceError('authentication_invalid', { field });
    if (setup.enrolledAt !== undefined) {
      throw new ServiceError('authentication_invalid', {
        field,
        message: 'This 3DS setup was already used: run the setup again.',
      });
    }
    // A setup by number enrolls only a new card (Generate), a setup by token only that saved card (Bind).
    if (setup.bin !== card.bin || setup.token !== card.token) {
      throw new ServiceError('authentication_invalid', {
        field,
        message: 'The 3DS setup was made for another card: run the setup again.',
      });
    }
    const now = this.ctx.now();
    const scenario = enrollmentScenario(card.scripted, card.expiry, new Date(now));
    const cardType = cardTypeOf(card.bin);
    const answer = ENROLLMENT[scenario];
    const transactionId = randomId('txn');
    const base = {
      code,
      referenceId: setup.referenceId,
      transactionId,
      reasonCode: answer.reasonCode,
      veres: answer.veres,
      ...(answer.pares === undefined ? {} : { pares: answer.pares }),
      ...(cardType === undefined ? {} : { cardType }),
    };
    const status: Pares = answer.pares ?? 'U';
    const stored = {
      code,
      referenceId: setup.referenceId,
      transactionId,
      sessionId: session.id,
      ...(session.order === undefined
        ? {}
        : { amount: session.order.amount, currency: session.order.currency }),
    };

    if (answer.pares === 'C') {
      // SPC needs the amount the browser's sheet shows: only a session with its order has one.
      const spcOffered = session.order !== undefined && this.spc.credentialsOf(card.issuer.key).length > 0;
      const challenge: Challenge = {
        transactionId,
        code,
        referenceId: setup.referenceId,
        sessionId: session.id,
        account: session.account,
        cardType,
        scenario,
        acsTransId: randomUUID(),
        windowSize: this.windowSizes.get(session.id) ?? windowSizeFor(frontData),
        returnUrl: this.returnUrl,
        enrolledAt: now,
        state: 'pending',
        startedAt: undefined,
        md: undefined,
        attempts: 0,
        result: undefined,
        completedAt: undefined,
        card: card.issuer,
        spcOffered,
        spcEnrolled: false,
        spcTicket: undefined,
      };
      const pareq = Buffer.from(
        JSON.stringify({
          messageType: 'CReq',
          messageVersion: '2.2.0',
          threeDSServerTransID: transactionId,
          acsTransID: challenge.acsTransId,
          challengeWindowSize: challenge.windowSize,
        }),
      ).toString('base64');
      const accessToken = await this.keys.sign({
        jti: randomUUID(),
        iat: Math.floor(now / 1000),
        exp: Math.ceil((now + stepUpWindow(challenge)) / 1000),
        iss: JWT_ISSUER,
        aud: 'stepup',
        OrgUnitId: session.account,
        ReferenceId: setup.referenceId,
        ReturnUrl: challenge.returnUrl,
        TransactionId: transactionId,
        Payload: { ACSUrl: this.stepUpUrl, Payload: pareq, TransactionId: transactionId },
        ObjectifyPayload: true,
      });
      return {
        answer: {
          ...base,
          status,
          liabilityShift: 'none',
          deviceDataCollected: this.collected.has(setup.referenceId),
          stepUpUrl: this.stepUpUrl,
          accessToken,
          pareq,
          challengeWindowSize: challenge.windowSize,
          authenticationTransactionId: transactionId,
        },
        commit: (token) => {
          this.claim(setup, now);
          this.challenges.set(transactionId, challenge);
          this.challengeByAcsId.set(challenge.acsTransId, transactionId);
          this.storeAuthentication({ ...stored, token, status, eci: undefined });
        },
      };
    }

    const eciOutcome: EciOutcome = answer.eci ?? 'failed';
    const eci = eciValue(cardType, eciOutcome);
    return {
      answer: {
        ...base,
        status,
        eci,
        ecommerceIndicator: ecommerceIndicator(cardType, eciOutcome),
        ...(status === 'Y' || status === 'A' ? { cavv: cavv() } : {}),
        liabilityShift: liabilityShift(status),
        deviceDataCollected: this.collected.has(setup.referenceId),
      },
      commit: (token) => {
        this.claim(setup, now);
        this.storeAuthentication({ ...stored, token, status, eci, decidedAt: now });
      },
    };
  }

  /** Re-checked at commit: two Generate calls racing with one code must not both enroll. */
  private claim(setup: SetupRecord, now: number): void {
    if (setup.enrolledAt !== undefined) {
      throw new ServiceError('authentication_invalid', {
        field: 'authenticationInformation.code',
        message: 'This 3DS setup was already used: run the setup again.',
      });
    }
    setup.enrolledAt = now;
  }

  /** What Payment/Init checks AuthenticationInformation against (sandbox/payments/init.ts). */
  private storeAuthentication(authentication: Authentication): void {
    this.ctx.store.authentications.set(authentication.code, authentication);
  }

  // --- step-up (the ACS) -----------------------------------------------------------------------------

  async startChallenge(jwt: string, md: string | undefined): Promise<ChallengeStep> {
    const now = this.ctx.now();
    const check = await this.keys.check(jwt, 'stepup', now);
    if (!check.ok && check.reason === 'invalid') {
      return {
        ok: false,
        message: 'The JWT is not valid: post the accessToken of the enrollment, unchanged.',
      };
    }
    const challenge = this.challenges.get(check.claims.TransactionId ?? '');
    if (challenge === undefined) return { ok: false, message: 'No challenge has this TransactionId.' };
    if (!check.ok || now - challenge.enrolledAt > stepUpWindow(challenge)) {
      if (challenge.state === 'pending') challenge.state = 'expired';
      return {
        ok: false,
        message: `The challenge must be opened within ${String(stepUpWindow(challenge) / 1000)} s of the enrollment answer; pay again.`,
      };
    }
    if (challenge.state !== 'pending') return { ok: false, message: 'This challenge was already opened.' };
    if (md !== undefined && md.length > MAX_MD_LENGTH) {
      return { ok: false, message: `MD is limited to ${String(MAX_MD_LENGTH)} characters.` };
    }
    challenge.state = 'started';
    challenge.startedAt = now;
    challenge.md = md;
    return { ok: true, challenge, frameAncestors: this.frameAncestors(challenge.account), error: undefined };
  }

  /** The shopper's answer on the challenge page: a code, "fail", or "cancel". */
  answerChallenge(acsTransId: string, action: string, otp: string): ChallengeStep {
    const transactionId = this.challengeByAcsId.get(acsTransId);
    const challenge = transactionId === undefined ? undefined : this.challenges.get(transactionId);
    if (challenge?.state !== 'started') return { ok: false, message: 'This challenge is not open.' };
    const frameAncestors = this.frameAncestors(challenge.account);
    const complete = (status: 'Y' | 'N', cancelled = false): ChallengeStep => {
      this.complete(challenge, status, 'challenge', cancelled);
      return { ok: true, challenge, frameAncestors, error: undefined };
    };
    switch (action) {
      case 'cancel':
        return complete('N', true);
      case 'fail':
        return complete('N');
      case 'authenticate': {
        const code = otp.trim();
        if (code === '') return { ok: true, challenge, frameAncestors, error: 'Enter the code.' };
        if (code === SANDBOX_OTP) return complete('Y');
        challenge.attempts += 1;
        if (challenge.attempts >= MAX_CODE_ATTEMPTS) return complete('N');
        const left = MAX_CODE_ATTEMPTS - challenge.attempts;
        return {
          ok: true,
          challenge,
          frameAncestors,
          error: `That code is not right. ${String(left)} ${left === 1 ? 'attempt' : 'attempts'} left.`,
        };
      }
      default:
        return { ok: false, message: 'Unknown action.' };
    }
  }

  // --- validate ------------------------------------------------------------------------------------

  /** The challenge's end: the issuer of a "challenge failed" test card fails it whatever the shopper does. */
  private complete(challenge: Challenge, status: 'Y' | 'N', method: AuthenticationMethod, cancelled = false) {
    const final = challenge.scenario === 'challenge_success' ? status : 'N';
    challenge.result = { status: final, cancelled, method };
    challenge.state = 'completed';
    challenge.completedAt = this.ctx.now();
    if (final === 'Y' && method === 'challenge') {
      challenge.spcTicket = randomBytes(24).toString('base64url');
      this.spcTickets.set(challenge.spcTicket, challenge.transactionId);
    }
  }

  /**
   * A challenge not yet opened and still within its step-up window: the only one SPC may end (one past
   * its window cannot be opened with the code either).
   */
  private openable(challenge: Challenge): boolean {
    if (challenge.state === 'pending' && this.ctx.now() - challenge.enrolledAt > stepUpWindow(challenge))
      challenge.state = 'expired';
    return challenge.state === 'pending';
  }

  private challengeOf(session: Session, authenticationTransactionId: string): Challenge {
    const challenge = this.challenges.get(authenticationTransactionId);
    if (challenge?.sessionId !== session.id) {
      throw new ServiceError('authentication_not_found', { field: 'authenticationTransactionId' });
    }
    return challenge;
  }

  // --- Secure Payment Confirmation (EMV 3DS 2.3, the issuer's side in spc.ts) --------------------------

  /**
   * The issuer's SPC offer for a challenge not yet opened, shown on the merchant's page (`payeeOrigin`,
   * one of the account's origins): none when the card has no credential, the session no amount, or the
   * challenge already began.
   */
  spcOffer(session: Session, authenticationTransactionId: string, payeeOrigin: string): SpcOffer | undefined {
    const challenge = this.challengeOf(session, authenticationTransactionId);
    const account = this.ctx.accounts.get(session.account);
    if (!(account?.allowedOrigins ?? []).includes(payeeOrigin)) {
      throw new ServiceError('origin_not_allowed', { field: 'payeeOrigin' });
    }
    const order = session.order;
    if (!challenge.spcOffered || !this.openable(challenge) || order === undefined) return undefined;
    return this.spc.offer({
      transactionId: challenge.transactionId,
      card: challenge.card.key,
      amount: order.amount.toFixed(minorDigits(order.currency)),
      currency: order.currency,
      payeeOrigin,
      instrument: { displayName: challenge.card.displayName, icon: `${this.spcOrigin}/assets/card.svg` },
    });
  }

  /**
   * The browser's SPC assertion for a challenge not yet opened: verified, it ends the challenge in Y with
   * no code. Refused, the challenge is still there to open; an assertion of one of the card's
   * credentials for the live offer that does not verify (another payment, a bad signature) counts as a
   * wrong code would (the last one fails the authentication). One without a live offer, or of no
   * credential of the card, counts for nothing: anybody could send those.
   */
  async confirmSpc(
    session: Session,
    authenticationTransactionId: string,
    assertion: AuthenticationResponseJSON,
  ): Promise<AuthenticationView> {
    const challenge = this.challengeOf(session, authenticationTransactionId);
    if (!this.openable(challenge)) {
      throw new ServiceError('spc_refused', {
        field: 'spcAssertion',
        message: 'This challenge was already opened, or its time is over: SPC is offered only before it.',
      });
    }
    const account = this.ctx.accounts.get(challenge.account);
    const verdict = await this.spc.verify(challenge.transactionId, assertion, {
      // PaymentRequest runs in the token host's 3DS frame, on the account's merchant page.
      origins: [new URL(this.ctx.urls.tokenUrl).origin],
      topOrigins: account?.allowedOrigins ?? [],
    });
    if (verdict.ok) {
      this.complete(challenge, 'Y', 'spc');
    } else if (verdict.reason === 'challenge_not_found' || verdict.reason === 'credential_not_found') {
      throw new ServiceError('spc_refused', {
        field: 'spcAssertion',
        details: { reason: verdict.reason, attemptsLeft: MAX_CODE_ATTEMPTS - challenge.attempts },
      });
    } else {
      challenge.attempts += 1;
      if (challenge.attempts < MAX_CODE_ATTEMPTS) {
        throw new ServiceError('spc_refused', {
          field: 'spcAssertion',
          details: { reason: verdict.reason, attemptsLeft: MAX_CODE_ATTEMPTS - challenge.attempts },
        });
      }
      this.complete(challenge, 'N', 'spc');
    }
    return this.validate(session, authenticationTransactionId);
  }

  /** The challenge the shopper just passed with the code whose result page holds `ticket`. */
  private enrollable(ticket: string): Challenge | undefined {
    const challenge = this.challenges.get(this.spcTickets.get(ticket) ?? '');
    const passed =
      challenge?.spcTicket === ticket &&
      !challenge.spcEnrolled &&
      this.ctx.now() - (challenge.completedAt ?? 0) < SPC_ENROLMENT_WINDOW_MS;
    return passed ? challenge : undefined;
  }

  /** The ticket the issuer's result page offers "use this device next time" with, if it does. */
  spcEnrolmentTicket(challenge: Challenge): string | undefined {
    return challenge.spcTicket !== undefined && this.enrollable(challenge.spcTicket) !== undefined
      ? challenge.spcTicket
      : undefined;
  }

  /** The creation options for the card's SPC credential, on the issuer's page after its challenge. */
  async spcEnrolmentOptions(ticket: string) {
    const challenge = this.enrollable(ticket);
    return challenge === undefined
      ? undefined
      : this.spc.enrolmentOptions(challenge.card.key, challenge.card.displayName, ticket);
  }

  /** Keeps the card's new SPC credential; a ticket enrols one device, once. */
  async spcEnrol(ticket: string, response: RegistrationResponseJSON): Promise<boolean> {
    const challenge = this.enrollable(ticket);
    if (challenge === undefined || !(await this.spc.enrol(challenge.card.key, response, ticket)))
      return false;
    challenge.spcEnrolled = true;
    this.spcTickets.delete(ticket);
    return true;
  }

  /** A test control: the SPC credentials of a card number (one, or all) forgotten by the issuer. */
  removeSpcCredentials(cardNumber: string, credentialId?: string): number {
    return this.spc.remove(this.#cardKey(cardNumber), credentialId);
  }

  /** The final answer of a challenge (spec section 3: C → Y with RC 100, or N with RC 476). */
  validate(session: Session, authenticationTransactionId: string): AuthenticationView {
    const challenge = this.challengeOf(session, authenticationTransactionId);
    if (challenge.state !== 'completed' || challenge.result === undefined) {
      throw new ServiceError('challenge_not_completed', {
        field: 'authenticationTransactionId',
        details: { state: challenge.state },
      });
    }
    const { status, cancelled, method } = challenge.result;
    const outcome: EciOutcome = status === 'Y' ? 'successful' : 'failed';
    const eci = eciValue(challenge.cardType, outcome);
    const stored = this.ctx.store.authentications.get(challenge.code);
    if (stored !== undefined) {
      stored.status = status;
      stored.eci = eci;
      stored.decidedAt ??= this.ctx.now();
    }
    return {
      code: challenge.code,
      referenceId: challenge.referenceId,
      transactionId: challenge.transactionId,
      status,
      reasonCode: status === 'Y' ? 100 : 476,
      veres: 'Y',
      pares: status,
      eci,
      ecommerceIndicator: ecommerceIndicator(challenge.cardType, outcome),
      ...(status === 'Y' ? { cavv: cavv() } : {}),
      liabilityShift: liabilityShift(status),
      deviceDataCollected: this.collected.has(challenge.referenceId),
      ...(challenge.cardType === undefined ? {} : { cardType: challenge.cardType }),
      ...(cancelled ? { challengeCancel: '01' as const } : {}),
      authenticationMethod: method,
      authenticationTransactionId: challenge.transactionId,
    };
  }

  /** Who may frame the return page for a transaction; undefined when it is not a challenge. */
  returnAncestors(transactionId: string): string[] | undefined {
    const challenge = this.challenges.get(transactionId);
    return challenge === undefined ? undefined : this.frameAncestors(challenge.account);
  }

  /** The provider's pages may be framed by the token host's frames inside the account's merchant pages. */
  private frameAncestors(accountName: string): string[] {
    const account = this.ctx.accounts.get(accountName);
    return [new URL(this.ctx.urls.tokenUrl).origin, ...(account?.allowedOrigins ?? [])];
  }
}

/**
 * What the step-up window grows by when the browser's SPC sheet may come first: the sheet's time, and
 * as long again for the 3DS frame to load and ask for the offer before it, and to give up on a sheet
 * that never answers.
 */
export const SPC_STEP_UP_EXTRA_MS = 2 * SPC_TIMEOUT_MS;

/** How long the step-up JWT lives: longer when the browser's SPC sheet may come first. */
function stepUpWindow(challenge: Pick<Challenge, 'spcOffered'>): number {
  return STEP_UP_WINDOW_MS + (challenge.spcOffered ? SPC_STEP_UP_EXTRA_MS : 0);
}

/** Cardinal's `profile.completed` message, as the JSON string the collection page posts. */
export function profileCompleted(referenceId: string, version: 1 | 2, collected: boolean): string {
  if (version === 1) {
    return JSON.stringify({ MessageType: 'profile.completed', SessionId: referenceId, Status: collected });
  }
  return JSON.stringify({
    MessageType: 'profile.completed',
    Payload: {
      // Cardinal documents SUCCESS and ERROR.
      ActionCode: collected ? 'SUCCESS' : 'ERROR',
      SessionId: referenceId,
      DataSources: {
        CardinalData: { Attempted: true, Completed: collected },
        MethodUrl: { Attempted: collected, Completed: collected },
      },
    },
  });
}

/**
 * A setup by BIN, as a 3DS provider's device data collection needs no more (Cardinal's `bin.process`
 * takes the BIN): the network must be one the service accepts. The test card's scenario is read at
 * enrollment, from the number Token/Generate gets.
 */
function checkBin(bin: string): Pick<SetupRecord, 'bin' | 'cardType' | 'scripted' | 'token'> {
  if (!/^\d{6,8}$/.test(bin))
    throw new ServiceError('invalid_request', { field: 'bin', message: 'bin: the first 6 to 8 digits' });
  const brand = detectBrand(bin);
  if (brand?.supported !== true) throw new ServiceError('card_brand_unsupported', { field: 'bin' });
  return { bin: bin.slice(0, 6), cardType: brand.cardType, scripted: undefined, token: undefined };
}
