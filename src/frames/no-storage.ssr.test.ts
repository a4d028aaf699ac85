// Frames must work with third-party cookies and storage blocked (Safari, and Chromium by default in
// this project's tests): state travels in the fragment, the port and request bodies only.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const roots = ['frames', 'api', 'messaging', 'card', 'i18n'].map((dir) =>
  fileURLToPath(new URL(`../${dir}/`, import.meta.url)),
);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

it('no frame code reads or writes cookies or web storage', () => {
  const offenders = roots
    .flatMap(sources)
    .filter((path) =>
      /document\.cookie|localStorage|sessionStorage|indexedDB|caches\./.test(readFileSync(path, 'utf8')),
    );
  expect(offenders).toEqual([]);
  expect(roots.flatMap(sources).length).toBeGreaterThan(10);
});
