// The demo merchant site on loopback: its pages and its backend. `npm run demo` starts it with the
// sandbox; the e2e tests start it on its own.

import { serve, type ServerType } from '@hono/node-server';
import { HOSTNAME } from '../sandbox/config.ts';
import { merchantConfigFromEnv, type MerchantConfig } from './config.ts';
import { createMerchantBackend } from './merchant-backend.ts';

export function demoOrigins(port: number): string[] {
  return [`http://127.0.0.1:${String(port)}`, `http://localhost:${String(port)}`];
}

export function startDemo(config: MerchantConfig = merchantConfigFromEnv()): Promise<ServerType> {
  const app = createMerchantBackend(config, demoOrigins(config.port));
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: config.port, hostname: HOSTNAME }, () => {
      resolve(server);
    });
    server.once('error', reject);
  });
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const config = merchantConfigFromEnv();
  const server = await startDemo(config);
  console.log(`Demo merchant: http://127.0.0.1:${String(config.port)}/ (account ${config.account})`);
  const stop = () => {
    server.close(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
