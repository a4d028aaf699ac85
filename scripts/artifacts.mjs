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

/** The frame documents and their assets, under dist/ and on the token host. */
export function framesDir(v = version) {
  return `frames/${v}`;
}
