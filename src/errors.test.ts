import { describe, expect, it } from 'vitest';
import { CheckoutError, errorFromWire, isCheckoutError } from './errors.ts';

describe('CheckoutError', () => {
  it('keeps code, type, message and cause', () => {
    const cause = new TypeError('Failed to fetch');
    const error = new CheckoutError('network_unreachable', 'network', 'The service could not be reached.', {
      cause,
    });
    expect(error).toMatchObject({
      name: 'CheckoutError',
      code: 'network_unreachable',
      type: 'network',
      message: 'The service could not be reached. See service-checkout/docs/errors.md#network_unreachable',
    });
    expect(error.cause).toBe(cause);
    expect(error).toBeInstanceOf(Error);
  });

  it('points to its entry in the error reference once, also after crossing a frame boundary', () => {
    const error = new CheckoutError('card_expired', 'validation', 'The card has expired.');
    expect(error.message).toBe('The card has expired. See service-checkout/docs/errors.md#card_expired');
    const crossed = errorFromWire({ code: error.code, type: error.type, message: error.message });
    expect(crossed.message).toBe(error.message);
  });

  it('is recognised across realms by its brand, not by instanceof', () => {
    const foreign = {
      code: 'x',
      type: 'network',
      message: 'm',
      [Symbol.for('service-checkout.CheckoutError')]: true,
    };
    expect(isCheckoutError(foreign)).toBe(true);
    expect(isCheckoutError(new CheckoutError('x', 'validation', 'm'))).toBe(true);
    expect(isCheckoutError(new Error('x'))).toBe(false);
    expect(isCheckoutError({ code: 'x', type: 'network' })).toBe(false);
    expect(isCheckoutError(null)).toBe(false);
  });
});
