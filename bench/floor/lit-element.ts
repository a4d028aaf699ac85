// The size floor: one trivial Lit element, built by bench/sizes.ts with the SDK's build settings: the
// least a component written with a component library weighs. The SDK's page script and frames use no
// library (src/elements/shadow.ts, src/frames/fields/element.ts), so all they weigh is their own code.

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
