// <svc-card-document>: the shopper's CPF, or CPF or CNPJ, grouped as typed and checked by its digits.
// In the card frame's extras chunk (frames/fields/extras.ts), fetched only when the merchant shows the
// field: the class is made from the first script's SvcField and `format`, so the chunk shares no module
// with that script.

import type { PropertyDeclarations } from 'lit';
import { formatTaxId, normalizeTaxId, taxIdType, type DocumentType } from '../../brazil/tax-id.ts';
import type { FrameMessageKey as MessageKey } from '../../i18n/en.ts';
import type { format as Format } from '../../i18n/messages.ts';
import type { FieldCheck, InputConfig, SvcField } from './field.ts';
import type { FieldError } from './field-state.ts';

const ERRORS = {
  required: 'errorDocumentRequired',
  incomplete: 'errorDocumentIncomplete',
  invalid: 'errorDocumentInvalid',
  unsupported: 'errorDocumentInvalid',
  expired: 'errorDocumentInvalid',
} as const satisfies Record<FieldError, MessageKey>;

/** The tax id input, as <svc-card-fields> reads it. */
export interface SvcCardDocument extends SvcField {
  /** Takes a CNPJ too, letters included (a text keyboard); otherwise a CPF (a digits keyboard). */
  letters: boolean;
  /** Letters upper case, no punctuation: what Payment/Init's `customer.document` takes. */
  readonly document: string;
  /** Which tax id the value is once valid, else undefined. */
  readonly documentType: DocumentType | undefined;
}

/**
 * The tax id input's class on `Base`: a CPF (11 digits), or with `letters` a CPF or a CNPJ (14
 * characters, the first 12 may be letters). Required once shown; 'invalid' when the check digits do
 * not add up.
 */
export function documentFieldClass(Base: typeof SvcField, format: typeof Format): new () => SvcCardDocument {
  return class extends Base implements SvcCardDocument {
    static override properties: PropertyDeclarations = { letters: { type: Boolean } };

    declare letters: boolean;

    readonly field = 'document';

    get document(): string {
      return normalizeTaxId(this.value);
    }

    get documentType(): DocumentType | undefined {
      return taxIdType(this.document);
    }

    protected override format(input: HTMLInputElement): void {
      const value = formatTaxId(input.value, this.letters);
      if (value !== input.value) input.value = value;
    }

    protected override check(): FieldCheck {
      const id = this.document;
      // Eleven digits are a whole CPF, though a CNPJ being typed passes through them.
      const complete = id.length === 14 || (id.length === 11 && /^\d+$/.test(id));
      if (!complete) return { error: id === '' ? 'required' : 'incomplete', complete };
      return { error: this.documentType === undefined ? 'invalid' : undefined, complete };
    }

    protected override config(): InputConfig {
      return {
        maxlength: this.letters ? 18 : 14,
        label: this.strings[this.letters ? 'documentLabel' : 'cpfLabel'],
        letters: this.letters,
      };
    }

    protected override errorMessage(error: FieldError): string {
      return format(this.strings[ERRORS[error]], { label: this.config().label ?? '' });
    }
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-card-document': SvcCardDocument;
  }
}
