/** Replaced at build time by the package version (vite.config.ts `define`). */
declare const __SDK_VERSION__: string;
/** The script-tag builds' integrity of each locale file next to the script (vite.config.ts;
 * src/i18n/load-locale.script.ts). */
declare const __LOCALE_INTEGRITY__: Readonly<Record<'pt-BR' | 'en' | 'es', string>>;
/** The script-tag builds' integrity of the 3DS challenge file next to the script (vite.config.ts;
 * src/three-ds/page/load-challenge.script.ts). */
declare const __CHALLENGE_INTEGRITY__: string;
/** The full script-tag build's integrity of the boleto file next to the script (vite.config.ts;
 * src/elements/load-boleto.script.ts). */
declare const __BOLETO_INTEGRITY__: string;

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
