/** Replaced at build time by the package version (vite.config.ts `define`). */
declare const __SDK_VERSION__: string;

/** The card frame's 3DS chunk URL (vite.config.ts, lazyThreeDsChunk); tests alias it to the source. */
declare module 'virtual:three-ds-chunk' {
  const url: string;
  export default url;
}
