// Real HTTP against a sandbox on ephemeral loopback ports, with the shipped accounts file.

import { loadAccounts } from '../accounts.ts';
import type { SandboxUrls } from '../config.ts';
import { SANDBOX_CONTROL_HEADERS } from '../http/controls.ts';
import { ACCOUNTS_FILE } from '../main.ts';
import { startSandbox, type RunningSandbox } from '../server.ts';
import type { Timers } from '../timers.ts';
import type { WebhookFetch } from '../webhooks.ts';

export const MERCHANT_ORIGIN = 'http://127.0.0.1:4173';
export const EVIL_ORIGIN = 'http://127.0.0.1:4173.evil.test';

const accountsFile = loadAccounts(ACCOUNTS_FILE, { demo_origin: MERCHANT_ORIGIN });
export const ACCOUNTS = Object.fromEntries(accountsFile.map((a) => [a.name, a]));

export function account(name: string) {
  const found = ACCOUNTS[name];
  if (found === undefined) throw new Error(`no account ${name} in accounts.json`);
  return found;
}

export type Server = 'token' | 'engine' | 'sandbox' | 'threeDs' | 'wallets';

export interface Reply {
  status: number;
  headers: Headers;
  body: Record<string, unknown> & {
    error?: { code: string; message: string; field?: string; details?: Record<string, unknown> };
  };
}

/** A webhook POST the sandbox made, as the receiver saw it. */
export interface WebhookCall {
  url: string;
  headers: Headers;
  body: string;
}

/**
 * Where the harness's sandbox sends webhooks unless a test says otherwise: nowhere on the network (the
 * demo account's URL names the shared demo port). Each call is recorded and answered from `answers` (an
 * HTTP status, or a network error), then 204 once they run out.
 */
export function recordingWebhookFetch(
  calls: WebhookCall[],
  answers: (number | 'network_error')[] = [],
): WebhookFetch {
  return (url, init) => {
    calls.push({ url, headers: new Headers(init.headers), body: init.body });
    const answer = answers.shift() ?? 204;
    return answer === 'network_error'
      ? Promise.reject(new TypeError('fetch failed'))
      : Promise.resolve(new Response(null, { status: answer }));
  };
}

export interface TestSandbox extends RunningSandbox {
  /** The webhook calls made through the default recording transport. */
  webhookCalls: WebhookCall[];
  url(server: Server, path: string): string;
  /** A merchant-backend call: account and app token headers, no Origin. */
  backend(
    server: Server,
    path: string,
    body: unknown,
    options?: { account?: string; headers?: Record<string, string> },
  ): Promise<Reply>;
  /** A browser call: Origin and account headers, never the app token. */
  browser(
    server: Server,
    path: string,
    body: unknown,
    options?: { account?: string; origin?: string; headers?: Record<string, string> },
  ): Promise<Reply>;
  raw(server: Server, path: string, init: RequestInit): Promise<Reply>;
  /** A sandbox control (`POST /__sandbox/...` on the token host) as test code sends it. */
  control(path: string, body?: unknown): Promise<Reply>;
  /** NewSession for the account (demo by default); returns the sessionId. */
  session(options?: {
    account?: string;
    customerId?: string;
    body?: Record<string, unknown>;
  }): Promise<string>;
  /** Token/Generate from the merchant origin; returns the token. */
  tokenize(sessionId: string, card?: Partial<Record<string, unknown>>, account?: string): Promise<string>;
}

export function futureYear(years = 3): number {
  return new Date().getUTCFullYear() + years;
}

export const VISA = {
  cardHolderName: 'Ada Lovelace',
  cardNumber: '4111111111111111',
  expirationMonth: 12,
  cvv: '123',
};

/** A Boleto's payer as a registered boleto needs it (Payment/Init's `paymentMethods[].payer`). */
export const BOLETO_PAYER = {
  name: 'Ada Lovelace',
  document: '12345678909',
  documentType: 'CPF',
  address: {
    street: 'Avenida Paulista',
    number: '1000',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    postalCode: '01310100',
  },
} as const;

