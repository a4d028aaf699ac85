// The minimal shop's server (README's "A minimal shop"): its page, the checkout script, and the two calls
// that need the app token, which never leaves it. `npm run shop` starts it beside `npm run sandbox`;
// server.test.ts pays through it, and e2e/minimal-shop.spec.ts pays on its page.

// #region server
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// The sandbox's `demo` account (a sandbox credential): your account and app token come from the service.
const ACCOUNT = { 'x-service-account': 'demo', 'x-service-apptoken': 'sbx_app_demo_7f3c2a9e41d84b0c' };
const {
  PORT = '4173',
  TOKEN_URL = 'http://localhost:4174',
  ENGINE_URL = 'http://127.0.0.1:4177',
} = process.env;
const SCRIPT = createRequire(import.meta.url).resolve('service-checkout/script-tag');
const ORDER = { amount: 10, currency: 'BRL' }; // R$ 10,00: the shop's price, never the page's
const orders = new Map<string, string>(); // sessionId → the shop's order id (a real shop keeps a database)
type Reply = [status: number, body: Record<string, unknown>];

async function service(url: string, body: object): Promise<Reply> {
  const headers = { 'content-type': 'application/json', ...ACCOUNT };
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  return [response.status, (await response.json()) as Record<string, unknown>];
}

const api: Record<string, (body: Partial<Record<string, string>>) => Promise<Reply>> = {
  // A session for the order, and the page's Checkout settings: never the app token.
  '/api/session': async () => {
    const orderId = randomUUID();
    const [status, reply] = await service(`${TOKEN_URL}/api/Token/NewSession`, {
      customer: { id: 'shopper-1' }, // the shop's own customer and order
      partnerUniqueId: orderId,
      paymentData: ORDER,
    });
    const sessionId = String(reply['sessionId']);
    if (status === 200) orders.set(sessionId, orderId);
    const settings = { sessionId, account: 'demo', environment: 'sandbox', tokenUrl: TOKEN_URL };
    return [status, status === 200 ? settings : reply];
  },
  // The card's token, and its 3DS authentication when it ran one, for the session's order.
  '/api/pay': ({ sessionId, token, code, referenceId, transactionId }) => {
    const method = {
      paymentMethodType: code ? '7' : '1',
      amount: ORDER.amount,
      cardInfo: { token, tokenProvider: 'Service' },
    };
    const authentication = { Code: code, ReferenceId: referenceId, TransactionId: transactionId };
    const paymentMethods = [code ? { ...method, AuthenticationInformation: authentication } : method];
    const order = { partnerUniqueId: orders.get(sessionId ?? ''), paymentData: { ...ORDER, paymentMethods } };
    const payment = { tokenSession: sessionId, isTest: true, ...order };
    return service(`${ENGINE_URL}/api/Payment/Init`, payment);
  },
};

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const call = request.method === 'POST' ? api[request.url ?? ''] : undefined;
  if (call === undefined) {
    // The checkout script, and the files it loads from beside itself (its languages, the 3DS challenge).
    const name = /^\/(checkout[\w.-]*\.js)$/.exec(request.url ?? '')?.[1];
    const script = name && (name === 'checkout.js' ? SCRIPT : join(dirname(SCRIPT), name));
    const file = await readFile(script ?? new URL('index.html', import.meta.url));
    response.writeHead(200, { 'content-type': script ? 'text/javascript' : 'text/html' }).end(file);
    return;
  }
  const body = Buffer.concat((await request.toArray()) as Buffer[]).toString() || '{}';
  const [status, reply] = await call(JSON.parse(body) as Record<string, string>);
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
}

export const server = createServer((request, response) => {
  handle(request, response).catch(() => response.writeHead(502).end());
}).listen(Number(PORT));
// #endregion server
