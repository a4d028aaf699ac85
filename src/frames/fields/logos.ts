// The card brands' logos: views of one SVG sprite that the frames build emits as a hashed asset
// (scripts/card-logos.ts, vite.config.ts cardLogos). The frame asks for it when the first logo shows,
// with its fields, so none of its bytes count before the frame paints; the token host serves it
// immutable, like the frame's other assets.

import { html, type LitElement, type TemplateResult } from 'lit';
import sprite from 'virtual:card-logos';
import type { Brand } from '../../card/index.ts';

/**
 * The sprite's URL, until it fails to load: from then on every logo is its brand's name and a space
 * (the row's names would run together without).
 */
let url = sprite;

// Lit calls an event listener with the element whose template holds the logo as `this`.
function spriteFailed(this: LitElement): void {
  url = '';
  this.requestUpdate();
}

/**
 * A brand's logo in a box of a fixed size (fields.css), so that nothing moves when the sprite arrives.
 * Its alt text is the brand's name, what assistive technology reads; if the sprite does not load, the
 * name shows instead, as text. An <img> of a <view> rather than <svg><use>: WebKit draws no gradient or
 * clip path through a <use> of another file, and img-src 'self' is what the frame's policy allows.
 */
// prettier-ignore
export const logo = (brand: Brand): TemplateResult | string =>
  url ? html`<img src="${url}#${brand.id}" alt=${brand.name} @error=${spriteFailed}>` : `${brand.name} `;
