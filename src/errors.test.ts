import { describe, expect, it } from 'vitest';
import { CheckoutError, isCheckoutError } from './errors.ts';
import { decodeWireError } from './messaging/decode.ts';

describe('CheckoutError', () => {
  it('keeps code, type, message and cause', () => {
    const cause = new TypeError('Failed to fetch');
    const error = new CheckoutError('network_error', 'network', 'The service could not be reached.', {
      cause,
    });
    expect(error).toMatchObject({
      name: 'CheckoutError',
      code: 'network_error',
      type: 'network',
      message: 'The service could not be reached. See service-checkout/docs/errors.md#network_error',
    });
    expect(error.cause).toBe(cause);
    expect(error).toBeInstanceOf(Error);
  });

  it('points to its entry in the error reference once, also after crossing a frame boundary', () => {
    const error = new CheckoutError('card_expired', 'validation', 'The card has expired.');
    expect(error.message).toBe('The card has expired. See service-checkout/docs/errors.md#card_expired');
    const crossed = decodeWireError({ code: error.code, type: error.type, message: error.message });
    expect(crossed?.message).toBe(error.message);
    expect(crossed).toMatchObject({ code: 'card_expired', type: 'validation' });
  });

  it('is recognised across realms by its brand, not by instanceof', () => {
    const foreign = {
      code: 'x',
      type: 'network',
      message: 'm',
      [Symbol.for('service-checkout.CheckoutError')]: true,
    };
    expect(isCheckoutError(foreign)).toBe(true);
    expect(isCheckoutError(new CheckoutError('card_expired', 'validation', 'm'))).toBe(true);
    expect(isCheckoutError(new Error('x'))).toBe(false);
    expect(isCheckoutError({ code: 'x', type: 'network' })).toBe(false);
    expect(isCheckoutError(null)).toBe(false);
  });

  it('crosses a frame boundary as a code the script knows, or as service_error', () => {
    expect(decodeWireError({ code: 'made_up_code', type: 'hostile', message: 'm' })).toMatchObject({
      code: 'service_error',
      type: 'service',
    });
    expect(decodeWireError({ code: 'card_expired', type: 'validation' })).toBeUndefined();
  });
});
