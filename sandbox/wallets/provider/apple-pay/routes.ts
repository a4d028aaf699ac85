// Apple Pay on HTTP. On the wallet origin: Apple Pay JS's stand-in script, its sheet, and the check
// Safari makes of a merchant session. On the token host: POST /api/Wallet/MerchantSession, where the
// page's script asks the service for a merchant session (spec 4.7: "the service validates the merchant
// session on its side"); the service calls Apple's gateway, here the sandbox's stand-in, in-process.

import { readFileSync } from 'node:fs';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { ServiceError } from '../../../errors.ts';
import type { RouteHandlers, SandboxContext, SandboxEnv } from '../../../http/context.ts';
import { browserFacing } from '../../../http/guards.ts';
import { BODY_LIMITS, readBody } from '../../../http/request.ts';
import { strict } from '../../../schemas.ts';
import { loadSession } from '../../../sessions.ts';
import { CONTACT_FIELDS } from './browser/request.ts';
import { applePayGateway } from './gateway.ts';
import { sheetErrorPage, sheetPage } from './sheet-page.ts';
import { html } from '../../../three-ds/routes.ts';
import { sheetStylesheet, standInScript, webOrigin } from '../origin.ts';
import { checkValidationUrl } from './validation-url.ts';

const SHEET_CSS = readFileSync(new URL('./assets/sheet.css', import.meta.url), 'utf8');

/** Apple: merchant identifiers are reverse-DNS strings that start with "merchant.". */
const MERCHANT_IDENTIFIER = /^merchant\.[A-Za-z0-9][A-Za-z0-9.-]{0,118}$/;
const HOSTNAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

const merchantSessionSchema = strict({
  sessionId: z.string().min(1).max(128),
  validationURL: z.string().min(1).max(2048),
  merchantIdentifier: z
    .string()
    .regex(MERCHANT_IDENTIFIER, 'an Apple Pay merchant identifier: "merchant." and a reverse-DNS name'),
  // Apple: "a string of 64 or fewer UTF-8 characters".
  displayName: z
    .string()
    .min(1)
    .refine(
      (name) => name.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, '_').length <= 64,
      'at most 64 characters',
    ),
  domainName: z.string().max(253).regex(HOSTNAME, 'a host name in lower case, without scheme or port'),
});

const lineItem = z.strictObject({
  label: z.string().max(256),
  amount: z.string().max(32).optional(),
  type: z.enum(['final', 'pending']),
});

const sheetsSchema = strict({
  merchantSession: z.unknown(),
  request: z.strictObject({
    version: z.int().min(1).max(14),
    countryCode: z.string().max(8),
    currencyCode: z.string().max(8),
    supportedNetworks: z.array(z.string().max(32)).max(32),
    merchantCapabilities: z.array(z.string().max(32)).max(8),
    total: z.strictObject({
      label: z.string().max(256),
      amount: z.string().max(32),
      type: z.enum(['final', 'pending']),
    }),
    lineItems: z.array(lineItem).max(100),
    applicationData: z.string().max(8192).optional(),
    requiredBillingContactFields: z.array(z.enum(CONTACT_FIELDS)).max(CONTACT_FIELDS.length).optional(),
  }),
  lang: z.string().max(35).optional(),
  ancestorOrigins: z.array(z.string().max(256)).max(16).optional(),
});

const AMOUNT = /^[0-9]+(?:\.[0-9]{1,2})?$/;

const paySchema = strict({
  sheetId: z.string().min(1).max(64),
  nonce: z.string().min(1).max(64),
  card: z.string().min(1).max(64),
  amount: z
    .string()
    .regex(AMOUNT, 'an amount such as 150.00')
    .refine((amount) => Number(amount) <= 100_000_000, 'at most 100000000'),
});

/** CORS for the check every merchant page makes: any origin, no credentials, JSON bodies. */
function anyPage(): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const origin = webOrigin(c.req.header('origin'));
    if (c.req.method === 'OPTIONS') {
      if (origin === undefined) return c.body(null, 403);
      return c.body(null, 204, {
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Methods': 'POST',
        'Access-Control-Allow-Headers': 'content-type',
        'Access-Control-Max-Age': '600',
        Vary: 'Origin',
      });
    }
    await next();
    if (origin !== undefined) {
      c.header('Access-Control-Allow-Origin', origin);
      c.header('Vary', 'Origin');
    }
  };
}

