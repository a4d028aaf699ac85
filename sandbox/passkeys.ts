// Passkeys for stored cards (our addition to the spec: the endpoints are the sandbox's own, documented in
// docs/service-contract.md): a shopper who proved a stored card's security code in a session (Token/Bind)
// or saved the card in it may register a passkey for that card; later sessions bind the card with an
// assertion instead of the code. WebAuthn itself is @simplewebauthn/server's; what it leaves to the
// relying party is here: single-use challenges bound to a session, a token and a ceremony, with an
// expiry; the frame's top origin checked against the account's merchant origins (by hand for a
// registration, which the library does not check); credentials scoped to account, customer and token;
// failed assertions counted with wrong security codes (lockout.ts), and a lock revoking the card's passkeys.

import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { z } from 'zod';
import type { Account } from './accounts.ts';
import { ServiceError } from './errors.ts';
import type { SandboxContext } from './http/context.ts';
import { recordFailedCheck } from './lockout.ts';
import type { authenticationResponseSchema, registrationResponseSchema } from './schemas.ts';
import type { PasskeyCredential, Session, StoredToken } from './records.ts';

// The schemas' output is WebAuthn's JSON (an absent key stays absent, never undefined).
type RegistrationResponse = z.output<typeof registrationResponseSchema>;
type AuthenticationResponse = z.output<typeof authenticationResponseSchema>;

/**
 * The verifier, loaded on the first ceremony: it takes about a second to import (its ASN.1 and X.509
 * stack), which a sandbox start should not pay for.
 */
const webauthn = () => import('@simplewebauthn/server');

/** How long the browser may take over a ceremony, and so how long its challenge lives. */
export const PASSKEY_TIMEOUT_MS = 60_000;

/** The service's name as authenticators show it beside the card. */
const RP_NAME = 'Service Checkout';

type Ceremony = 'register' | 'authenticate';

function challengeKey(ceremony: Ceremony, sessionId: string, token: string): string {
  return `${ceremony}\u0000${sessionId}\u0000${token}`;
}

/** The token host's origin and its domain: the only origin and RP ID a passkey of this service has. */
function relyingParty(ctx: SandboxContext): { origin: string; rpID: string } {
  const url = new URL(ctx.urls.tokenUrl);
  return { origin: url.origin, rpID: url.hostname };
}

/** The passkeys of one stored card of the account's customer. */
export function passkeysOf(ctx: SandboxContext, token: StoredToken): PasskeyCredential[] {
  return [...ctx.store.passkeys.values()].filter(
    (credential) =>
      credential.token === token.token &&
      credential.account === token.account &&
      credential.customerId === token.customerId,
  );
}

/** Deletes every passkey of a stored card (the card deleted or locked). */
export function revokePasskeysOf(ctx: SandboxContext, token: StoredToken): number {
  const revoked = passkeysOf(ctx, token);
  for (const credential of revoked) ctx.store.passkeys.delete(credential.id);
  return revoked.length;
}

/**
 * A stored card of this session's customer that may be bound or registered: the account's, the
 * customer's, saved with consent (a single-use token has no later session to use a passkey in).
 */
export function storedTokenOf(ctx: SandboxContext, account: Account, session: Session, token: string) {
  const stored = ctx.store.tokens.get(token);
  if (stored?.account !== account.name || stored.customerId !== session.customer.id || stored.singleUse) {
    throw new ServiceError('token_not_found', { field: 'token' });
  }
  return stored;
}

/** A credential as options and the verifier name it; the transports as the authenticator reported them. */
function descriptor({ id, transports }: PasskeyCredential) {
  return { id, ...(transports === undefined ? {} : { transports: transports as AuthenticatorTransport[] }) };
}

function issueChallenge(ctx: SandboxContext, key: string, challenge: string): void {
  // One ceremony at a time per session and card: a new one replaces the old challenge.
  ctx.store.passkeyChallenges.set(key, { challenge, expiresAt: ctx.now() + PASSKEY_TIMEOUT_MS });
}

