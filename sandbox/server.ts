// Puts the sandbox's apps on loopback ports. Used by main.ts, the demo launcher and the tests.

import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Account, AccountsSource } from './accounts.ts';
import { createSandbox, type Sandbox } from './app.ts';
import { HOSTNAME, PORTS, urlsFor, type SandboxPorts, type SandboxUrls } from './config.ts';
import type { Timers } from './timers.ts';
import type { WebhookFetch } from './webhooks.ts';

export interface RunningSandbox {
  sandbox: Sandbox;
  urls: SandboxUrls;
  close(): Promise<void>;
}

type Fetch = (request: Request, env: unknown) => Response | Promise<Response>;

/**
 * Serves `fetch` on loopback; port 0 picks a free one. A port in use fails with a message that names
 * the server and the variable that moves it, not a raw EADDRINUSE.
 */
export function listen(fetch: Fetch, port: number, role?: keyof SandboxPorts): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, hostname: HOSTNAME }, () => {
      resolve(server);
    });
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EADDRINUSE' || role === undefined) {
        reject(error);
        return;
      }
      const [variable, , what] = PORTS[role];
      reject(
        new Error(
          `Port ${String(port)} (${what}) is already in use: stop what runs there, or start with ${variable}=<another port>.`,
          { cause: error },
        ),
      );
    });
  });
}

export function portOf(server: ServerType): number {
  return (server.address() as AddressInfo).port;
}

/** Stops listening and drops the open connections (keep-alive ones would hold it open). */
export function close(server: ServerType): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
    if ('closeAllConnections' in server) server.closeAllConnections();
  });
}

/**
 * Starts the four servers. A port of 0 picks a free one; the origins the apps know are derived from the
 * ports actually bound, so tests on ephemeral ports see the same rules.
 */
export async function startSandbox(options: {
  ports: SandboxPorts;
  accounts: (urls: SandboxUrls) => readonly Account[] | AccountsSource;
  now?: () => number;
  sessionTtlMs?: number;
  framesDir?: string;
  timers?: Timers;
  webhookFetch?: WebhookFetch;
}): Promise<RunningSandbox> {
  // Bind first, then build the apps with the real origins, then route requests to them.
  const current: { sandbox?: Sandbox } = {};
  // The node bindings (env) carry the socket, which the token host reads the shopper's IP from.
  const route = (pick: (s: Sandbox) => { fetch: Fetch }) => (request: Request, env: unknown) => {
    if (current.sandbox === undefined) return new Response('starting', { status: 503 });
    return pick(current.sandbox).fetch(request, env);
  };
  const apps = [
    [(s: Sandbox) => s.token, 'token'],
    [(s: Sandbox) => s.engine, 'engine'],
    [(s: Sandbox) => s.sandboxEngine, 'sandbox'],
    [(s: Sandbox) => s.threeDs, 'threeDs'],
    [(s: Sandbox) => s.wallets, 'wallets'],
  ] as const;
  const bound = await Promise.allSettled(
    apps.map(([pick, role]) => listen(route(pick), options.ports[role], role)),
  );
  const servers = bound.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = bound.find((result) => result.status === 'rejected');
  if (failed !== undefined) {
    // The servers that did start stop again: a failed start leaves no port taken.
    await Promise.all(servers.map(close));
    throw failed.reason;
  }
  const [token, engine, sandboxEngine, threeDs, wallets] = servers.map(portOf) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const urls = urlsFor({ token, engine, sandbox: sandboxEngine, threeDs, wallets, demo: options.ports.demo });
  let accounts: readonly Account[] | AccountsSource;
  try {
    accounts = options.accounts(urls);
  } catch (error) {
    // An accounts file with a mistake: its message stops the start, and no port stays taken.
    await Promise.all(servers.map(close));
    throw error;
  }
  const sandbox = createSandbox({
    accounts,
    urls,
    ...(options.now === undefined ? {} : { now: options.now }),
    ...(options.sessionTtlMs === undefined ? {} : { sessionTtlMs: options.sessionTtlMs }),
    ...(options.framesDir === undefined ? {} : { framesDir: options.framesDir }),
    ...(options.timers === undefined ? {} : { timers: options.timers }),
    ...(options.webhookFetch === undefined ? {} : { webhookFetch: options.webhookFetch }),
  });
  current.sandbox = sandbox;
  return {
    sandbox,
    urls,
    close: () => {
      // Pending expiries and webhook retries end with the servers.
      sandbox.ctx.lifecycle.reset();
      sandbox.ctx.webhooks.reset();
      return Promise.all(servers.map(close)).then(() => undefined);
    },
  };
}
