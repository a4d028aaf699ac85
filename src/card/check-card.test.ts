import { describe, expect, it } from 'vitest';
import { checkCardData } from './check-card.ts';

const now = new Date(Date.UTC(2026, 10, 22));
const card = { cardNumber: '4111111111111111', expirationMonth: 12, expirationYear: 2029, cvv: '123' };

describe('checkCardData', () => {
  it('accepts a valid card and names its brand', () => {
    expect(checkCardData(card, now)).toMatchObject({ ok: true, brand: { id: 'visa' } });
    expect(checkCardData({ ...card, cardNumber: '378282246310005', cvv: '1234' }, now)).toMatchObject({
      ok: true,
      brand: { id: 'amex' },
    });
    expect(checkCardData({ ...card, expirationMonth: 11, expirationYear: 2026 }, now).ok).toBe(true);
  });

  it.each([
    [{ cardNumber: '4111 1111 1111 1111' }, 'card_number_invalid', 'cardNumber'],
    [{ cardNumber: '4111111111111112' }, 'card_number_invalid', 'cardNumber'],
    [{ cardNumber: '41111111111111' }, 'card_number_invalid', 'cardNumber'],
    [{ cardNumber: '9111111111111111' }, 'card_brand_unsupported', 'cardNumber'],
    [{ expirationMonth: 10, expirationYear: 2026 }, 'card_expired', 'expirationYear'],
    [{ expirationMonth: 13 }, 'card_expiry_invalid', 'expirationMonth'],
    [{ expirationYear: 29 }, 'card_expiry_invalid', 'expirationYear'],
    [{ expirationMonth: 1.5 }, 'card_expiry_invalid', 'expirationMonth'],
    [{ cvv: '12' }, 'cvv_invalid', 'cvv'],
    [{ cvv: '1234' }, 'cvv_invalid', 'cvv'],
    [{ cvv: '12a' }, 'cvv_invalid', 'cvv'],
  ])('refuses %j with %s on %s', (change, error, field) => {
    expect(checkCardData({ ...card, ...change }, now)).toMatchObject({ ok: false, error, field });
  });
});
