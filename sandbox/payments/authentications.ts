// The 3DS outcome where the money moves: which card payments need an authentication, and whether the one
// given may pay. Token/Generate and Token/Bind make an authentication (sandbox/three-ds/); Payment/Init
// checks it here and spends it when the payment is stored. Every rule the spec leaves open is chosen here,
// once, and written in docs/service-contract.md.

import type { Account } from '../accounts.ts';
import { ServiceError } from '../errors.ts';
import type { SandboxContext } from '../http/context.ts';
import { sameAmount } from './money.ts';
import type { PaymentMethodRequest } from '../schemas.ts';
import type { Authentication, Session, StoredToken } from '../records.ts';

/**
 * How long an authentication can pay after its outcome was known (the enrollment answer, or the
 * validation of a challenge). The spec is silent; a checkout pays within minutes of its 3DS, and a
 * session lasts 30.
 */
export const AUTHENTICATION_TTL_MS = 15 * 60_000;

/** paymentMethodType of the spec's "3DS card" request: it always carries AuthenticationInformation. */
export const THREE_DS_METHOD_TYPE = '7';

/** What the payment charges with the method: its own amount, or the payment's when it is the only one. */
export interface Charge {
  amount: number;
  currency: string;
}

function authenticationRequired(field: string, message: string): ServiceError {
  return new ServiceError('authentication_required', {
    field: `${field}.AuthenticationInformation`,
    message,
  });
}

/**
 * Whether a card payment must carry a successful authentication whatever its token did: on an account
 * with 3DS on, every payment a browser starts (client script for everything) does, since nothing else
 * stands between a page and the money. A backend payment is the merchant's call, made with its app
 * token (a merchant-initiated charge, an exemption it asked for): the token's own 3DS still binds it.
 */
export function threeDsRequiredFor(account: Account, source: 'backend' | 'browser' | 'pci'): boolean {
  return account.threeDS && source === 'browser';
}

/** A method type 7 without AuthenticationInformation is refused, whatever it pays with. */
export function requireAuthenticationOfType(method: PaymentMethodRequest, field: string): void {
  if (method.paymentMethodType === THREE_DS_METHOD_TYPE && method.AuthenticationInformation === undefined) {
    throw authenticationRequired(field, 'paymentMethodType 7 (3DS card) needs AuthenticationInformation.');
  }
}

/**
 * The newest authentication Token/Generate or Token/Bind ran for this token in this session, if any (a
 * saved card may be bound again with a new setup: the latest 3DS decides). Once it has paid, the card pays
 * again without 3DS, as a saved card bound without `authenticationInformation` does.
 */
function authenticationOfToken(
  ctx: SandboxContext,
  session: Session,
  token: StoredToken,
): Authentication | undefined {
  let newest: Authentication | undefined;
  // The store keeps insertion order, so the last match is the newest.
  for (const authentication of ctx.store.authentications.values()) {
    if (authentication.token === token.token && authentication.sessionId === session.id)
      newest = authentication;
  }
  return newest;
}

/**
 * Checks a Service token method's AuthenticationInformation and answers the authentication it spends
 * (undefined when the method pays without 3DS). Nothing is written: `spend` does that with the payment.
 * `claimed` holds the codes earlier methods of the same request spend.
 */
export function checkAuthentication(
  ctx: SandboxContext,
  input: {
    session: Session;
    token: StoredToken;
    method: PaymentMethodRequest;
    charge: Charge;
    claimed: Set<string>;
    field: string;
    /**
     * Why this payment needs a successful authentication, if it does: the account runs 3DS on it
     * (threeDsRequiredFor), or it is an online debit. No authentication, no payment.
     */
    required: 'account' | 'debit' | undefined;
  },
): Authentication | undefined {
  const { session, token, method, charge, claimed, field } = input;
  const given = method.AuthenticationInformation;
  const authField = `${field}.AuthenticationInformation`;
  if (given === undefined && input.required !== undefined) {
    const why =
      input.required === 'debit'
        ? 'an online debit needs a successful 3DS authentication, on every account.'
        : 'this account runs 3DS on every card payment a browser starts.';
    throw new ServiceError('three_ds_required', {
      field: authField,
      message: `${authField}: ${why} Tokenize (or bind) the card with authenticationInformation and pay with its code, referenceId and transactionId as AuthenticationInformation.`,
    });
  }
  if (given === undefined) {
    const carried = authenticationOfToken(ctx, session, token);
    if (carried !== undefined && carried.paymentId === undefined) {
      throw authenticationRequired(
        field,
        'This card ran 3DS when it was tokenized: send that authentication as AuthenticationInformation.',
      );
    }
    return undefined;
  }
  const known = ctx.store.authentications.get(given.Code);
  if (
    known?.sessionId !== session.id ||
    known.referenceId !== given.ReferenceId ||
    known.transactionId !== given.TransactionId ||
    (known.token !== undefined && known.token !== token.token)
  ) {
    throw new ServiceError('authentication_invalid', { field: authField });
  }
  if (known.status === 'N' || known.status === 'R')
    throw new ServiceError('authentication_failed', { field: authField });
  // A debit pays only when the cardholder was authenticated (Y) or the issuer stood in (A).
  if (known.status === 'U' && input.required === 'debit') {
    throw new ServiceError('authentication_failed', {
      field: authField,
      message: `${authField}: the authentication was unavailable (U); an online debit needs Y or A.`,
    });
  }
  if (known.status === 'C') {
    throw new ServiceError('authentication_invalid', {
      field: authField,
      message: 'The 3DS challenge was not completed.',
    });
  }
  if (known.paymentId !== undefined || claimed.has(known.code)) {
    throw new ServiceError('authentication_already_used', {
      field: authField,
      ...(known.paymentId === undefined ? {} : { details: { paymentId: known.paymentId } }),
    });
  }
  if (known.decidedAt !== undefined && ctx.now() - known.decidedAt > AUTHENTICATION_TTL_MS) {
    throw new ServiceError('authentication_expired', {
      field: authField,
      details: { ttlSeconds: AUTHENTICATION_TTL_MS / 1000 },
    });
  }
  if (
    known.amount !== undefined &&
    (charge.currency !== known.currency || !sameAmount(charge.amount, known.amount, charge.currency))
  ) {
    throw new ServiceError('authentication_amount_mismatch', {
      field: `${field}.amount`,
      details: { authenticatedAmount: known.amount, authenticatedCurrency: known.currency },
    });
  }
  claimed.add(known.code);
  return known;
}

/** Written with the payment, in the same synchronous step: the authentication has paid. */
export function spendAuthentication(authentication: Authentication, paymentId: string): void {
  authentication.paymentId = paymentId;
}