/** The wallet origin's Apple Pay handlers (sandbox/routes.ts places them). */
export function applePayProviderHandlers(ctx: SandboxContext) {
  const gateway = applePayGateway(ctx);
  const walletOrigin = new URL(ctx.urls.walletsUrl).origin;

  return {
    // Apple's gateway takes only mutual TLS with a merchant identity certificate; the sandbox's takes
    // only the service, in-process. Saying so beats a bare 404 for a backend that tries it.
    gatewayRefusal: [
      (c) =>
        c.json(
          {
            statusCode: '403',
            statusMessage: `The sandbox's Apple Pay gateway issues merchant sessions to the service only: ask ${ctx.urls.tokenUrl}/api/Wallet/MerchantSession.`,
          },
          403,
        ),
    ],
    // What Safari does with completeMerchantValidation(session): checks it and opens the sheet.
    anyPage: [anyPage()],
    sdkScript: standInScript('apple-pay/browser/apple-pay-sdk', true),
    sheetScript: standInScript('apple-pay/browser/sheet', false),
    sheetStyle: sheetStylesheet(SHEET_CSS),
    openSheet: [
      async (c) => {
        const pageOrigin = webOrigin(c.req.header('origin'));
        if (pageOrigin === undefined) {
          return c.json(
            { reason: 'no_origin', message: 'Only a web page (with an Origin) opens a sheet.' },
            403,
          );
        }
        const body = await readBody(c, sheetsSchema, BODY_LIMITS.token);
        const ancestorOrigins = (body.ancestorOrigins ?? []).map(webOrigin);
        if (ancestorOrigins.includes(undefined)) {
          throw new ServiceError('invalid_request', {
            field: 'ancestorOrigins',
            message: 'ancestorOrigins: origins only',
          });
        }
        const opening = gateway.openSheet({
          merchantSession: body.merchantSession,
          pageOrigin,
          ancestorOrigins: ancestorOrigins as string[],
          request: body.request,
        });
        if (!opening.ok) return c.json({ reason: opening.reason, message: opening.message }, 403);
        const query = new URLSearchParams({ sheet: opening.sheetId, lang: body.lang ?? 'en' });
        return c.json(
          { sheetId: opening.sheetId, sheetUrl: `${walletOrigin}/apple-pay/sheet?${query.toString()}` },
          201,
        );
      },
    ],
    sheet: [
      (c) => {
        const sheet = gateway.sheet(c.req.query('sheet') ?? '');
        if (sheet === undefined)
          return html(c, sheetErrorPage(404, 'This payment sheet is closed or unknown.'));
        return html(
          c,
          sheetPage({
            sheetId: sheet.id,
            nonce: sheet.nonce,
            pageOrigin: sheet.pageOrigin,
            frameAncestors: sheet.frameAncestors,
            displayName: sheet.displayName,
            request: sheet.request,
            cards: gateway.cards(sheet),
            lang: (c.req.query('lang') ?? 'en').slice(0, 35),
          }),
        );
      },
    ],
    // Pay (Touch ID): only the sheet's own document, same-origin and holding the sheet's nonce, mints.
    pay: [
      async (c) => {
        const site = c.req.header('sec-fetch-site');
        if (c.req.header('origin') !== walletOrigin || (site !== undefined && site !== 'same-origin')) {
          return c.json({ message: 'Only the wallet’s own sheet authorizes a payment.' }, 403);
        }
        const body = await readBody(c, paySchema, BODY_LIMITS.token);
        const result = gateway.authorize(body.sheetId, body.nonce, body.card, body.amount);
        if (!result.ok) return c.json({ message: result.message }, 403);
        return c.json({ payment: result.payment });
      },
    ],
  } satisfies Record<string, RouteHandlers>;
}

/** The token host's endpoint for Apple Pay (sandbox/routes.ts places it). */
export function applePayTokenHandlers(ctx: SandboxContext) {
  const gateway = applePayGateway(ctx);
  const tokenOrigin = new URL(ctx.urls.tokenUrl).origin;
  const byBrowser = browserFacing(ctx.accounts, { serverCalls: 'app-token', selfOrigin: tokenOrigin });

  return {
    merchantSession: [
      byBrowser,
      async (c) => {
        const account = c.get('account');
        const body = await readBody(c, merchantSessionSchema, BODY_LIMITS.token);
        loadSession(ctx, account, body.sessionId);

        // Apple checks the domain against the merchant's registered ones; the service's registry is the
        // account's allowed origins, and a page asks only for its own domain.
        const hosts = account.allowedOrigins.map((origin) => new URL(origin).hostname);
        if (!hosts.includes(body.domainName)) {
          throw new ServiceError('origin_not_allowed', {
            field: 'domainName',
            message: `domainName: "${body.domainName}" is not the host of an allowed origin of this account`,
          });
        }
        const origin = c.get('browserOrigin');
        if (origin !== undefined && origin !== tokenOrigin && new URL(origin).hostname !== body.domainName) {
          throw new ServiceError('origin_not_allowed', {
            field: 'domainName',
            message: 'domainName: must be the host of the page that asks (its Origin)',
          });
        }

        const target = checkValidationUrl(body.validationURL, ctx.urls.walletsUrl);
        if (target.kind === 'refused') {
          throw new ServiceError('invalid_request', { field: 'validationURL', message: target.message });
        }
        if (target.kind === 'apple') {
          throw new ServiceError('wallet_gateway_unreachable', {
            field: 'validationURL',
            message: `The sandbox is offline and does not call Apple (${target.host}): load the stand-in Apple Pay JS from ${ctx.urls.walletsUrl}, whose validationURL it answers.`,
            details: { host: target.host },
          });
        }

        if (!gateway.register(account.name, body.merchantIdentifier)) {
          throw new ServiceError('account_mismatch', {
            field: 'merchantIdentifier',
            message: 'merchantIdentifier: registered to another account',
          });
        }
        return c.json(
          gateway.startSession(account.name, {
            merchantIdentifier: body.merchantIdentifier,
            displayName: body.displayName,
            initiative: 'web',
            initiativeContext: body.domainName,
          }),
        );
      },
    ],
  } satisfies Record<string, RouteHandlers>;
}
