// The size floor: one trivial Lit element, built by bench/sizes.ts with the SDK's build settings: the
// least a component written with a component library weighs. The SDK's page script uses no library
// (src/elements/shadow.ts); the card frame's fields are Lit elements (src/frames/fields/).

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
