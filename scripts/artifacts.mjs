// @ts-check
// The names of the built files a browser loads by URL, in one place. Each carries the package version,
// so a URL never changes content: a new build of new code is a new version and a new URL, and a page
// pinned with Subresource Integrity keeps working until its merchant moves it.

import { readFileSync } from 'node:fs';

/** @type {string} */
export const version = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

/** The script-tag build (essentials), under dist/ and on any host that serves it. */
export function scriptFile(v = version) {
  return `checkout-essentials-${v}.js`;
}

/**
 * A demo page as served: `{{script}}` becomes the script-tag build's file name, and `{{sri:<file>}}`
 * (`{{sri:script}}` for that build) the file's integrity, as `integrityOf` gives it. The demo server
 * fills in dist/sri.json's values; the docs show the pages the same way with a placeholder integrity.
 * @param {string} text
 * @param {(file: string) => string} integrityOf
 */
export function fillPageTemplate(text, integrityOf, script = scriptFile()) {
  return text
    .replace(/\{\{sri:([\w.-]+)\}\}/g, (_, /** @type {string} */ name) =>
      integrityOf(name === 'script' ? script : name),
    )
    .replaceAll('{{script}}', script);
}

/** The frame documents and their assets, under dist/ and on the token host. */
export function framesDir(v = version) {
  return `frames/${v}`;
}
