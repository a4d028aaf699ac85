/** Replaced at build time by the package version (vite.config.ts `define`). */
declare const __SDK_VERSION__: string;

/** The URL of the card frame's chunk for after the fields show (vite.config.ts, lazyCardChunk). */
declare module 'virtual:card-later-chunk' {
  const url: string;
  export default url;
}
