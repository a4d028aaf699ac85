// Builds the sandbox's servers as Hono apps: token host, payment engine (production twin), sandbox
// engine and 3DS provider. main.ts puts them on ports; tests put them on ephemeral ones.

import { Hono } from 'hono';
import { AccountBook, type Account } from './accounts.ts';
import type { SandboxUrls } from './config.ts';
import { errorBody, ServiceError } from './errors.ts';
import type { SandboxContext, SandboxEnv } from './http/context.ts';
import { sandboxControl } from './http/controls.ts';
import { cors } from './http/guards.ts';
import { BODY_LIMITS, readBody } from './http/request.ts';
import { registerFrameRoutes } from './frames.ts';
import { Issuer } from './issuer.ts';
import { PaymentLifecycle } from './payments/lifecycle.ts';
import { registerPaymentControlRoutes } from './routes/payment-controls.ts';
import { registerEngineRoutes, registerPciRoutes } from './routes/payments.ts';
import { registerPasskeyRoutes } from './routes/passkeys.ts';
import { registerTokenRoutes } from './routes/token.ts';
import { expireSessionSchema } from './schemas.ts';
import { randomId } from './ids.ts';
import { Store } from './store.ts';
import { realTimers, type Timers } from './timers.ts';
import { WebhookSender, type WebhookFetch } from './webhooks.ts';
import { registerWalletControlRoutes } from './wallets/routes.ts';
import { Wallets } from './wallets/wallets.ts';
import { registerWalletProviderRoutes } from './wallets/provider/app.ts';
import { applePayGateway } from './wallets/provider/apple-pay/gateway.ts';
import { APPLE_PAY_BROWSER_PATHS, registerApplePayTokenRoutes } from './wallets/provider/apple-pay/routes.ts';
import { ThreeDsProvider } from './three-ds/provider.ts';
import {
  registerThreeDsProviderRoutes,
  registerThreeDsTokenRoutes,
  THREE_DS_BROWSER_PATHS,
} from './three-ds/routes.ts';

export const DEFAULT_SESSION_TTL_MS = 30 * 60_000;

export interface SandboxOptions {
  accounts: readonly Account[];
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

/** Paths of the real service are matched case-insensitively, as its examples vary the case. */
function newApp(name: string, log: (message: string) => void): Hono<SandboxEnv> {
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
  // Record POST routes so another method on them answers 405, not 404.
  const post = app.post.bind(app);
  app.post = ((path: string, ...handlers: unknown[]) => {
    knownPaths.add(path);
    return (post as (p: string, ...h: unknown[]) => Hono<SandboxEnv>)(path, ...handlers);
  }) as typeof app.post;
  app.get('/__sandbox/health', (c) => c.json({ ok: true, server: name }));
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

  const token = newApp('token', log);
  for (const path of [
    '/api/token/generate',
    '/api/token/list',
    '/api/token/bind',
    ...THREE_DS_BROWSER_PATHS,
    ...APPLE_PAY_BROWSER_PATHS,
  ])
    token.use(path, cors(ctx.accounts));
  token.use('/__sandbox/*', sandboxControl());
  registerTokenRoutes(token, ctx, threeDsProvider);
  registerPasskeyRoutes(token, ctx);
  registerPciRoutes(token, ctx);
  // Before the frame routes: their GET /frames/* would otherwise answer for the return page's script.
  registerThreeDsTokenRoutes(token, ctx, threeDsProvider);
  registerFrameRoutes(token, ctx, options.framesDir);
  registerWalletControlRoutes(token, ctx);
  registerApplePayTokenRoutes(token, ctx);
  registerPaymentControlRoutes(token, ctx);
  token.post('/__sandbox/reset', (c) => {
    ctx.store.reset();
    ctx.issuer.reset();
    threeDsProvider.reset();
    ctx.wallets.reset();
    applePayGateway(ctx).reset();
    ctx.lifecycle.reset();
    ctx.webhooks.reset();
    return c.json({ ok: true });
  });

  // Ends a session now, as its 30 minutes would: tests of session_expired and Checkout.updateSession.
  token.post('/__sandbox/sessions/expire', async (c) => {
    const { sessionId } = await readBody(c, expireSessionSchema, BODY_LIMITS.token);
    const session = ctx.store.sessions.get(sessionId);
    if (session === undefined) throw new ServiceError('session_not_found');
    session.expiresAt = ctx.now();
    return c.json({ ok: true, sessionId });
  });

  const newEngine = (environment: 'sandbox' | 'production') => {
    const engine = newApp(environment === 'sandbox' ? 'sandbox-engine' : 'engine', log);
    for (const path of ['/api/payment/init', '/api/payment/sessionstatus'])
      engine.use(path, cors(ctx.accounts));
    registerEngineRoutes(engine, ctx, environment);
    return engine;
  };

  const threeDs = newApp('3ds-provider', log);
  registerThreeDsProviderRoutes(threeDs, threeDsProvider);

  const wallets = newApp('wallets', log);
  registerWalletProviderRoutes(wallets, ctx);

  return {
    ctx,
    token,
    wallets,
    engine: newEngine('production'),
    sandboxEngine: newEngine('sandbox'),
    threeDs,
    threeDsProvider,
  };
}
