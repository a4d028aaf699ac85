// Frames must work with third-party cookies and storage blocked (Safari, and Chromium by default in
// this project's tests): state travels in the fragment, the port and request bodies only.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { sourceFiles } from '../test-sources.ts';

const roots = ['frames', 'three-ds', 'api', 'messaging', 'card', 'i18n'].map((dir) =>
  fileURLToPath(new URL(`../${dir}/`, import.meta.url)),
);

it('no frame code reads or writes cookies or web storage', () => {
  const offenders = roots
    .flatMap((dir) => sourceFiles(dir))
    .filter((path) =>
      /document\.cookie|localStorage|sessionStorage|indexedDB|caches\./.test(readFileSync(path, 'utf8')),
    );
  expect(offenders).toEqual([]);
  expect(roots.flatMap((dir) => sourceFiles(dir)).length).toBeGreaterThan(10);
});
