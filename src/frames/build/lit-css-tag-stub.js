// Replaces Lit's css-tag module in the frames build only. Every element inside the frames renders in
// light DOM and styles come from the frame's document, so Lit's shadow-root style machinery is dead
// weight in a frame with a tight budget (.size-limit.ts). src/frames/no-shadow-styles.node.test.ts keeps
// it true.
/* eslint-disable @typescript-eslint/no-empty-function, @typescript-eslint/no-extraneous-class -- a stub's job is to do nothing */
export const supportsAdoptingStyleSheets = false;
export const adoptStyles = () => {};
export const getCompatibleStyle = (style) => style;
export class CSSResult {}
export const css = () => undefined;
export const unsafeCSS = () => undefined;
