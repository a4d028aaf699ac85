// The Google Pay stand-in over HTTP, on a sandbox on ephemeral ports: pay.js as a merchant page loads it,
// the sheet document and its policy, and the token endpoint, which seals a real ECv2 token for the
// wallet's own sheet and for nobody else.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MERCHANT_ORIGIN, type Reply } from '../../../test/harness.ts';
import { fileSandbox } from '../../../test/file-sandbox.ts';
import { SANDBOX_ADDRESS, SANDBOX_EMAIL } from './payment-data.ts';
import { SHEET_KEY_LIFETIME_MS } from './routes.ts';

const START = Date.UTC(2026, 10, 24, 12, 0, 0);
let clock = START;
let wallets: string;

const sb = fileSandbox({ now: () => clock });
beforeAll(() => {
  wallets = new URL(sb.urls.walletsUrl).origin;
});
beforeEach(() => {
  clock = START;
});

const sheetUrl = (query: string) => sb.url('wallets', `/google-pay/sheet?${query}`);
const shopSheet = () => sheetUrl(`origin=${encodeURIComponent(MERCHANT_ORIGIN)}`);

/** A sheet served for the merchant's page, and the key it got. */
async function openSheet(): Promise<string> {
  const html = await (await fetch(shopSheet())).text();
  const key = /data-sheet-key="([^"]+)"/.exec(html)?.[1];
  if (key === undefined) throw new Error('the sheet has no key');
  return key;
}

const sealRequest = (body: Record<string, unknown> = {}) => ({
  testCard: 'visa',
  gateway: 'servicesandbox',
  gatewayMerchantId: 'demo',
  allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
  allowedCardNetworks: ['VISA', 'MASTERCARD', 'ELO'],
  assuranceDetailsRequired: false,
  billingAddressRequired: false,
  billingAddressFormat: 'MIN',
  phoneNumberRequired: false,
  emailRequired: false,
  shippingAddressRequired: false,
  ...body,
});

/** What the sheet's fetch sends: same-origin, with its key. */
function seal(
  key: string,
  body: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<Reply> {
  return sb.raw('wallets', '/google-pay/sheet/token', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: wallets,
      'sec-fetch-site': 'same-origin',
      'x-sheet-key': key,
      ...headers,
    },
    body: JSON.stringify(sealRequest(body)),
  });
}

