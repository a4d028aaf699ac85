// Passkeys on {token_url} (sandbox/passkeys.ts): the ceremonies the token host's passkey frame runs
// (same-origin, never from a merchant page), and the merchant backend's list, revoke and card delete.

import type { Context } from 'hono';
import type { z } from 'zod';
import { ServiceError } from '../errors.ts';
import type { RouteHandlers, SandboxContext, SandboxEnv } from '../http/context.ts';
import { backendOnly, tokenHostFrameOnly } from '../http/guards.ts';
import { BODY_LIMITS, readBody } from '../http/request.ts';
import { refuseLockedToken } from '../lockout.ts';
import {
  authenticationOptions,
  passkeyView,
  register,
  registrationOptions,
  revokePasskeysOf,
  storedTokenOf,
} from '../passkeys.ts';
import {
  passkeyListSchema,
  passkeyOptionsSchema,
  passkeyRegisterSchema,
  passkeyRevokeSchema,
  tokenDeleteSchema,
} from '../schemas.ts';
import { loadSession } from '../sessions.ts';

export function passkeyHandlers(ctx: SandboxContext) {
  const { store, accounts } = ctx;
  const frameOnly = tokenHostFrameOnly(accounts, new URL(ctx.urls.tokenUrl).origin);
  /** A ceremony's request: its body, and the session's saved card it is for, not locked. */
  const ceremonyOf = async <T extends z.ZodType<{ sessionId: string; token: string }>>(
    c: Context<SandboxEnv>,
    schema: T,
  ) => {
    const account = c.get('account');
    const body = await readBody(c, schema, BODY_LIMITS.token);
    const session = loadSession(ctx, account, body.sessionId);
    const token = storedTokenOf(ctx, account, session, body.token);
    refuseLockedToken(token, ctx.now());
    return { account, session, token, body };
  };

  return {
    registrationOptions: [
      frameOnly,
      async (c) => {
        const { session, token } = await ceremonyOf(c, passkeyOptionsSchema);
        return c.json({ optionsJSON: await registrationOptions(ctx, session, token) });
      },
    ],
    register: [
      frameOnly,
      async (c) => {
        const { account, session, token, body } = await ceremonyOf(c, passkeyRegisterSchema);
        const credential = await register(ctx, account, session, token, body.response);
        return c.json({ registered: true, passkey: passkeyView(credential) });
      },
    ],
    authenticationOptions: [
      frameOnly,
      async (c) => {
        const { session, token } = await ceremonyOf(c, passkeyOptionsSchema);
        return c.json({ optionsJSON: await authenticationOptions(ctx, session, token) });
      },
    ],
    // The merchant's backend: a customer's passkeys, one revoked, a stored card deleted with its passkeys.
    list: [
      backendOnly(accounts),
      async (c) => {
        const account = c.get('account');
        const body = await readBody(c, passkeyListSchema, BODY_LIMITS.token);
        const passkeys = [...store.passkeys.values()]
          .filter(
            (credential) => credential.account === account.name && credential.customerId === body.customerId,
          )
          .sort((a, b) => a.createdAt - b.createdAt)
          .map(passkeyView);
        return c.json({ passkeys });
      },
    ],
    revoke: [
      backendOnly(accounts),
      async (c) => {
        const account = c.get('account');
        const body = await readBody(c, passkeyRevokeSchema, BODY_LIMITS.token);
        const credential = store.passkeys.get(body.credentialId);
        if (credential?.account !== account.name)
          throw new ServiceError('passkey_not_found', { field: 'credentialId' });
        store.passkeys.delete(credential.id);
        return c.json({ revoked: true, credentialId: credential.id });
      },
    ],
    deleteToken: [
      backendOnly(accounts),
      async (c) => {
        const account = c.get('account');
        const body = await readBody(c, tokenDeleteSchema, BODY_LIMITS.token);
        const token = store.tokens.get(body.token);
        if (token?.account !== account.name) throw new ServiceError('token_not_found', { field: 'token' });
        const passkeysRevoked = revokePasskeysOf(ctx, token);
        store.tokens.delete(token.token);
        store.passkeyUsers.delete(token.token);
        return c.json({ deleted: true, token: token.token, passkeysRevoked });
      },
    ],
  } satisfies Record<string, RouteHandlers>;
}
