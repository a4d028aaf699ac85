// What the card inputs share: a labelled input wired to its hint and error, when an error
// shows, and pasting. Rendered in light DOM so every input sits in the frame's one <form>, where
// browser autofill and <label for> work.

import type { FrameMessageKey, FrameMessages as Messages } from '../../i18n/en.ts';
import { attribute, create, properties, SvcElement, text } from './element.ts';
import type { FieldError, FieldName, FieldState } from './types.ts';

/** Where the value stands now, whether or not the shopper is shown it yet. */
export interface FieldCheck {
  error: FieldError | undefined;
  complete: boolean;
}

/**
 * What each input always is: its autofill token, a `name` that autofill heuristics (Safari) recognise,
 * its label, and whether it takes digits (a digits keyboard, and pastes that may exceed maxlength until
 * formatted).
 */
const INPUTS: Record<
  FieldName,
  readonly [autocomplete: string, name: string, label: FrameMessageKey, numeric: boolean]
> = {
  number: ['cc-number', 'cardnumber', 'cardNumberLabel', true],
  expiry: ['cc-exp', 'exp-date', 'expiryLabel', true],
  cvc: ['cc-csc', 'cvc', 'cvcLabel', true],
  holder: ['cc-name', 'ccname', 'holderLabel', false],
  // No autofill token names a tax id.
  document: ['off', 'cpf', 'documentLabel', true],
};

/** What an input's state changes: its length, and its label, placeholder and hint when it has them. */
export interface InputConfig {
  maxlength: number;
  label?: string | undefined;
  placeholder?: string;
  hint?: string;
  /** Takes letters besides digits: a text keyboard, typed upper case (the new CNPJ). */
  letters?: boolean;
}

let nextId = 0;

/**
 * Base class of the card inputs; not a custom element itself.
 *
 * Errors show on blur (not for a field left empty) and on validate(), never while typing, and
 * disappear as soon as the value is valid.
 *
 * Under a root with the class `svc-hidden` (labelPosition 'hidden') the label is only visually hidden
 * (fields.css): it stays the input's accessible name, and an input with no placeholder of its own
 * shows its label as one.
 */
export abstract class SvcField extends SvcElement {
  /** Set by <svc-card-fields> from the page's strings. */
  declare strings: Messages;
  declare disabled: boolean;

  abstract readonly field: FieldName;

  // Light DOM ids must be unique in the document, not just in this element.
  readonly #id = `svc-field-${++nextId}`;
  readonly #label = create('label', 'svc-label');
  readonly #input = create('input', 'svc-input');
  readonly #hint = create('p', 'svc-hint');
  readonly #error = create('p', 'svc-error', { 'aria-live': 'polite' });
  /** The error on show, as of the last blur or validate(). */
  #shown: FieldError | undefined;

  /** The input's value as displayed (formatted). */
  get value(): string {
    return this.#input.value;
  }

  get state(): FieldState {
    const { error, complete } = this.check();
    return {
      empty: this.value === '',
      complete,
      valid: error === undefined,
      // Only while the value still has an error: the CVC's brand can fix it before the shopper leaves
      // the field.
      error: error && this.#shown,
    };
  }

  /** Shows the current error, if any; true when the value is valid. */
  validate(): boolean {
    this.#show(this.check().error);
    return this.#shown === undefined;
  }

  clear(): void {
    this.#input.value = '';
    this.#show(undefined);
  }

  override focus(options?: FocusOptions): void {
    this.#input.focus(options);
  }

  protected abstract check(): FieldCheck;
  protected abstract config(): InputConfig;
  protected abstract errorMessage(error: FieldError): string;

  /** Rewrites the input's value after an edit (formatting); runs before validity is looked at. */
  protected format(_input: HTMLInputElement, _event: Event): void {
    // Free text by default.
  }

  /** Content after the input inside its box (the number's brand), created once. */
  protected extra(): Node[] {
    return [];
  }

  /** Clears a shown error once the value is valid (a brand change can do that without typing). */
  protected recheck(): void {
    if (this.check().error === undefined) this.#show(undefined);
  }

  #show(error: FieldError | undefined): void {
    if (error === this.#shown) return;
    this.#shown = error;
    this.requestUpdate();
  }

  protected override build(): void {
    const [autocomplete, name] = INPUTS[this.field];
    const input = this.#input;
    const id = this.#id;
    this.#label.htmlFor = input.id = id;
    this.#hint.id = `${id}-hint`;
    this.#error.id = `${id}-error`;
    for (const [key, value] of Object.entries({
      type: 'text',
      name,
      autocomplete,
      autocorrect: 'off',
      spellcheck: 'false',
      required: '',
    }))
      input.setAttribute(key, value);
    input.addEventListener('input', (event) => {
      this.format(input, event);
      this.recheck();
    });
    // focusout rather than blur: it runs on the input before bubbling to <svc-card-fields>, so the
    // container reads the new error when it reports the blur.
    input.addEventListener('focusout', () => {
      // Tabbing through an empty field is not a mistake; an error already shown is updated though.
      if (this.value !== '' || this.#shown) this.#show(this.check().error);
    });
    input.addEventListener('paste', (event) => {
      this.#onPaste(event);
    });
    const control = create('div', 'svc-control');
    control.append(input, ...this.extra());
    this.append(this.#label, control, this.#error);
  }

  protected override update(): void {
    const c = this.config();
    const [, , label, numeric] = INPUTS[this.field];
    const input = this.#input;
    const id = this.#id;
    const error = this.state.error;
    const name = c.label ?? this.strings[label];
    text(this.#label, name);
    attribute(input, 'inputmode', numeric && !c.letters ? 'numeric' : undefined);
    attribute(input, 'maxlength', String(c.maxlength));
    attribute(input, 'placeholder', c.placeholder ?? (this.closest('.svc-hidden') ? name : undefined));
    attribute(input, 'autocapitalize', c.letters ? 'characters' : numeric ? 'off' : 'words');
    attribute(input, 'aria-describedby', c.hint ? `${id}-hint ${id}-error` : `${id}-error`);
    attribute(input, 'aria-invalid', error ? 'true' : undefined);
    input.disabled = this.disabled;
    if (!c.hint) this.#hint.remove();
    else {
      text(this.#hint, c.hint);
      if (this.#hint.nextSibling !== this.#error) this.#error.before(this.#hint);
    }
    text(this.#error, error ? this.errorMessage(error) : '');
  }

  // The browser cuts a paste at maxlength before `input` fires, so '4111-1111-1111-1111' or a
  // replaced number would lose digits; insert the whole text and let format() trim it.
  #onPaste(event: ClipboardEvent): void {
    const text = event.clipboardData?.getData('text/plain');
    const input = this.#input;
    if (!text || !INPUTS[this.field][3]) return;
    event.preventDefault();
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? start;
    input.value = input.value.slice(0, start) + text + input.value.slice(end);
    input.setSelectionRange(start + text.length, start + text.length);
    input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste', data: text }));
  }
}

// The subclasses' properties too, declared once: each subclass declares the ones it uses.
properties(SvcField, {
  strings: {},
  disabled: false,
  brand: undefined,
  label: undefined,
  now: undefined,
  letters: false,
});
