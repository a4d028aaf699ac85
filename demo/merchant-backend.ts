// The demo merchant's backend: the only place that holds the app token. It creates a session for an
// order of its own, pays that order (amount, currency, customer from its order store, never from the
// page) with the token and the 3DS authentication the checkout handed the page, reads payment status,
// and takes the service's signed webhooks. Its own endpoints accept JSON from its own pages only (the
// webhook route: from the service, signed).

import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  boletoFile,
  challengeFile,
  fillPageTemplate,
  fullScriptFile,
  LOCALE_FILES,
  scriptFile,
} from '../scripts/artifacts.ts';
import type { MerchantConfig } from './config.ts';
import type * as Sdk from '../src/index.ts';
import {
  DEMO_CARTS,
  installmentPlans,
  FINANCING,
  DEMO_CART_NAMES,
  DEMO_CURRENCY,
  type DemoCart,
  ORDER_STATUS_BY_EVENT,
  OrderStore,
  type Order,
} from './orders.ts';
import {
  checkoutCsp,
  checkoutPermissionsPolicy,
  formatCsp,
  mergeCsp,
  type CspDirectives,
  type CspOptions,
} from '../src/csp.ts';
import { SIGNATURE_HEADER, verifyWebhook } from '../src/server/webhooks.ts';
import { SCENARIOS, TEST_CARD_TYPES, TEST_CARDS, type TestCardType } from '../sandbox/three-ds/test-cards.ts';

const CARD_TYPE_BRANDS: Readonly<Record<TestCardType, string>> = {
  '001': 'Visa',
  '002': 'Mastercard',
  '054': 'Elo',
};

const PAGES = fileURLToPath(new URL('./pages/', import.meta.url));
/** The single-page app, built by `npm run build:demo` (demo/spa/vite.config.ts) and served under /spa/. */
const SPA = fileURLToPath(new URL('./spa/dist/', import.meta.url));
/** The built checkout script, self-hosted by the merchant (served under /sdk/). */
const SDK = fileURLToPath(new URL('../dist/', import.meta.url));
const SDK_FILES = new Set([
  scriptFile(),
  `${scriptFile()}.map`,
  fullScriptFile(),
  `${fullScriptFile()}.map`,
  ...LOCALE_FILES,
  challengeFile(),
  `${challengeFile()}.map`,
  boletoFile(),
  `${boletoFile()}.map`,
  'checkout.js',
  'checkout.js.map',
]);

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.map': 'application/json',
};

/** What each demo page uses of the checkout, for its policy (everything else: the card form only). */
const PAGE_FEATURES: Readonly<
  Record<string, Pick<CspOptions, 'storedCards' | 'headless' | 'googlePay' | 'applePay' | 'pay'>>
> = {
  '/card.html': { storedCards: true },
  '/everything.html': { pay: true },
  '/boleto.html': { pay: true },
  '/pix.html': { pay: true },
  '/manual.html': { headless: true },
  '/wallets.html': { googlePay: true, applePay: true },
};

/**
 * A demo page's policy: its own needs (scripts, styles and calls to its backend from this origin
 * only, nothing framing it) merged with exactly what the checkout's helper says the page's features
 * need. The e2e tests run every page under it and count violations.
 */
export function pagePolicy(
  config: Pick<MerchantConfig, 'environment' | 'tokenUrl' | 'engineUrl' | 'walletScripts' | 'threeDsUrl'>,
  path: string,
): string {
  const own: CspDirectives = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-src': [],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
  };
  const checkout = checkoutCsp({
    environment: config.environment,
    tokenUrl: config.tokenUrl,
    engineUrl: config.engineUrl,
    threeDsUrl: config.threeDsUrl,
    ...(config.walletScripts === undefined ? {} : { walletScripts: config.walletScripts }),
    ...PAGE_FEATURES[path],
  });
  return formatCsp(mergeCsp(own, checkout));
}

const customerShape = z.strictObject({
  id: z.string().min(1).max(64),
  name: z.string().max(128).optional(),
  email: z.email().optional(),
});

/**
 * `customer` stands in for the shop's own login (the demo has none); `cart` names what the page sells.
 * The price is the backend's: the page cannot set it.
 */
const sessionRequest = z.strictObject({
  customer: customerShape.optional(),
  cart: z.enum(DEMO_CART_NAMES).default('default'),
});

