// The size floor: one trivial Lit element, built by bench/sizes.ts with the SDK's build settings.
// Whatever the SDK weighs beyond this is its own code, not Lit's.

import { html, LitElement } from 'lit';

export class BenchFloor extends LitElement {
  static override properties = { label: {} };
  declare label: string;

  constructor() {
    super();
    this.label = 'Card number';
  }

  override render() {
    return html`<label for="n">${this.label}</label><input id="n" />`;
  }
}

customElements.define('bench-floor', BenchFloor);
