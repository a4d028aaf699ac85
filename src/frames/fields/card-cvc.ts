// <svc-card-cvc>: the security code, as long as the brand wants (Amex 4, others 3).

import type { PropertyDeclarations } from 'lit';
import { BRANDS, digitsOnly, maxCvvLength, validateCvv, type Brand, type BrandId } from '../../card/index.ts';
import type { FrameMessageKey as MessageKey } from '../../i18n/en.ts';
import { SvcField, type FieldCheck, type InputConfig } from './field.ts';
import type { FieldError } from './field-state.ts';

const ERRORS = {
  required: 'errorCvcRequired',
  incomplete: 'errorCvcIncomplete',
  // Only a code longer than the brand's (typed before the number's brand was known) is invalid.
  invalid: 'errorCvcMismatch',
  unsupported: 'errorCvcMismatch',
  expired: 'errorCvcMismatch',
} as const satisfies Record<FieldError, MessageKey>;

/** Security code input. Accepts 3 or 4 digits while the brand is unknown. */
export class SvcCardCvc extends SvcField {
  static override properties: PropertyDeclarations = {
    brand: { attribute: false },
    label: { attribute: false },
  };

  /** Brand of the card the code belongs to: the number field's, or the stored card's. */
  declare brand: BrandId | undefined;
  /** Replaces the standard label, e.g. 'Security code for the Visa card ending in 4242'. */
  declare label: string | undefined;

  readonly field = 'cvc';

  #brand(): Brand | undefined {
    return this.brand === undefined ? undefined : BRANDS[this.brand];
  }

  protected override willUpdate(): void {
    // The number field can change the brand, and with it whether the code is valid.
    this.recheck();
  }

  protected override format(input: HTMLInputElement, _event: Event): void {
    const value = digitsOnly(input.value).slice(0, maxCvvLength(this.#brand()));
    if (value !== input.value) input.value = value;
  }

  protected override check(): FieldCheck {
    if (this.value === '') return { error: 'required', complete: false };
    const brand = this.#brand();
    const result = validateCvv(this.value, brand);
    return {
      error: result === 'valid' ? undefined : result,
      complete: this.value.length >= (brand?.cvvLength ?? 3),
    };
  }

  protected override config(): InputConfig {
    const brand = this.#brand();
    return {
      label: this.label,
      maxlength: maxCvvLength(brand),
      hint: brand?.cvvLength === 4 ? this.strings.cvcHintAmex : this.strings.cvcHint,
    };
  }

  protected override errorMessage(error: FieldError): string {
    return this.strings[ERRORS[error]];
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-card-cvc': SvcCardCvc;
  }
}