const payRequest = z.strictObject({
  sessionId: z.string().min(1).max(128),
  token: z.string().min(1).max(128),
  /** What the page showed, if it sends it: checked against the order, never paid. */
  amount: z.number().positive().max(1e9).optional(),
  installments: z.int().min(1).max(12).default(1),
  /** How the shopper pays the card (the card form's `funding`): a combo card's choice, or its one way. */
  funding: z.enum(['credit', 'debit']).optional(),
  /** The shopper's CPF or CNPJ from the card form's result (the documentField option). */
  document: z.string().max(14).optional(),
  documentType: z.enum(['CPF', 'CNPJ']).optional(),
  brand: z.string().max(32).optional(),
  authentication: z
    .strictObject({ code: z.string(), referenceId: z.string(), transactionId: z.string() })
    .optional(),
  frontData: z.record(z.string(), z.string()).optional(),
});

const walletPayRequest = z.strictObject({
  sessionId: z.string().min(1).max(128),
  /** The wallet's token as one string: Google's ECv2 JSON, Apple's paymentData serialized. */
  token: z.string().min(1).max(16_384),
  walletProvider: z.enum(['WalletAPay', 'WalletBPay']),
  installments: z.int().min(1).max(12).default(1),
  /** The card holder's name the wallet gave (the callback's `billingInfo.name`), when it gave one. */
  billingName: z.string().trim().min(1).max(128).optional(),
});

const statusRequest = z.strictObject({ paymentId: z.string().min(1).max(128) });

const orderRequest = z.strictObject({ sessionId: z.string().min(1).max(128) });

export const DEMO_CUSTOMER = { id: 'demo-shopper-1', name: 'Ada Lovelace', email: 'ada@example.test' };

export interface ServiceReply {
  status: number;
  body: unknown;
}

