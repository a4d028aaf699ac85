// Who may call what. Backend endpoints need the app token and refuse browsers outright; browser-facing
// endpoints take a session instead, only from the account's allowed origins, and refuse the app token.

import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Account, AccountBook } from '../accounts.ts';
import { ServiceError } from '../errors.ts';
import type { SandboxEnv } from './context.ts';

const ACCOUNT_HEADER = 'x-service-account';
const APP_TOKEN_HEADER = 'x-service-apptoken';

/** Compared against when the account is unknown, so that case takes as long as a wrong token. */
const UNKNOWN_ACCOUNT: Pick<Account, 'appToken'> = { appToken: 'no account has this app token' };

/** Constant-time comparison of an app token, whatever the lengths. */
export function appTokenMatches(account: Pick<Account, 'appToken'>, candidate: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(account.appToken), digest(candidate));
}

/** Browsers put Origin on every POST; servers (the merchant backend) do not. */
function browserOrigin(header: string | undefined): string | undefined {
  return header === undefined || header === '' ? undefined : header;
}

/** Merchant-backend endpoints: NewSession, Payment/Status, pci/init. */
export function backendOnly(accounts: AccountBook): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    if (browserOrigin(c.req.header('origin')) !== undefined) throw new ServiceError('browser_call_forbidden');
    c.set('account', serverAccount(accounts, c.req.header(ACCOUNT_HEADER), c.req.header(APP_TOKEN_HEADER)));
    c.set('browserOrigin', undefined);
    await next();
  };
}

/**
 * The account of a server call. An unknown account and a wrong app token get the same answer, after the
 * same constant-time comparison, so the 401 does not tell which account names exist.
 */
function serverAccount(accounts: AccountBook, name: string | undefined, token: string | undefined): Account {
  if (name === undefined || token === undefined) throw new ServiceError('missing_credentials');
  const account = accounts.get(name);
  const matches = appTokenMatches(account ?? UNKNOWN_ACCOUNT, token);
  if (account === undefined || !matches) throw new ServiceError('invalid_app_token');
  return account;
}

export interface BrowserFacingOptions {
  /** What a server-side call (no Origin) needs besides the app token: card data needs PCI DSS Level 1. */
  serverCalls: 'app-token' | 'pci-certified';
  /**
   * The token host's own origin: its frames (which checked their parent themselves) call the API
   * same-origin, and their requests carry this Origin.
   */
  selfOrigin?: string;
}

/**
 * Session-authorised endpoints the browser calls directly: Token/Generate, List, Bind. A browser sends
 * the account name and the session; a server may call too, with the app token (and, for card data, a
 * PCI certification).
 */
export function browserFacing(
  accounts: AccountBook,
  options: BrowserFacingOptions,
): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const origin = browserOrigin(c.req.header('origin'));
    const name = c.req.header(ACCOUNT_HEADER);
    const token = c.req.header(APP_TOKEN_HEADER);
    if (origin !== undefined) {
      if (origin !== options.selfOrigin && !accounts.anyAllows(origin))
        throw new ServiceError('origin_not_allowed');
      if (token !== undefined) throw new ServiceError('app_token_from_browser');
      if (name === undefined) throw new ServiceError('missing_account');
      const account = accounts.get(name);
      if (account === undefined) throw new ServiceError('unknown_account');
      if (origin !== options.selfOrigin && !account.allowedOrigins.includes(origin))
        throw new ServiceError('origin_not_allowed');
      c.set('account', account);
      c.set('browserOrigin', origin);
      await next();
      return;
    }
    const account = serverAccount(accounts, name, token);
    if (options.serverCalls === 'pci-certified' && !account.pciCertified) {
      throw new ServiceError('pci_certification_required');
    }
    c.set('account', account);
    c.set('browserOrigin', undefined);
    await next();
  };
}

/**
 * Endpoints only the token host's own frames call (the passkey ceremonies): the Origin must be the token
 * host's, so neither a merchant page nor a server can start or answer a ceremony. They get no CORS.
 */
export function tokenHostFrameOnly(accounts: AccountBook, selfOrigin: string): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const origin = browserOrigin(c.req.header('origin'));
    if (origin === undefined) throw new ServiceError('browser_only');
    if (origin !== selfOrigin) throw new ServiceError('origin_not_allowed');
    if (c.req.header(APP_TOKEN_HEADER) !== undefined) throw new ServiceError('app_token_from_browser');
    const name = c.req.header(ACCOUNT_HEADER);
    if (name === undefined) throw new ServiceError('missing_account');
    const account = accounts.get(name);
    if (account === undefined) throw new ServiceError('unknown_account');
    c.set('account', account);
    c.set('browserOrigin', origin);
    await next();
  };
}

/**
 * CORS for browser-facing paths only. A preflight cannot show the account, so it is answered for any
 * origin some account allows; the request itself is then checked against its own account. The app-token
 * header is deliberately not in Allow-Headers, so a browser cannot even send it.
 */
export function cors(accounts: AccountBook): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const origin = browserOrigin(c.req.header('origin'));
    const allowed = origin !== undefined && accounts.anyAllows(origin);
    if (c.req.method === 'OPTIONS') {
      if (!allowed) throw new ServiceError('origin_not_allowed');
      return c.body(null, 204, {
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Methods': 'POST',
        'Access-Control-Allow-Headers': `content-type, accept, ${ACCOUNT_HEADER}`,
        'Access-Control-Max-Age': '600',
        Vary: 'Origin',
      });
    }
    await next();
    if (allowed) {
      c.header('Access-Control-Allow-Origin', origin);
      c.header('Access-Control-Expose-Headers', 'x-request-id, server-timing');
      c.header('Timing-Allow-Origin', origin);
      c.header('Vary', 'Origin');
    }
  };
}
