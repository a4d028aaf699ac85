// Loads the merchant accounts the sandbox knows. One file, checked at start so a typo fails loudly.

import { readFileSync } from 'node:fs';
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

/** The accounts by name, and the origins any of them allows. */
export class AccountBook {
  private readonly byName: Map<string, Account>;
  private readonly origins: Set<string>;

  constructor(accounts: readonly Account[]) {
    this.byName = new Map(accounts.map((account) => [account.name, account]));
    this.origins = new Set(accounts.flatMap((account) => account.allowedOrigins));
  }

  get(name: string): Account | undefined {
    return this.byName.get(name);
  }

  /** Whether any account allows this origin: what a CORS preflight can know before the body is read. */
  anyAllows(origin: string): boolean {
    return this.origins.has(origin);
  }

  all(): Account[] {
    return [...this.byName.values()];
  }
}

export function loadAccounts(path: string, replacements: Record<string, string> = {}): Account[] {
  return parseAccounts(JSON.parse(readFileSync(path, 'utf8')), replacements);
}
