// The frames build replaces Lit's style module with a stub (vite.config.ts), which is only right while
// no element in a frame uses shadow-DOM styles. This keeps it so.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { sourceFiles } from '../test-sources.ts';

const dir = fileURLToPath(new URL('./', import.meta.url));

it('frame elements render in light DOM and declare no static styles', () => {
  const files = sourceFiles(dir);
  expect(
    files.filter((file) =>
      /static\s+(override\s+)?styles|from 'lit'.*\bcss\b|\bunsafeCSS\b/.test(readFileSync(file, 'utf8')),
    ),
  ).toEqual([]);
  const elements = files.filter((file) => /extends (LitElement|SvcField)/.test(readFileSync(file, 'utf8')));
  expect(elements.length).toBeGreaterThan(0);
  const base =
    readFileSync(join(dir, 'fields/field.ts'), 'utf8') +
    readFileSync(join(dir, 'fields/card-fields.ts'), 'utf8');
  expect(base).toMatch(/createRenderRoot\(\)[^}]*return this/);
});
