// The JWTs the 3DS provider hands out (Cardinal Cruise style): HS256 under a per-process sandbox key, one
// audience per use so a device-data-collection JWT can never open a challenge, and times checked against
// the sandbox clock (tests move it) rather than the wall clock hono/jwt would use.

import { randomBytes } from 'node:crypto';
import { sign, verify } from 'hono/jwt';

/** The provider's limit on the JWT the browser posts (protocol notes: accessToken ≤ 2048 chars). */
export const MAX_JWT_LENGTH = 2048;

export const JWT_ISSUER = 'svc-sandbox-3ds';

export type JwtAudience = 'ddc' | 'stepup';

export interface JwtClaims {
  jti: string;
  iat: number;
  exp: number;
  iss: string;
  aud: JwtAudience;
  /** The merchant account, as Cardinal's OrgUnitId. */
  OrgUnitId: string;
  ReferenceId: string;
  /**
   * Where the answer goes: for collection, the origin the `profile.completed` message is posted to; for
   * step-up, the return URL the ACS posts TransactionId and MD to. Both are on the token host.
   */
  ReturnUrl: string;
  /** Step-up only: the challenge's transaction id. */
  TransactionId?: string;
  /** Step-up only, as Cardinal's JWT carries it: ACS URL, CReq and transaction id. */
  Payload?: { ACSUrl: string; Payload: string; TransactionId: string };
  ObjectifyPayload?: boolean;
}

export type JwtCheck =
  | { ok: true; claims: JwtClaims }
  /** Signed by us but past `exp`: the claims are trustworthy, only late. */
  | { ok: false; reason: 'expired'; claims: JwtClaims }
  | { ok: false; reason: 'invalid' };

function isClaims(value: unknown, audience: JwtAudience): value is JwtClaims {
  if (typeof value !== 'object' || value === null) return false;
  const claims = value as Record<string, unknown>;
  return (
    typeof claims['jti'] === 'string' &&
    typeof claims['iat'] === 'number' &&
    typeof claims['exp'] === 'number' &&
    claims['iss'] === JWT_ISSUER &&
    claims['aud'] === audience &&
    typeof claims['OrgUnitId'] === 'string' &&
    typeof claims['ReferenceId'] === 'string' &&
    typeof claims['ReturnUrl'] === 'string' &&
    (audience !== 'stepup' || typeof claims['TransactionId'] === 'string')
  );
}

export class JwtKeys {
  private secret = randomBytes(32).toString('base64url');

  async sign(claims: JwtClaims): Promise<string> {
    const jwt = await sign({ ...claims }, this.secret, 'HS256');
    // Our own claims are short; this only fails if someone grows them past what browsers may post.
    if (jwt.length > MAX_JWT_LENGTH) throw new Error(`3DS JWT of ${String(jwt.length)} chars`);
    return jwt;
  }

  /** Signature, algorithm, issuer and audience first; then the time, against the sandbox clock. */
  async check(jwt: string, audience: JwtAudience, nowMs: number): Promise<JwtCheck> {
    if (jwt.length === 0 || jwt.length > MAX_JWT_LENGTH) return { ok: false, reason: 'invalid' };
    let payload: unknown;
    try {
      payload = await verify(jwt, this.secret, {
        alg: 'HS256',
        iss: JWT_ISSUER,
        aud: audience,
        exp: false,
        nbf: false,
        iat: false,
      });
    } catch {
      return { ok: false, reason: 'invalid' };
    }
    if (!isClaims(payload, audience)) return { ok: false, reason: 'invalid' };
    if (payload.exp * 1000 <= nowMs) return { ok: false, reason: 'expired', claims: payload };
    return { ok: true, claims: payload };
  }

  /** After a sandbox reset, JWTs handed out before it stop working, like every other id. */
  rotate(): void {
    this.secret = randomBytes(32).toString('base64url');
  }
}
