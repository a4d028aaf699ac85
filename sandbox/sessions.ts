// Session look-up shared by the token API and the payment engine.

import type { Account } from './accounts.ts';
import { ServiceError } from './errors.ts';
import type { SandboxContext } from './http/context.ts';
import type { Session } from './store.ts';

/** A session of this account that has not expired. Another account's session is simply "not found". */
export function loadSession(ctx: SandboxContext, account: Account, sessionId: string): Session {
  const session = ctx.store.sessions.get(sessionId);
  if (session?.account !== account.name) throw new ServiceError('session_not_found');
  if (ctx.now() >= session.expiresAt) throw new ServiceError('session_expired');
  return session;
}
