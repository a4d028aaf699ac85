// The 3DS flow on HTTP. On the token host: ThreeDS/Setup and ThreeDS/Validate (browser-facing, by
// session, like Token/List), the challenge return page and a sandbox-only switch for device data
// collection. On the 3DS provider's own origin: the collection page and the sandbox ACS (step-up).

import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { cardFunding, runsThreeDs } from '../card-funding.ts';
import { ServiceError } from '../errors.ts';
import type { RouteHandlers, SandboxContext, SandboxEnv } from '../http/context.ts';
import { browserFacing, tokenHostFrameOnly } from '../http/guards.ts';
import { BODY_LIMITS, readBody } from '../http/request.ts';
import { authenticationResponseSchema, registrationResponseSchema, strict } from '../schemas.ts';
import { loadSession } from '../sessions.ts';
import { field, readForm } from './forms.ts';
import { MAX_JWT_LENGTH } from './jwt.ts';
import {
  ASSET_FILES,
  challengePage,
  challengeResultPage,
  collectionPage,
  providerErrorPage,
  returnErrorPage,
  returnPage,
  type Page,
} from './pages.ts';
import {
  CHALLENGE_WINDOW_SIZES,
  DDC_OUTCOMES,
  DEFAULT_DDC,
  MAX_MD_LENGTH,
  type ThreeDsProvider,
} from './provider.ts';

const sessionId = z.string().min(1).max(128);

export const setupSchema = strict({
  sessionId,
  cardNumber: z.string().max(32).optional(),
  bin: z.string().optional(),
  token: z.string().min(1).max(128).optional(),
});

const authenticationTransactionId = z.string().min(1).max(128);

/** ThreeDS/Validate after a challenge, or with the browser's SPC assertion before one (our addition). */
export const validateSchema = strict({
  sessionId,
  authenticationTransactionId,
  spcAssertion: authenticationResponseSchema.optional(),
});

/** ThreeDS/SpcOffer (our addition): the merchant page's origin, which the browser's sheet shows. */
export const spcOfferSchema = strict({
  sessionId,
  authenticationTransactionId,
  payeeOrigin: z.string().min(1).max(2048),
});

/** Sandbox-only: a card's SPC credentials forgotten by the issuer (one by id, or all). */
export const spcRemoveSchema = strict({
  cardNumber: z.string().regex(/^\d{12,19}$/),
  credentialId: z.string().min(1).max(1366).optional(),
});

/** The issuer's result page's own calls, on its origin: its enrolment ticket, and the new credential. */
const ticketSchema = z.string().min(1).max(64);
export const spcEnrolmentSchema = strict({ ticket: ticketSchema });
export const spcEnrolSchema = strict({ ticket: ticketSchema, credential: registrationResponseSchema });

export const challengeConfigSchema = strict({ sessionId, windowSize: z.enum(CHALLENGE_WINDOW_SIZES) });

export const ddcConfigSchema = strict({
  sessionId,
  delayMs: z.int().min(0).max(60_000).optional(),
  version: z.union([z.literal(1), z.literal(2)]).optional(),
  outcome: z.enum(DDC_OUTCOMES).optional(),
});

