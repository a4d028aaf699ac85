// The vault keeps no card secret a real service would not keep: the CVV is the issuer's alone.

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { futureYear } from './test/harness.ts';
import { fileSandbox } from './test/file-sandbox.ts';

const sb = fileSandbox();

const CVV = '739';

/** Plain digests of the CVV anyone would try on a leaked store. */
const digests = ['sha256', 'sha1', 'md5', 'sha512'].flatMap((algorithm) =>
  ['hex', 'base64', 'base64url'].map((encoding) =>
    createHash(algorithm)
      .update(CVV)
      .digest(encoding as 'hex'),
  ),
);

/** Every place in `value` that holds the CVV, a digest of it, binary data or a CVV-named key. */
function secretsIn(value: unknown, path = 'store', seen = new Set<unknown>()): string[] {
  if (typeof value === 'string' || typeof value === 'number') {
    const text = String(value);
    return text === CVV || digests.includes(text) ? [path] : [];
  }
  if (typeof value !== 'object' || value === null || seen.has(value)) return [];
  seen.add(value);
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return [`${path} (binary)`];
  // Map keys and Set members are ids (random, so they may spell anything): only field names are names.
  if (value instanceof Map || value instanceof Set) {
    return [...value.entries()].flatMap(([key, item]) => secretsIn(item, `${path}.${String(key)}`, seen));
  }
  return Object.entries(value).flatMap(([key, item]) => [
    // cvvLength is the brand's rule (3 or 4), not the card's secret.
    ...(/cvv|cvc|securitycode/i.test(key) && key !== 'cvvLength' ? [`${path}.${key} (key)`] : []),
    ...secretsIn(item, `${path}.${key}`, seen),
  ]);
}

describe('the vault', () => {
  it('keeps no CVV and nothing derived from one after Token/Generate and pci/init', async () => {
    const sessionId = await sb.session({ customerId: 'vault-1' });
    const saved = await sb.tokenize(sessionId, { cvv: CVV, singleUse: false });
    const paid = await sb.backend(
      'token',
      '/api/integrations/pci/init',
      {
        partnerUniqueId: 'vault-pci-1',
        customer: { id: 'vault-1' },
        paymentData: {
          currency: 'BRL',
          paymentMethods: [
            {
              paymentMethodType: '1',
              amount: 10,
              cardInfo: {
                cardNumber: '5555555555554444',
                expirationMonth: 12,
                expirationYear: futureYear(),
                cvv: CVV,
                saveCard: true,
              },
            },
          ],
        },
      },
      { account: 'demo-pci' },
    );
    expect(paid.status).toBe(201);
    expect(sb.sandbox.ctx.store.tokens.get(saved)).toBeDefined();
    expect(secretsIn(sb.sandbox.ctx.store)).toEqual([]);
  });

  it('lets Token/Bind ask the issuer: the CVV given at tokenization binds, another does not', async () => {
    const saved = await sb.tokenize(await sb.session({ customerId: 'vault-2' }), {
      cvv: CVV,
      singleUse: false,
    });
    const later = await sb.session({ customerId: 'vault-2' });
    const bind = (cvv: string) =>
      sb.browser('token', '/api/Token/Bind', { sessionId: later, token: saved, cvv });
    expect((await bind('123')).body.error?.code).toBe('cvv_mismatch');
    expect((await bind(CVV)).status).toBe(200);
  });

  it('leaves declines to the issuer: a declined test card still tokenizes and its payment is declined', async () => {
    const sessionId = await sb.session();
    const token = await sb.tokenize(sessionId, { cardNumber: '4000000000000002', cvv: CVV });
    expect(Object.keys(sb.sandbox.ctx.store.tokens.get(token)!)).not.toContain('outcome');
    const reply = await sb.backend('sandbox', '/api/Payment/Init', {
      partnerUniqueId: 'vault-decline-1',
      tokenSession: sessionId,
      paymentData: {
        currency: 'BRL',
        paymentMethods: [
          { paymentMethodType: '1', amount: 10, cardInfo: { token, tokenProvider: 'Service' } },
        ],
      },
    });
    expect(reply.body).toMatchObject({
      status: 'declined',
      paymentMethods: [{ status: 'declined', declineReason: 'do_not_honor' }],
    });
  });
});
