// Builds the sandbox's servers as Hono apps: token host, payment engine (production twin), sandbox
// engine and 3DS provider. main.ts puts them on ports; tests put them on ephemeral ones.

import { Hono } from 'hono';
import { AccountBook, type Account, type AccountsSource } from './accounts.ts';
import type { SandboxUrls } from './config.ts';
import { errorBody, ServiceError } from './errors.ts';
import type { SandboxContext, SandboxEnv } from './http/context.ts';
import { randomId } from './ids.ts';
import { Issuer } from './issuer.ts';
import { PaymentLifecycle } from './payments/lifecycle.ts';
import { sandboxRoutes, type Route } from './routes.ts';
import { Store } from './store.ts';
import { ThreeDsProvider } from './three-ds/provider.ts';
import { realTimers, type Timers } from './timers.ts';
import { Wallets } from './wallets/wallets.ts';
import { WebhookSender, type WebhookFetch } from './webhooks.ts';

export const DEFAULT_SESSION_TTL_MS = 30 * 60_000;

export interface SandboxOptions {
  /** A fixed list, or a source read again while the sandbox runs (a merchant's file that changes). */
  accounts: readonly Account[] | AccountsSource;
  urls: SandboxUrls;
  now?: () => number;
  sessionTtlMs?: number;
  /** Built frame documents (default: dist/frames). */
  framesDir?: string;
  /** Where unexpected errors are reported (never with request bodies). */
  log?: (message: string) => void;
  /** Timers on the `now` clock (default: real, unref'd timers); tests pass a manual clock's. */
  timers?: Timers;
  /** How webhook events are POSTed (default: fetch); tests capture them or route them in-process. */
  webhookFetch?: WebhookFetch;
}

export interface Sandbox {
  ctx: SandboxContext;
  token: Hono<SandboxEnv>;
  engine: Hono<SandboxEnv>;
  sandboxEngine: Hono<SandboxEnv>;
  threeDs: Hono<SandboxEnv>;
  /** The wallets' stand-ins (sandbox/wallets/provider/): what Google and Apple serve, played offline. */
  wallets: Hono<SandboxEnv>;
  /** The 3DS flow's state (setups, collections, challenges), for tests that look inside. */
  threeDsProvider: ThreeDsProvider;
}

/**
 * One server with its routes (routes.ts). Paths of the real service are matched case-insensitively, as
 * its examples vary the case.
 */
function newApp(name: string, log: (message: string) => void, routes: readonly Route[]): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>({ getPath: (request) => new URL(request.url).pathname.toLowerCase() });
  const knownPaths = new Set<string>();
  app.use('*', async (c, next) => {
    const started = performance.now();
    const requestId = randomId('req');
    c.set('requestId', requestId);
    await next();
    c.header('x-request-id', requestId);
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
    c.header('Server-Timing', `app;dur=${(performance.now() - started).toFixed(1)}`);
  });
  app.onError((error, c) => {
    const requestId = c.get('requestId');
    if (error instanceof ServiceError) {
      // The rest of an oversized body is never read, so the connection cannot carry another request.
      if (error.code === 'payload_too_large') c.header('Connection', 'close');
      const retryAfter = error.details?.['retryAfterSeconds'];
      if (typeof retryAfter === 'number') c.header('Retry-After', String(retryAfter));
      return c.json(errorBody(error, requestId), error.status as 400);
    }
    log(
      `${name}: unexpected error on ${c.req.method} ${c.req.path} (${requestId}): ${error.stack ?? error.message}`,
    );
    return c.json(errorBody(new ServiceError('internal_error'), requestId), 500);
  });
  app.notFound((c) => {
    const code = knownPaths.has(c.req.path) ? 'method_not_allowed' : 'not_found';
    return c.json(
      errorBody(new ServiceError(code), c.get('requestId')),
      code === 'method_not_allowed' ? 405 : 404,
    );
  });
  for (const [method, path, handlers] of routes) {
    if (method === 'USE') {
      app.use(path, ...handlers);
      continue;
    }
    // Another method on a POST route answers 405, not 404.
    if (method === 'POST') knownPaths.add(path);
    app.on(method, [path], ...handlers);
  }
  return app;
}

export function createSandbox(options: SandboxOptions): Sandbox {
  const log =
    options.log ??
    ((message: string) => {
      console.error(message);
    });
  const now = options.now ?? Date.now;
  const timers = options.timers ?? realTimers;
  const accounts = new AccountBook(options.accounts);
  const webhooks = new WebhookSender({ now, timers, fetch: options.webhookFetch ?? fetch, log });
  const ctx: SandboxContext = {
    store: new Store(),
    issuer: new Issuer(),
    wallets: new Wallets(now),
    accounts,
    urls: options.urls,
    now,
    timers,
    webhooks,
    lifecycle: new PaymentLifecycle({ now, timers, accounts, webhooks }),
    sessionTtlMs: options.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS,
  };

  const threeDsProvider = new ThreeDsProvider(ctx);
  const routes = sandboxRoutes(ctx, threeDsProvider, options.framesDir);

  return {
    ctx,
    token: newApp('token', log, routes.token),
    engine: newApp('engine', log, routes.engine('production')),
    sandboxEngine: newApp('sandbox-engine', log, routes.engine('sandbox')),
    threeDs: newApp('3ds-provider', log, routes.threeDs),
    wallets: newApp('wallets', log, routes.wallets),
    threeDsProvider,
  };
}
