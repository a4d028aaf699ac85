// <svc-card-funding>: a combo card's question, "Crédito ou débito?", as two labelled radios in a
// fieldset, credit chosen first. In the card frame's funding chunk (vite.config.ts), fetched only when a
// combo card's BIN is typed with the merchant's `debit` option: the class is made from the first
// script's Lit, so the chunk carries no copy of it. A debit says it pays at once, and the form hides
// its installments.

import type { LitElement, PropertyDeclarations, TemplateResult } from 'lit';
import { fundingMessages, type FundingMessages } from '../../i18n/funding.ts';
import type { MessageOverrides } from '../../i18n/en.ts';
import type { Funding } from '../../types.ts';
import type { Lit } from './card-installments.ts';

let nextId = 0;

/** What <svc-card-fields> sets and reads. */
export interface SvcCardFunding extends LitElement {
  strings: FundingMessages;
  disabled: boolean;
  /** The shopper's choice: credit until they choose debit. */
  readonly value: Funding;
}

/** The chunk's strings in `locale`, with the merchant's `messages` the page sent on top. */
export function fundingStrings(locale: string, messages?: MessageOverrides): FundingMessages {
  // The page sends a supported locale; the frame's decoder checks only that it is a language tag.
  const table = (fundingMessages as Partial<Record<string, FundingMessages>>)[locale] ?? fundingMessages.en;
  return { ...table, ...messages };
}

/** Defines <svc-card-funding> on the first script's Lit, once. */
export function defineFunding({ LitElement, html }: Lit): void {
  if (customElements.get('svc-card-funding')) return;
  customElements.define(
    'svc-card-funding',
    class extends LitElement implements SvcCardFunding {
      static override properties: PropertyDeclarations = {
        strings: { attribute: false },
        disabled: { type: Boolean },
      };

      declare strings: FundingMessages;
      declare disabled: boolean;

      readonly #name = `svc-funding-${String(++nextId)}`;

      constructor() {
        super();
        this.strings = fundingMessages.en;
        this.disabled = false;
      }

      protected override createRenderRoot(): this {
        return this;
      }

      get value(): Funding {
        return this.querySelector<HTMLInputElement>('[value=debit]')?.checked ? 'debit' : 'credit';
      }

      protected override render(): TemplateResult {
        const s = this.strings;
        const radio = (value: Funding, label: string, checked: boolean) =>
          // prettier-ignore
          html`<label class="svc-radio"><input
            type="radio"
            class="svc-checkbox"
            name=${this.#name}
            value=${value}
            ?checked=${checked}
            ?disabled=${this.disabled}
            @change=${() => {
              this.requestUpdate();
            }}
          >${label}</label>`;
        // Line breaks only inside tags: between them they would be text nodes, and bytes in the frame.
        // prettier-ignore
        return html`<fieldset class="svc-funding"><legend class="svc-label">${s.fundingLegend}</legend>${
          radio('credit', s.fundingCredit, true)}${radio('debit', s.fundingDebit, false)
        }</fieldset><p class="svc-hint" aria-live="polite">${this.value === 'debit' ? s.fundingDebitNote : ''}</p>`;
      }
    },
  );
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-card-funding': SvcCardFunding;
  }
}
