import { afterEach, describe, expect, it } from 'vitest';
import { backspace, blur, edit, mountField, paste, settle, typeText } from './test-helpers.ts';

afterEach(() => {
  document.body.replaceChildren();
});

const NOW = new Date(Date.UTC(2030, 5, 15)); // 15 June 2030

const expiryField = () =>
  mountField('svc-card-expiry', (e) => {
    e.now = NOW;
  });

describe('svc-card-expiry', () => {
  it('adds the separator after the month', async () => {
    const { input } = await expiryField();
    typeText(input, '12');
    expect(input.value).toBe('12 / ');
    typeText(input, '31');
    expect(input.value).toBe('12 / 31');
  });

  it('pads a month that can only have one digit', async () => {
    const { input } = await expiryField();
    typeText(input, '4');
    expect(input.value).toBe('04 / ');
  });

  it('lets backspace remove the separator and then the month', async () => {
    const { input } = await expiryField();
    typeText(input, '12');
    backspace(input);
    expect(input.value).toBe('12');
    backspace(input);
    expect(input.value).toBe('1');
  });

  it('takes a pasted four-digit year', async () => {
    const { element, input } = await expiryField();
    expect(input.maxLength).toBe(7);
    expect(paste(input, '12/2031')).toBe(false);
    expect(input.value).toBe('12 / 31');
    expect(element.expiry).toEqual({ month: 12, year: 2031 });
  });

  it('says expired for a month before now, and accepts the current month', async () => {
    const { element, input, error } = await expiryField();
    typeText(input, '0530');
    blur(input);
    await settle(element);
    expect(element.state).toEqual({ empty: false, complete: true, valid: false, error: 'expired' });
    expect(error()).toBe('The card has expired.');
    input.focus();
    edit(input, '06 / 30');
    await settle(element);
    expect(element.state).toEqual({ empty: false, complete: true, valid: true, error: undefined });
    expect(error()).toBe('');
  });

  it('says invalid for month 13 and incomplete for a missing year digit', async () => {
    const { element, input, error } = await expiryField();
    edit(input, '13 / 31');
    blur(input);
    await settle(element);
    expect(error()).toBe('The expiry date is not valid.');
    input.focus();
    edit(input, '12 / 3', 6, 'deleteContentBackward');
    blur(input);
    await settle(element);
    expect(element.state.error).toBe('incomplete');
    expect(error()).toBe('The expiry date is incomplete.');
  });

  it('asks for the date on validate when empty', async () => {
    const { element, error } = await expiryField();
    expect(element.validate()).toBe(false);
    await settle(element);
    expect(error()).toBe('Enter the expiry date.');
  });

  it('is a numeric cc-exp input with the MM / YY placeholder', async () => {
    const { input } = await expiryField();
    expect(input.getAttribute('autocomplete')).toBe('cc-exp');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.placeholder).toBe('MM / YY');
    expect(document.querySelector(`label[for="${input.id}"]`)?.textContent).toBe('Expiry date');
  });
});
