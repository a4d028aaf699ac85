// A merchant's own accounts file (SVC_ACCOUNTS_FILE) beside the demo's: read at start, and read again
// while the sandbox runs, so adding an origin needs no restart and loses no session.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { besideDemo, parseAccounts, type Account } from './accounts.ts';
import { futureYear, VISA } from './test/harness.ts';
import { runSandbox } from './main.ts';
import type { RunningSandbox } from './server.ts';

const SHOP = {
  name: 'my-shop',
  appToken: 'sbx_app_my_shop_0123456789',
  environment: 'sandbox',
  allowedOrigins: ['http://localhost:3000'],
  threeDS: false,
  pciCertified: false,
} as const;
const VITE = 'http://localhost:5173';
const DEMO_ORIGIN = 'http://127.0.0.1:4173';

const dir = mkdtempSync(join(tmpdir(), 'svc-accounts-'));
const file = join(dir, 'accounts.json');
const write = (accounts: unknown[]) => {
  writeFileSync(file, JSON.stringify({ accounts }));
};

const logged: { info: string[]; error: string[] } = { info: [], error: [] };
let sandbox: RunningSandbox;
let token = '';

beforeAll(async () => {
  write([SHOP]);
  sandbox = await runSandbox(
    { token: 0, engine: 0, sandbox: 0, threeDs: 0, wallets: 0, demo: 4173 },
    { SVC_ACCOUNTS_FILE: file },
    { info: (line) => logged.info.push(line), error: (line) => logged.error.push(line) },
  );
  token = sandbox.urls.tokenUrl.replace('localhost', '127.0.0.1');
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

const post = (path: string, body: unknown, headers: Record<string, string>) =>
  fetch(`${token}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** NewSession from the merchant's backend, with the account's app token. */
async function newSession(account: { name: string; appToken: string }): Promise<string> {
  const reply = await post(
    '/api/Token/NewSession',
    { customer: { id: 'cus-1' } },
    { 'x-service-account': account.name, 'x-service-apptoken': account.appToken },
  );
  expect(reply.status).toBe(200);
  return ((await reply.json()) as { sessionId: string }).sessionId;
}

/** What a browser on `origin` asks before Token/Generate. */
const preflight = (origin: string) =>
  fetch(`${token}/api/Token/Generate`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type, x-service-account',
    },
  });

const generate = (origin: string, sessionId: string) =>
  post(
    '/api/Token/Generate',
    { sessionId, card: { ...VISA, expirationYear: futureYear() } },
    { origin, 'x-service-account': SHOP.name },
  );

describe('a merchant accounts file beside the demo accounts', () => {
  it('serves the merchant account and keeps the demo accounts', async () => {
    expect(sandbox.sandbox.ctx.accounts.get('my-shop')?.allowedOrigins).toEqual(['http://localhost:3000']);
    expect(sandbox.sandbox.ctx.accounts.get('demo')?.allowedOrigins).toEqual([DEMO_ORIGIN]);
    expect((await preflight(DEMO_ORIGIN)).status).toBe(204);
  });

  it('lets a page of an origin added to the file pay at once, with the session it had', async () => {
    const sessionId = await newSession(SHOP);
    expect((await preflight(VITE)).status).toBe(403);
    expect((await generate(VITE, sessionId)).status).toBe(403);

    write([{ ...SHOP, allowedOrigins: [...SHOP.allowedOrigins, VITE] }]);

    const allowed = await preflight(VITE);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(VITE);
    const paid = await generate(VITE, sessionId);
    expect(paid.status).toBe(200);
    expect(paid.headers.get('access-control-allow-origin')).toBe(VITE);
    expect(((await paid.json()) as { token?: string }).token).toEqual(expect.any(String));
    expect(logged.info.at(-1)).toBe(
      `Sandbox: read ${file} again: demo, demo-no3ds, demo-pci, demo-live, my-shop.`,
    );
  });

  it('keeps the last good accounts when the file breaks, and says which file and what is wrong', async () => {
    const sessionId = await newSession(SHOP);
    writeFileSync(file, JSON.stringify({ accounts: [{ ...SHOP, appToken: 'short' }] }));
    expect((await preflight(VITE)).status).toBe(204);
    expect((await generate(VITE, sessionId)).status).toBe(200);
    expect(logged.error).toEqual([
      `Sandbox: accounts file ${file}: accounts[0].appToken: Too small: expected string to have >=16 characters. The accounts read before stay in use.`,
    ]);
    // Said once per change, not on every request.
    await preflight(VITE);
    expect(logged.error).toHaveLength(1);

    writeFileSync(file, '{"accounts": [');
    expect((await preflight(VITE)).status).toBe(204);
    expect(logged.error[1]).toMatch(`Sandbox: accounts file ${file}: not valid JSON (`);
  });

  it('drops an origin taken out of the file', async () => {
    write([SHOP]);
    expect((await preflight(VITE)).status).toBe(403);
    expect((await preflight('http://localhost:3000')).status).toBe(204);
  });
});

describe('the start', () => {
  it('fails on a broken file, naming it and the problem', async () => {
    const broken = join(dir, 'broken.json');
    writeFileSync(
      broken,
      JSON.stringify({ accounts: [{ ...SHOP, allowedOrigins: ['http://localhost:3000/'] }] }),
    );
    await expect(
      runSandbox(
        { token: 0, engine: 0, sandbox: 0, threeDs: 0, wallets: 0, demo: 0 },
        { SVC_ACCOUNTS_FILE: broken },
      ),
    ).rejects.toThrow(
      `accounts file ${broken}: account my-shop: "http://localhost:3000/" is not an origin (scheme://host:port)`,
    );
  });
});

describe('besideDemo', () => {
  const demo = parseAccounts({
    accounts: [
      { ...SHOP, name: 'demo' },
      { ...SHOP, name: 'demo-pci' },
    ],
  });
  it("puts the merchant's accounts after the demo's, and a merchant account replaces the demo one of its name", () => {
    const own: Account[] = parseAccounts({
      accounts: [{ ...SHOP, name: 'demo', threeDS: true, allowedOrigins: [VITE] }],
    });
    expect(besideDemo(demo, own).map((a) => [a.name, a.allowedOrigins, a.threeDS])).toEqual([
      ['demo-pci', ['http://localhost:3000'], false],
      ['demo', [VITE], true],
    ]);
  });
});
