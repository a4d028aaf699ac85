/** Replaced at build time by the package version (vite.config.ts `define`). */
declare const __SDK_VERSION__: string;

/** The URL of one of the card frame's lazy chunks (vite.config.ts, lazyChunks). */
declare module 'virtual:chunk/*' {
  const url: string;
  export default url;
}

/** The URL of the card brands' logo sprite (vite.config.ts, cardLogos; scripts/card-logos.ts). */
declare module 'virtual:card-logos' {
  const url: string;
  export default url;
}
