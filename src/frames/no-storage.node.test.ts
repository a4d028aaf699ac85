// Frames must work with third-party cookies and storage blocked (Safari, and Chromium by default in
// this project's tests): state travels in the fragment, the port and request bodies only.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { sourceFiles } from '../test-sources.ts';

const roots = ['frames', 'three-ds', 'api', 'messaging', 'card', 'i18n'].map((dir) =>
  fileURLToPath(new URL(`../${dir}/`, import.meta.url)),
);

/**
 * The one exception: the passkey chunk remembers a shopper's "Not now" per card (a hash of the token, no
 * card data) and works the same when storage is blocked (the offer comes again). Its own test checks both.
 */
const REMEMBERS_DECLINES = fileURLToPath(new URL('./card/passkey.ts', import.meta.url));

it('no frame code reads or writes cookies or web storage', () => {
  const offenders = roots
    .flatMap((dir) => sourceFiles(dir))
    .filter((path) => path !== REMEMBERS_DECLINES)
    .filter((path) =>
      /document\.cookie|localStorage|sessionStorage|indexedDB|caches\./.test(readFileSync(path, 'utf8')),
    );
  expect(offenders).toEqual([]);
  expect(roots.flatMap((dir) => sourceFiles(dir)).length).toBeGreaterThan(10);
});
