// Secure Payment Confirmation at the sandbox's 3DS provider, the issuer's side (EMV 3DS 2.3, W3C SPC):
// after a successful challenge the issuer may enrol a payment credential for the card on the shopper's
// device (a WebAuthn credential created on the issuer's origin with the `payment` extension); on a later
// authentication of that card it offers the credentials, a challenge and the instrument, and verifies
// the browser's assertion: clientDataJSON of type `payment.get` carrying the payment the browser showed
// (the RP ID, the merchant's origin, the amount and currency, the card's name and icon), signed over the
// challenge, which is single-use and bound to the transaction and its amount. WebAuthn itself is
// @simplewebauthn/server's (it takes an expected type other than `webauthn.get`); what the issuer adds
// is here. The credential is the issuer's: neither the merchant nor the token host holds it.

import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';

/** The verifier, loaded on the first ceremony (about a second to import), as passkeys.ts loads it. */
const webauthn = () => import('@simplewebauthn/server');

/** How long the shopper has for the browser's sheet. */
export const SPC_TIMEOUT_MS = 60_000;
/** An offer's challenge outlives the sheet by this much: an assertion made at its last second still counts. */
export const SPC_ANSWER_GRACE_MS = 30_000;

/** A card's SPC credential on one device, as the issuer keeps it. */
export interface SpcCredential {
  id: string;
  /** The card it was enrolled for: the issuer's key of the card number (never the number). */
  card: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  createdAt: number;
}

/** The authentication a browser is asked to confirm: what the issuer binds the challenge to. */
export interface SpcTransaction {
  /** The 3DS transaction (the challenge's, as ThreeDS/Validate names it). */
  transactionId: string;
  card: string;
  /** The amount as PaymentRequest's total writes it (`120.00`) and its ISO 4217 currency. */
  amount: string;
  currency: string;
  /** The merchant's origin, shown in the browser's sheet. */
  payeeOrigin: string;
  /** The card as the sheet shows it: its name (`Visa •••• 2701`) and an https or data: icon. */
  instrument: { displayName: string; icon: string };
}

/** What the issuer's enrolment answer adds for a card with credentials: what PaymentRequest needs. */
export interface SpcOffer {
  credentialIds: string[];
  challenge: string;
  rpId: string;
  payeeOrigin: string;
  instrument: { displayName: string; icon: string };
  total: { currency: string; value: string };
  timeout: number;
}

/** Why an assertion was refused: every refusal counts as a wrong code would, and the challenge runs. */
export type SpcRefusal =
  'challenge_not_found' | 'credential_not_found' | 'payment_mismatch' | 'assertion_invalid';

export type SpcVerdict = { ok: true } | { ok: false; reason: SpcRefusal };

/** Where the browser ran PaymentRequest: the frame's origin and the merchant page above it. */
export interface SpcPage {
  origins: readonly string[];
  topOrigins: readonly string[];
}

const randomChallenge = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');

interface Pending<T> {
  challenge: string;
  expiresAt: number;
  subject: T;
}

/** The issuer's SPC credentials and ceremonies; `relyingParty` is the issuer's own origin and RP ID. */
export class SpcIssuer {
  readonly #credentials = new Map<string, SpcCredential>();
  readonly #enrolments = new Map<string, Pending<string>>();
  readonly #offers = new Map<string, Pending<SpcTransaction>>();

  constructor(
    private readonly now: () => number,
    private readonly relyingParty: { origin: string; rpID: string; name: string },
  ) {}