/** The challenge of this ceremony, spent whatever the outcome: a response is verified once. */
function spendChallenge(ctx: SandboxContext, key: string): string | undefined {
  const found = ctx.store.passkeyChallenges.get(key);
  ctx.store.passkeyChallenges.delete(key);
  return found !== undefined && ctx.now() < found.expiresAt ? found.challenge : undefined;
}

/**
 * The random WebAuthn user handle of (account, customer, card): one passkey entry per card on the
 * shopper's device, named by the card, and nothing that links the customer across merchants.
 */
function userHandle(ctx: SandboxContext, token: StoredToken): Uint8Array<ArrayBuffer> {
  let handle = ctx.store.passkeyUsers.get(token.token);
  if (handle === undefined) {
    handle = crypto.getRandomValues(new Uint8Array(32));
    ctx.store.passkeyUsers.set(token.token, handle);
  }
  return handle;
}

/**
 * A passkey is enrolled only for a card saved in this session or bound in it with its security code. A
 * passkey bind does not count: the holder of one authenticator would otherwise add others without ever
 * knowing the code.
 */
function refuseEnrollmentWithoutCode(session: Session, token: StoredToken): void {
  if (token.sessionId === session.id) return;
  const proof = session.boundTokens.get(token.token);
  if (proof === 'cvv') return;
  throw new ServiceError('passkey_enrollment_not_allowed', {
    field: 'token',
    ...(proof === 'passkey'
      ? {
          message:
            'This card was bound with a passkey in this session; bind it with its security code in this session to add a passkey.',
        }
      : {}),
  });
}

/** Passkey/RegistrationOptions: only for a card whose code was checked, or that was saved, in this session. */
export async function registrationOptions(ctx: SandboxContext, session: Session, token: StoredToken) {
  refuseEnrollmentWithoutCode(session, token);
  const { rpID } = relyingParty(ctx);
  const card = `${token.brand} •••• ${token.last4}`;
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userID: userHandle(ctx, token),
    userName: card,
    userDisplayName: card,
    timeout: PASSKEY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: passkeysOf(ctx, token).map(descriptor),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
  });
  issueChallenge(ctx, challengeKey('register', session.id, token.token), options.challenge);
  return options;
}

interface ClientData {
  crossOrigin?: unknown;
  topOrigin?: unknown;
}

function clientDataOf(clientDataJSON: string): ClientData {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    return typeof parsed === 'object' && parsed !== null ? parsed : {};
  } catch {
    return {};
  }
}

/**
 * The page a registration was made under, checked by hand (the library checks it for assertions only):
 * in a frame, the top page must be one of the account's merchant origins; at top level (the token
 * host's own window, Safari's way) there is none. A frame that does not say its top page is refused.
 */
function checkTopOrigin(account: Account, clientDataJSON: string): void {
  const { crossOrigin, topOrigin } = clientDataOf(clientDataJSON);
  if (crossOrigin === true) {
    if (typeof topOrigin !== 'string' || !account.allowedOrigins.includes(topOrigin))
      throw verificationFailed('top_origin_not_allowed');
  } else if (topOrigin !== undefined) {
    throw verificationFailed('top_origin_without_cross_origin');
  }
}

/** What every verification expects: this challenge, the token host, and a shopper who verified. */
function expected(ctx: SandboxContext, challenge: string) {
  const { origin, rpID } = relyingParty(ctx);
  return {
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  };
}

/** The library's verdict: it throws on most refusals and answers `verified: false` on others. */
async function verifiedOrUndefined<T extends { verified: boolean }>(
  verification: Promise<T>,
): Promise<T | undefined> {
  try {
    const result = await verification;
    return result.verified ? result : undefined;
  } catch {
    return undefined;
  }
}

function verificationFailed(reason: string, details: Record<string, unknown> = {}): ServiceError {
  return new ServiceError('passkey_verification_failed', {
    field: 'passkey',
    details: { reason, ...details },
  });
}