describe('GET /gp/p/js/pay.js', () => {
  it('serves a classic script any page may load, compressed, without eval', async () => {
    const response = await fetch(sb.url('wallets', '/gp/p/js/pay.js'), {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const code = await response.text();
    expect(code).toMatch(/^\(function\(\) \{/);
    expect(code).toContain('PaymentsClient');
    expect(code).not.toMatch(/\beval\(|new Function\(|setAttribute\("style"/);
    // No card number of the wallet reaches the page's script.
    expect(code).not.toMatch(/\d{13,19}/);
  });
});

describe('GET /google-pay/sheet', () => {
  it('may be framed by the page that opened it (and its ancestors) only, under a strict policy', async () => {
    const response = await fetch(shopSheet());
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain(`frame-ancestors ${MERCHANT_ORIGIN}`);
    const html = await response.text();
    expect(html).not.toMatch(/<script>|<style|style="/);
    expect(html).toContain(`data-target-origin="${MERCHANT_ORIGIN}"`);
    // The cards show brand and last four only.
    expect(html).toContain('&quot;last4&quot;:&quot;1111&quot;');
    expect(html).not.toMatch(/\d{13,19}/);

    const nested = await fetch(
      sheetUrl(
        `origin=${encodeURIComponent(MERCHANT_ORIGIN)}&ancestors=${encodeURIComponent('http://localhost:4174')}`,
      ),
    );
    expect(nested.headers.get('content-security-policy')).toContain(
      `frame-ancestors ${MERCHANT_ORIGIN} http://localhost:4174`,
    );
  });

  it('refuses without the page’s origin, or with something that is not an origin', async () => {
    for (const query of [
      '',
      'origin=javascript%3Aalert(1)',
      `origin=${encodeURIComponent(`${MERCHANT_ORIGIN}/shop`)}`,
    ]) {
      const response = await fetch(sheetUrl(query));
      expect(response.status, query).toBe(400);
      expect(await response.text()).not.toContain('data-sheet-key');
    }
  });
});

describe('POST /google-pay/sheet/token', () => {
  it('seals a token for the sheet’s card that opens for the gateway merchant', async () => {
    const reply = await seal(await openSheet(), { testCard: 'mastercard-3ds' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const paymentData = reply.body['paymentData'] as {
      paymentMethodData: { info: Record<string, unknown>; tokenizationData: { token: string } };
    };
    expect(paymentData).toMatchObject({
      apiVersion: 2,
      apiVersionMinor: 0,
      paymentMethodData: {
        type: 'CARD',
        description: 'Mastercard •••• 4444',
        info: { cardNetwork: 'MASTERCARD', cardDetails: '4444', cardFundingSource: 'CREDIT' },
        tokenizationData: { type: 'PAYMENT_GATEWAY' },
      },
    });
    const token = paymentData.paymentMethodData.tokenizationData.token;
    expect(JSON.parse(token)).toMatchObject({ protocolVersion: 'ECv2' });
    const opened = sb.sandbox.ctx.wallets.open('WalletAPay', token, { account: 'demo' });
    expect(opened).toMatchObject({ authMethod: 'CRYPTOGRAM_3DS', number: '2222630000001125', eci: '02' });
  });

  it('adds what the request asked for: assurance details, addresses, e-mail', async () => {
    const reply = await seal(await openSheet(), {
      assuranceDetailsRequired: true,
      billingAddressRequired: true,
      billingAddressFormat: 'FULL',
      phoneNumberRequired: true,
      emailRequired: true,
      shippingAddressRequired: true,
    });
    expect(reply.body['paymentData']).toMatchObject({
      paymentMethodData: {
        info: {
          assuranceDetails: { accountVerified: true, cardHolderAuthenticated: false },
          billingAddress: { ...SANDBOX_ADDRESS, administrativeArea: 'SP' },
        },
      },
      email: SANDBOX_EMAIL,
      shippingAddress: { name: SANDBOX_ADDRESS.name, locality: 'São Paulo' },
    });
    const minimal = await seal(await openSheet(), { billingAddressRequired: true });
    expect(
      (reply.body['paymentData'] as { shippingAddress: Record<string, unknown> }).shippingAddress,
    ).not.toHaveProperty('phoneNumber');
    expect(minimal.body['paymentData']).toMatchObject({
      paymentMethodData: {
        info: { billingAddress: { name: 'Grace Hopper', countryCode: 'BR', postalCode: '01310-200' } },
      },
    });
  });

  it('answers only the wallet’s own sheet: its origin, same-origin, a key it served and not expired', async () => {
    const key = await openSheet();
    const refusals = [
      { origin: MERCHANT_ORIGIN },
      { origin: '' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { 'x-sheet-key': 'made-up' },
      { 'x-sheet-key': '' },
    ];
    for (const headers of refusals) {
      const reply = await seal(key, {}, headers);
      expect(reply.status, JSON.stringify(headers)).toBe(403);
      expect(reply.body.error?.code).toBe('origin_not_allowed');
    }
    clock += SHEET_KEY_LIFETIME_MS + 1;
    expect((await seal(key)).status).toBe(403);
    expect((await seal(await openSheet())).status).toBe(200);
  });

  it('refuses another gateway, a card the request does not allow, and a body that is not JSON', async () => {
    const key = await openSheet();
    const stripe = await seal(key, { gateway: 'stripe' });
    expect(stripe.status).toBe(400);
    expect(stripe.body.error).toMatchObject({ code: 'invalid_request', field: 'gateway' });
    for (const body of [
      { testCard: 'mastercard-3ds', allowedAuthMethods: ['PAN_ONLY'] },
      { testCard: 'elo', allowedCardNetworks: ['VISA'] },
      { testCard: 'amex' },
    ]) {
      const reply = await seal(key, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.error?.field).toBe('testCard');
    }
    const text = await sb.raw('wallets', '/google-pay/sheet/token', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: wallets, 'x-sheet-key': key },
      body: JSON.stringify(sealRequest()),
    });
    expect(text.status).toBe(415);
  });
});
