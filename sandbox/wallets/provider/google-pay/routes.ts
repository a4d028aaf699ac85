// Google Pay as the wallet origin serves it, played offline: pay.js at Google's path, the sheet document
// and its script and styles, and the one endpoint that seals a token, for the wallet's own sheet only
// (a page must never mint tokens: Origin, Sec-Fetch-Site and the sheet's key say who asks).

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ServiceError } from '../../../errors.ts';
import type { RouteHandlers, SandboxContext } from '../../../http/context.ts';
import { BODY_LIMITS, readBody } from '../../../http/request.ts';
import { strict } from '../../../schemas.ts';
import { html } from '../../../three-ds/routes.ts';
import { walletTestCard } from '../../test-cards.ts';
import { sheetStylesheet, standInScript } from '../origin.ts';
import { GOOGLE_PAY_GATEWAY } from '../../wallets.ts';
import { paymentDataFor, SHEET_CARDS, sheetCard } from './payment-data.ts';
import { fits } from './protocol.ts';
import { AUTH_METHODS, BILLING_ADDRESS_FORMATS, CARD_NETWORKS } from './request-checks.ts';
import { frameAncestors, sheetPage, sheetRefusedPage } from './sheet-page.ts';

export const PAY_JS_PATH = '/gp/p/js/pay.js';
export const SHEET_PATH = '/google-pay/sheet';
export const SHEET_TOKEN_PATH = '/google-pay/sheet/token';
/** The header the sheet sends its key in (a custom header: a cross-origin page would need a preflight). */
const SHEET_KEY_HEADER = 'x-sheet-key';
/** How long a sheet may ask for tokens after it was served. */
export const SHEET_KEY_LIFETIME_MS = 30 * 60_000;
/** Sheets remembered at once; the oldest is forgotten first. */
const MAX_SHEETS = 10_000;

const SHEET_CSS = readFileSync(new URL('./sheet.css', import.meta.url), 'utf8');

const sheetTokenSchema = strict({
  testCard: z.string().min(1).max(64),
  gateway: z.string().max(128).optional(),
  gatewayMerchantId: z.string().min(1).max(128),
  allowedAuthMethods: z.array(z.enum(AUTH_METHODS)).min(1).max(AUTH_METHODS.length),
  allowedCardNetworks: z.array(z.enum(CARD_NETWORKS)).min(1).max(CARD_NETWORKS.length),
  assuranceDetailsRequired: z.boolean(),
  billingAddressRequired: z.boolean(),
  billingAddressFormat: z.enum(BILLING_ADDRESS_FORMATS),
  phoneNumberRequired: z.boolean(),
  emailRequired: z.boolean(),
  shippingAddressRequired: z.boolean(),
});

/** The keys of the sheets served: a key in the document is what lets that sheet ask for tokens. */
class SheetKeys {
  readonly #expiries = new Map<string, number>();

  constructor(private readonly now: () => number) {}

  issue(): string {
    const now = this.now();
    for (const [key, expiresAt] of this.#expiries) {
      if (expiresAt > now && this.#expiries.size < MAX_SHEETS) break;
      this.#expiries.delete(key);
    }
    const key = randomBytes(24).toString('base64url');
    this.#expiries.set(key, now + SHEET_KEY_LIFETIME_MS);
    return key;
  }

  valid(key: string | undefined): boolean {
    const expiresAt = key === undefined ? undefined : this.#expiries.get(key);
    return expiresAt !== undefined && expiresAt > this.now();
  }
}

/**
 * Why a token request does not come from the wallet's own sheet, or undefined when it does: the
 * browser's Origin must be the wallet origin (a page cannot forge it), Sec-Fetch-Site, where sent,
 * same-origin, and the key one the wallet served in a sheet document.
 */
function sheetRequestRefusal(
  headers: { origin: string | undefined; secFetchSite: string | undefined; key: string | undefined },
  walletsOrigin: string,
  keys: SheetKeys,
): string | undefined {
  if (headers.origin !== walletsOrigin) return 'Only the wallet’s own sheet may ask for a Google Pay token.';
  if (headers.secFetchSite !== undefined && headers.secFetchSite !== 'same-origin')
    return 'Only the wallet’s own sheet may ask for a Google Pay token (Sec-Fetch-Site).';
  if (!keys.valid(headers.key))
    return 'This sheet has expired or was not served by the wallet: open it again.';
  return undefined;
}

export function googlePayProviderHandlers(ctx: SandboxContext) {
  const walletsOrigin = new URL(ctx.urls.walletsUrl).origin;
  const keys = new SheetKeys(ctx.now);

  return {
    payScript: standInScript('google-pay/pay', true),
    sheetScript: standInScript('google-pay/sheet', false),
    sheetStyle: sheetStylesheet(SHEET_CSS),
    sheet: [
      (c) => {
        const ancestors = frameAncestors(c.req.query('origin'), c.req.query('ancestors'));
        const targetOrigin = ancestors?.[0];
        if (ancestors === undefined || targetOrigin === undefined)
          return html(c, sheetRefusedPage('pay.js opens this sheet with ?origin=<the page’s origin>.'));
        return html(
          c,
          sheetPage({
            targetOrigin,
            frameAncestors: ancestors,
            sheetKey: keys.issue(),
            gateway: GOOGLE_PAY_GATEWAY,
            cards: SHEET_CARDS,
          }),
        );
      },
    ],
    sheetToken: [
      async (c) => {
        const refusal = sheetRequestRefusal(
          {
            origin: c.req.header('origin'),
            secFetchSite: c.req.header('sec-fetch-site'),
            key: c.req.header(SHEET_KEY_HEADER),
          },
          walletsOrigin,
          keys,
        );
        if (refusal !== undefined) throw new ServiceError('origin_not_allowed', { message: refusal });
        const body = await readBody(c, sheetTokenSchema, BODY_LIMITS.token);
        if (body.gateway !== GOOGLE_PAY_GATEWAY) {
          throw new ServiceError('invalid_request', {
            field: 'gateway',
            message: `gateway: the sandbox's Google Pay plays the gateway "${GOOGLE_PAY_GATEWAY}" only`,
          });
        }
        const card = walletTestCard(body.testCard);
        if (card === undefined || !fits(sheetCard(card), body)) {
          throw new ServiceError('invalid_request', {
            field: 'testCard',
            message: 'testCard: not a card of the sandbox wallet that this request allows',
          });
        }
        const token = ctx.wallets.sealGooglePay({
          card,
          gatewayMerchantId: body.gatewayMerchantId,
          authMethod: card.googleAuthMethod,
        });
        return c.json({ paymentData: paymentDataFor(card, token, body) });
      },
    ],
  } satisfies Record<string, RouteHandlers>;
}