export function html(c: Context<SandboxEnv>, page: Page): Response {
  return c.body(page.html, page.status as 200, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': page.csp,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  });
}

function asset(c: Context<SandboxEnv>, name: string): Response {
  const file = ASSET_FILES[name];
  if (file === undefined) return c.text('Not found.', 404);
  return c.body(file.body, 200, {
    'content-type': file.type,
    // Not content-hashed like the SDK's assets: revalidate, so an edited sandbox is seen at once.
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
  });
}

export function threeDsTokenHandlers(ctx: SandboxContext, provider: ThreeDsProvider) {
  const byBrowser = browserFacing(ctx.accounts, { serverCalls: 'app-token', selfOrigin: ctx.urls.tokenUrl });
  const tokenOrigin = new URL(ctx.urls.tokenUrl).origin;

  return {
    setup: [
      byBrowser,
      async (c) => {
        const account = c.get('account');
        const body = await readBody(c, setupSchema, BODY_LIMITS.token);
        const session = loadSession(ctx, account, body.sessionId);
        const given = [body.cardNumber, body.bin, body.token].filter((v) => v !== undefined).length;
        if (given !== 1) {
          throw new ServiceError('invalid_request', {
            field: 'bin',
            message:
              'bin: send one of bin (a new card: its first 6 to 8 digits), cardNumber or token (a saved card)',
          });
        }
        // The collection page posts its answer to the page that runs it: the caller's origin, which the
        // browser guard checked against the account's allowed origins (the token host's own frames included).
        const returnOrigin = c.get('browserOrigin') ?? tokenOrigin;
        if (body.cardNumber !== undefined) {
          // A card number from a server is card data like Token/Generate's: PCI DSS Level 1 only.
          if (c.get('browserOrigin') === undefined && !account.pciCertified)
            throw new ServiceError('pci_certification_required');
          const enabled = runsThreeDs(account, cardFunding(body.cardNumber));
          return c.json(
            await provider.setup(session, enabled, { cardNumber: body.cardNumber }, returnOrigin),
          );
        }
        const card = body.bin === undefined ? { token: body.token ?? '' } : { bin: body.bin };
        const funding =
          body.bin === undefined
            ? (ctx.store.tokens.get(body.token ?? '')?.funding ?? 'credit')
            : cardFunding(body.bin);
        return c.json(await provider.setup(session, runsThreeDs(account, funding), card, returnOrigin));
      },
    ],
    validate: [
      byBrowser,
      async (c) => {
        const account = c.get('account');
        const body = await readBody(c, validateSchema, BODY_LIMITS.token);
        const session = loadSession(ctx, account, body.sessionId);
        if (body.spcAssertion !== undefined) {
          // Only the token host's 3DS frame runs the sheet: no page or server sends an assertion.
          const origin = c.get('browserOrigin');
          if (origin !== tokenOrigin)
            throw new ServiceError(origin === undefined ? 'browser_only' : 'origin_not_allowed', {
              field: 'spcAssertion',
            });
          const assertion = body.spcAssertion as AuthenticationResponseJSON;
          return c.json(await provider.confirmSpc(session, body.authenticationTransactionId, assertion));
        }
        return c.json(provider.validate(session, body.authenticationTransactionId));
      },
    ],
    // Our addition (EMV 3DS 2.3): the issuer's SPC offer for a challenge, asked by the 3DS frame only:
    // the card's credential ids at the bank are for the browser's sheet, not for a page or a server.
    spcOffer: [
      tokenHostFrameOnly(ctx.accounts, tokenOrigin),
      async (c) => {
        const account = c.get('account');
        const body = await readBody(c, spcOfferSchema, BODY_LIMITS.token);
        const session = loadSession(ctx, account, body.sessionId);
        const offer = provider.spcOffer(session, body.authenticationTransactionId, body.payeeOrigin);
        return c.json(offer === undefined ? { available: false } : { available: true, ...offer });
      },
    ],
    // Sandbox-only: the issuer forgets a card's SPC credentials (a shopper who removed them at the bank).
    spcRemove: [
      async (c) => {
        const body = await readBody(c, spcRemoveSchema, BODY_LIMITS.token);
        return c.json({ removed: provider.removeSpcCredentials(body.cardNumber, body.credentialId) });
      },
    ],
    // Sandbox-only: how the collection page answers for one session (tests of the 10 s wait, v2, ...).
    ddcConfig: [
      async (c) => {
        const body = await readBody(c, ddcConfigSchema, BODY_LIMITS.token);
        if (!ctx.store.sessions.has(body.sessionId)) throw new ServiceError('session_not_found');
        const ddc = {
          delayMs: body.delayMs ?? DEFAULT_DDC.delayMs,
          version: body.version ?? DEFAULT_DDC.version,
          outcome: body.outcome ?? DEFAULT_DDC.outcome,
        };
        provider.configureDdc(body.sessionId, ddc);
        return c.json({ ok: true, sessionId: body.sessionId, ddc });
      },
    ],
    // Sandbox-only: the challenge window size the issuer asks for in one session (tests of each size).
    challengeConfig: [
      async (c) => {
        const body = await readBody(c, challengeConfigSchema, BODY_LIMITS.token);
        if (!ctx.store.sessions.has(body.sessionId)) throw new ServiceError('session_not_found');
        provider.configureChallenge(body.sessionId, body.windowSize);
        return c.json({ ok: true, sessionId: body.sessionId, windowSize: body.windowSize });
      },
    ],
    // Where the ACS posts TransactionId and MD at the end of a challenge.
    returnPage: [
      async (c) => {
        const form = await readForm(c);
        if (!form.ok) return html(c, { ...returnErrorPage(form.message), status: form.status });
        const transactionId = field(form.fields, 'TransactionId', 128);
        const md = field(form.fields, 'MD', MAX_MD_LENGTH);
        const ancestors =
          typeof transactionId === 'string' ? provider.returnAncestors(transactionId) : undefined;
        if (typeof transactionId !== 'string' || md === null || ancestors === undefined) {
          return html(c, returnErrorPage('TransactionId is not the id of a 3DS challenge.'));
        }
        return html(c, returnPage({ tokenOrigin, transactionId, md: md ?? '', frameAncestors: ancestors }));
      },
    ],
    // Registered before the frame documents' catch-all GET /frames/*, which only serves the build output.
    returnScript: [(c) => asset(c, 'return.js')],
  } satisfies Record<string, RouteHandlers>;
}

/**
 * The issuer's enrolment calls come from its own result page (same origin, which a browser's fetch
 * says in Origin): a page elsewhere gets nothing. What holds a caller to the shopper's challenge is the
 * page's single-use ticket.
 */
function fromIssuerPage(provider: ThreeDsProvider): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    if (c.req.header('origin') !== provider.spcOrigin) return c.json({ error: 'origin_not_allowed' }, 403);
    await next();
    return undefined;
  };
}

