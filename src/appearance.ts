// The merchant's appearance variables, known once: options.ts checks the keys a merchant passes, and the
// frames apply them (frames/frame-runtime.ts). The Appearance type in types.ts documents each one.

import type { Appearance } from './types.ts';

/**
 * Each {@link Appearance} key with the CSS custom property the frame sets and the property its value
 * must be valid for (checked with `CSS.supports`, so nothing like `url(...)` passes as a colour).
 */
export const APPEARANCE_VARIABLES = {
  colorText: ['--svc-color-text', 'color'],
  colorBackground: ['--svc-color-background', 'color'],
  colorBorder: ['--svc-color-border', 'color'],
  colorFocus: ['--svc-color-focus', 'color'],
  colorError: ['--svc-color-error', 'color'],
  fontFamily: ['--svc-font-family', 'font-family'],
  fontSize: ['--svc-font-size', 'font-size'],
  radius: ['--svc-radius', 'border-radius'],
  spacing: ['--svc-spacing', 'padding'],
} as const satisfies Record<keyof Appearance, readonly [string, string]>;
