// `npm run sandbox`: the service emulator on loopback, until Ctrl-C.

import { fileURLToPath } from 'node:url';
import { loadAccounts } from './accounts.ts';
import { portsFromEnv } from './config.ts';
import { startSandbox, type RunningSandbox } from './server.ts';

export const ACCOUNTS_FILE = fileURLToPath(new URL('./accounts.json', import.meta.url));

export async function runSandbox(ports = portsFromEnv(), env = process.env): Promise<RunningSandbox> {
  const file = env['SVC_ACCOUNTS_FILE'] ?? ACCOUNTS_FILE;
  return startSandbox({ ports, accounts: (urls) => loadAccounts(file, { demo_origin: urls.demoUrl }) });
}

export function describeSandbox({ urls }: RunningSandbox): string {
  return [
    `  token host      ${urls.tokenUrl}      ({token_url}: token API, card frames)`,
    `  payment engine  ${urls.engineUrl}      ({engine_url}: production accounts)`,
    `  sandbox engine  ${urls.sandboxUrl}      ({sandbox_url}: sandbox accounts)`,
    `  3DS provider    ${urls.threeDsUrl}`,
    `  wallets         ${urls.walletsUrl}      (Google Pay and Apple Pay stand-ins)`,
  ].join('\n');
}

/** Starts servers for a command line: a failure (a port in use, say) is one line, not a stack. */
export async function startOrExit<T>(start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const running = await startOrExit(() => runSandbox());
  console.log(
    `Sandbox running (accounts: ${process.env['SVC_ACCOUNTS_FILE'] ?? 'sandbox/accounts.json'}):\n${describeSandbox(running)}\nPress Ctrl-C to stop.`,
  );
  const stop = () => {
    void running.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
