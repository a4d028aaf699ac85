import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { BRAND_IDS, BRANDS } from '../../card/index.ts';
import { enFrame } from '../../i18n/en.ts';
import { ptBR } from '../../i18n/pt-br.ts';
import type { CardFormState } from '../../types.ts';
import { SvcCardFields } from './card-fields.ts';
import { defineCardFields } from './define-fields.ts';
import { SvcFieldsBinEvent, SvcFieldsEvent } from './field-events.ts';
import { lockForm } from './lock.ts';
import { defineFunding } from './card-funding.ts';
import { fundingMessages } from '../../i18n/funding.ts';
import { html, LitElement } from 'lit';
import type { FieldsState } from './field-state.ts';
import { backspace, blur, edit, inputOf, mount, settle, typeText } from './test-helpers.ts';

afterEach(() => {
  document.body.replaceChildren();
});

const NOW = new Date(Date.UTC(2030, 5, 15));

async function cardFields(setup?: (element: SvcCardFields) => void) {
  const element = await mount('svc-card-fields', (e) => {
    e.now = NOW;
    setup?.(e);
  });
  const input = (tag: 'svc-card-number' | 'svc-card-expiry' | 'svc-card-cvc' | 'svc-card-holder') =>
    inputOf(element, `${tag} input`);
  return { element, input };
}

async function fillCard(element: SvcCardFields) {
  for (const [tag, text] of [
    ['svc-card-number', '4111111111111111'],
    ['svc-card-expiry', '1231'],
    ['svc-card-cvc', '123'],
    ['svc-card-holder', 'Maria Silva'],
  ] as const) {
    const field = inputOf(element, `${tag} input`);
    field.focus();
    typeText(field, text);
    field.blur();
  }
  await settle(element);
}

const EVENT_TYPES = ['svc-fields', 'svc-fields-bin'];
const kinds = (events: Event[]) =>
  events.filter((event) => event instanceof SvcFieldsEvent).map((event) => event.relay.kind);

function record(element: SvcCardFields) {
  const events: Event[] = [];
  for (const type of EVENT_TYPES) element.addEventListener(type, (event) => events.push(event));
  return events;
}

