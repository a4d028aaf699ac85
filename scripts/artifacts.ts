// The names of the built files a browser loads by URL, in one place. Each carries the package version,
// so a URL never changes content: a new build of new code is a new version and a new URL, and a page
// pinned with Subresource Integrity keeps working until its merchant moves it.

import { readFileSync } from 'node:fs';

export const version = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** The script-tag build (essentials), under dist/ and on any host that serves it. */
export function scriptFile(v = version): string {
  return `checkout-essentials-${v}.js`;
}

/**
 * A demo page as served: `{{script}}` becomes the script-tag build's file name, and `{{sri:<file>}}`
 * (`{{sri:script}}` for that build) the file's integrity, as `integrityOf` gives it. The demo server
 * fills in dist/sri.json's values; the docs show the pages the same way with a placeholder integrity.
 */
export function fillPageTemplate(
  text: string,
  integrityOf: (file: string) => string,
  script = scriptFile(),
): string {
  return text
    .replace(/\{\{sri:([\w.-]+)\}\}/g, (_, name: string) => integrityOf(name === 'script' ? script : name))
    .replaceAll('{{script}}', script);
}

/** The frame documents and their assets, under dist/ and on the token host. */
export function framesDir(v = version): string {
  return `frames/${v}`;
}
