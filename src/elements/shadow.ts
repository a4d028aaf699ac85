// What the page's two elements (the card form's host, the 3DS dialog) need from a component library,
// without one: an open shadow root with the element's styles, adopted as a constructable stylesheet
// (never a <style> element, which a page's CSP without 'unsafe-inline' would block). Lit renders the
// fields inside the frames; on the page, two small DOM trees do not pay for its ~6 KiB.

const sheets = new Map<string, CSSStyleSheet>();

/**
 * HTMLElement, or in a place without a DOM (a server rendering the merchant's app imports the ESM
 * entry) a stand-in, so that importing never throws; nothing there constructs an element.
 */
export const ElementBase: typeof HTMLElement =
  typeof HTMLElement === 'undefined' ? (Object as unknown as typeof HTMLElement) : HTMLElement;

/**
 * Attaches an open shadow root to `host` with `css` adopted (one sheet per text, shared). A declarative
 * one from the page's HTML (cardFormHtml()) is kept, with what it holds.
 */
export function attachStyledShadow(host: HTMLElement, css: string): ShadowRoot {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  let sheet = sheets.get(css);
  if (sheet === undefined) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  root.adoptedStyleSheets = [sheet];
  return root;
}

/** An element with its attributes set (strings; `true` for a present boolean attribute). */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Readonly<Record<string, string | true>>,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes))
    created.setAttribute(name, value === true ? '' : value);
  created.append(...children);
  return created;
}
