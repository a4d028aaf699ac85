import { afterEach, describe, expect, it } from 'vitest';
import { blur, describedBy, edit, inputOf, mount, paste, settle, typeText } from './test-helpers.ts';

afterEach(() => {
  document.body.replaceChildren();
});

async function documentField(letters: boolean) {
  const element = await mount('svc-card-document', (e) => {
    e.letters = letters;
  });
  const input = inputOf(element);
  input.focus();
  return { element, input, error: () => describedBy(input, 'svc-error')?.textContent };
}

describe('svc-card-document', () => {
  it('is a CPF field with a digits keyboard, or a CPF or CNPJ field with a capitals text keyboard', async () => {
    const cpf = await documentField(false);
    expect(cpf.input.getAttribute('inputmode')).toBe('numeric');
    expect(document.querySelector(`label[for="${cpf.input.id}"]`)?.textContent).toBe('CPF');
    document.body.replaceChildren();
    const both = await documentField(true);
    expect(both.input.hasAttribute('inputmode')).toBe(false);
    expect(both.input.getAttribute('autocapitalize')).toBe('characters');
    expect(document.querySelector(`label[for="${both.input.id}"]`)?.textContent).toBe('CPF or CNPJ');
  });

  it('groups a CPF as it is typed and reads it bare', async () => {
    const { element, input } = await documentField(false);
    typeText(input, '529982247');
    expect(input.value).toBe('529.982.247');
    typeText(input, '25');
    expect(input.value).toBe('529.982.247-25');
    await settle(element);
    expect(element.state).toEqual({ empty: false, complete: true, valid: true, error: undefined });
    expect(element.document).toBe('52998224725');
    expect(element.documentType).toBe('CPF');
  });

  it('takes letters only where a CNPJ may have them, and reads a pasted CNPJ upper case', async () => {
    const cpf = await documentField(false);
    typeText(cpf.input, '12ab3');
    expect(cpf.input.value).toBe('123');
    document.body.replaceChildren();
    const { element, input } = await documentField(true);
    paste(input, '12.abc.345/01de-35');
    await settle(element);
    expect(input.value).toBe('12.ABC.345/01DE-35');
    expect(element.document).toBe('12ABC34501DE35');
    expect(element.documentType).toBe('CNPJ');
    expect(element.state.valid).toBe(true);
  });

  it.each([
    [false, '', 'required', 'Enter the CPF.'],
    [false, '5299822', 'incomplete', 'The CPF is incomplete.'],
    [false, '52998224724', 'invalid', 'The CPF is not valid.'],
    [false, '11111111111', 'invalid', 'The CPF is not valid.'],
    [true, '112223330001', 'incomplete', 'The CPF or CNPJ is incomplete.'],
    [true, '11222333000182', 'invalid', 'The CPF or CNPJ is not valid.'],
  ])(
    'shows on blur why a value is not a tax id (letters %s, typed %j: %s)',
    async (letters, typed, code, text) => {
      const { element, input, error } = await documentField(letters);
      edit(input, typed);
      if (typed === '') element.validate();
      else blur(input);
      await settle(element);
      expect(element.state.error).toBe(code);
      expect(error()).toBe(text);
      expect(element.documentType).toBeUndefined();
    },
  );
});
