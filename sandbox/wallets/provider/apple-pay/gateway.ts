// Apple's side of Apple Pay on the web, as the sandbox plays it: the gateway that issues merchant
// sessions (Apple's "Requesting an Apple Pay payment session"), the check Safari makes when the page
// completes merchant validation, and the sheets the stand-in opens, each of which may mint tokens for
// its payment request only. State lives per sandbox (one gateway per SandboxContext).

import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SandboxContext } from '../../../http/context.ts';
import type { ApplePayPaymentData } from '../../../records.ts';
import { CURRENCY_NUMERIC } from '../../apple-pay.ts';
import type { ValidatedRequest } from './browser/request.ts';
import { appleBillingContact, type ApplePayContact } from '../../holder.ts';
import { APPLE_NETWORKS, WALLET_TEST_CARDS, walletTestCard } from '../../test-cards.ts';

/** Apple: a merchant session "expires five minutes after it is created" and is single use. */
export const MERCHANT_SESSION_LIFETIME_MS = 5 * 60_000;
/** How long a sheet may wait for the tester (and for the page's completePayment) before it is forgotten. */
const SHEET_LIFETIME_MS = 15 * 60_000;

/** What the sandbox's gateway answers with: the keys of Apple's merchant session object, as observed. */
export interface MerchantSession {
  epochTimestamp: number;
  expiresAt: number;
  merchantSessionIdentifier: string;
  nonce: string;
  /** Apple writes the SHA-256 of the merchant identifier here (upper-case hex), not the identifier. */
  merchantIdentifier: string;
  domainName: string;
  displayName: string;
  signature: string;
  operationalAnalyticsIdentifier: string;
  retries: number;
  pspId: string;
}

/** The body Apple's paymentSession endpoint takes (merchantIdentifier, displayName, initiative...). */
interface PaymentSessionRequest {
  merchantIdentifier: string;
  displayName: string;
  initiative: 'web';
  /** The fully qualified domain of the page. */
  initiativeContext: string;
}

interface IssuedSession {
  account: string;
  merchantIdentifier: string;
  domainName: string;
  expiresAt: number;
  used: boolean;
}

/** The payment request as the stand-in validated it in the page: what the sheet shows and seals for. */
export type SheetRequest = ValidatedRequest;

interface Sheet {
  id: string;
  /** A secret only the sheet's own document holds: the page that framed it cannot read it. */
  nonce: string;
  account: string;
  merchantIdentifier: string;
  displayName: string;
  pageOrigin: string;
  frameAncestors: string[];
  request: SheetRequest;
  expiresAt: number;
}

/** Why a merchant session is refused at completeMerchantValidation (the page only sees oncancel). */
type MerchantSessionRefusal = 'malformed' | 'signature_invalid' | 'expired' | 'used' | 'wrong_domain';

export type SheetOpening =
  { ok: true; sheetId: string } | { ok: false; reason: MerchantSessionRefusal; message: string };

/** A test card as the sheet lists it: never its number, only what Apple's sheet shows. */
export interface SheetCard {
  id: string;
  displayName: string;
  network: string;
  type: 'credit' | 'debit';
  /** Whether the merchant's supportedNetworks and capabilities accept it. */
  eligible: boolean;
}

const sha256Hex = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');

/** The fields the signature covers, in a fixed order; the two timestamps are numbers, the rest strings. */
const SIGNED = [
  'epochTimestamp',
  'expiresAt',
  'merchantSessionIdentifier',
  'nonce',
  'merchantIdentifier',
  'domainName',
  'displayName',
] as const;
type SignedFields = Pick<MerchantSession, (typeof SIGNED)[number]>;

class ApplePayGateway {
  readonly #ctx: SandboxContext;
  /** Made at start: merchant sessions verify only in the sandbox process that issued them. */
  readonly #secret = randomBytes(32);
  readonly #sessions = new Map<string, IssuedSession>();
  readonly #sheets = new Map<string, Sheet>();
  /** Which account registered each merchant identifier (the emulated onboarding). */
  readonly #owners = new Map<string, string>();

  constructor(ctx: SandboxContext) {
    this.#ctx = ctx;
  }

  #sign(fields: SignedFields): string {
    const signed = JSON.stringify(SIGNED.map((key) => fields[key]));
    return createHmac('sha256', this.#secret).update(signed).digest('hex');
  }

