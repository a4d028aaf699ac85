// <svc-card-number>: formats the number as it is typed, keeps the caret in place, detects the brand.

import { html, type PropertyDeclarations, type TemplateResult } from 'lit';
import {
  detectBrand,
  digitsOnly,
  formatWithCaret,
  maxCardNumberLength,
  validateCardNumber,
  type Brand,
} from '../../card/index.ts';
import type { FrameMessageKey as MessageKey } from '../../i18n/en.ts';
import { format } from '../../i18n/messages.ts';
import { SvcField, type FieldCheck, type InputConfig } from './field.ts';
import { logo } from './logos.ts';
import type { FieldError } from './field-state.ts';

const ERRORS = {
  required: 'errorNumberRequired',
  incomplete: 'errorNumberIncomplete',
  invalid: 'errorNumberInvalid',
  unsupported: 'errorNumberUnsupported',
  expired: 'errorNumberInvalid',
} as const satisfies Record<FieldError, MessageKey>;

const DEFAULT_GAPS = [4, 8, 12, 16] as const;

/**
 * Card number input. Shows the detected brand's logo and announces the brand once per change through a
 * visually hidden polite live region ('Visa card').
 */
export class SvcCardNumber extends SvcField {
  static override properties: PropertyDeclarations = { brand: { attribute: false } };

  /** Brand of the digits typed so far, once they can only be one brand. */
  declare brand: Brand | undefined;

  readonly field = 'number';

  /** Digits only. */
  get digits(): string {
    return digitsOnly(this.value);
  }

  override clear(): void {
    super.clear();
    this.brand = undefined;
  }

  protected override format(input: HTMLInputElement, _event: Event): void {
    const { value, caret } = formatWithCaret(input.value, input.selectionStart ?? input.value.length);
    if (value !== input.value) {
      input.value = value;
      // Safari focuses an input whose selection is set: leave autofilled neighbours alone.
      if (input.ownerDocument.activeElement === input) input.setSelectionRange(caret, caret);
    }
    this.brand = detectBrand(this.digits);
  }

  protected override check(): FieldCheck {
    const result = validateCardNumber(this.digits);
    const length = this.digits.length;
    const complete = result.brand?.lengths.includes(length) ?? false;
    if (result.state === 'empty') return { error: 'required', complete };
    if (result.state === 'complete') return { error: undefined, complete };
    // too_long cannot come from the field (formatting cuts at the brand's length); call it invalid.
    return { error: result.error === 'too_long' ? 'invalid' : result.error, complete };
  }

  protected override config(): InputConfig {
    const digits = maxCardNumberLength(this.brand);
    const gaps: readonly number[] = this.brand?.gaps ?? DEFAULT_GAPS;
    // Room for the spaces formatting adds (formatCardNumber's default gaps until a brand is known).
    return { maxlength: digits + gaps.filter((gap) => gap < digits).length };
  }

  protected override errorMessage(error: FieldError): string {
    return this.strings[ERRORS[error]];
  }

  protected override extra(): TemplateResult {
    const brand = this.brand;
    // The logo is hidden from assistive technology, which hears the live region instead.
    return html`<span class="svc-brand" aria-hidden="true">${brand && logo(brand)}</span
      ><span class="svc-visually-hidden" aria-live="polite"
        >${brand && format(this.strings.brandAnnouncement, { brand: brand.name })}</span
      >`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-card-number': SvcCardNumber;
  }
}
