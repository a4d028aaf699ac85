// <apple-pay-button> as Apple Pay JS defines it: attributes `buttonstyle` (black, white, white-outline),
// `type` (plain, buy, check-out, book, donate, subscribe, …) and `locale`; sized by the CSS custom
// properties --apple-pay-button-width, -height, -border-radius, -padding and -box-sizing. The stand-in
// draws text, not Apple's artwork, and is a button to assistive technology and the keyboard (Enter,
// Space), firing `click` as Apple's does.

import { adoptStyles } from './sheet-host.ts';

/** The accessible name of each `type`, in English and Brazilian Portuguese (the stand-in's wording). */
const LABELS: Readonly<Record<string, readonly [en: string, pt: string]>> = {
  plain: ['Apple Pay', 'Apple Pay'],
  buy: ['Buy with Apple Pay', 'Comprar com Apple Pay'],
  'check-out': ['Check out with Apple Pay', 'Finalizar compra com Apple Pay'],
  book: ['Book with Apple Pay', 'Reservar com Apple Pay'],
  donate: ['Donate with Apple Pay', 'Doar com Apple Pay'],
  subscribe: ['Subscribe with Apple Pay', 'Assinar com Apple Pay'],
  continue: ['Continue with Apple Pay', 'Continuar com Apple Pay'],
  order: ['Order with Apple Pay', 'Pedir com Apple Pay'],
  pay: ['Pay with Apple Pay', 'Pagar com Apple Pay'],
  reload: ['Reload with Apple Pay', 'Recarregar com Apple Pay'],
  'add-money': ['Add money with Apple Pay', 'Adicionar dinheiro com Apple Pay'],
  'top-up': ['Top up with Apple Pay', 'Recarregar com Apple Pay'],
  rent: ['Rent with Apple Pay', 'Alugar com Apple Pay'],
  support: ['Support with Apple Pay', 'Apoiar com Apple Pay'],
  contribute: ['Contribute with Apple Pay', 'Contribuir com Apple Pay'],
  tip: ['Tip with Apple Pay', 'Dar gorjeta com Apple Pay'],
  'set-up': ['Set up Apple Pay', 'Configurar Apple Pay'],
};

const BUTTON_CSS = `
:host {
  display: inline-block;
  box-sizing: var(--apple-pay-button-box-sizing, border-box);
  width: var(--apple-pay-button-width, 140px);
  height: var(--apple-pay-button-height, 30px);
  min-width: 100px;
  min-height: 30px;
  padding: var(--apple-pay-button-padding, 0);
  border-radius: var(--apple-pay-button-border-radius, 5px);
  overflow: hidden;
  cursor: pointer;
  user-select: none;
  background: #000;
  color: #fff;
  font: 500 15px/1 -apple-system, system-ui, sans-serif;
}
:host([buttonstyle="white"]) { background: #fff; color: #000; }
:host([buttonstyle="white-outline"]) { background: #fff; color: #000; border: 1px solid #000; }
:host(:focus-visible) { outline: 2px solid #0a64d6; outline-offset: 2px; }
.label {
  display: flex; align-items: center; justify-content: center;
  width: 100%; height: 100%; white-space: nowrap;
}
`;

export function buttonLabel(type: string | null, locale: string): string {
  const [en, pt] = LABELS[type ?? 'plain'] ?? LABELS['plain'] ?? ['Apple Pay', 'Apple Pay'];
  return /^pt\b/i.test(locale) ? pt : en;
}

class ApplePayButtonElement extends HTMLElement {
  static get observedAttributes(): string[] {
    return ['type', 'locale', 'buttonstyle', 'aria-label'];
  }

  readonly #label: HTMLSpanElement;
  /** The aria-label the element set itself (an author's own is left alone). */
  #ownLabel: string | undefined;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    this.#label = this.ownerDocument.createElement('span');
    this.#label.className = 'label';
    this.#label.setAttribute('aria-hidden', 'true');
    root.append(this.#label);
    adoptStyles(root, BUTTON_CSS);
    this.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        this.click();
      } else if (event.key === ' ') {
        // A button acts on Space's release; keeping the page from scrolling meanwhile.
        event.preventDefault();
      }
    });
    this.addEventListener('keyup', (event) => {
      if (event.key === ' ') this.click();
    });
  }

  connectedCallback(): void {
    if (!this.hasAttribute('role')) this.setAttribute('role', 'button');
    if (!this.hasAttribute('tabindex')) this.tabIndex = 0;
    this.#render();
  }

  attributeChangedCallback(name: string): void {
    if (name === 'aria-label' && this.getAttribute('aria-label') === this.#ownLabel) return;
    if (name === 'aria-label') this.#ownLabel = undefined;
    this.#render();
  }

  #render(): void {
    const locale = this.getAttribute('locale') ?? (this.ownerDocument.documentElement.lang || 'en');
    const text = buttonLabel(this.getAttribute('type'), locale);
    this.#label.textContent = text;
    const current = this.getAttribute('aria-label');
    if (current === null || current === this.#ownLabel) {
      this.#ownLabel = text;
      this.setAttribute('aria-label', text);
    }
  }
}

/** Registers the element once (a second copy of the script leaves the first one's in place). */
export function defineApplePayButton(registry: CustomElementRegistry): void {
  if (registry.get('apple-pay-button') === undefined)
    registry.define('apple-pay-button', ApplePayButtonElement);
}
