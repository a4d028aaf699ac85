// In a file of its own: once the sprite has failed, every logo of the document is a name (logos.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { BRANDS } from '../../card/index.ts';
import { edit, inputOf, mount, settle, typeText } from './test-helpers.ts';

afterEach(() => {
  document.body.replaceChildren();
});

describe('brand logos when the sprite does not load', () => {
  it('become the brands’ names, in the row and in the number field, and stay names', async () => {
    const element = await mount('svc-card-fields');
    const input = inputOf(element, 'svc-card-number input');
    typeText(input, '4111');
    await settle(element);
    const row = element.querySelector('.svc-brands');
    const brand = element.querySelector('svc-card-number .svc-brand');
    expect(row?.querySelectorAll('img')).toHaveLength(Object.keys(BRANDS).length);
    expect(brand?.querySelector('img')?.alt).toBe('Visa');

    // The browser fires `error` at each <img> of the sprite; the first one is enough.
    row?.querySelector('img')?.dispatchEvent(new Event('error'));
    brand?.querySelector('img')?.dispatchEvent(new Event('error'));
    await settle(element);
    expect(element.querySelector('img')).toBeNull();
    // Words apart, for the eye and for a screen reader.
    expect(row?.textContent.trim()).toBe(
      Object.values(BRANDS)
        .map((b) => b.name)
        .join(' '),
    );
    expect(brand?.textContent.trim()).toBe('Visa');

    edit(input, '55', 2);
    await settle(element);
    expect(brand?.textContent.trim()).toBe('Mastercard');
    expect(element.querySelector('img')).toBeNull();
  });
});
