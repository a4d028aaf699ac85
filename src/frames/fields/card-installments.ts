// <svc-card-installments>: the shopper's choice of installments, a labelled native select. In the card
// frame's extras chunk (extras.ts): rendered once when connected, only its disabled state changes after.

let nextId = 0;

/** One choice as the select shows it. */
export interface InstallmentChoice {
  count: number;
  label: string;
}

/** What <svc-card-fields> sets and reads. */
export interface SvcCardInstallments extends HTMLElement {
  /** Set before the element is connected: the label's text and the choices, the first selected. */
  label: string;
  choices: readonly InstallmentChoice[];
  disabled: boolean;
  /** The chosen count. */
  readonly count: number;
  /** Selects the first choice again. */
  reset(): void;
}

export class SvcCardInstallmentsElement extends HTMLElement implements SvcCardInstallments {
  label = '';
  choices: readonly InstallmentChoice[] = [];
  readonly #select = document.createElement('select');

  connectedCallback(): void {
    if (this.firstChild) return;
    const id = `svc-installments-${String(++nextId)}`;
    const label = document.createElement('label');
    label.className = 'svc-label';
    label.htmlFor = id;
    label.textContent = this.label;
    this.#select.id = id;
    this.#select.className = 'svc-input';
    this.#select.replaceChildren(
      ...this.choices.map(({ count, label }) => {
        const option = document.createElement('option');
        option.value = String(count);
        option.textContent = label;
        return option;
      }),
    );
    this.append(label, this.#select);
  }

  get disabled(): boolean {
    return this.#select.disabled;
  }

  set disabled(disabled: boolean) {
    this.#select.disabled = disabled;
  }

  get count(): number {
    return Number(this.#select.value);
  }

  reset(): void {
    this.#select.selectedIndex = 0;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-card-installments': SvcCardInstallments;
  }
}
