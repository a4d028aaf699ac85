// <svc-card-fields>: the card frame's form. Lays out the inputs, keeps the CVC in step with the
// number's brand, and turns what the shopper does into value-free events for the frame script.

import { html, LitElement, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import { BRANDS, type BrandId } from '../../card/index.ts';
import type { FormChoices } from '../../card/tokenized-card.ts';
import type { InstallmentChoice } from './card-installments.ts';
import type { FundingMessages } from '../../i18n/funding.ts';
import type { FrameMessages as Messages } from '../../i18n/en.ts';
import { SvcFieldsBinEvent, SvcFieldsEvent } from './field-events.ts';
import { SvcField } from './field.ts';
import { logo } from './logos.ts';
import type { CardData, FieldName, FieldState, FieldsState } from './field-state.ts';

const TAGS = {
  number: 'svc-card-number',
  expiry: 'svc-card-expiry',
  cvc: 'svc-card-cvc',
  holder: 'svc-card-holder',
  document: 'svc-card-document',
} as const;

let nextId = 0;

function fieldOf(event: Event): SvcField | undefined {
  return event.composedPath().find((target): target is SvcField => target instanceof SvcField);
}

/**
 * The card form inside the card frame: the accepted brands' logos, number (full width), expiry and CVC
 * side by side, holder (full width), and an optional save-card checkbox. With `mode` 'cvv' (a stored
 * card) only the CVC.
 * Renders in light DOM, one per frame document; style it with `fields.css`, whose `--svc-*` custom
 * properties (one per appearance variable, src/appearance.ts) and the root's classes (`svc-dark`, the
 * dark theme; `svc-hidden`, labels visually hidden) are documented there.
 *
 * The element never talks to the page: the frame script reads it through methods and events.
 *
 * @event svc-fields - SvcFieldsEvent: `relay` says what happened: a field's flags, error or the brand
 * changed, a field got or lost the focus, or Enter was pressed in a field (call validateAll() next).
 * @event svc-fields-bin - SvcFieldsBinEvent: the BIN, for the frame's 3DS setup. NEVER relay it.
 */
export class SvcCardFields extends LitElement {
  static override properties: PropertyDeclarations = {
    strings: { attribute: false },
    mode: {},
    brand: {},
    cvcLabel: { attribute: 'cvc-label' },
    showSaveCard: { type: Boolean, attribute: 'show-save-card' },
    documentField: { attribute: false },
    installments: { attribute: false },
    funding: { attribute: false },
    disabled: { type: Boolean },
    now: { attribute: false },
  };

  declare strings: Messages;
  /** 'card': a new card. 'cvv': only the security code of a stored card. */
  declare mode: 'card' | 'cvv';
  /** The stored card's brand (cvv mode); in card mode the number field decides. */
  declare brand: BrandId | undefined;
  /** Replaces the CVC label, e.g. 'Security code for the Visa card ending in 4242' in cvv mode. */
  declare cvcLabel: string | undefined;
  declare showSaveCard: boolean;
  /** Shows the tax id field: `cpf`, or `cpf-cnpj`; none when unset. */
  declare documentField: 'cpf' | 'cpf-cnpj' | undefined;
  /** The installments to offer, worded (extras.ts); no select when unset, nor while debit is chosen. */
  declare installments: readonly InstallmentChoice[] | undefined;
  /** A combo card's question, worded (card-funding.ts, which defines its element): asked while set. */
  declare funding: FundingMessages | undefined;
  /** Disables every input: a paid form, until the page clears it (a submit only locks it: lock.ts). */
  declare disabled: boolean;
  /** The clock for the expiry check; the current time when unset. */
  declare now: Date | undefined;

  readonly #saveId = `svc-save-card-${++nextId}`;
  /** The BIN last reported (svc-fields-bin). */
  bin: string | undefined;
  // The last state reported, serialised: typing a digit that changes no flag reports nothing.
  #reported = '';

  constructor() {
    super();
    // Set by the frame before the element is connected (the page's strings).
    this.strings = {} as Messages;
    this.mode = 'card';
    this.showSaveCard = false;
    this.disabled = false;
  }

  protected override createRenderRoot(): this {
    return this;
  }

  // The first state is the baseline: a blur that changed nothing reports nothing. A form built again
  // (a new mode) reports its next change against what was reported before.
  protected override firstUpdated(): void {
    this.#reported = JSON.stringify(this.getState());
  }

  // A form built again has no number, or an empty one: the frame forgets the BIN it was given.
  protected override updated(): void {
    this.#reportBin();
  }

  /** Whether the shopper ticked "save this card"; false when the checkbox is not shown. */
  get saveCard(): boolean {
    return this.querySelector<HTMLInputElement>(`#${this.#saveId}`)?.checked ?? false;
  }

  /**
   * Flags and shown errors, never values. In cvv mode the absent fields read as empty, complete and
   * valid, so `complete` depends on the CVC alone. Before the first render nothing is valid.
   */
  getState(): FieldsState {
    const cvv = this.mode === 'cvv';
    const read = (name: FieldName): FieldState =>
      (cvv && name !== 'cvc') || (name === 'document' && !this.documentField)
        ? { empty: true, complete: true, valid: true, error: undefined }
        : (this.#field(name)?.state ?? { empty: true, complete: false, valid: false, error: undefined });
    const fields = {
      number: read('number'),
      expiry: read('expiry'),
      cvc: read('cvc'),
      holder: read('holder'),
      document: read('document'),
    };
    return {
      brand: this.#brand(),
      complete: Object.values(fields).every((field) => field.valid),
      fields,
    };
  }

  /** Shows every field's error and focuses the first invalid field; true when all are valid. */
  validateAll(): boolean {
    const fields = this.#fields();
    const invalid = fields.filter((field) => !field.validate());
    invalid[0]?.focus();
    return fields.length > 0 && invalid.length === 0;
  }

  /**
   * The card for Token/Generate: digits-only number, four-digit year, trimmed name. Undefined
   * unless every field is valid, and always in cvv mode (use readCvv()).
   */
  readCard(): CardData | undefined {
    const number = this.#field('number');
    const expiry = this.#field('expiry')?.expiry;
    const cvc = this.#field('cvc');
    const holder = this.#field('holder');
    if (this.mode === 'cvv' || !number || !expiry || !cvc || !holder || !this.getState().complete) {
      return undefined;
    }
    return {
      cardNumber: number.digits,
      expirationMonth: expiry.month,
      expirationYear: expiry.year,
      cvv: cvc.value,
      cardHolderName: holder.name,
    };
  }

  /**
   * What the shopper chose besides the card: the installments count, and the tax id with its type once
   * valid. Nothing for a field not shown.
   */
  readChoices(): FormChoices {
    const installments = this.querySelector('svc-card-installments');
    const funding = this.querySelector('svc-card-funding')?.value;
    const document = this.#field('document');
    const type = document?.documentType;
    return {
      ...(installments ? { installments: installments.count } : {}),
      ...(funding ? { funding } : {}),
      ...(type ? { document: document.document, documentType: type } : {}),
    };
  }

  /** The card number's digits once the number is valid (for the frame's 3DS setup), else undefined. */
  readNumber(): string | undefined {
    const number = this.#field('number');
    return this.mode === 'card' && number?.state.valid ? number.digits : undefined;
  }

  /** The security code for Token/Bind (cvv mode; works in card mode too). Undefined unless valid. */
  readCvv(): { cvv: string } | undefined {
    const cvc = this.#field('cvc');
    return cvc?.state.valid ? { cvv: cvc.value } : undefined;
  }

  /** Focuses that field, or the first one on show (the number, or the CVC in cvv mode). */
  focusField(field?: FieldName): void {
    (field ? this.#field(field) : this.#fields()[0])?.focus();
  }

  /** Empties every field and the checkbox and hides errors. Dispatches nothing. */
  clear(): void {
    for (const field of this.#fields()) field.clear();
    this.querySelector('svc-card-installments')?.reset();
    const save = this.querySelector<HTMLInputElement>(`#${this.#saveId}`);
    if (save) save.checked = false;
    this.#syncBrand();
    this.bin = undefined;
    this.#reported = '';
  }

  #field<K extends FieldName>(name: K): HTMLElementTagNameMap[(typeof TAGS)[K]] | null {
    return this.querySelector(TAGS[name]);
  }

  /** The fields on show, in document order. */
  #fields(): SvcField[] {
    return [...this.querySelectorAll<SvcField>(Object.values(TAGS).join())];
  }

  #brand(): BrandId | undefined {
    return this.mode === 'cvv' ? this.brand : this.#field('number')?.brand?.id;
  }

  // Set at once, before the change is reported, so the state reported for this input is right.
  #syncBrand(): void {
    const cvc = this.#field('cvc');
    if (cvc) cvc.brand = this.#brand();
  }

  #report(field: FieldName): void {
    const state = this.getState();
    const serialised = JSON.stringify(state);
    if (serialised === this.#reported) return;
    this.#reported = serialised;
    this.dispatchEvent(new SvcFieldsEvent({ kind: 'change', field, state }));
  }

  #reportBin(): void {
    const number = this.#field('number');
    const digits = number?.digits ?? '';
    const bin = digits.length >= 8 && number?.brand ? digits.slice(0, 8) : undefined;
    if (bin === this.bin) return;
    this.bin = bin;
    this.dispatchEvent(new SvcFieldsBinEvent(bin));
  }

  #onInput(event: Event): void {
    const field = fieldOf(event);
    if (!field) return;
    if (field.field === 'number') {
      this.#syncBrand();
      this.#reportBin();
    }
    this.#report(field.field);
  }

  #onFocusIn(event: FocusEvent): void {
    const field = fieldOf(event);
    if (field) this.dispatchEvent(new SvcFieldsEvent({ kind: 'focus', field: field.field }));
  }

  // The field has already updated its error (its own focusout listener runs first).
  #onFocusOut(event: FocusEvent): void {
    const field = fieldOf(event);
    if (!field) return;
    this.dispatchEvent(new SvcFieldsEvent({ kind: 'blur', field: field.field }));
    this.#report(field.field);
  }

  // With several text inputs and no submit button, browsers do not submit on Enter by themselves.
  #onKeyDown(event: KeyboardEvent): void {
    if (event.key !== 'Enter' || event.isComposing || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    (event.currentTarget as HTMLFormElement).requestSubmit();
  }

  #onSubmit(event: SubmitEvent): void {
    event.preventDefault();
    this.dispatchEvent(new SvcFieldsEvent({ kind: 'submit' }));
  }

  protected override render(): TemplateResult {
    const s = this.strings;
    // Line breaks only inside tags: between them they would be text nodes, and bytes in the frame.
    // prettier-ignore
    const cvc = html`<svc-card-cvc
      .strings=${s}
      .brand=${this.#brand()}
      .label=${this.cvcLabel}
      .disabled=${this.disabled}
    ></svc-card-cvc>`;
    // prettier-ignore
    const funding = this.funding
      ? html`<svc-card-funding
          .strings=${this.funding}
          .disabled=${this.disabled}
          @change=${() => {
            this.requestUpdate();
          }}
        ></svc-card-funding>`
      : nothing;
    const installments =
      this.installments && !(this.funding && this.querySelector('svc-card-funding')?.value === 'debit')
        ? html`<svc-card-installments
            .label=${s.installmentsLabel}
            .choices=${this.installments}
            .disabled=${this.disabled}
          ></svc-card-installments>`
        : nothing;
    // prettier-ignore
    return html`<form
      class="svc-form"
      novalidate
      @submit=${this.#onSubmit}
      @keydown=${this.#onKeyDown}
      @input=${this.#onInput}
      @focusin=${this.#onFocusIn}
      @focusout=${this.#onFocusOut}
    >${
      this.mode === 'cvv'
        ? html`${cvc}${installments}`
        : html`<div class="svc-brands">${Object.values(BRANDS).map(logo)}</div><svc-card-number
            .strings=${s}
            .disabled=${this.disabled}
          ></svc-card-number><svc-card-expiry
            .strings=${s}
            .now=${this.now}
            .disabled=${this.disabled}
          ></svc-card-expiry>${cvc}<svc-card-holder
            .strings=${s}
            .disabled=${this.disabled}
          ></svc-card-holder>${
            this.documentField
              ? html`<svc-card-document
                  .strings=${s}
                  .letters=${this.documentField === 'cpf-cnpj'}
                  .disabled=${this.disabled}
                ></svc-card-document>`
              : nothing
          }${funding}${installments}${
            this.showSaveCard
              ? html`<div class="svc-save"><input
                  id=${this.#saveId}
                  class="svc-checkbox"
                  type="checkbox"
                  ?disabled=${this.disabled}
                ><label for=${this.#saveId}>${s.saveCardLabel}</label></div>`
              : nothing
          }`
    }</form>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-card-fields': SvcCardFields;
  }
}
