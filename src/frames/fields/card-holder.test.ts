import { afterEach, describe, expect, it } from 'vitest';
import { blur, describedBy, edit, inputOf, mount, settle } from './test-helpers.ts';

afterEach(() => {
  document.body.replaceChildren();
});

describe('svc-card-holder', () => {
  it('is a cc-name text input of at most 64 characters', async () => {
    const element = await mount('svc-card-holder');
    const input = inputOf(element);
    expect(input.getAttribute('autocomplete')).toBe('cc-name');
    expect(input.hasAttribute('inputmode')).toBe(false);
    expect(input.maxLength).toBe(64);
    expect(document.querySelector(`label[for="${input.id}"]`)?.textContent).toBe('Name on card');
  });

  it('requires a name that is not only spaces, and trims it', async () => {
    const element = await mount('svc-card-holder');
    const input = inputOf(element);
    input.focus();
    edit(input, '   ');
    blur(input);
    await settle(element);
    expect(element.state).toEqual({ empty: false, complete: false, valid: false, error: 'required' });
    expect(describedBy(input, 'svc-error')?.textContent).toBe('Enter the name on the card.');
    edit(input, '  Maria Silva ');
    await settle(element);
    expect(element.state.valid).toBe(true);
    expect(element.name).toBe('Maria Silva');
    expect(describedBy(input, 'svc-error')?.textContent).toBe('');
  });
});
