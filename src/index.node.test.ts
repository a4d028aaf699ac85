// Server-side rendering imports the package in Node, where there is no DOM: that must not throw, and
// constructing a Checkout (which only checks options) must work too.
import { describe, expect, it } from 'vitest';

describe('the ESM entry without a DOM', () => {
  it('imports and constructs without touching window or document', async () => {
    expect(typeof globalThis.document).toBe('undefined');
    const module = await import('./index.ts');
    expect(typeof module.Checkout).toBe('function');
    const checkout = new module.Checkout({
      sessionId: 'ses_1',
      account: 'demo',
      environment: 'sandbox',
      locale: 'pt-BR',
    });
    expect(checkout.locale).toBe('pt-BR');
    expect(module.isCheckoutError(new module.CheckoutError('card_expired', 'validation', 'm'))).toBe(true);
  });
});
