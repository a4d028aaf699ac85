// <svc-card-expiry>: 'MM / YY' with the separator typed for the shopper, and the date check.

import type { PropertyDeclarations } from 'lit';
import { formatExpiryInput, parseExpiry, validateExpiry, type Expiry } from '../../card/index.ts';
import type { FrameMessageKey as MessageKey } from '../../i18n/en.ts';
import { SvcField, type FieldCheck, type InputConfig } from './field.ts';
import type { FieldError } from './field-state.ts';

const ERRORS = {
  required: 'errorExpiryRequired',
  incomplete: 'errorExpiryIncomplete',
  invalid: 'errorExpiryInvalid',
  unsupported: 'errorExpiryInvalid',
  expired: 'errorExpiryExpired',
} as const satisfies Record<FieldError, MessageKey>;

/** Expiry date input. Months past 12 and years more than 20 ahead are 'invalid'. */
export class SvcCardExpiry extends SvcField {
  static override properties: PropertyDeclarations = { now: { attribute: false } };

  /** The clock for the expired check; the current time when unset (tests set it). */
  declare now: Date | undefined;

  readonly field = 'expiry';

  /** Month and four-digit year, once both are typed (not range-checked: see state). */
  get expiry(): Expiry | undefined {
    return parseExpiry(this.value);
  }

  protected override format(input: HTMLInputElement, event: Event): void {
    // Without `deleting`, backspace over ' / ' would put the separator straight back.
    const deleting = event instanceof InputEvent && event.inputType.startsWith('delete');
    const value = formatExpiryInput(input.value, deleting);
    if (value !== input.value) input.value = value;
  }

  protected override check(): FieldCheck {
    const expiry = this.expiry;
    if (!expiry) return { error: this.value === '' ? 'required' : 'incomplete', complete: false };
    const result = validateExpiry(expiry.month, expiry.year, this.now ?? new Date());
    const error = result === 'valid' ? undefined : result === 'expired' ? 'expired' : 'invalid';
    return { error, complete: true };
  }

  protected override config(): InputConfig {
    // 'MM / YY'
    return { maxlength: 7, placeholder: this.strings.expiryPlaceholder };
  }

  protected override errorMessage(error: FieldError): string {
    return this.strings[ERRORS[error]];
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-card-expiry': SvcCardExpiry;
  }
}
