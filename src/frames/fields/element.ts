// What the card frame's elements share: Lit's model (properties that render again when they change,
// light DOM) without a template engine. An element builds its parts once, when first connected, and
// patches them on every change of a declared property, at once rather than on the next microtask: the
// frame reads its fields right after setting them, and no change waits for a render.

/** Base class of the card frame's elements; not a custom element itself. */
export abstract class SvcElement extends HTMLElement {
  #built = false;

  constructor() {
    super();
    // An element created before its tag was defined keeps what was set on it as own properties, which
    // would hide the accessors (the card frame configures the form first, then defines it). Set again,
    // a declared one goes through its accessor; any other is put back as it was.
    for (const [name, value] of Object.entries(this)) {
      Reflect.deleteProperty(this, name);
      Reflect.set(this, name, value);
    }
  }

  connectedCallback(): void {
    if (!this.#built) this.build();
    this.#built = true;
    this.update();
  }

  /** Patches the parts from the properties, once they are built; `changed` names the property that did. */
  requestUpdate(changed?: string): void {
    if (this.#built) this.update(changed);
  }

  /** Creates the parts, once. */
  protected abstract build(): void;
  /**
   * Brings the parts in line with the properties; writes only what differs. `changed` is the one
   * property that changed, or undefined when any may have (the first connection, a field's own edit).
   */
  protected abstract update(changed?: string): void;
}

/** Declares properties that patch the element when set to a new value, each with its default. */
export function properties(target: { prototype: SvcElement }, defaults: Record<string, unknown>): void {
  for (const [name, initial] of Object.entries(defaults)) {
    const values = new WeakMap<SvcElement, unknown>();
    Object.defineProperty(target.prototype, name, {
      get(this: SvcElement) {
        return values.has(this) ? values.get(this) : initial;
      },
      set(this: SvcElement, value: unknown) {
        if (value === this[name as keyof SvcElement]) return;
        values.set(this, value);
        this.requestUpdate(name);
      },
    });
  }
}

/** Sets the attribute, or removes it when undefined; writes nothing when it is already so. */
export function attribute(element: Element, name: string, value: string | undefined): void {
  if (value === undefined) element.removeAttribute(name);
  else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/** Sets the text, unless it is already that: a live region rewritten with the same words speaks again. */
export function text(node: Node, value: string): void {
  if (node.textContent !== value) node.textContent = value;
}

/** Creates an element with its class and attributes. */
export function create<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  attributes: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (className) element.className = className;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}
