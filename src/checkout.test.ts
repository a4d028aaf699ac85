// The Checkout as a facade: it hands the card results to `callback` (a throwing callback stays the
// merchant's error), the payments to `onPayment` (a pay() whose flow could not load included), and
// leaves the rest to the flows, each tested in flows/.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Checkout } from './checkout.ts';
import type { CardResult, PaymentResult } from './types.ts';

const sandbox = { sessionId: 'ses_1', account: 'demo', environment: 'sandbox' } as const;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Checkout', () => {
  it('hands a card result to the callback once and resolves with it; a callback that throws surfaces as its own error', async () => {
    const queued: (() => void)[] = [];
    vi.spyOn(globalThis, 'queueMicrotask').mockImplementation((task) => queued.push(task));
    const mistake = new Error('the merchant’s bug');
    const callback = vi.fn(() => {
      throw mistake;
    });
    const result = await new Checkout({ ...sandbox, callback }).submit();
    expect(result).toMatchObject({ ok: false, error: { code: 'not_mounted' } });
    expect(callback.mock.calls).toEqual([[result]]);
    expect(queued).toHaveLength(1);
    expect(() => queued[0]?.()).toThrow(mistake);
  });

  it('hands a headless tokenization’s result to the callback, and not a preparation’s', async () => {
    const results: CardResult[] = [];
    const checkout = new Checkout({ ...sandbox, callback: (result) => results.push(result) });
    const card = { cardNumber: '4111 1111 1111 1112', expirationMonth: 1, expirationYear: 2040, cvv: '123' };
    const refused = await checkout.tokenizeCard(card);
    expect(refused).toMatchObject({ ok: false, error: { code: 'card_number_invalid' } });
    expect(await checkout.prepareAuthentication(card.cardNumber)).toMatchObject({
      ok: false,
      error: { code: 'card_number_invalid' },
    });
    expect(results).toEqual([refused]);
  });

  it('hands onPayment the failure of a pay() whose flow could not load (no engineUrl in production), and tries again at the next call', async () => {
    const payments: PaymentResult[] = [];
    const checkout = new Checkout({
      ...sandbox,
      environment: 'production',
      tokenUrl: 'https://token.example',
      onPayment: (result) => payments.push(result),
    });
    const first = await checkout.pay();
    expect(first).toMatchObject({ ok: false, error: { code: 'invalid_option', type: 'configuration' } });
    expect(await checkout.pay()).toMatchObject({ ok: false, error: { code: 'invalid_option' } });
    expect(payments).toHaveLength(2);
    expect(payments[0]).toBe(first);
  });

  it('lists no stored cards for a session that never came: session_unavailable, without a request', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const checkout = new Checkout({ ...sandbox, sessionId: Promise.reject(new Error('backend down')) });
    expect(await checkout.listStoredCards()).toMatchObject({
      ok: false,
      error: { code: 'session_unavailable' },
    });
    expect(fetch).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