export async function startTestSandbox(
  options: {
    now?: () => number;
    sessionTtlMs?: number;
    framesDir?: string;
    timers?: Timers;
    webhookFetch?: WebhookFetch;
  } = {},
): Promise<TestSandbox> {
  const webhookCalls: WebhookCall[] = [];
  const running = await startSandbox({
    ports: { token: 0, engine: 0, sandbox: 0, threeDs: 0, wallets: 0, demo: 4173 },
    accounts: () => accountsFile,
    webhookFetch: recordingWebhookFetch(webhookCalls),
    ...options,
  });
  return { ...running, webhookCalls, ...sandboxClient(running.urls) };
}

/** What a test (or the bench) sends to a running sandbox's servers, as a backend, a page or test code. */
export function sandboxClient(urls: SandboxUrls): Omit<TestSandbox, keyof RunningSandbox | 'webhookCalls'> {
  const base: Record<Server, string> = {
    token: urls.tokenUrl.replace('localhost', '127.0.0.1'),
    engine: urls.engineUrl,
    sandbox: urls.sandboxUrl,
    threeDs: urls.threeDsUrl,
    wallets: urls.walletsUrl,
  };
  const url = (server: Server, path: string) => `${base[server]}${path}`;
  const raw = async (server: Server, path: string, init: RequestInit): Promise<Reply> => {
    const response = await fetch(url(server, path), init);
    const text = await response.text();
    let body: Reply['body'];
    try {
      body = text === '' ? {} : (JSON.parse(text) as Reply['body']);
    } catch {
      throw new Error(`${path} answered ${String(response.status)} with non-JSON: ${text.slice(0, 200)}`);
    }
    return { status: response.status, headers: response.headers, body };
  };
  const post = (server: Server, path: string, body: unknown, headers: Record<string, string>) =>
    raw(server, path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  const sandbox: ReturnType<typeof sandboxClient> = {
    url,
    raw,
    control: (path, body = {}) => post('token', path, body, SANDBOX_CONTROL_HEADERS),
    backend: (server, path, body, opts = {}) => {
      const acc = account(opts.account ?? 'demo');
      return post(server, path, body, {
        'x-service-account': acc.name,
        'x-service-apptoken': acc.appToken,
        ...opts.headers,
      });
    },
    browser: (server, path, body, opts = {}) =>
      post(server, path, body, {
        origin: opts.origin ?? MERCHANT_ORIGIN,
        'x-service-account': opts.account ?? 'demo',
        ...opts.headers,
      }),
    session: async (opts = {}) => {
      const reply = await sandbox.backend(
        'token',
        '/api/Token/NewSession',
        { customer: { id: opts.customerId ?? 'cus-1', email: 'ada@example.test' }, ...opts.body },
        { account: opts.account ?? 'demo' },
      );
      if (reply.status !== 200) throw new Error(`NewSession failed: ${JSON.stringify(reply.body)}`);
      return reply.body['sessionId'] as string;
    },
    tokenize: async (sessionId, card = {}, acc = 'demo') => {
      const reply = await sandbox.browser(
        'token',
        '/api/Token/Generate',
        { sessionId, card: { ...VISA, expirationYear: futureYear(), ...card } },
        { account: acc },
      );
      if (reply.status !== 200) throw new Error(`Generate failed: ${JSON.stringify(reply.body)}`);
      return reply.body['token'] as string;
    },
  };
  return sandbox;
}

/**
 * A Payment/Init body in reais unless it names its currency (or leaves out paymentData): every payment
 * names its currency (sandbox/payments/money.ts), and most tests are about something else.
 */
export function inReais<T extends Record<string, unknown>>(body: T): T {
  const paymentData = body['paymentData'];
  if (typeof paymentData !== 'object' || paymentData === null || 'currency' in paymentData) return body;
  return { ...body, paymentData: { currency: 'BRL', ...paymentData } };
}
