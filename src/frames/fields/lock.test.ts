// The card form's lock while a submit runs: nothing the shopper can change, and the focus kept.
import { afterEach, describe, expect, it } from 'vitest';
import { lockForm } from './lock.ts';

function form(): HTMLFormElement {
  const element = document.createElement('form');
  // prettier-ignore
  element.innerHTML = '<input id="number" type="text"><input id="holder" type="text"><select id="installments"><option>1</option></select><input id="save" type="checkbox">';
  document.body.append(element);
  return element;
}
const control = (id: string) => document.getElementById(id) as HTMLInputElement;

describe('lockForm', () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  it('makes the text inputs read-only, not disabled, so the focused one keeps the focus', () => {
    const element = form();
    control('holder').focus();
    lockForm(element);
    expect([control('number').readOnly, control('holder').readOnly]).toEqual([true, true]);
    expect([control('number').disabled, control('holder').disabled]).toEqual([false, false]);
    expect(document.activeElement).toBe(control('holder'));
  });

  it('disables the select and the checkbox, which have no read-only state', () => {
    const element = form();
    lockForm(element);
    expect([control('installments').disabled, control('save').disabled]).toEqual([true, true]);
  });

  it('returns what unlocks every control', () => {
    const element = form();
    const unlock = lockForm(element);
    unlock();
    const ids = ['number', 'holder', 'installments', 'save'];
    expect(ids.map((id) => control(id).readOnly || control(id).disabled)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