describe('svc-card-fields', () => {
  it('renders number, expiry, CVC and holder in one novalidate form, in that order', async () => {
    const { element } = await cardFields();
    const form = element.querySelector('form');
    expect(form?.noValidate).toBe(true);
    expect([...(form?.children ?? [])].map((child) => child.localName)).toEqual([
      'div', // the accepted brands
      'svc-card-number',
      'svc-card-expiry',
      'svc-card-cvc',
      'svc-card-holder',
    ]);
    expect(form?.querySelectorAll('input')).toHaveLength(4);
    expect(element.querySelector('[type="checkbox"]')).toBeNull();
    expect(element.saveCard).toBe(false);
  });

  it('shows the save-card checkbox on request and reads it', async () => {
    const { element } = await cardFields((e) => {
      e.showSaveCard = true;
    });
    const box = inputOf(element, '[type="checkbox"]');
    expect(element.querySelector(`label[for="${box.id}"]`)?.textContent).toBe(
      'Save this card for future purchases',
    );
    box.click();
    expect(element.saveCard).toBe(true);
  });

  it('sizes the CVC for the number typed: 4 digits for Amex', async () => {
    const { element, input } = await cardFields();
    const cvc = input('svc-card-cvc');
    typeText(input('svc-card-number'), '3782');
    await settle(element);
    expect(cvc.maxLength).toBe(4);
    expect(element.querySelector('svc-card-cvc .svc-hint')?.textContent).toBe(
      '4 digits on the front of the card',
    );
    edit(input('svc-card-number'), '4111');
    await settle(element);
    expect(cvc.maxLength).toBe(3);
    expect(element.getState().brand).toBe('visa');
  });

  it('validateAll shows every error and focuses the first invalid field', async () => {
    const { element, input } = await cardFields();
    typeText(input('svc-card-number'), '4111111111111111');
    expect(element.validateAll()).toBe(false);
    await settle(element);
    expect(document.activeElement).toBe(input('svc-card-expiry'));
    expect(input('svc-card-number').hasAttribute('aria-invalid')).toBe(false);
    for (const tag of ['svc-card-expiry', 'svc-card-cvc', 'svc-card-holder'] as const) {
      expect(input(tag).getAttribute('aria-invalid')).toBe('true');
    }
    const state = element.getState();
    expect(state.complete).toBe(false);
    expect(state.fields.expiry.error).toBe('required');
    expect(element.querySelector('svc-card-holder .svc-error')?.textContent).toBe(
      'Enter the name on the card.',
    );
  });

  it('readCard returns nothing until every field is valid, then the exact values', async () => {
    const { element, input } = await cardFields();
    await fillCard(element);
    input('svc-card-holder').focus();
    edit(input('svc-card-holder'), '');
    expect(element.readCard()).toBeUndefined();
    edit(input('svc-card-holder'), '  Maria Silva  ');
    expect(element.getState().complete).toBe(true);
    expect(element.readCard()).toEqual({
      cardNumber: '4111111111111111',
      expirationMonth: 12,
      expirationYear: 2031,
      cvv: '123',
      cardHolderName: 'Maria Silva',
    });
    expect(element.readCvv()).toEqual({ cvv: '123' });
    expect(element.validateAll()).toBe(true);
  });

  it('dispatches a submit on Enter and keeps the page where it is', async () => {
    const { element, input } = await cardFields();
    const submits: Event[] = [];
    element.addEventListener('svc-fields', (event) => {
      if (event.relay.kind === 'submit') submits.push(event);
    });
    let navigated = true;
    element.querySelector('form')?.addEventListener('submit', (event) => {
      navigated = !event.defaultPrevented;
    });
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    input('svc-card-expiry').dispatchEvent(enter);
    expect(enter.defaultPrevented).toBe(true);
    expect(submits).toHaveLength(1);
    expect(submits[0]?.bubbles && submits[0].composed).toBe(true);
    expect(navigated).toBe(false);
    input('svc-card-cvc').dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    expect(submits).toHaveLength(1);
  });

  it('never puts card data in change, focus, blur or submit events', async () => {
    const { element, input } = await cardFields();
    const events = record(element);
    await fillCard(element);
    input('svc-card-cvc').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));

    const relayable = events.filter((event) => !(event instanceof SvcFieldsBinEvent));
    expect(kinds(relayable)).toContain('submit');
    const inherited = new Set(Object.keys(new Event('x')));
    for (const event of relayable) {
      const own = Object.entries(event).filter(([key]) => !inherited.has(key));
      const serialised = JSON.stringify([event.type, ...own]);
      // States hold brand ids, flags and error codes: no digit at all, so no BIN, last4 or CVV.
      expect(serialised).not.toMatch(/\d/);
      expect(serialised).not.toContain('Maria');
    }
    const last = relayable
      .map((event) => (event instanceof SvcFieldsEvent ? event.relay : undefined))
      .filter((relay) => relay?.kind === 'change')
      .at(-1);
    expect(last?.kind === 'change' && last.state).toEqual(element.getState());
    expect(element.getState()).toMatchObject({ complete: true, brand: 'visa' });
  });

  it('reports a change only when a flag, error or the brand changes', async () => {
    const { element, input } = await cardFields();
    const changes: [string, boolean][] = [];
    element.addEventListener('svc-fields', ({ relay }) => {
      if (relay.kind === 'change') changes.push([relay.field, relay.state.fields.number.complete]);
    });
    typeText(input('svc-card-number'), '4111111111111111');
    // First digit: not empty and Visa; sixteenth: complete and valid. Nothing in between.
    expect(changes).toEqual([
      ['number', false],
      ['number', true],
    ]);
  });

  it('names the field in focus and blur events', async () => {
    const { element, input } = await cardFields();
    const events = record(element);
    input('svc-card-number').focus();
    input('svc-card-expiry').focus();
    expect(
      events.map((event) =>
        event instanceof SvcFieldsEvent && event.relay.kind !== 'submit'
          ? [event.relay.kind, event.relay.field]
          : event.type,
      ),
    ).toEqual([
      ['focus', 'number'],
      ['blur', 'number'],
      ['focus', 'expiry'],
    ]);
  });

  it('gives the BIN to the frame once eight digits of a known brand are typed, and takes it back', async () => {
    const { element, input } = await cardFields();
    const bins: (string | undefined)[] = [];
    element.addEventListener('svc-fields-bin', (event) => bins.push(event.bin));
    const number = input('svc-card-number');
    typeText(number, '4111111');
    expect(bins).toEqual([]);
    typeText(number, '1111111111');
    expect(bins).toEqual(['41111111']);
    backspace(number);
    expect(bins).toEqual(['41111111']);
    edit(number, '4111 111');
    expect(bins).toEqual(['41111111', undefined]);
    edit(number, '9999 9999 9');
    expect(bins).toEqual(['41111111', undefined]); // no brand: no 3DS setup
  });

  it("shows the accepted brands' logos above the number, each named by its alt text", async () => {
    const { element } = await cardFields();
    const row = element.querySelector('form > .svc-brands');
    expect(row?.nextElementSibling?.localName).toBe('svc-card-number');
    const logos = [...(row?.querySelectorAll('img') ?? [])];
    // Every brand the fields accept (card/brands.ts), in its order: a number of any other is unsupported.
    expect(logos.map((img) => img.alt)).toEqual(Object.values(BRANDS).map((brand) => brand.name));
    expect(logos.map((img) => img.getAttribute('src'))).toEqual(BRAND_IDS.map((id) => `/logos.svg#${id}`));
  });

  it('shows only the CVC in cvv mode, labelled by the frame and sized by the stored brand', async () => {
    const label = 'Security code for the Amex card ending in 0005';
    const { element } = await cardFields((e) => {
      e.mode = 'cvv';
      e.brand = 'amex';
      e.cvcLabel = label;
    });
    const inputs = element.querySelectorAll('input');
    expect(inputs).toHaveLength(1);
    expect(element.querySelector('.svc-brands, img')).toBeNull(); // no brands row, no logo
    const cvc = inputs[0]!;
    expect(document.querySelector(`label[for="${cvc.id}"]`)?.textContent).toBe(label);
    expect(cvc.maxLength).toBe(4);
    expect(element.getState().complete).toBe(false);
    cvc.focus();
    typeText(cvc, '1234');
    const state = element.getState();
    expect(state.brand).toBe('amex');
    expect(state.complete).toBe(true);
    expect(state.fields.number).toEqual({ empty: true, complete: true, valid: true, error: undefined });
    expect(element.readCvv()).toEqual({ cvv: '1234' });
    expect(element.readCard()).toBeUndefined();
    expect(element.validateAll()).toBe(true);
  });

  it('clear() empties every field, hides errors and unticks the checkbox', async () => {
    const { element, input } = await cardFields((e) => {
      e.showSaveCard = true;
    });
    typeText(input('svc-card-number'), '378282');
    blur(input('svc-card-number'));
    typeText(input('svc-card-cvc'), '12');
    inputOf(element, '[type="checkbox"]').click();
    element.validateAll();
    await settle(element);
    element.clear();
    await settle(element);
    for (const field of element.querySelectorAll(
      'svc-card-number, svc-card-expiry, svc-card-cvc, svc-card-holder',
    )) {
      expect(inputOf(field).value).toBe('');
      expect(inputOf(field).hasAttribute('aria-invalid')).toBe(false);
      expect(field.querySelector('.svc-error')?.textContent).toBe('');
    }
    expect(element.querySelector('.svc-brand img')).toBeNull();
    expect(input('svc-card-cvc').maxLength).toBe(4);
    expect(element.saveCard).toBe(false);
    expect(element.getState().brand).toBeUndefined();
  });

  it('re-renders every label when the strings change', async () => {
    const { element, input } = await cardFields((e) => {
      e.showSaveCard = true;
    });
    element.validateAll();
    element.strings = ptBR;
    await settle(element);
    const labels = [...element.querySelectorAll('label')].map((label) => label.textContent);
    expect(labels).toEqual([
      ptBR.cardNumberLabel,
      ptBR.expiryLabel,
      ptBR.cvcLabel,
      ptBR.holderLabel,
      ptBR.saveCardLabel,
    ]);
    expect(input('svc-card-expiry').placeholder).toBe(ptBR.expiryPlaceholder);
    expect(element.querySelector('svc-card-number .svc-error')?.textContent).toBe(ptBR.errorNumberRequired);
  });

  it('builds a new, empty form when its mode changes, the checkbox unticked', async () => {
    const { element, input } = await cardFields((e) => {
      e.showSaveCard = true;
    });
    typeText(input('svc-card-number'), '4111');
    inputOf(element, '[type="checkbox"]').click();
    element.mode = 'cvv';
    await settle(element);
    expect(element.querySelectorAll('input')).toHaveLength(1);
    element.mode = 'card';
    await settle(element);
    expect(input('svc-card-number').value).toBe('');
    expect(element.saveCard).toBe(false);
    expect(inputOf(element, '[type="checkbox"]').checked).toBe(false);
  });

  it('withdraws the BIN when a new form replaces the typed number', async () => {
    const { element, input } = await cardFields();
    const bins: (string | undefined)[] = [];
    element.addEventListener('svc-fields-bin', (event) => bins.push(event.bin));
    typeText(input('svc-card-number'), '41111111');
    element.mode = 'cvv';
    await settle(element);
    expect(bins).toEqual(['41111111', undefined]);
  });

  it('stays locked while a submit runs, whatever renders meanwhile', async () => {
    const plans = [{ count: 1, label: '1x' }];
    const { element } = await cardFields((e) => {
      e.showSaveCard = true;
      e.installments = plans;
    });
    const unlock = lockForm(element);
    element.strings = ptBR;
    element.now = new Date();
    await settle(element);
    expect(inputOf(element, '[type="checkbox"]').disabled).toBe(true);
    expect((inputOf(element, 'select') as unknown as HTMLSelectElement).disabled).toBe(true);
    expect(element.querySelector('svc-card-installments label')?.textContent).toBe(ptBR.installmentsLabel);
    unlock();
    expect(inputOf(element, '[type="checkbox"]').disabled).toBe(false);
  });

  it('renders once for properties set together, and says when it has', async () => {
    const { element } = await cardFields();
    const render = vi.spyOn(element as unknown as { render(): unknown }, 'render');
    Object.assign(element, { strings: ptBR, disabled: true, now: new Date() });
    expect(render).not.toHaveBeenCalled();
    await element.updateComplete;
    expect(render).toHaveBeenCalledTimes(1);
    await settle(element);
    expect([...element.querySelectorAll('input')].every((input) => input.disabled)).toBe(true);
  });

  it('keeps what was set on it before its tag was defined, as the card frame configures its form', async () => {
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
    await settle(form);
    const input = form.querySelector('input');
    expect(form.querySelectorAll('input')).toHaveLength(1);
    expect(form.querySelector(`label[for="${input?.id ?? ''}"]`)?.textContent).toBe('Code of the Amex 0005');
    expect(input?.maxLength).toBe(4);
    expect(Object.hasOwn(form, 'mode')).toBe(false);
    // What no element declares stays where it was put.
    expect(Reflect.get(form, 'note')).toBe('kept');
    expect(Object.hasOwn(form, 'note')).toBe(true);
    form.mode = 'card';
    await settle(form);
    expect(form.querySelectorAll('input')).toHaveLength(4);
  });

  it('disables every input while the frame submits', async () => {
    const { element } = await cardFields((e) => {
      e.showSaveCard = true;
    });
    element.disabled = true;
    await settle(element);
    expect([...element.querySelectorAll('input')].every((input) => input.disabled)).toBe(true);
  });

  it('focusField moves focus to that field', async () => {
    const { element, input } = await cardFields();
    element.focusField('holder');
    expect(document.activeElement).toBe(input('svc-card-holder'));
  });

  it('focusField() without a field focuses the first one: the number, or the CVC in cvv mode', async () => {
    const { element, input } = await cardFields();
    element.focusField();
    expect(document.activeElement).toBe(input('svc-card-number'));
    document.body.replaceChildren();
    const cvv = await cardFields((e) => {
      e.mode = 'cvv';
      e.brand = 'visa';
    });
    cvv.element.focusField();
    expect(document.activeElement).toBe(cvv.input('svc-card-cvc'));
  });

  it('has a state the merchant-side CardFormState accepts', () => {
    expectTypeOf<FieldsState>().toExtend<CardFormState>();
  });

  describe('with the CPF field and installments', () => {
    const plans = [
      { count: 1, label: '1x' },
      { count: 3, label: '3x of R$33.34 interest-free' },
    ];
    const withExtras = () =>
      cardFields((e) => {
        e.documentField = 'cpf';
        e.installments = plans;
      });

    it('puts them after the name, the installments as a labelled select with the first chosen', async () => {
      const { element } = await withExtras();
      expect([...(element.querySelector('form')?.children ?? [])].map((child) => child.localName)).toEqual([
        'div',
        'svc-card-number',
        'svc-card-expiry',
        'svc-card-cvc',
        'svc-card-holder',
        'svc-card-document',
        'svc-card-installments',
      ]);
      const select = inputOf(element, 'select') as unknown as HTMLSelectElement;
      expect(document.querySelector(`label[for="${select.id}"]`)?.textContent).toBe('Installments');
      expect([...select.options].map((o) => [o.value, o.text])).toEqual([
        ['1', '1x'],
        ['3', '3x of R$33.34 interest-free'],
      ]);
      expect(element.readChoices()).toEqual({ installments: 1 });
    });

    it('is not complete without a valid CPF, and reads the choices once it is', async () => {
      const { element } = await withExtras();
      await fillCard(element);
      expect(element.getState().complete).toBe(false);
      expect(element.getState().fields.document).toMatchObject({ empty: true, valid: false });
      expect(element.validateAll()).toBe(false);
      expect(document.activeElement).toBe(inputOf(element, 'svc-card-document input'));
      typeText(inputOf(element, 'svc-card-document input'), '52998224725');
      const select = inputOf(element, 'select') as unknown as HTMLSelectElement;
      select.value = '3';
      await settle(element);
      expect(element.getState().complete).toBe(true);
      expect(element.readChoices()).toEqual({
        installments: 3,
        document: '52998224725',
        documentType: 'CPF',
      });
      // What Token/Generate gets holds no tax id: it goes to the merchant only.
      expect(JSON.stringify(element.readCard())).not.toContain('52998224725');
      element.disabled = true;
      await settle(element);
      expect(select.disabled).toBe(true);
      element.clear();
      expect(element.readChoices()).toEqual({ installments: 1 });
    });

    it('shows the chosen plan’s cost under the select, and none for a plan without interest', async () => {
      const cost = 'Cash price R$1,000.00. 10 installments of R$111.27, total R$1,112.70.';
      const { element } = await cardFields((e) => {
        e.installments = [
          { count: 1, label: '1x' },
          { count: 10, label: '10x of R$111.27 with interest', cost },
        ];
      });
      const select = inputOf(element, 'select') as unknown as HTMLSelectElement;
      const description = () => document.getElementById(select.getAttribute('aria-describedby') ?? '');
      expect(description()?.textContent).toBe('');
      expect(description()?.getAttribute('aria-live')).toBe('polite');
      select.value = '10';
      select.dispatchEvent(new Event('change', { bubbles: true }));
      await settle(element);
      await element.querySelector('svc-card-installments')?.updateComplete;
      expect(description()?.textContent).toBe(cost);
      element.clear();
      await element.querySelector('svc-card-installments')?.updateComplete;
      expect(description()?.textContent).toBe('');
      expect(element.readChoices()).toEqual({ installments: 1 });
    });

    it('asks a combo card “Crédito ou débito?”, and a debit hides the installments and pays in one', async () => {
      const { element } = await withExtras();
      await fillCard(element);
      defineFunding({ LitElement, html });
      element.funding = fundingMessages['pt-BR'];
      await settle(element);
      const choice = element.querySelector('svc-card-funding');
      await choice?.updateComplete;
      expect(choice?.querySelector('legend')?.textContent).toBe('Crédito ou débito?');
      const radios = [...(choice?.querySelectorAll<HTMLInputElement>('input[type=radio]') ?? [])];
      expect(radios.map((radio) => [radio.parentElement?.textContent, radio.checked])).toEqual([
        ['Crédito', true],
        ['Débito', false],
      ]);
      // One group: the arrow keys move between the two.
      expect(new Set(radios.map((radio) => radio.name)).size).toBe(1);
      expect(element.readChoices()).toMatchObject({ funding: 'credit', installments: 1 });
      radios[1]?.click();
      await settle(element);
      await choice?.updateComplete;
      expect(element.querySelector('svc-card-installments')).toBeNull();
      expect(choice?.textContent).toContain('No débito, o pagamento é à vista.');
      expect(element.readChoices()).toEqual({ funding: 'debit' });
      // Another BIN: the question goes, and the installments come back.
      element.funding = undefined;
      await settle(element);
      expect(element.querySelector('svc-card-funding')).toBeNull();
      expect(element.querySelector('svc-card-installments')).not.toBeNull();
      expect(element.readChoices()).toEqual({ installments: 1 });
    });

    it('offers installments beside a stored card’s security code, and no CPF there', async () => {
      const { element } = await cardFields((e) => {
        e.mode = 'cvv';
        e.brand = 'visa';
        e.documentField = 'cpf';
        e.installments = plans;
      });
      expect([...(element.querySelector('form')?.children ?? [])].map((child) => child.localName)).toEqual([
        'svc-card-cvc',
        'svc-card-installments',
      ]);
    });

    it('reads as valid and chooses nothing when neither is shown', async () => {
      const { element } = await cardFields();
      await fillCard(element);
      expect(element.getState().fields.document).toEqual({
        empty: true,
        complete: true,
        valid: true,
        error: undefined,
      });
      expect(element.getState().complete).toBe(true);
      expect(element.readChoices()).toEqual({});
    });
  });
});