/** Passkey/Register: the registration verified and its credential bound to the card. */
export async function register(
  ctx: SandboxContext,
  account: Account,
  session: Session,
  token: StoredToken,
  response: RegistrationResponse,
): Promise<PasskeyCredential> {
  // The write checks again what its options call checked: the session's proof of the card.
  refuseEnrollmentWithoutCode(session, token);
  const challenge = spendChallenge(ctx, challengeKey('register', session.id, token.token));
  if (challenge === undefined) throw verificationFailed('challenge_not_found');
  const { verifyRegistrationResponse } = await webauthn();
  const verified = await verifiedOrUndefined(
    verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      ...expected(ctx, challenge),
    }),
  );
  const info = verified?.registrationInfo;
  if (info === undefined) throw verificationFailed('registration_invalid');
  checkTopOrigin(account, response.response.clientDataJSON);
  const { credential, credentialDeviceType, credentialBackedUp } = info;
  if (ctx.store.passkeys.has(credential.id)) throw verificationFailed('credential_already_registered');
  const stored: PasskeyCredential = {
    id: credential.id,
    publicKey: credential.publicKey,
    counter: credential.counter,
    transports: credential.transports,
    account: account.name,
    customerId: session.customer.id,
    token: token.token,
    deviceType: credentialDeviceType,
    backedUp: credentialBackedUp,
    createdAt: ctx.now(),
    lastUsedAt: undefined,
  };
  ctx.store.passkeys.set(stored.id, stored);
  return stored;
}

/** Passkey/AuthenticationOptions: the card's passkeys to choose from, user verification required. */
export async function authenticationOptions(ctx: SandboxContext, session: Session, token: StoredToken) {
  const credentials = passkeysOf(ctx, token);
  if (credentials.length === 0) throw new ServiceError('passkey_not_found', { field: 'token' });
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx).rpID,
    timeout: PASSKEY_TIMEOUT_MS,
    userVerification: 'required',
    allowCredentials: credentials.map(descriptor),
  });
  issueChallenge(ctx, challengeKey('authenticate', session.id, token.token), options.challenge);
  return options;
}

/**
 * Token/Bind's passkey check, in place of the security code's: the assertion of one of this card's
 * passkeys, on this session's challenge, from a frame under one of the account's merchant origins, with
 * user verification and a counter that moved on. A failure counts as a wrong security code does; the
 * lock it may bring revokes the card's passkeys.
 */
export async function verifyAssertion(
  ctx: SandboxContext,
  account: Account,
  session: Session,
  token: StoredToken,
  response: AuthenticationResponse,
): Promise<void> {
  const failed = (reason: string) => {
    const { attemptsLeft, locked } = recordFailedCheck(token, ctx.now());
    if (locked) revokePasskeysOf(ctx, token);
    return verificationFailed(reason, { attemptsLeft });
  };
  const challenge = spendChallenge(ctx, challengeKey('authenticate', session.id, token.token));
  if (challenge === undefined) throw failed('challenge_not_found');
  const credential = passkeysOf(ctx, token).find((candidate) => candidate.id === response.id);
  if (credential === undefined) throw failed('credential_not_found');
  const { verifyAuthenticationResponse } = await webauthn();
  const verified = await verifiedOrUndefined(
    verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      ...expected(ctx, challenge),
      expectedTopOrigin: account.allowedOrigins,
      credential: { ...descriptor(credential), publicKey: credential.publicKey, counter: credential.counter },
    }),
  );
  if (verified === undefined) throw failed('assertion_invalid');
  credential.counter = verified.authenticationInfo.newCounter;
  credential.lastUsedAt = ctx.now();
}

/** What the merchant's backend sees of a passkey (Passkey/List): never the key. */
export function passkeyView(credential: PasskeyCredential) {
  return {
    credentialId: credential.id,
    token: credential.token,
    deviceType: credential.deviceType,
    backedUp: credential.backedUp,
    createdAt: new Date(credential.createdAt).toISOString(),
    ...(credential.lastUsedAt === undefined
      ? {}
      : { lastUsedAt: new Date(credential.lastUsedAt).toISOString() }),
  };
}
