/** Replaced at build time by the package version (vite.config.ts `define`). */
declare const __SDK_VERSION__: string;
