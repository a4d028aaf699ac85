import { afterEach, describe, expect, it } from 'vitest';
import { enFrame } from '../../i18n/en.ts';
import { SvcCardFields } from './card-fields.ts';
import { defineCardFields } from './define.ts';
import { attribute, text } from './element.ts';

afterEach(() => {
  document.body.replaceChildren();
});

describe('the card elements', () => {
  it('keep what was set on them before their tag was defined, as the card frame configures its form', () => {
    // The fields' tags are defined; the form's is one of its own, defined only after it is configured.
    defineCardFields();
    const form = document.createElement('svc-test-late-fields');
    Object.assign(form, {
      strings: enFrame,
      mode: 'cvv',
      brand: 'amex',
      cvcLabel: 'Code of the Amex 0005',
      note: 'kept',
    });
    document.body.append(form);
    expect(form.querySelector('input')).toBeNull();

    customElements.define('svc-test-late-fields', class extends SvcCardFields {});
    if (!(form instanceof SvcCardFields)) throw new Error('not upgraded');
    const input = form.querySelector('input');
    expect(form.querySelectorAll('input')).toHaveLength(1);
    expect(form.querySelector(`label[for="${input?.id ?? ''}"]`)?.textContent).toBe('Code of the Amex 0005');
    expect(input?.maxLength).toBe(4);
    expect(Object.hasOwn(form, 'mode')).toBe(false);
    // What no element declares stays where it was put.
    expect(Reflect.get(form, 'note')).toBe('kept');
    expect(Object.hasOwn(form, 'note')).toBe(true);
    form.mode = 'card';
    expect(form.querySelectorAll('input')).toHaveLength(4);
  });

  it('render as soon as they connect and as each property changes, with nothing left pending', () => {
    defineCardFields();
    const form = document.createElement('svc-card-fields');
    form.strings = enFrame;
    document.body.append(form);
    expect(form.querySelectorAll('input')).toHaveLength(4);
    form.disabled = true;
    expect([...form.querySelectorAll('input')].every((input) => input.disabled)).toBe(true);
  });

  it('write an attribute or a text only when it differs, so a live region is not spoken again', () => {
    const region = document.createElement('p');
    region.textContent = 'Visa card';
    const node = region.firstChild;
    text(region, 'Visa card');
    expect(region.firstChild).toBe(node);
    text(region, 'Amex card');
    expect(region.textContent).toBe('Amex card');
    attribute(region, 'aria-invalid', 'true');
    expect(region.getAttribute('aria-invalid')).toBe('true');
    attribute(region, 'aria-invalid', undefined);
    expect(region.hasAttribute('aria-invalid')).toBe(false);
  });
});
