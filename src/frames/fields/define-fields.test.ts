import { describe, expect, it } from 'vitest';
import { SvcCardFields } from './card-fields.ts';
import { defineCardFields } from './define-fields.ts';

describe('defineCardFields', () => {
  it('registers every element once and can be called again', () => {
    const tags = ['svc-card-number', 'svc-card-expiry', 'svc-card-cvc', 'svc-card-holder', 'svc-card-fields'];
    defineCardFields();
    defineCardFields();
    for (const tag of tags) expect(customElements.get(tag)).toBeDefined();
    expect(customElements.get('svc-card-fields')).toBe(SvcCardFields);
  });
});
