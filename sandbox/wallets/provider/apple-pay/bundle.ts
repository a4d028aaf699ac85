// The stand-in's browser scripts are TypeScript (type-checked with the rest of the repository), bundled
// with esbuild on first request and kept for the life of the process: plain ES2022, no eval, one file
// each, as a page loads them from Apple's CDN.

import { buildSync } from 'esbuild';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ENTRIES = {
  'apple-pay-sdk.js': './browser/apple-pay-sdk.ts',
  'sheet.js': './browser/sheet.ts',
} as const;

export type BrowserScript = keyof typeof ENTRIES;

const built = new Map<BrowserScript, string>();

export function browserScript(name: BrowserScript): string {
  let code = built.get(name);
  if (code === undefined) {
    const result = buildSync({
      entryPoints: [fileURLToPath(new URL(ENTRIES[name], import.meta.url))],
      bundle: true,
      write: false,
      format: 'iife',
      target: 'es2022',
      platform: 'browser',
      legalComments: 'none',
      charset: 'utf8',
    });
    code = result.outputFiles[0]?.text ?? '';
    built.set(name, code);
  }
  return code;
}

/** The sheet's stylesheet, read once. */
export const SHEET_CSS = readFileSync(new URL('./assets/sheet.css', import.meta.url), 'utf8');