  /** The credentials of a card, on every device the shopper enrolled. */
  credentialsOf(card: string): SpcCredential[] {
    return [...this.#credentials.values()].filter((credential) => credential.card === card);
  }

  /** A test control: the card's credentials on one device (or every one) forgotten. */
  remove(card: string, credentialId?: string): number {
    const removed = this.credentialsOf(card).filter(
      (c) => credentialId === undefined || c.id === credentialId,
    );
    for (const credential of removed) this.#credentials.delete(credential.id);
    return removed.length;
  }

  /**
   * The creation options for enrolling the card on this device, after its challenge succeeded: a
   * platform credential that verifies its user, with the `payment` extension, on the issuer's origin.
   * `ceremony` names this enrolment (the challenge's): two devices may enrol the same card at once.
   */
  async enrolmentOptions(card: string, displayName: string, ceremony: string) {
    const { generateRegistrationOptions } = await webauthn();
    const options = await generateRegistrationOptions({
      rpName: this.relyingParty.name,
      rpID: this.relyingParty.rpID,
      userName: displayName,
      userDisplayName: displayName,
      timeout: SPC_TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: this.credentialsOf(card).map(({ id }) => ({ id })),
      authenticatorSelection: {
        authenticatorAttachment: 'platform',
        residentKey: 'required',
        userVerification: 'required',
      },
      extensions: { payment: { isPayment: true } } as AuthenticationExtensionsClientInputs,
      supportedAlgorithmIDs: [-7, -257],
    });
    this.#enrolments.set(ceremony, {
      challenge: options.challenge,
      expiresAt: this.now() + SPC_TIMEOUT_MS,
      subject: card,
    });
    return options;
  }

  /** Verifies the enrolment's credential, created on the issuer's own page, and keeps it for the card. */
  async enrol(card: string, response: RegistrationResponseJSON, ceremony: string): Promise<boolean> {
    const pending = this.#spend(this.#enrolments, ceremony);
    if (pending?.subject !== card) return false;
    const { verifyRegistrationResponse } = await webauthn();
    const verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: pending.challenge,
      expectedOrigin: this.relyingParty.origin,
      expectedRPID: this.relyingParty.rpID,
      requireUserVerification: true,
    }).catch(() => undefined);
    if (verified?.verified !== true) return false;
    const { credential } = verified.registrationInfo;
    this.#credentials.set(credential.id, {
      id: credential.id,
      card,
      publicKey: credential.publicKey,
      counter: credential.counter,
      createdAt: this.now(),
    });
    return true;
  }

  /**
   * The offer for an authentication of a card with credentials, with a new challenge bound to the
   * transaction; none for a card without (the challenge runs as before).
   */
  offer(transaction: SpcTransaction): SpcOffer | undefined {
    const credentials = this.credentialsOf(transaction.card);
    if (credentials.length === 0) return undefined;
    const challenge = randomChallenge();
    this.#offers.set(transaction.transactionId, {
      challenge,
      expiresAt: this.now() + SPC_TIMEOUT_MS + SPC_ANSWER_GRACE_MS,
      subject: transaction,
    });
    return {
      credentialIds: credentials.map(({ id }) => id),
      challenge,
      rpId: this.relyingParty.rpID,
      payeeOrigin: transaction.payeeOrigin,
      instrument: transaction.instrument,
      total: { currency: transaction.currency, value: transaction.amount },
      timeout: SPC_TIMEOUT_MS,
    };
  }

  /**
   * The browser's assertion for the transaction's offer, verified once (the challenge is spent whatever
   * the outcome): one of the card's credentials, type `payment.get`, the payment the issuer offered and
   * the merchant's page, the challenge signed with the user verified, a counter that moved on.
   */
  async verify(
    transactionId: string,
    response: AuthenticationResponseJSON,
    page: SpcPage,
  ): Promise<SpcVerdict> {
    const pending = this.#spend(this.#offers, transactionId);
    if (pending === undefined) return { ok: false, reason: 'challenge_not_found' };
    const transaction = pending.subject;
    const credential = this.#credentials.get(response.id);
    if (credential?.card !== transaction.card) return { ok: false, reason: 'credential_not_found' };
    if (!this.#showedTheOffer(response, transaction, page)) return { ok: false, reason: 'payment_mismatch' };
    const { verifyAuthenticationResponse } = await webauthn();
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: pending.challenge,
      expectedOrigin: [...page.origins],
      expectedTopOrigin: [...page.topOrigins],
      expectedRPID: this.relyingParty.rpID,
      expectedType: 'payment.get',
      requireUserVerification: true,
      credential: { id: credential.id, publicKey: credential.publicKey, counter: credential.counter },
    }).catch(() => undefined);
    if (verified?.verified !== true) return { ok: false, reason: 'assertion_invalid' };
    credential.counter = verified.authenticationInfo.newCounter;
    return { ok: true };
  }

  /** The payment in clientDataJSON is the one offered, on an allowed merchant page. */
  #showedTheOffer(response: AuthenticationResponseJSON, transaction: SpcTransaction, page: SpcPage): boolean {
    let clientData: { payment?: Record<string, unknown> };
    try {
      clientData = JSON.parse(
        Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8'),
      ) as {
        payment?: Record<string, unknown>;
      };
    } catch {
      return false;
    }
    const payment = clientData.payment;
    const total = payment?.['total'] as { currency?: unknown; value?: unknown } | undefined;
    const instrument = payment?.['instrument'] as { displayName?: unknown; icon?: unknown } | undefined;
    return (
      payment?.['rpId'] === this.relyingParty.rpID &&
      page.topOrigins.includes(String(payment['topOrigin'])) &&
      // The payee the sheet named is the merchant's page the payment was made on.
      payment['topOrigin'] === transaction.payeeOrigin &&
      payment['payeeOrigin'] === transaction.payeeOrigin &&
      total?.currency === transaction.currency &&
      total.value === transaction.amount &&
      instrument?.displayName === transaction.instrument.displayName &&
      instrument.icon === transaction.instrument.icon
    );
  }

  /** A ceremony's pending challenge, removed: used once, and only before it expires. */
  #spend<T>(pending: Map<string, Pending<T>>, key: string): Pending<T> | undefined {
    const found = pending.get(key);
    pending.delete(key);
    return found !== undefined && this.now() < found.expiresAt ? found : undefined;
  }
}