export function threeDsProviderHandlers(provider: ThreeDsProvider) {
  return {
    ddc: [
      async (c) => {
        const form = await readForm(c);
        if (!form.ok) return html(c, providerErrorPage(form.status, form.message));
        const jwt = field(form.fields, 'JWT', MAX_JWT_LENGTH);
        const bin = field(form.fields, 'Bin', 19);
        if (typeof jwt !== 'string' || bin === null) {
          return html(
            c,
            providerErrorPage(400, 'Post the setup accessToken as JWT and, optionally, the Bin.'),
          );
        }
        const start = await provider.openCollection(jwt, bin);
        if (!start.ok) return html(c, providerErrorPage(400, start.message));
        return html(c, collectionPage(start));
      },
    ],
    // The collection page's own report (same origin): what makes enrollment say deviceDataCollected.
    ddcCollect: [
      async (c) => {
        const form = await readForm(c);
        const id = form.ok ? field(form.fields, 'collectionId', 128) : undefined;
        if (typeof id !== 'string' || !provider.completeCollection(id))
          return c.text('Unknown collection.', 404);
        return c.body(null, 204);
      },
    ],
    stepUp: [
      async (c) => {
        const form = await readForm(c);
        if (!form.ok) return html(c, providerErrorPage(form.status, form.message));
        const jwt = field(form.fields, 'JWT', MAX_JWT_LENGTH);
        const md = field(form.fields, 'MD', MAX_MD_LENGTH);
        if (typeof jwt !== 'string' || md === null) {
          return html(
            c,
            providerErrorPage(
              400,
              `Post the enrollment accessToken as JWT and, optionally, MD (≤ ${String(MAX_MD_LENGTH)}).`,
            ),
          );
        }
        const step = await provider.startChallenge(jwt, md);
        if (!step.ok) return html(c, providerErrorPage(400, step.message));
        return html(c, challengePage(step.challenge, step.frameAncestors, undefined, provider.spcOrigin));
      },
    ],
    stepUpAnswer: [
      async (c) => {
        const form = await readForm(c);
        if (!form.ok) return html(c, providerErrorPage(form.status, form.message));
        const acsTransId = field(form.fields, 'acsTransId', 64);
        const action = field(form.fields, 'action', 32);
        const code = field(form.fields, 'code', 32);
        if (typeof acsTransId !== 'string' || typeof action !== 'string' || code === null) {
          return html(c, providerErrorPage(400, 'The challenge form is incomplete.'));
        }
        const step = provider.answerChallenge(acsTransId, action, code ?? '');
        if (!step.ok) return html(c, providerErrorPage(400, step.message));
        if (step.error !== undefined)
          return html(c, challengePage(step.challenge, step.frameAncestors, step.error, provider.spcOrigin));
        return html(
          c,
          challengeResultPage(
            step.challenge,
            step.frameAncestors,
            provider.spcEnrolmentTicket(step.challenge),
          ),
        );
      },
    ],
    // The result page's enrolment, on the issuer's relying party origin: the options, then the credential.
    spcEnrolmentOptions: [
      fromIssuerPage(provider),
      async (c) => {
        const body = await readBody(c, spcEnrolmentSchema, BODY_LIMITS.token);
        const options = await provider.spcEnrolmentOptions(body.ticket);
        return options === undefined ? c.json({ error: 'not_enrollable' }, 409) : c.json(options);
      },
    ],
    spcEnrol: [
      fromIssuerPage(provider),
      async (c) => {
        const body = await readBody(c, spcEnrolSchema, BODY_LIMITS.token);
        const credential = body.credential as RegistrationResponseJSON;
        return (await provider.spcEnrol(body.ticket, credential))
          ? c.body(null, 204)
          : c.json({ error: 'enrolment_refused' }, 422);
      },
    ],
    asset: [
      (c: Context<SandboxEnv, '/assets/:name'>) => {
        const name = c.req.param('name');
        // return.js belongs to the token host, not to the provider.
        return name === 'return.js' ? c.text('Not found.', 404) : asset(c, name);
      },
    ],
  } satisfies Record<string, RouteHandlers>;
}
