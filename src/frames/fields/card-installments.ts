// <svc-card-installments>: the shopper's choice of installments, a labelled native select. In the card
// frame's extras chunk (extras.ts): the class is made from the first script's Lit (LitElement and
// `html`), so the chunk carries no copy of it.

import type { html as Html, LitElement, PropertyDeclarations, TemplateResult } from 'lit';

let nextId = 0;

/** One choice as the select shows it. */
export interface InstallmentChoice {
  count: number;
  label: string;
  /** What the plan costs when it has interest (brazil/installment-cost.ts), shown under the select. */
  cost?: string | undefined;
}

/** What <svc-card-fields> sets and reads. */
export interface SvcCardInstallments extends LitElement {
  /** The label's text. */
  label: string;
  /** The choices, the first selected when they render. */
  choices: readonly InstallmentChoice[];
  disabled: boolean;
  /** The chosen count (the first choice's before the select renders). */
  readonly count: number;
  /** Selects the first choice again. */
  reset(): void;
}

/** The Lit that the first script hands the chunk. */
export interface Lit {
  LitElement: typeof LitElement;
  html: typeof Html;
}

/** The installments select's class on the first script's Lit. Renders in light DOM, like the fields. */
export function installmentsClass({ LitElement, html }: Lit): new () => SvcCardInstallments {
  return class extends LitElement implements SvcCardInstallments {
    static override properties: PropertyDeclarations = {
      label: { attribute: false },
      choices: { attribute: false },
      disabled: { type: Boolean },
    };

    declare label: string;
    declare choices: readonly InstallmentChoice[];
    declare disabled: boolean;

    readonly #id = `svc-installments-${String(++nextId)}`;
    /** The chosen choice's index: its cost shows under the select. */
    #chosen = 0;

    constructor() {
      super();
      this.label = '';
      this.choices = [];
      this.disabled = false;
    }

    protected override createRenderRoot(): this {
      return this;
    }

    get count(): number {
      return Number(this.querySelector('select')?.value ?? this.choices[0]?.count);
    }

    reset(): void {
      const select = this.querySelector('select');
      if (select) select.selectedIndex = 0;
      this.#choose(0);
    }

    #choose(index: number): void {
      this.#chosen = index;
      this.requestUpdate();
    }

    protected override render(): TemplateResult {
      const id = this.#id;
      const cost = this.choices[this.#chosen]?.cost;
      // Line breaks only inside tags: between them they would be text nodes, and bytes in the frame.
      // The cost is the select's description, read with it, and polite when the choice changes it.
      // prettier-ignore
      return html`<label class="svc-label" for=${id}>${this.label}</label><select
        id=${id}
        class="svc-input"
        aria-describedby=${`${id}-cost`}
        ?disabled=${this.disabled}
        @change=${(event: Event) => {
          this.#choose((event.target as HTMLSelectElement).selectedIndex);
        }}
      >${this.choices.map(({ count, label }) => html`<option value=${count}>${label}</option>`)}</select><p
        id=${`${id}-cost`}
        class="svc-hint svc-plan-cost"
        aria-live="polite"
      >${cost ?? ''}</p>`;
    }
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-card-installments': SvcCardInstallments;
  }
}
