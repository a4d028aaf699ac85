// Helpers for the 3DS tests: the flow's steps as a browser would run them, over real HTTP.

import { expect } from 'vitest';
import type { SoftAuthenticator } from '../test/authenticator.ts';
import { futureYear, MERCHANT_ORIGIN, type Reply, type Server, type TestSandbox } from '../test/harness.ts';

export interface HtmlReply {
  status: number;
  headers: Headers;
  html: string;
}

/** The sandbox expiry that lets a 3DS test card authenticate. */
export function testExpiry(): { expirationMonth: number; expirationYear: number } {
  return { expirationMonth: 1, expirationYear: futureYear(3) };
}

export async function postForm(
  sb: TestSandbox,
  server: Server,
  path: string,
  fields: Record<string, string>,
): Promise<HtmlReply> {
  const response = await fetch(sb.url(server, path), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** Reverses the pages' attribute escaping. */
function unescape(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export function dataAttribute(html: string, name: string): string | undefined {
  const match = new RegExp(`data-${name}="([^"]*)"`).exec(html);
  return match?.[1] === undefined ? undefined : unescape(match[1]);
}

export function hiddenInput(html: string, name: string): string | undefined {
  const match = new RegExp(`<input type="hidden" name="${name}" value="([^"]*)">`).exec(html);
  return match?.[1] === undefined ? undefined : unescape(match[1]);
}

/** Every <script> of a page has a src: no inline code for a strict CSP to forbid. */
export function expectNoInlineScript(html: string): void {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  for (const [, attributes = '', body = ''] of scripts) {
    expect(attributes).toMatch(/\bsrc="\/[^"]+"/);
    expect(body.trim()).toBe('');
  }
  expect(html).not.toMatch(/\son[a-z]+=/i);
  expect(html).not.toMatch(/<style\b|\sstyle=/i);
}

/** Payment/Init's AuthenticationInformation from an enrollment or validation answer (spec 2.6). */
export function authenticationInformation(authentication: Record<string, unknown>): Record<string, unknown> {
  return {
    Code: authentication['code'],
    ReferenceId: authentication['referenceId'],
    TransactionId: authentication['transactionId'],
  };
}

export interface ThreeDsSteps {
  setup(
    sessionId: string,
    /** One of them, as a page sends it; more or none to test the refusals. */
    card: { cardNumber?: string; bin?: string; token?: string },
    account?: string,
  ): Promise<Reply>;
  /** Setup that must succeed; returns its fields. */
  setupOk(
    sessionId: string,
    cardNumber: string,
    account?: string,
  ): Promise<{ code: string; referenceId: string; deviceDataCollectionUrl: string; accessToken: string }>;
  generate(
    sessionId: string,
    card: Record<string, unknown>,
    code: string | undefined,
    options?: { account?: string; frontData?: Record<string, unknown> },
  ): Promise<Reply>;
  validate(sessionId: string, authenticationTransactionId: string, account?: string): Promise<Reply>;
  /** Setup, collection page (reported as collected), then Generate: what a card frame does. */
  enroll(
    sessionId: string,
    cardNumber: string,
    options?: { card?: Record<string, unknown>; collect?: boolean; account?: string },
  ): Promise<{ reply: Reply; authentication: Record<string, unknown>; token: string }>;
  /** The collection page in its hidden iframe, reported as collected. */
  collect(accessToken: string, bin: string): Promise<void>;
  /** Token/Bind of a saved card, with a setup's code when given. */
  bind(
    sessionId: string,
    token: string,
    code: string | undefined,
    options?: { cvv?: string; account?: string; frontData?: Record<string, unknown> },
  ): Promise<Reply>;
  /** Setup with the token, collection, then Token/Bind with the code: what a card frame does for a saved card. */
  enrollSaved(
    sessionId: string,
    token: string,
  ): Promise<{ reply: Reply; authentication: Record<string, unknown> }>;
  /** The ACS's challenge page, opened with the enrollment's step-up JWT. */
  openChallenge(
    authentication: Record<string, unknown>,
    MD?: string,
  ): Promise<{ page: HtmlReply; acsTransId: string }>;
  /** The shopper's answer on the challenge page: `authenticate` with a code, `fail` or `cancel`. */
  answerChallenge(acsTransId: string, action: string, code?: string): Promise<HtmlReply>;
  /** Payment/Init from the merchant backend with the token, paying with the authentication when given. */
  pay(
    sessionId: string,
    token: string,
    authentication: Record<string, unknown> | undefined,
    options?: { paymentMethodType?: string },
  ): Promise<Reply>;
}

export function threeDsSteps(sb: TestSandbox): ThreeDsSteps {
  const steps: ThreeDsSteps = {
    setup: (sessionId, card, account = 'demo') =>
      sb.browser('token', '/api/ThreeDS/Setup', { sessionId, ...card }, { account }),
    setupOk: async (sessionId, cardNumber, account = 'demo') => {
      const reply = await steps.setup(sessionId, { cardNumber }, account);
      if (reply.status !== 200 || reply.body['enabled'] !== true)
        throw new Error(`Setup failed: ${JSON.stringify(reply.body)}`);
      return reply.body as unknown as Awaited<ReturnType<ThreeDsSteps['setupOk']>>;
    },
    generate: (sessionId, card, code, options = {}) =>
      sb.browser(
        'token',
        '/api/Token/Generate',
        {
          sessionId,
          card: { cardHolderName: 'Ada Lovelace', cvv: '123', ...card },
          ...(code === undefined ? {} : { authenticationInformation: { code } }),
          ...(options.frontData === undefined ? {} : { frontData: options.frontData }),
        },
        { account: options.account ?? 'demo' },
      ),
    validate: (sessionId, authenticationTransactionId, account = 'demo') =>
      sb.browser('token', '/api/ThreeDS/Validate', { sessionId, authenticationTransactionId }, { account }),
    enroll: async (sessionId, cardNumber, options = {}) => {
      const setup = await steps.setupOk(sessionId, cardNumber, options.account);
      if (options.collect ?? true) await steps.collect(setup.accessToken, cardNumber.slice(0, 8));
      const reply = await steps.generate(
        sessionId,
        { cardNumber, ...testExpiry(), ...options.card },
        setup.code,
        { account: options.account ?? 'demo' },
      );
      if (reply.status !== 200) throw new Error(`Generate failed: ${JSON.stringify(reply.body)}`);
      return {
        reply,
        authentication: reply.body['authentication'] as Record<string, unknown>,
        token: reply.body['token'] as string,
      };
    },
    collect: async (accessToken, bin) => {
      const page = await postForm(sb, 'threeDs', '/ddc', { JWT: accessToken, Bin: bin });
      const collectionId = dataAttribute(page.html, 'collection-id');
      if (collectionId !== undefined) await postForm(sb, 'threeDs', '/ddc/collect', { collectionId });
    },
    bind: (sessionId, token, code, options = {}) =>
      sb.browser(
        'token',
        '/api/Token/Bind',
        {
          sessionId,
          token,
          cvv: options.cvv ?? '123',
          ...(code === undefined ? {} : { authenticationInformation: { code } }),
          ...(options.frontData === undefined ? {} : { frontData: options.frontData }),
        },
        { account: options.account ?? 'demo' },
      ),
    enrollSaved: async (sessionId, token) => {
      const setup = await steps.setup(sessionId, { token });
      if (setup.status !== 200 || setup.body['enabled'] !== true)
        throw new Error(`Setup failed: ${JSON.stringify(setup.body)}`);
      const saved = sb.sandbox.ctx.store.tokens.get(token);
      await steps.collect(setup.body['accessToken'] as string, saved?.bin ?? '');
      const reply = await steps.bind(sessionId, token, setup.body['code'] as string);
      if (reply.status !== 200) throw new Error(`Bind failed: ${JSON.stringify(reply.body)}`);
      return { reply, authentication: reply.body['authentication'] as Record<string, unknown> };
    },
    openChallenge: async (authentication, MD = 'merchant-data-42') => {
      const page = await postForm(sb, 'threeDs', '/stepup', {
        JWT: authentication['accessToken'] as string,
        MD,
      });
      expect(page.status).toBe(200);
      return { page, acsTransId: hiddenInput(page.html, 'acsTransId') ?? '' };
    },
    answerChallenge: (acsTransId, action, code = '') =>
      postForm(sb, 'threeDs', '/stepup/answer', { acsTransId, action, code }),
    pay: (sessionId, token, authentication, options = {}) =>
      sb.backend('sandbox', '/api/Payment/Init', {
        tokenSession: sessionId,
        partnerUniqueId: `order-${Math.random().toString(36).slice(2)}`,
        isTest: true,
        paymentData: {
          amount: 10,
          currency: 'BRL',
          paymentMethods: [
            {
              paymentMethodType: options.paymentMethodType ?? (authentication === undefined ? '1' : '7'),
              amount: 10,
              cardInfo: { token, tokenProvider: 'Service' },
              ...(authentication === undefined
                ? {}
                : { AuthenticationInformation: authenticationInformation(authentication) }),
            },
          ],
        },
      }),
  };
  return steps;
}

/** The issuer's SPC relying party: the provider reached by name, as a WebAuthn RP ID must be a domain. */
export function spcIssuerOrigin(sb: TestSandbox): string {
  return sb.url('threeDs', '').replace('127.0.0.1', 'localhost').replace(/\/$/, '');
}

/** A call of the issuer's result page to its own origin (a browser's fetch says so in Origin). */
export async function issuerPageCall(
  sb: TestSandbox,
  path: string,
  body: unknown,
  origin = spcIssuerOrigin(sb),
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${spcIssuerOrigin(sb)}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json().catch(() => ({}))) as Record<string, unknown>,
  };
}

/**
 * "Use this device" on the issuer's result page (`resultHtml`), as spc-enrol.js does: the page's
 * single-use ticket, the creation options, the device's new credential, its enrolment (204).
 */
export async function enrolSpcDevice(sb: TestSandbox, resultHtml: string, device: SoftAuthenticator) {
  const ticket = dataAttribute(resultHtml, 'ticket') ?? '';
  const options = await issuerPageCall(sb, '/stepup/spc/options', { ticket });
  expect(options.status).toBe(200);
  const registration = device.register(options.body as { challenge: string; rp: { id: string } }, {
    origin: spcIssuerOrigin(sb),
    topOrigin: MERCHANT_ORIGIN,
  });
  const enrolled = await issuerPageCall(sb, '/stepup/spc/enrol', { ticket, credential: registration });
  expect(enrolled.status).toBe(204);
  return { ticket, options: options.body, registration };
}