export function createMerchantBackend(config: MerchantConfig, ownOrigins: readonly string[]): Hono {
  const app = new Hono();
  const orders = new OrderStore();

  // #region service-call
  async function service(base: string, path: string, body: unknown): Promise<ServiceReply> {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'x-service-account': config.account,
        'x-service-apptoken': config.appToken,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }
  // #endregion service-call

  /** The merchant's own API takes JSON from its own pages only (a cross-site form cannot post JSON with an Origin we accept). */
  async function input<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T> | Response> {
    const origin = c.req.header('origin');
    if (origin !== undefined && !ownOrigins.includes(origin))
      return c.json({ error: { code: 'forbidden_origin' } }, 403);
    if (c.req.header('content-type')?.split(';')[0] !== 'application/json')
      return c.json({ error: { code: 'unsupported_media_type' } }, 415);
    let json: unknown;
    try {
      json = await c.req.json();
    } catch {
      return c.json({ error: { code: 'malformed_json' } }, 400);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      return c.json({ error: { code: 'invalid_request', message: parsed.error.issues[0]?.message } }, 400);
    return parsed.data;
  }

  const relay = (c: Context, reply: ServiceReply) => c.json(reply.body as object, reply.status as 200);

  /**
   * The order a page may pay: named by its session, not paid yet, for the amount the page showed (when
   * it says), with installments the shop offers. What is paid comes from the order, not the page.
   */
  function payable(c: Context, sessionId: string, installments: number, amount?: number): Order | Response {
    const order = orders.toPay(sessionId);
    if (order === undefined) return c.json({ error: { code: 'order_not_found' } }, 404);
    if (order.paid) return c.json({ error: { code: 'order_already_paid', paymentId: order.paymentId } }, 409);
    if (amount !== undefined && amount !== order.amount)
      return c.json({ error: { code: 'order_amount_mismatch' } }, 409);
    // A financed order's plans are the service's: Payment/Init refuses a count its terms do not have.
    const financing = FINANCING[order.cart];
    if (
      financing === undefined
        ? !installmentPlans(order.amount).some((plan) => plan.count === installments)
        : installments > financing.max
    )
      return c.json({ error: { code: 'installments_not_offered' } }, 409);
    return order;
  }

  /** Only an authorized payment pays the order; after a decline the shopper may try another card. */
  function settle(c: Context, order: Order, reply: ServiceReply): Response {
    const payment = reply.body as { status?: string; paymentId?: string };
    const status = ORDER_STATUS_BY_EVENT[`payment.${payment.status ?? ''}`];
    if (reply.status === 201 && payment.paymentId !== undefined && status !== undefined)
      orders.record(order, payment.paymentId, status);
    return relay(c, reply);
  }

  // #region installment-plans
  // A financed order's plans as the service computed them, with their rates and CET: the page passes
  // Payment/InstallmentPlans' answer as it came to the Checkout's `installments` option. Without them
  // (the engine did not answer), the shopper pays at once.
  async function orderPlans(sessionId: string): Promise<{ installments?: unknown }> {
    const reply = await service(config.engineApiUrl, '/api/Payment/InstallmentPlans', {
      tokenSession: sessionId,
    });
    return reply.status === 200 ? { installments: reply.body } : {};
  }
  // #endregion installment-plans

  app.post('/api/session', async (c) => {
    const body = await input(c, sessionRequest);
    if (body instanceof Response) return body;
    // #region new-session
    // The order is the shop's own record: its amount binds the session (and its 3DS authentication).
    const order = orders.create(body.cart, body.customer ?? DEMO_CUSTOMER);
    // The installments the shop offers for this order: a page that pays itself may choose no more. A
    // financed order gives the service its terms instead, and the service computes every plan.
    const plans = installmentPlans(order.amount);
    const financing = FINANCING[order.cart];
    const reply = await service(config.tokenApiUrl, '/api/Token/NewSession', {
      customer: order.customer,
      PaymentAccount: config.account,
      partnerUniqueId: order.orderId,
      ...(config.environment === 'sandbox' ? { Is3dsTest: true } : {}),
      paymentData: {
        amount: order.amount,
        currency: order.currency,
        ...(financing === undefined
          ? { maxInstallments: Math.max(1, ...plans.map((plan) => plan.count)) }
          : { installments: financing }),
      },
    });
    if (reply.status !== 200) return relay(c, reply);
    const { sessionId } = reply.body as { sessionId: string };
    orders.attach(order, sessionId);
    // What the page needs to construct the Checkout: never the app token. The installments are the
    // shop's offer for this order (or the service's plans of a financed one); /api/pay takes no other count.
    return c.json({
      sessionId,
      account: config.account,
      environment: config.environment,
      tokenUrl: config.tokenUrl,
      // Where pay() pays, for a page in the client-script-for-everything mode.
      engineUrl: config.engineUrl,
      ...(config.walletScripts === undefined ? {} : { walletScripts: config.walletScripts }),
      ...(financing !== undefined
        ? await orderPlans(sessionId)
        : plans.length > 1
          ? { installments: { plans, currency: order.currency } }
          : {}),
    });
    // #endregion new-session
  });

  app.post('/api/pay', async (c) => {
    const body = await input(c, payRequest);
    if (body instanceof Response) return body;
    const order = payable(c, body.sessionId, body.installments, body.amount);
    if (order instanceof Response) return order;
    // The tax id the shopper typed in the card form, for the service's antifraud and the invoice.
    const document =
      body.document === undefined || body.documentType === undefined
        ? {}
        : { document: body.document, documentType: body.documentType };
    const partnerUniqueId = order.orderId;
    const reply = await service(config.engineApiUrl, '/api/Payment/Init', {
      tokenSession: body.sessionId,
      partnerUniqueId,
      customer: { ...order.customer, ...document },
      paymentItems: {
        items: [
          {
            amount: order.amount,
            detailUniqueId: 'demo-item',
            productDescription: 'Demo order',
            itemQuantity: 1,
          },
        ],
      },
      paymentData: {
        amount: order.amount,
        currency: order.currency,
        countryCode: 'BR',
        paymentMethods: [
          // #region payment-method
          // Always forward the authentication the token came with: a card that ran 3DS pays only
          // with it, and dropping a failed one would not make it pay.
          {
            partnerUniqueId: `${partnerUniqueId}-1`,
            paymentMethodType: body.authentication === undefined ? '1' : '7',
            amount: order.amount,
            installments: body.installments,
            // Credit or debit, as the shopper chose on a combo card: a debit pays in one installment.
            ...(body.funding === undefined ? {} : { funding: body.funding }),
            cardInfo: {
              token: body.token,
              tokenProvider: 'Service',
              ...(body.brand === undefined ? {} : { brandName: body.brand }),
              ...(document.document === undefined ? {} : { billingInfo: document }),
            },
            ...(body.authentication === undefined
              ? {}
              : {
                  AuthenticationInformation: {
                    Code: body.authentication.code,
                    ReferenceId: body.authentication.referenceId,
                    TransactionId: body.authentication.transactionId,
                  },
                }),
          },
          // #endregion payment-method
        ],
      },
      ...(body.frontData === undefined ? {} : { frontData: body.frontData }),
      isTest: config.environment === 'sandbox',
      isFromFrontend: false,
    });
    return settle(c, order, reply);
  });

  // #region pix-from-backend
  // A Pix this shop creates itself, with its app token: a session for the order, then Payment/Init with
  // that session, so the page can read the payment (Payment/SessionStatus answers a session its own
  // order's payment). The page gets the session and nothing else: it reads the code and follows the
  // status itself (checkout.showPayment()); this backend learns the end from the webhook.
  app.post('/api/pix', async (c) => {
    const body = await input(c, sessionRequest.pick({ customer: true }));
    if (body instanceof Response) return body;
    const order = orders.create('pix', body.customer ?? DEMO_CUSTOMER);
    const session = await service(config.tokenApiUrl, '/api/Token/NewSession', {
      customer: order.customer,
      PaymentAccount: config.account,
      partnerUniqueId: order.orderId,
      paymentData: { amount: order.amount, currency: order.currency },
    });
    if (session.status !== 200) return relay(c, session);
    const { sessionId } = session.body as { sessionId: string };
    orders.attach(order, sessionId);
    const reply = await service(config.engineApiUrl, '/api/Payment/Init', {
      tokenSession: sessionId,
      partnerUniqueId: order.orderId,
      customer: order.customer,
      paymentData: {
        amount: order.amount,
        currency: order.currency,
        countryCode: 'BR',
        paymentMethods: [{ partnerUniqueId: `${order.orderId}-1`, paymentMethodType: '3' }],
      },
      isTest: config.environment === 'sandbox',
      isFromFrontend: false,
    });
    if (reply.status !== 201) return relay(c, reply);
    const { paymentId } = reply.body as { paymentId: string };
    orders.record(order, paymentId, 'pending');
    return c.json({ sessionId });
  });
  // #endregion pix-from-backend

  // #region wallet-pay
  // A wallet's token, unparsed, as spec 4.7's Payment/Init wallet variant takes it. The order (amount,
  // installments offered, paid or not) is the shop's, found by the session the page names.
  app.post('/api/pay-wallet', async (c) => {
    const body = await input(c, walletPayRequest);
    if (body instanceof Response) return body;
    const order = payable(c, body.sessionId, body.installments);
    if (order instanceof Response) return order;
    const reply = await service(config.engineApiUrl, '/api/Payment/Init', {
      partnerUniqueId: order.orderId,
      customer: order.customer,
      paymentData: {
        amount: order.amount,
        currency: order.currency,
        countryCode: 'BR',
        paymentMethods: [
          {
            partnerUniqueId: `${order.orderId}-1`,
            paymentMethodType: '1',
            amount: order.amount,
            installments: body.installments,
            cardInfo: {
              token: body.token,
              tokenProvider: body.walletProvider,
              saveCard: false,
              billingInfo: {
                // The wallet's card holder when it says, the shop's customer otherwise.
                name: body.billingName ?? order.customer.name ?? order.customer.id,
                taxedAmount: 0,
                billedAmount: order.amount,
              },
            },
          },
        ],
      },
      isTest: config.environment === 'sandbox',
      isFromFrontend: false,
    });
    return settle(c, order, reply);
  });
  // #endregion wallet-pay

  // #region webhooks
  // The service's events: verified over the raw body before anything is read from it, each applied
  // once (the service delivers at least once), answered at once (the service waits 10 s at most).
  const processedEvents = new Set<string>();
  app.post('/api/webhooks', async (c) => {
    const secret = config.webhookSecret;
    if (secret === undefined) return c.json({ error: { code: 'webhooks_not_configured' } }, 404);
    const payload = await c.req.text();
    const verified = await verifyWebhook({
      payload,
      signature: c.req.header(SIGNATURE_HEADER),
      secret,
    });
    if (!verified.ok && verified.reason === 'misconfigured') {
      // This server's own fault (an empty secret, say), not the sender's: in the log, never in the answer.
      console.error(`/api/webhooks: ${verified.message}`);
      return c.json({ error: { code: 'webhooks_misconfigured' } }, 500);
    }
    if (!verified.ok) return c.json({ error: { code: verified.reason } }, 400);
    const { event } = verified;
    if (processedEvents.has(event.id)) return c.json({ received: true, duplicate: true });
    const { payment } = event.data;
    const order = orders.get(payment.partnerUniqueId);
    const status = ORDER_STATUS_BY_EVENT[event.type];
    // An order of another shop on the same account is acknowledged, not retried forever.
    if (order !== undefined && status !== undefined) orders.record(order, payment.paymentId, status);
    processedEvents.add(event.id);
    return c.json({ received: true });
  });
  // #endregion webhooks

  /** Where the page's order is, as this shop knows it (Payment/Init's answer, then the webhooks). */
  app.post('/api/order', async (c) => {
    const body = await input(c, orderRequest);
    if (body instanceof Response) return body;
    const order = orders.toPay(body.sessionId);
    if (order === undefined) return c.json({ error: { code: 'order_not_found' } }, 404);
    return c.json({
      orderId: order.orderId,
      status: order.status,
      paid: order.paid,
      amount: order.amount,
      currency: order.currency,
      ...(order.paymentId === undefined ? {} : { paymentId: order.paymentId }),
    });
  });

  // The demo stands in for the shopper's bank, in the sandbox only: a page may say that its boleto (or
  // Pix) was paid, or that its time ran out, through the sandbox's controls (docs/testing.md), which
  // take test code on a server, never a page. The payment is one of this shop's orders.
  for (const change of ['settle', 'expire'] as const) {
    app.post(`/api/sandbox/${change}`, async (c) => {
      if (config.environment !== 'sandbox') return c.notFound();
      const body = await input(c, statusRequest);
      if (body instanceof Response) return body;
      const payment = await service(config.engineApiUrl, '/api/Payment/Status', body);
      const orderId = (payment.body as { partnerUniqueId?: string }).partnerUniqueId;
      if (payment.status !== 200 || orderId === undefined || orders.get(orderId) === undefined)
        return c.json({ error: { code: 'order_not_found' } }, 404);
      const response = await fetch(`${config.tokenApiUrl}/__sandbox/payments/${change}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sandbox-control': '1' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      return c.json((await response.json()) as object, response.status as 200);
    });
  }

  app.post('/api/payment-status', async (c) => {
    const body = await input(c, statusRequest);
    if (body instanceof Response) return body;
    return relay(c, await service(config.engineApiUrl, '/api/Payment/Status', body));
  });

  // The sandbox's published 3DS test cards, for the card page's scenario picker (test data, not a shopper's).
  app.get('/api/test-cards', (c) =>
    c.json({
      expiry: { month: 1, year: new Date().getUTCFullYear() + 3 },
      scenarios: SCENARIOS.map((scenario) => ({
        scenario,
        cards: TEST_CARD_TYPES.map((cardType) => ({
          cardType,
          brand: CARD_TYPE_BRANDS[cardType],
          number: TEST_CARDS[cardType][scenario],
        })),
      })),
    }),
  );

  app.get('/api/health', async (c) => {
    const check = async (url: string) => {
      try {
        return (await fetch(`${url}/__sandbox/health`, { signal: AbortSignal.timeout(2_000) })).ok;
      } catch {
        return false;
      }
    };
    const [token, engine] = await Promise.all([check(config.tokenApiUrl), check(config.engineApiUrl)]);
    return c.json(
      { tokenHost: token, engine, account: config.account, environment: config.environment },
      token && engine ? 200 : 503,
    );
  });

  app.get('/sdk/:file', async (c) => {
    const name = c.req.param('file');
    if (!SDK_FILES.has(name)) return c.text('Not found', 404);
    try {
      return c.body(await readFile(join(SDK, name)), 200, {
        'content-type': TYPES[extname(name)] ?? 'application/json',
        // A versioned file never changes (scripts/artifacts.ts); checkout.js is the app bundler's input.
        'cache-control': name.startsWith('checkout-') ? 'public, max-age=31536000, immutable' : 'no-cache',
        'x-content-type-options': 'nosniff',
      });
    } catch {
      return c.text('The checkout script is not built: run npm run build.', 503);
    }
  });

  // #region checkout-options
  // What a page constructs its Checkout with before any session exists (the merchant's own, fixed
  // settings, and the installments it offers for the page's cart), rendered into the page as JSON: the
  // card frame starts loading while the session is created. Never the app token. `<` is escaped so the
  // JSON cannot close its script element.
  const checkoutOptions = (cart: DemoCart | undefined) => {
    // A financed cart's plans come with its session (the service computes them for its order).
    const plans = cart === undefined || FINANCING[cart] ? [] : installmentPlans(DEMO_CARTS[cart]);
    return JSON.stringify({
      account: config.account,
      environment: config.environment,
      tokenUrl: config.tokenUrl,
      // Where pay() pays, for a page in the client-script-for-everything mode.
      engineUrl: config.engineUrl,
      ...(plans.length > 1 ? { installments: { plans, currency: DEMO_CURRENCY } } : {}),
    }).replaceAll('<', '\\u003c');
  };
  // #endregion checkout-options

  // #region card-form-html
  // The card form's markup for a page (a new nonce each time), from the built ESM entry as the shop's
  // server imports it from the package (`import { cardFormHtml } from 'service-checkout'`): the card
  // frame starts loading with the page. The page's origin as the shopper's browser sees it.
  async function cardForm(origin: string): Promise<string> {
    let sdk: typeof Sdk;
    try {
      sdk = (await import(pathToFileURL(join(SDK, 'checkout.js')).href)) as typeof sdk;
    } catch {
      // Not built: the page's form makes its frame when the script mounts it.
      return '';
    }
    const { account, environment, tokenUrl } = config;
    return sdk.cardFormHtml({ account, environment, tokenUrl, origin });
  }
  // #endregion card-form-html

  /**
   * Pages name the script-tag build as {{script}} and its integrity as {{sri:file}} (`{{sri:script}}`
   * for the script-tag build), taken from the build's dist/sri.json as a merchant's pipeline would take
   * them; a file it does not list gets an integrity no browser accepts. {{checkout-options}} is the
   * JSON above; {{checkout-options:card}} adds the installments offered for that cart (DEMO_CARTS).
   * {{card-form}} is the card form's markup for a page of `origin` (empty when the SDK is not built).
   */
  async function withIntegrity(template: string, origin: string): Promise<string> {
    if (!template.includes('{{')) return template;
    let files: Record<string, { integrity?: string } | undefined> = {};
    try {
      files = (JSON.parse(await readFile(join(SDK, 'sri.json'), 'utf8')) as { files: typeof files }).files;
    } catch {
      // Not built: every integrity below reads as missing.
    }
    const filled = fillPageTemplate(template, (file) => files[file]?.integrity ?? 'sha384-missing').replace(
      /\{\{checkout-options(?::(\w+))?\}\}/g,
      (_, cart?: string) => {
        if (cart !== undefined && !(DEMO_CART_NAMES as readonly string[]).includes(cart))
          throw new Error(`{{checkout-options:${cart}}}: the demo sells no cart "${cart}"`);
        return checkoutOptions(cart as DemoCart | undefined);
      },
    );
    return filled.includes('{{card-form}}')
      ? filled.replace('{{card-form}}', await cardForm(origin))
      : filled;
  }

  /** A page or its files, under the demo's policy for `policyPath`; a path outside `dir` is not found. */
  async function serveFile(c: Context, dir: string, path: string, policyPath: string): Promise<Response> {
    const file = normalize(join(dir, path));
    if (!file.startsWith(dir)) return c.notFound();
    try {
      const content =
        extname(file) === '.html'
          ? await withIntegrity(await readFile(file, 'utf8'), new URL(c.req.url).origin)
          : await readFile(file);
      return c.body(content, 200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-security-policy': pagePolicy(config, policyPath),
        // #region permissions-policy
        // A shop that sends a Permissions-Policy: the helper's lets the frames use payment and passkeys.
        'permissions-policy': checkoutPermissionsPolicy(config),
        // #endregion permissions-policy
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
      });
    } catch {
      return extname(file) === '.html' && dir === SPA
        ? c.text('The single-page app is not built: run npm run build:demo.', 503)
        : c.text('Not found', 404);
    }
  }

  app.get('/spa', (c) => c.redirect('/spa/'));
  // Every route of the app is its one document; its hashed assets are files.
  app.get('/spa/*', (c) => {
    const path = c.req.path.slice('/spa/'.length);
    return serveFile(c, SPA, path.startsWith('assets/') ? path : 'index.html', '/spa/');
  });

  app.get('/*', (c) => {
    const path =
      c.req.path === '/' ? '/index.html' : c.req.path.endsWith('/') ? `${c.req.path}index.html` : c.req.path;
    return serveFile(c, PAGES, path, path);
  });

  return app;
}
