// <svc-card-holder>: the name printed on the card.

import { SvcField, type FieldCheck, type InputConfig } from './field.ts';
import type { FieldError } from './field-state.ts';

/** Cardholder name input: required, at most 64 characters, trimmed when read. */
export class SvcCardHolder extends SvcField {
  readonly field = 'holder';

  /** The name without surrounding spaces. */
  get name(): string {
    return this.value.trim();
  }

  protected override check(): FieldCheck {
    const complete = this.name !== '';
    return { error: complete ? undefined : 'required', complete };
  }

  protected override config(): InputConfig {
    return { maxlength: 64 };
  }

  protected override errorMessage(_error: FieldError): string {
    return this.strings.errorHolderRequired;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-card-holder': SvcCardHolder;
  }
}
