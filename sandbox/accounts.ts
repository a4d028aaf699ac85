// Loads the merchant accounts the sandbox knows: the demo's, and a merchant's file beside them, checked at
// start so a typo fails loudly, and read again while the sandbox runs when the merchant's file changes.

import { readFileSync, statSync } from 'node:fs';
import { z } from 'zod';

const accountSchema = z.strictObject({
  name: z.string().min(1).max(64),
  appToken: z.string().min(16),
  environment: z.enum(['sandbox', 'production']),
  allowedOrigins: z.array(z.string()).min(1),
  threeDS: z.boolean(),
  pciCertified: z.boolean(),
  /** The one optional key: where the account's webhook events go, and the secret that signs them. */
  webhook: z
    .strictObject({
      url: z.string().min(1).max(2048),
      secret: z.string().min(16).max(256),
    })
    .optional(),
});

export type Account = z.infer<typeof accountSchema>;

const fileSchema = z.looseObject({ accounts: z.array(accountSchema).min(1) });

function assertFilled(value: string, account: string): void {
  const placeholder = /\{\w+\}/.exec(value);
  if (placeholder !== null)
    throw new Error(
      `account ${account}: "${value}" has ${placeholder[0]}, which the sandbox does not fill (only {demo_origin})`,
    );
}

/** An origin as browsers send it: scheme, host and port, nothing else. */
function assertOrigin(value: string, account: string): void {
  assertFilled(value, account);
  if (!URL.canParse(value) || new URL(value).origin !== value)
    throw new Error(`account ${account}: "${value}" is not an origin (scheme://host:port)`);
}

/** A webhook URL: absolute, http or https, without credentials or a fragment. */
function assertWebhookUrl(value: string, account: string): void {
  assertFilled(value, account);
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (
    url === undefined ||
    !['http:', 'https:'].includes(url.protocol) ||
    url.username !== '' ||
    url.password !== '' ||
    url.hash !== ''
  )
    throw new Error(`account ${account}: webhook.url "${value}" is not an http(s) URL`);
}

export function parseAccounts(json: unknown, replacements: Record<string, string> = {}): Account[] {
  const { accounts } = fileSchema.parse(json);
  const names = new Set<string>();
  return accounts.map((account) => {
    if (names.has(account.name)) throw new Error(`account ${account.name} is listed twice`);
    names.add(account.name);
    const fill = (value: string) =>
      value.replace(/\{(\w+)\}/g, (whole, key: string) => replacements[key] ?? whole);
    const allowedOrigins = account.allowedOrigins.map(fill);
    for (const origin of allowedOrigins) assertOrigin(origin, account.name);
    if (account.webhook === undefined) return { ...account, allowedOrigins };
    const webhook = { ...account.webhook, url: fill(account.webhook.url) };
    assertWebhookUrl(webhook.url, account.name);
    return { ...account, allowedOrigins, webhook };
  });
}

/**
 * Where the accounts come from while the sandbox runs: `read()` answers the same array until they
 * change (a merchant's file edited), so the book rebuilds its indexes only then.
 */
export interface AccountsSource {
  read(): readonly Account[];
}

/** The accounts by name, and the origins any of them allows, always as the source has them now. */
export class AccountBook {
  readonly #source: AccountsSource;
  #list: readonly Account[] | undefined;
  #byName = new Map<string, Account>();
  #origins = new Set<string>();

  constructor(accounts: readonly Account[] | AccountsSource) {
    this.#source = 'read' in accounts ? accounts : { read: () => accounts };
  }

  #current(): void {
    const list = this.#source.read();
    if (list === this.#list) return;
    this.#list = list;
    this.#byName = new Map(list.map((account) => [account.name, account]));
    this.#origins = new Set(list.flatMap((account) => account.allowedOrigins));
  }

  get(name: string): Account | undefined {
    this.#current();
    return this.#byName.get(name);
  }

  /** Whether any account allows this origin: what a CORS preflight can know before the body is read. */
  anyAllows(origin: string): boolean {
    this.#current();
    return this.#origins.has(origin);
  }

  all(): Account[] {
    this.#current();
    return [...this.#byName.values()];
  }
}

export function loadAccounts(path: string, replacements: Record<string, string> = {}): Account[] {
  return parseAccounts(JSON.parse(readFileSync(path, 'utf8')), replacements);
}

/** The demo's accounts with a merchant's beside them; an account of the merchant's replaces the demo's of its name. */
export function besideDemo(demo: readonly Account[], own: readonly Account[]): Account[] {
  const names = new Set(own.map((account) => account.name));
  return [...demo.filter((account) => !names.has(account.name)), ...own];
}

/** Where in the file a problem is, as one writes it: `accounts[0].appToken`. */
function place(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => (typeof key === 'number' ? `[${String(key)}]` : `${i === 0 ? '' : '.'}${String(key)}`))
    .join('');
}

/** What went wrong with an accounts file, in one line: the file, then each problem with its place. */
export function accountsFileError(path: string, error: unknown): string {
  let problem: string;
  if (error instanceof z.ZodError)
    problem = error.issues
      .map((issue) => (issue.path.length === 0 ? issue.message : `${place(issue.path)}: ${issue.message}`))
      .join('; ');
  else if (error instanceof SyntaxError) problem = `not valid JSON (${error.message})`;
  else problem = error instanceof Error ? error.message : String(error);
  return `accounts file ${path}: ${problem}`;
}

/** What changes when a file is written or replaced: no read needed to see that it did not. */
function stamp(path: string): string {
  try {
    const { mtimeMs, size, ino } = statSync(path);
    return `${String(mtimeMs)}:${String(size)}:${String(ino)}`;
  } catch {
    return 'missing';
  }
}

/**
 * The demo's accounts and a merchant's file beside them. The file is read at once (a mistake throws,
 * so the start fails naming the file); then each read of the accounts compares the file's modification
 * time, size and inode with the last seen, and reads it again only when they differ. A file broken
 * while the sandbox runs keeps the last good accounts and says why in `log.error`.
 */
export function accountsFileSource(
  demo: readonly Account[],
  path: string,
  replacements: Record<string, string>,
  log: { info(message: string): void; error(message: string): void },
): AccountsSource {
  const load = () => besideDemo(demo, loadAccounts(path, replacements));
  let seen = stamp(path);
  let current: readonly Account[];
  try {
    current = load();
  } catch (error) {
    throw new Error(accountsFileError(path, error), { cause: error });
  }
  return {
    read: () => {
      const now = stamp(path);
      if (now === seen) return current;
      seen = now;
      try {
        current = load();
        log.info(`Sandbox: read ${path} again: ${current.map((account) => account.name).join(', ')}.`);
      } catch (error) {
        log.error(`Sandbox: ${accountsFileError(path, error)}. The accounts read before stay in use.`);
      }
      return current;
    },
  };
}
