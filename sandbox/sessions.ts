// Session look-up shared by the token API and the payment engine.

import type { Account } from './accounts.ts';
import { ServiceError } from './errors.ts';
import type { SandboxContext } from './http/context.ts';
import type { CheckedCard, Customer, Session, StoredToken, Vendor } from './records.ts';
import { randomId } from './ids.ts';

/** A new session (not stored yet: callers store it once everything else has passed). */
export function newSession(
  ctx: SandboxContext,
  account: Account,
  fields: {
    customer: Customer;
    partnerUniqueId?: string | undefined;
    is3dsTest?: boolean;
    order?: Session['order'];
    vendor?: Vendor | undefined;
  },
): Session {
  const now = ctx.now();
  return {
    id: randomId('ses'),
    account: account.name,
    customer: fields.customer,
    partnerUniqueId: fields.partnerUniqueId,
    is3dsTest: fields.is3dsTest ?? false,
    order: fields.order,
    orderPaid: false,
    vendor: fields.vendor,
    createdAt: now,
    expiresAt: now + ctx.sessionTtlMs,
    boundTokens: new Map(),
  };
}

/** A vault entry for a checked card: masked data and the issuer's reference, never the number or CVV. */
export function newToken(
  ctx: SandboxContext,
  session: Session,
  card: CheckedCard,
  cardReference: string,
  singleUse: boolean,
): StoredToken {
  return {
    token: randomId('tok'),
    account: session.account,
    customerId: session.customer.id,
    sessionId: session.id,
    singleUse,
    used: false,
    brand: card.brand,
    bin: card.bin,
    last4: card.last4,
    maskedNumber: card.maskedNumber,
    expirationMonth: card.expirationMonth,
    expirationYear: card.expirationYear,
    holderName: card.holderName,
    cvvLength: card.cvvLength,
    funding: card.funding,
    cardReference,
    createdAt: ctx.now(),
  };
}

/** A session of this account that has not expired. Another account's session is simply "not found". */
export function loadSession(ctx: SandboxContext, account: Account, sessionId: string): Session {
  const session = ctx.store.sessions.get(sessionId);
  if (session?.account !== account.name) throw new ServiceError('session_not_found');
  if (ctx.now() >= session.expiresAt) throw new ServiceError('session_expired');
  return session;
}
