import { afterEach, describe, expect, it } from 'vitest';
import type { SvcCardCvc } from './card-cvc.ts';
import { blur, describedBy, mountField, paste, settle, typeText } from './test-helpers.ts';

afterEach(() => {
  document.body.replaceChildren();
});

const cvcField = (setup?: (element: SvcCardCvc) => void) => mountField('svc-card-cvc', setup);

describe('svc-card-cvc', () => {
  it('keeps digits only, up to 4 while the brand is unknown', async () => {
    const { input } = await cvcField();
    expect(input.maxLength).toBe(4);
    expect(paste(input, ' 12a34 5')).toBe(false);
    expect(input.value).toBe('1234');
  });

  it('follows the brand: 3 digits on the back, 4 on the front for Amex', async () => {
    const { element, input, hint } = await cvcField((e) => {
      e.brand = 'visa';
    });
    expect(input.maxLength).toBe(3);
    expect(hint()).toBe('3 digits on the back of the card');
    paste(input, '1234');
    expect(input.value).toBe('123');
    expect(element.state.complete).toBe(true);

    element.brand = 'amex';
    await settle(element);
    expect(input.maxLength).toBe(4);
    expect(hint()).toBe('4 digits on the front of the card');
    expect(element.state).toEqual({ empty: false, complete: false, valid: false, error: undefined });
  });

  it('points aria-describedby at the hint and the error', async () => {
    const { element, input } = await cvcField();
    typeText(input, '1');
    blur(input);
    await settle(element);
    const error = describedBy(input, 'svc-error');
    expect(error?.textContent).toBe('The security code is incomplete.');
    expect(error?.getAttribute('aria-live')).toBe('polite');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toHaveLength(2);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('clears a shown error when a brand change makes the code valid', async () => {
    const { element, input } = await cvcField();
    typeText(input, '1234');
    element.brand = 'visa'; // the number was typed after the code
    blur(input);
    await settle(element);
    expect(element.state.error).toBe('invalid');
    expect(describedBy(input, 'svc-error')?.textContent).toBe('The security code does not match this card.');
    element.brand = 'amex';
    expect(element.state.error).toBeUndefined();
    await settle(element);
    expect(describedBy(input, 'svc-error')?.textContent).toBe('');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    element.brand = 'visa'; // invalid again, but the shopper has not left the field since
    await settle(element);
    expect(describedBy(input, 'svc-error')?.textContent).toBe('');
  });

  it('takes a label from the frame', async () => {
    const label = 'Security code for the Visa card ending in 4242';
    const { input } = await cvcField((e) => {
      e.label = label;
    });
    expect(document.querySelector(`label[for="${input.id}"]`)?.textContent).toBe(label);
    expect(input.getAttribute('autocomplete')).toBe('cc-csc');
    expect(input.getAttribute('inputmode')).toBe('numeric');
  });
});
