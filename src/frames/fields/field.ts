// What the card inputs share: a labelled input wired to its hint and error, when an error
// shows, and pasting. Rendered in light DOM so every input sits in the frame's one <form>, where
// browser autofill and <label for> work.

import { html, LitElement, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import type { FrameMessageKey, FrameMessages as Messages } from '../../i18n/en.ts';
import type { FieldError, FieldName, FieldState } from './field-state.ts';

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
export abstract class SvcField extends LitElement {
  // What every field renders from; a subclass declares its own besides (Lit merges them).
  static override properties: PropertyDeclarations = {
    strings: { attribute: false },
    disabled: { type: Boolean },
    shown: { state: true },
  };

  declare strings: Messages;
  declare disabled: boolean;
  /** The error on show, as of the last blur or validate(). */
  declare protected shown: FieldError | undefined;

  abstract readonly field: FieldName;

  // Light DOM ids must be unique in the document, not just in this element.
  readonly #id = `svc-field-${++nextId}`;

  constructor() {
    super();
    // Set by <svc-card-fields> from the page's strings.
    this.strings = {} as Messages;
    this.disabled = false;
  }

  protected override createRenderRoot(): this {
    return this;
  }

  /** The input's value as displayed (formatted). */
  get value(): string {
    return this.#input()?.value ?? '';
  }

  get state(): FieldState {
    const { error, complete } = this.check();
    return {
      empty: this.value === '',
      complete,
      valid: error === undefined,
      // Only while the value still has an error: the CVC's brand can fix it before the shopper leaves
      // the field.
      error: error && this.shown,
    };
  }

  /** Shows the current error, if any; true when the value is valid. */
  validate(): boolean {
    this.shown = this.check().error;
    return this.shown === undefined;
  }

  clear(): void {
    const input = this.#input();
    if (input) input.value = '';
    this.shown = undefined;
  }

  override focus(options?: FocusOptions): void {
    this.#input()?.focus(options);
  }

  protected abstract check(): FieldCheck;
  protected abstract config(): InputConfig;
  protected abstract errorMessage(error: FieldError): string;

  /** Rewrites the input's value after an edit (formatting); runs before validity is looked at. */
  protected format(_input: HTMLInputElement, _event: Event): void {
    // Free text by default.
  }

  /** Content after the input inside its box (the number's brand). */
  protected extra(): TemplateResult | typeof nothing {
    return nothing;
  }

  /** Clears a shown error once the value is valid (a brand change can do that without typing). */
  protected recheck(): void {
    if (this.check().error === undefined) this.shown = undefined;
  }

  #input(): HTMLInputElement | null {
    return this.querySelector('input');
  }

  #onInput(event: Event): void {
    this.format(event.target as HTMLInputElement, event);
    this.recheck();
  }

  // focusout rather than blur: it runs on the input before bubbling to <svc-card-fields>, so the
  // container reads the new error when it reports the blur.
  #onFocusOut(): void {
    // Tabbing through an empty field is not a mistake; an error already shown is updated though.
    if (this.value !== '' || this.shown) this.shown = this.check().error;
  }

  // The browser cuts a paste at maxlength before `input` fires, so '4111-1111-1111-1111' or a
  // replaced number would lose digits; insert the whole text and let format() trim it.
  #onPaste(event: ClipboardEvent): void {
    const text = event.clipboardData?.getData('text/plain');
    const input = event.target as HTMLInputElement;
    if (!text || !INPUTS[this.field][3]) return;
    event.preventDefault();
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? start;
    input.value = input.value.slice(0, start) + text + input.value.slice(end);
    input.setSelectionRange(start + text.length, start + text.length);
    input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste', data: text }));
  }

  protected override render(): TemplateResult {
    const c = this.config();
    const [autocomplete, name, label, numeric] = INPUTS[this.field];
    const id = this.#id;
    const error = this.state.error;
    const text = c.label ?? this.strings[label];
    // Line breaks only inside tags: between them they would be text nodes, and bytes in the frame.
    // prettier-ignore
    return html`<label class="svc-label" for=${id}>${text}</label><div class="svc-control"><input
      id=${id}
      class="svc-input"
      type="text"
      name=${name}
      autocomplete=${autocomplete}
      inputmode=${numeric && !c.letters ? 'numeric' : nothing}
      maxlength=${c.maxlength}
      placeholder=${c.placeholder ?? (this.closest('.svc-hidden') ? text : nothing)}
      autocapitalize=${c.letters ? 'characters' : numeric ? 'off' : 'words'}
      autocorrect="off"
      spellcheck="false"
      required
      aria-describedby=${c.hint ? `${id}-hint ${id}-error` : `${id}-error`}
      aria-invalid=${error ? 'true' : nothing}
      ?disabled=${this.disabled}
      @input=${this.#onInput}
      @focusout=${this.#onFocusOut}
      @paste=${this.#onPaste}
    >${this.extra()}</div>${
      c.hint ? html`<p id="${id}-hint" class="svc-hint">${c.hint}</p>` : nothing
    }<p id="${id}-error" class="svc-error" aria-live="polite">${error ? this.errorMessage(error) : ''}</p>`;
  }
}
