// `npm run sandbox` (and `npm run demo`) on a port something else holds: one line that names the server
// and the variable that moves it, not a raw EADDRINUSE stack.

import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from './server.ts';

let holder: Server;
let taken = 0;
beforeAll(async () => {
  holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  taken = (holder.address() as { port: number }).port;
});
afterAll(
  () =>
    new Promise<void>((resolve) =>
      holder.close(() => {
        resolve();
      }),
    ),
);

const FREE = { demo: 0, token: 0, engine: 0, threeDs: 0, sandbox: 0, wallets: 0 };

describe('a port in use', () => {
  it('fails the start with the port, the server and the variable that moves it', async () => {
    await expect(startSandbox({ ports: { ...FREE, engine: taken }, accounts: () => [] })).rejects.toThrow(
      `Port ${String(taken)} (the payment engine) is already in use: stop what runs there, or start with SVC_ENGINE_PORT=<another port>.`,
    );
  });

  it('ends npm run sandbox with that one line and exit code 1', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/main.ts'], {
      env: {
        ...process.env,
        SVC_TOKEN_PORT: String(taken),
        SVC_ENGINE_PORT: '0',
        SVC_3DS_PORT: '0',
        SVC_SANDBOX_PORT: '0',
        SVC_WALLETS_PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `Port ${String(taken)} (the token host) is already in use: stop what runs there, or start with SVC_TOKEN_PORT=<another port>.`,
    );
  });
});
