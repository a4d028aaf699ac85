// The merchant's appearance, known once: options.ts checks the keys and values a merchant passes, and
// the frames apply them (frames/frame-runtime.ts). The Appearance type in types.ts documents each one.

import type { Appearance } from './types.ts';

/** The {@link Appearance} keys that pick one of a few words rather than take a CSS value. */
type AppearanceChoice = 'theme' | 'labelPosition';

/**
 * Every {@link Appearance} key, as the page lists them in its errors: the words of
 * APPEARANCE_CHOICES' keys, then APPEARANCE_VARIABLES' (appearance.node.test.ts keeps the three equal,
 * and docs/checkout-script.md with them). A list of its own: the page needs no CSS property.
 */
export const APPEARANCE_KEYS: readonly (keyof Appearance)[] = [
  'theme',
  'labelPosition',
  'colorText',
  'colorBackground',
  'colorBorder',
  'colorFocus',
  'colorError',
  'fontFamily',
  'fontSize',
  'fontWeightLabel',
  'radius',
  'borderWidth',
  'spacing',
  'inputPadding',
];

/**
 * Each {@link Appearance} variable with the property its value must be valid for (checked with
 * `CSS.supports`, so nothing like `url(...)` passes as a colour). The frame sets it as the custom
 * property named after the key: `--svc-` and the key in kebab case (`colorText` → `--svc-color-text`).
 */
export const APPEARANCE_VARIABLES = {
  colorText: 'color',
  colorBackground: 'color',
  colorBorder: 'color',
  colorFocus: 'color',
  colorError: 'color',
  fontFamily: 'font-family',
  fontSize: 'font-size',
  fontWeightLabel: 'font-weight',
  radius: 'border-radius',
  borderWidth: 'border-width',
  spacing: 'padding',
  inputPadding: 'padding',
} as const satisfies Record<Exclude<keyof Appearance, AppearanceChoice>, string>;

/** The words each of the other {@link Appearance} keys takes, the default first. */
export const APPEARANCE_CHOICES = {
  theme: ['light', 'dark'],
  labelPosition: ['above', 'hidden'],
} as const satisfies Record<AppearanceChoice, readonly string[]>;

/** The custom property the frame sets for an appearance variable: `--svc-color-text` for `colorText`. */
export const customProperty = (key: string): string =>
  `--svc-${key.replace(/[A-Z]/g, (upper) => `-${upper.toLowerCase()}`)}`;
