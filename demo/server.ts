// The demo merchant site and the sandbox in one process, on loopback: `npm run demo` (demo/start.ts)
// and the e2e tests (playwright.config.ts runs demo/start.ts) on the fixed ports of sandbox/config.ts,
// which the demo pages, the e2e specs and the README name; the bench and the WebKit smoke on free ports.

import type { Hono } from 'hono';
import type { SandboxPorts, SandboxUrls } from '../sandbox/config.ts';
import { portsFromEnv } from '../sandbox/config.ts';
import { runSandbox } from '../sandbox/main.ts';
import { close, listen, portOf, type RunningSandbox } from '../sandbox/server.ts';
import { merchantConfigFromEnv, type MerchantConfig } from './config.ts';
import { createMerchantBackend } from './merchant-backend.ts';

export function demoOrigins(port: number): string[] {
  return [`http://127.0.0.1:${String(port)}`, `http://localhost:${String(port)}`];
}

/** Port 0 everywhere: free ports, so a run never meets another one's servers. */
export const FREE_PORTS: SandboxPorts = { demo: 0, token: 0, engine: 0, threeDs: 0, sandbox: 0, wallets: 0 };

export interface DemoStack {
  urls: SandboxUrls;
  sandbox: RunningSandbox;
  merchant: MerchantConfig;
  close(): Promise<void>;
}

/**
 * Starts the demo and the sandbox. The demo's port is bound first, so that the sandbox allows its
 * origin; its backend is built once the sandbox's ports are known. `env` names the account and any
 * override (DEMO_ACCOUNT, SVC_ACCOUNTS_FILE, SVC_TOKEN_URL...): callers on free ports pass {}, so a
 * developer's shell cannot point them at other servers.
 */
export async function startDemoStack(ports = portsFromEnv(), env = process.env): Promise<DemoStack> {
  const current: { app?: Hono } = {};
  const demo = await listen(
    (request, bindings) => current.app?.fetch(request, bindings) ?? new Response('starting', { status: 503 }),
    ports.demo,
    'demo',
  );
  let sandbox: RunningSandbox;
  try {
    sandbox = await runSandbox({ ...ports, demo: portOf(demo) }, env);
  } catch (error) {
    await close(demo);
    throw error;
  }
  const merchant = merchantConfigFromEnv(env, sandbox.urls);
  current.app = createMerchantBackend(merchant, demoOrigins(merchant.port));
  return {
    urls: sandbox.urls,
    sandbox,
    merchant,
    close: () => Promise.all([close(demo), sandbox.close()]).then(() => undefined),
  };
}
