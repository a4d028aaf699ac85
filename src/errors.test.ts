import { describe, expect, it } from 'vitest';
import { CheckoutError, isCheckoutError } from './errors.ts';

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
      message: 'The service could not be reached.',
    });
    expect(error.cause).toBe(cause);
    expect(error).toBeInstanceOf(Error);
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
