// The React shop's server: its page, rendered in the browser (/) or on the server and hydrated
// (/server-rendered), the Vite-built bundle, and the two calls that need the app token, as the minimal
// shop's server makes them. `npm run react-shop` builds and starts it beside `npm run sandbox`;
// e2e/react-shop.spec.ts builds the shop against the packed tarball and pays on both pages.

import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ShopPage } from './shop.tsx';

// The sandbox's `demo` account (a sandbox credential): your account and app token come from the service.
const ACCOUNT = { 'x-service-account': 'demo', 'x-service-apptoken': 'sbx_app_demo_7f3c2a9e41d84b0c' };
const {
  PORT = '4173',
  TOKEN_URL = 'http://localhost:4174',
  ENGINE_URL = 'http://127.0.0.1:4177',
  // What `vite build` and `vite build --ssr render.tsx` made (vite.config.ts).
  SHOP_DIST = join(import.meta.dirname, 'dist'),
} = process.env;
const PRICE = 30; // R$ 30,00 a bag: the shop's price, never the page's
const orders = new Map<string, { orderId: string; amount: number }>(); // sessionId → the shop's order
type Reply = [status: number, body: Record<string, unknown>];

async function service(url: string, body: object): Promise<Reply> {
  const headers = { 'content-type': 'application/json', ...ACCOUNT };
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  return [response.status, (await response.json()) as Record<string, unknown>];
}

/** A session for a cart of `quantity` bags (one to five), priced here. */
async function newSession(quantity: unknown): Promise<Reply> {
  if (!Number.isInteger(quantity) || Number(quantity) < 1 || Number(quantity) > 5)
    return [400, { error: { code: 'invalid_quantity' } }];
  const order = { orderId: randomUUID(), amount: PRICE * Number(quantity) };
  const [status, reply] = await service(`${TOKEN_URL}/api/Token/NewSession`, {
    customer: { id: 'shopper-1' }, // the shop's own customer and order
    partnerUniqueId: order.orderId,
    paymentData: { amount: order.amount, currency: 'BRL' },
  });
  const sessionId = String(reply['sessionId']);
  if (status !== 200) return [status, reply];
  orders.set(sessionId, order);
  return [200, { sessionId, quantity, amount: order.amount }];
}

const api: Record<string, (body: Partial<Record<string, unknown>>) => Promise<Reply>> = {
  // The cart changed: its new session (the page has the Checkout's settings already).
  '/api/session': ({ quantity }) => newSession(quantity),
  // The card's token, and its 3DS authentication when it ran one, for the session's order.
  '/api/pay': ({ sessionId, token, code, referenceId, transactionId }) => {
    const order = orders.get(String(sessionId));
    if (order === undefined) return Promise.resolve([404, { error: { code: 'unknown_session' } }]);
    const method = { paymentMethodType: code ? '7' : '1', amount: order.amount };
    const authentication = { Code: code, ReferenceId: referenceId, TransactionId: transactionId };
    const card = { ...method, cardInfo: { token, tokenProvider: 'Service' } };
    const paymentMethods = [code ? { ...card, AuthenticationInformation: authentication } : card];
    const paymentData = { amount: order.amount, currency: 'BRL', paymentMethods };
    const payment = { tokenSession: sessionId, isTest: true, partnerUniqueId: order.orderId, paymentData };
    return service(`${ENGINE_URL}/api/Payment/Init`, payment);
  },
};

/** The page with a new cart's session in it, and on /server-rendered the shop rendered into it. */
async function page(serverRendered: boolean): Promise<Reply | string> {
  const [status, session] = await newSession(1);
  if (status !== 200) return [status, session];
  const settings = { account: 'demo', environment: 'sandbox' as const, tokenUrl: TOKEN_URL };
  const shop = { settings, ...session } as ShopPage;
  const html = await readFile(join(SHOP_DIST, 'client', 'index.html'), 'utf8');
  const render = serverRendered
    ? (
        (await import(pathToFileURL(join(SHOP_DIST, 'server', 'render.js')).href)) as {
          renderShop: (page: ShopPage) => string;
        }
      ).renderShop
    : () => '';
  // `<` escaped: nothing in the data can close the script element.
  const data = JSON.stringify(shop).replaceAll('<', '\\u003c');
  return html.replace('<!--shop-page-->', () => data).replace('<!--shop-->', () => render(shop));
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const { pathname } = new URL(request.url ?? '/', 'http://shop');
  const call = request.method === 'POST' ? api[pathname] : undefined;
  if (call !== undefined) {
    const body = Buffer.concat((await request.toArray()) as Buffer[]).toString() || '{}';
    const [status, reply] = await call(JSON.parse(body) as Record<string, unknown>);
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
    return;
  }
  // The bundle's files, by their hashed names; nothing outside dist/client/assets/.
  const asset = /^\/assets\/[\w.-]+\.js(?:\.map)?$/.exec(pathname)?.[0];
  if (asset !== undefined) {
    const file = await readFile(resolve(SHOP_DIST, 'client', `.${asset}`));
    response.writeHead(200, { 'content-type': 'text/javascript' }).end(file);
    return;
  }
  if (pathname !== '/' && pathname !== '/server-rendered') {
    response.writeHead(404).end();
    return;
  }
  const html = await page(pathname === '/server-rendered');
  if (typeof html === 'string') response.writeHead(200, { 'content-type': 'text/html' }).end(html);
  else response.writeHead(html[0], { 'content-type': 'application/json' }).end(JSON.stringify(html[1]));
}

export const server = createServer((request, response) => {
  handle(request, response).catch(() => response.writeHead(502).end());
}).listen(Number(PORT));