  #prune(now: number): void {
    for (const [id, session] of this.#sessions) if (session.expiresAt <= now) this.#sessions.delete(id);
    for (const [id, sheet] of this.#sheets) if (sheet.expiresAt <= now) this.#sheets.delete(id);
  }

  /** Registers a merchant identifier to `account` on first use; false when another account holds it. */
  register(account: string, merchantIdentifier: string): boolean {
    const owner = this.#owners.get(merchantIdentifier);
    if (owner !== undefined && owner !== account) return false;
    this.#owners.set(merchantIdentifier, account);
    // The service's Payment Processing key for it, so the tokens the sheet seals open at Payment/Init.
    this.#ctx.wallets.applePayMerchantKey(account, merchantIdentifier);
    return true;
  }

  /** Apple's paymentSession endpoint, for a registered merchant identifier. */
  startSession(account: string, request: PaymentSessionRequest): MerchantSession {
    const now = this.#ctx.now();
    this.#prune(now);
    const hash = sha256Hex(request.merchantIdentifier).toUpperCase();
    const fields = {
      epochTimestamp: now,
      expiresAt: now + MERCHANT_SESSION_LIFETIME_MS,
      merchantSessionIdentifier: `SSH${randomBytes(16).toString('hex').toUpperCase()}`,
      nonce: randomBytes(4).toString('hex'),
      merchantIdentifier: hash,
      domainName: request.initiativeContext,
      displayName: request.displayName,
    };
    const session: MerchantSession = {
      ...fields,
      signature: this.#sign(fields),
      operationalAnalyticsIdentifier: `${request.displayName}:${hash}`,
      retries: 0,
      pspId: hash,
    };
    this.#sessions.set(session.merchantSessionIdentifier, {
      account,
      merchantIdentifier: request.merchantIdentifier,
      domainName: request.initiativeContext,
      expiresAt: session.expiresAt,
      used: false,
    });
    return session;
  }

  /**
   * What Safari does with the object the page passed to completeMerchantValidation: it must be a
   * session this gateway signed, unexpired, unused, for the page's own domain. A session that passes
   * is spent, and a sheet opens for the request.
   */
  openSheet(input: {
    merchantSession: unknown;
    pageOrigin: string;
    ancestorOrigins: readonly string[];
    request: SheetRequest;
  }): SheetOpening {
    const now = this.#ctx.now();
    this.#prune(now);
    const candidate: Record<string, unknown> =
      typeof input.merchantSession === 'object' && input.merchantSession !== null
        ? (input.merchantSession as Record<string, unknown>)
        : {};
    const wellFormed =
      SIGNED.every(
        (key) =>
          typeof candidate[key] === (key === 'epochTimestamp' || key === 'expiresAt' ? 'number' : 'string'),
      ) && typeof candidate['signature'] === 'string';
    if (!wellFormed) return { ok: false, reason: 'malformed', message: 'not a merchant session object' };
    const fields = candidate as unknown as SignedFields & { signature: string };
    const expected = Buffer.from(this.#sign(fields), 'hex');
    const given = Buffer.from(fields.signature, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return {
        ok: false,
        reason: 'signature_invalid',
        message: 'the merchant session is not signed by the gateway',
      };
    }
    const issued = this.#sessions.get(fields.merchantSessionIdentifier);
    if (issued === undefined || now >= issued.expiresAt) {
      return {
        ok: false,
        reason: 'expired',
        message: 'the merchant session expired (5 minutes after it was made)',
      };
    }
    if (issued.used) return { ok: false, reason: 'used', message: 'the merchant session was already used' };
    const hostname = new URL(input.pageOrigin).hostname;
    if (issued.domainName !== hostname) {
      return {
        ok: false,
        reason: 'wrong_domain',
        message: `the merchant session is for ${issued.domainName}, not this page (${hostname})`,
      };
    }
    issued.used = true;
    const sheet: Sheet = {
      id: randomBytes(16).toString('base64url'),
      nonce: randomBytes(24).toString('base64url'),
      account: issued.account,
      merchantIdentifier: issued.merchantIdentifier,
      displayName: fields.displayName,
      pageOrigin: input.pageOrigin,
      frameAncestors: [...new Set([input.pageOrigin, ...input.ancestorOrigins])],
      request: input.request,
      expiresAt: now + SHEET_LIFETIME_MS,
    };
    this.#sheets.set(sheet.id, sheet);
    return { ok: true, sheetId: sheet.id };
  }

  /** A sheet still open, or undefined. */
  sheet(id: string): Readonly<Sheet> | undefined {
    const sheet = this.#sheets.get(id);
    return sheet !== undefined && this.#ctx.now() < sheet.expiresAt ? sheet : undefined;
  }

  /** The wallet's cards as this sheet lists them. */
  cards(sheet: Readonly<Sheet>): SheetCard[] {
    const networks = new Set(sheet.request.supportedNetworks.map((network) => network.toLowerCase()));
    const capabilities = new Set(sheet.request.merchantCapabilities);
    const typeLimited = capabilities.has('supportsCredit') || capabilities.has('supportsDebit');
    return WALLET_TEST_CARDS.map((card) => {
      const network = APPLE_NETWORKS[card.brand] ?? card.brand;
      const type = 'credit' as const;
      return {
        id: card.id,
        displayName: `${network} ${card.number.slice(-4)}`,
        network,
        type,
        eligible: networks.has(network.toLowerCase()) && (!typeLimited || capabilities.has('supportsCredit')),
      };
    });
  }

  /**
   * Pay (Touch ID): seals a token for the sheet's merchant, amount and currency, as Apple hands it in
   * `onpaymentauthorized`. Only the sheet's own document can ask: it holds the nonce.
   */
  authorize(
    sheetId: string,
    nonce: string,
    cardId: string,
    amount: string,
  ):
    | {
        ok: true;
        payment: {
          token: {
            paymentData: ApplePayPaymentData;
            paymentMethod: { displayName: string; network: string; type: string };
            transactionIdentifier: string;
          };
          billingContact?: ApplePayContact;
        };
      }
    | { ok: false; message: string } {
    const sheet = this.#sheets.get(sheetId);
    if (
      sheet === undefined ||
      this.#ctx.now() >= sheet.expiresAt ||
      sheet.nonce.length !== nonce.length ||
      !timingSafeEqual(Buffer.from(sheet.nonce), Buffer.from(nonce))
    ) {
      return { ok: false, message: 'This payment sheet is closed.' };
    }
    const card = walletTestCard(cardId);
    const listed = this.cards(sheet).find((c) => c.id === cardId);
    if (card === undefined || listed?.eligible !== true) {
      return { ok: false, message: 'The merchant does not accept this card.' };
    }
    if (CURRENCY_NUMERIC[sheet.request.currencyCode] === undefined) {
      return {
        ok: false,
        message: `The sandbox's wallet pays in ${Object.keys(CURRENCY_NUMERIC).join(', ')}, not ${sheet.request.currencyCode}.`,
      };
    }
    const paymentData = this.#ctx.wallets.sealApplePay({
      card,
      account: sheet.account,
      merchantIdentifier: sheet.merchantIdentifier,
      amount: Number(amount),
      currency: sheet.request.currencyCode,
      ...(sheet.request.applicationData === undefined
        ? {}
        : { applicationData: sha256Hex(Buffer.from(sheet.request.applicationData, 'base64')) }),
    });
    const billingContact = appleBillingContact(sheet.request.requiredBillingContactFields);
    return {
      ok: true,
      payment: {
        token: {
          paymentData,
          paymentMethod: { displayName: listed.displayName, network: listed.network, type: listed.type },
          transactionIdentifier: paymentData.header.transactionId.toUpperCase(),
        },
        // Filled only with what the request asked for (requiredBillingContactFields).
        ...(billingContact === undefined ? {} : { billingContact }),
      },
    };
  }

  /** Forgets sessions and sheets (with the rest of the sandbox's state); registrations stay. */
  reset(): void {
    this.#sessions.clear();
    this.#sheets.clear();
  }
}

const gateways = new WeakMap<SandboxContext, ApplePayGateway>();

/** The gateway of this sandbox: the token host's endpoint and the wallet origin share it. */
export function applePayGateway(ctx: SandboxContext): ApplePayGateway {
  let gateway = gateways.get(ctx);
  if (gateway === undefined) {
    gateway = new ApplePayGateway(ctx);
    gateways.set(ctx, gateway);
  }
  return gateway;
}
