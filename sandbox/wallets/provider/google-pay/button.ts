// The stand-in's Google Pay button: what createButton builds, and the styles pay.js injects for it and
// for its sheet's overlay. Google's button is a <button> in a container, named like "Buy with GPay" in
// the button's locale; this one shows the same name as text instead of Google's logo artwork.

export const BUTTON_TYPES = [
  'book',
  'buy',
  'checkout',
  'donate',
  'order',
  'pay',
  'plain',
  'subscribe',
  'long',
  'short',
] as const;
export type ButtonType = (typeof BUTTON_TYPES)[number];

/** The 31 languages Google's button comes in (ButtonOptions.buttonLocale). */
const BUTTON_LOCALES = [
  'ar',
  'bg',
  'ca',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'es',
  'et',
  'fi',
  'fr',
  'hr',
  'id',
  'it',
  'ja',
  'ko',
  'ms',
  'nl',
  'no',
  'pl',
  'pt',
  'ru',
  'sk',
  'sl',
  'sr',
  'sv',
  'th',
  'tr',
  'uk',
  'zh',
] as const;

type Worded = Exclude<ButtonType, 'plain' | 'long' | 'short'>;

/** The words before "GPay" in the locales the sandbox's merchants use; other locales read English. */
const WORDS: Readonly<Partial<Record<string, Readonly<Record<Worded, string>>>>> & {
  en: Readonly<Record<Worded, string>>;
} = {
  en: {
    book: 'Book with',
    buy: 'Buy with',
    checkout: 'Checkout with',
    donate: 'Donate with',
    order: 'Order with',
    pay: 'Pay with',
    subscribe: 'Subscribe with',
  },
  pt: {
    book: 'Reservar com',
    buy: 'Comprar com',
    checkout: 'Finalizar compra com',
    donate: 'Doar com',
    order: 'Fazer pedido com',
    pay: 'Pagar com',
    subscribe: 'Assinar com',
  },
  es: {
    book: 'Reservar con',
    buy: 'Comprar con',
    checkout: 'Finalizar compra con',
    donate: 'Donar con',
    order: 'Pedir con',
    pay: 'Pagar con',
    subscribe: 'Suscribirse con',
  },
};

/** buttonLocale, else the browser's language, reduced to one of Google's 31; English otherwise. */
export function buttonLocale(option: unknown, browserLanguage: string | undefined): string {
  for (const candidate of [option, browserLanguage]) {
    if (typeof candidate !== 'string') continue;
    const language = candidate.toLowerCase().split(/[-_]/)[0] ?? '';
    if ((BUTTON_LOCALES as readonly string[]).includes(language)) return language;
  }
  return 'en';
}

/** The button's accessible name: "Buy with GPay", "Comprar com GPay", or "GPay" for plain and short. */
export function buttonLabel(type: ButtonType, locale: string): string {
  if (type === 'plain' || type === 'short') return 'GPay';
  const words = WORDS[locale] ?? WORDS.en;
  return `${words[type === 'long' ? 'buy' : type]} GPay`;
}

/** Google's static button is 40 px high, so a radius above 20 px would not show. */
const STATIC_HEIGHT_PX = 40;

const STYLES = `
.gpay-sandbox-button-container { display: inline-block; height: ${String(STATIC_HEIGHT_PX)}px; min-width: 160px; }
.gpay-sandbox-button-container.gpay-sandbox-short { min-width: 90px; }
.gpay-sandbox-button-container.gpay-sandbox-fill { display: block; width: 100%; height: 100%; min-width: 90px; }
.gpay-sandbox-button {
  box-sizing: border-box; width: 100%; height: 100%; min-height: 40px; margin: 0; padding: 0 16px;
  border: 1px solid transparent; border-radius: var(--gpay-sandbox-radius, 4px);
  background: #000; color: #fff; font: 500 15px/1 system-ui, sans-serif; cursor: pointer; white-space: nowrap;
}
.gpay-sandbox-button:hover { background: #3c4043; }
.gpay-sandbox-button:focus-visible { outline: 2px solid #1a73e8; outline-offset: 2px; }
.gpay-sandbox-button.gpay-sandbox-white { background: #fff; color: #3c4043; border-color: #747775; }
.gpay-sandbox-button.gpay-sandbox-white:hover { background: #f8f9fa; }
.gpay-sandbox-button.gpay-sandbox-white.gpay-sandbox-no-border { border-color: transparent; }
.gpay-sandbox-sheet {
  box-sizing: border-box; padding: 0; border: 0; border-radius: 8px; overflow: hidden;
  width: min(420px, 100vw); height: min(720px, calc(100vh - 16px)); max-width: 100vw; max-height: 100vh;
}
.gpay-sandbox-sheet::backdrop { background: rgba(32, 33, 36, 0.6); }
.gpay-sandbox-sheet iframe { display: block; width: 100%; height: 100%; border: 0; }
`;

/** Roots that already have the styles: a Document's head, or a ShadowRoot. */
const styled = new WeakSet<Document | ShadowRoot>();

/**
 * Injects the styles into a root once. With PaymentOptions.nonce, as Google's pay.js does: a <style>
 * carrying the nonce. Without one, Google's <style> would be blocked by a strict CSP (google-pay-button
 * #345); the stand-in adopts a constructed stylesheet instead, which no CSP blocks, and says so in
 * `calls` (see pay.ts), so a test can tell which it got.
 */
export function injectStyles(
  root: Document | ShadowRoot,
  nonce: string | undefined,
): 'nonce' | 'constructed' {
  const how = nonce === undefined ? 'constructed' : 'nonce';
  if (styled.has(root)) return how;
  styled.add(root);
  const owner = root instanceof Document ? root : root.ownerDocument;
  if (nonce !== undefined) {
    const style = owner.createElement('style');
    style.nonce = nonce;
    style.textContent = STYLES;
    (root instanceof Document ? root.head : root).append(style);
    return how;
  }
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(STYLES);
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  return how;
}

interface ButtonSettings {
  onClick: (event: Event) => void;
  color: string;
  type: ButtonType;
  radius: number | undefined;
  sizeMode: 'static' | 'fill';
  borderType: 'default_border' | 'no_border';
  locale: string;
}

/** A container holding the <button>: what createButton returns. */
export function buildButton(owner: Document, settings: ButtonSettings): HTMLElement {
  const container = owner.createElement('div');
  container.className = [
    'gpay-sandbox-button-container',
    settings.sizeMode === 'fill' ? 'gpay-sandbox-fill' : 'gpay-sandbox-static',
    settings.type === 'plain' || settings.type === 'short' ? 'gpay-sandbox-short' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const button = owner.createElement('button');
  button.type = 'button';
  button.className = [
    'gpay-sandbox-button',
    `gpay-sandbox-${settings.color === 'white' ? 'white' : 'black'}`,
    settings.borderType === 'no_border' ? 'gpay-sandbox-no-border' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const label = buttonLabel(settings.type, settings.locale);
  button.setAttribute('aria-label', label);
  button.lang = settings.locale;
  button.textContent = label;
  if (settings.radius !== undefined) {
    // CSSOM, not a style attribute: a strict CSP allows it.
    const max = settings.sizeMode === 'static' ? STATIC_HEIGHT_PX / 2 : 100;
    const radius = Math.min(Math.max(settings.radius, 0), max);
    button.style.setProperty('--gpay-sandbox-radius', `${String(radius)}px`);
  }
  button.addEventListener('click', settings.onClick);
  container.append(button);
  return container;
}
