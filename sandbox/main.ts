// `npm run sandbox`: the service emulator on loopback, until Ctrl-C.

import { fileURLToPath } from 'node:url';
import { accountsFileSource, loadAccounts, type AccountsSource } from './accounts.ts';
import { portsFromEnv } from './config.ts';
import { startSandbox, type RunningSandbox } from './server.ts';

export const ACCOUNTS_FILE = fileURLToPath(new URL('./accounts.json', import.meta.url));

/** Where the sandbox's messages about the accounts go (the console, or a test's lines). */
export interface AccountsLog {
  info(message: string): void;
  error(message: string): void;
}

/**
 * The demo's accounts (sandbox/accounts.json) and, when `SVC_ACCOUNTS_FILE` names one, a merchant's
 * file beside them, read again whenever it changes; the merchant's account wins over a demo one of the
 * same name.
 */
export function sandboxAccounts(
  env: NodeJS.ProcessEnv,
  replacements: Record<string, string>,
  log: AccountsLog = console,
): AccountsSource {
  const demo = loadAccounts(ACCOUNTS_FILE, replacements);
  const file = env['SVC_ACCOUNTS_FILE'];
  return file === undefined || file === ''
    ? { read: () => demo }
    : accountsFileSource(demo, file, replacements, log);
}

export async function runSandbox(
  ports = portsFromEnv(),
  env = process.env,
  log: AccountsLog = console,
): Promise<RunningSandbox> {
  return startSandbox({
    ports,
    accounts: (urls) => sandboxAccounts(env, { demo_origin: urls.demoUrl }, log),
  });
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

/** Which accounts the sandbox serves, for the start's message. */
export function describeAccounts(env: NodeJS.ProcessEnv): string {
  const file = env['SVC_ACCOUNTS_FILE'];
  return file === undefined || file === ''
    ? 'sandbox/accounts.json'
    : `sandbox/accounts.json and ${file}, read again when it changes`;
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

/** How long a stop may take to close the servers before the process ends anyway. */
export const STOP_GRACE_MS = 5_000;

/**
 * Ends the process on SIGINT or SIGTERM once `close` has closed every server the command started. A
 * second signal, or a close that takes longer than STOP_GRACE_MS, ends it at once: the ports go with
 * the process. (The npm scripts `exec` node, so a stop sent to npm reaches this process, not a shell.)
 */
export function closeOnSignals(close: () => Promise<void>, what: string): void {
  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`\nStopping ${what}…`);
    setTimeout(() => {
      console.error(`Stopped without closing every server: not closed in ${String(STOP_GRACE_MS / 1000)} s.`);
      process.exit(1);
    }, STOP_GRACE_MS).unref();
    void close().then(
      () => {
        console.log('Stopped.');
        process.exit(0);
      },
      (error: unknown) => {
        console.error(error instanceof Error ? error.message : String(error));
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const running = await startOrExit(() => runSandbox());
  console.log(
    `Sandbox running (accounts: ${describeAccounts(process.env)}):\n${describeSandbox(running)}\nPress Ctrl-C to stop.`,
  );
  closeOnSignals(() => running.close(), 'the sandbox');
}
