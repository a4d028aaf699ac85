import { afterEach, describe, expect, it } from 'vitest';
import { luhnValid, validateCardNumber } from '../../card/index.ts';
import { TEST_CARD_NUMBERS } from '../../card/test-card-numbers.ts';
import { blur, describedBy, edit, mountField, paste, settle, typeText } from './test-helpers.ts';

afterEach(() => {
  document.body.replaceChildren();
});

async function numberField() {
  const field = await mountField('svc-card-number');
  // The logo's alt text: the brand's name ('' when none shows).
  const brandText = () => field.element.querySelector<HTMLImageElement>('.svc-brand img')?.alt ?? '';
  return { ...field, brandText };
}

describe('svc-card-number', () => {
  it('groups digits as they are typed and keeps the caret after the last one', async () => {
    const { input } = await numberField();
    typeText(input, '4111111111111111');
    expect(input.value).toBe('4111 1111 1111 1111');
    expect(input.selectionStart).toBe(19);
  });

  it('keeps the caret after a digit inserted mid-number', async () => {
    const { input } = await numberField();
    typeText(input, '411111111111');
    input.setSelectionRange(4, 4); // after '4111', before the space
    typeText(input, '5');
    expect(input.value).toBe('4111 5111 1111 1');
    expect(input.selectionStart).toBe(6);
    typeText(input, '6');
    expect(input.value).toBe('4111 5611 1111 11');
    expect(input.selectionStart).toBe(7);
  });

  it('formats a pasted number with dashes or spaces', async () => {
    const { element, input } = await numberField();
    edit(input, '4111-1111 1111 1111', 19, 'insertFromPaste');
    expect(input.value).toBe('4111 1111 1111 1111');
    expect(element.digits).toBe('4111111111111111');
    edit(input, '', 0, 'deleteContentBackward');
    edit(input, ' 3782 8224 6310 005 ', 20, 'insertFromPaste');
    expect(input.value).toBe('3782 822463 10005');
  });

  it('inserts a whole paste even past maxlength, which the browser would cut', async () => {
    const { element, input } = await numberField();
    typeText(input, '378282246310005');
    await settle(element);
    expect(input.maxLength).toBe(17);
    input.setSelectionRange(0, input.value.length);
    expect(paste(input, '4111-1111-1111-1111')).toBe(false); // default prevented
    expect(input.value).toBe('4111 1111 1111 1111');
    expect(element.brand?.id).toBe('visa');
  });

  it('shows the brand and sizes maxlength for it, spaces included', async () => {
    const { element, input, brandText } = await numberField();
    expect(input.maxLength).toBe(23); // 19 digits + 4 spaces until the brand is known
    typeText(input, '37');
    await settle(element);
    expect(brandText()).toBe('Amex');
    expect(input.maxLength).toBe(17); // 4-6-5
    edit(input, '55', 2);
    await settle(element);
    expect(brandText()).toBe('Mastercard');
    expect(input.maxLength).toBe(19);
    edit(input, '9', 1);
    await settle(element);
    expect(brandText()).toBe('');
  });

  it("shows the brand's logo from the sprite, hidden from assistive technology, and none without a brand", async () => {
    const { element, input } = await numberField();
    const box = element.querySelector('.svc-brand');
    expect(box?.getAttribute('aria-hidden')).toBe('true');
    expect(box?.querySelector('img')).toBeNull();
    typeText(input, '6062 82');
    await settle(element);
    const img = box?.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/logos.svg#hipercard');
    expect(img?.alt).toBe('Hipercard');
    edit(input, '', 0, 'deleteContentBackward');
    await settle(element);
    expect(box?.querySelector('img')).toBeNull();
  });

  it.each(['6362970000457013', '5067224275805500'])('detects Elo for %s', async (number) => {
    expect(TEST_CARD_NUMBERS.elo).toContain(number);
    expect(luhnValid(number)).toBe(true);
    expect(validateCardNumber(number).state).toBe('complete');
    const { element, input, brandText } = await numberField();
    typeText(input, number);
    await settle(element);
    expect(brandText()).toBe('Elo');
    expect(element.state).toEqual({ empty: false, complete: true, valid: true, error: undefined });
  });

  it('announces the brand once per change in a polite live region', async () => {
    const { element, input } = await numberField();
    const region = element.querySelector('.svc-visually-hidden');
    expect(region?.getAttribute('aria-live')).toBe('polite');
    expect(region?.textContent).toBe('');
    const texts: string[] = [];
    for (const digit of '4111111111111111') {
      typeText(input, digit);
      await settle(element);
      const text = region?.textContent ?? '';
      if (text !== texts.at(-1)) texts.push(text);
    }
    expect(texts).toEqual(['Visa card']);
    edit(input, '', 0, 'deleteContentBackward');
    await settle(element);
    expect(region?.textContent).toBe('');
  });

  it('shows no error while typing, then one after blur, cleared as soon as the value is valid', async () => {
    const { element, input } = await numberField();
    const error = describedBy(input, 'svc-error');
    typeText(input, '41111111');
    await settle(element);
    expect(error?.textContent).toBe('');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(element.state.error).toBeUndefined();

    blur(input);
    await settle(element);
    expect(error?.textContent).toBe('The card number is incomplete.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(element.state.error).toBe('incomplete');

    input.focus();
    typeText(input, '1111111');
    await settle(element);
    expect(error?.textContent).toBe('The card number is incomplete.'); // still not valid: unchanged
    typeText(input, '1');
    await settle(element);
    expect(error?.textContent).toBe('');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
  });

  it('says why a complete number is rejected', async () => {
    const { element, input } = await numberField();
    typeText(input, '4111111111111112');
    blur(input);
    await settle(element);
    expect(describedBy(input, 'svc-error')?.textContent).toBe('The card number is not valid.');
    input.focus();
    edit(input, '999999', 6);
    blur(input);
    await settle(element);
    expect(element.state.error).toBe('unsupported');
    expect(describedBy(input, 'svc-error')?.textContent).toBe('This card brand is not accepted.');
  });

  it('does not flag an empty field the shopper only tabbed through', async () => {
    const { element, input } = await numberField();
    blur(input);
    await settle(element);
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(element.validate()).toBe(false);
    await settle(element);
    expect(describedBy(input, 'svc-error')?.textContent).toBe('Enter the card number.');
  });

  it('ties label, input and error together with autofill and keyboard hints', async () => {
    const { element, input } = await numberField();
    const label = element.querySelector('label');
    expect(label?.htmlFor).toBe(input.id);
    expect(label?.textContent).toBe('Card number');
    expect(input.getAttribute('autocomplete')).toBe('cc-number');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('spellcheck')).toBe('false');
    expect(input.getAttribute('autocorrect')).toBe('off');
    const error = describedBy(input, 'svc-error');
    expect(error?.getAttribute('aria-live')).toBe('polite');
    expect(input.getAttribute('aria-describedby')).toBe(error?.id);
  });
});
