// The frames' styles are their documents' own <style>s, allowed by hash (sandbox/frames.ts), and the
// passkey chunk's sheet adopted by the document: an element with a shadow root would render unstyled.
// The frames build also replaces Lit's style module with a stub (vite.config.ts), which is only right
// while no element in a frame uses shadow-DOM styles. This keeps both so.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { sourceFiles } from '../test-sources.ts';

const dir = fileURLToPath(new URL('./', import.meta.url));
const files = sourceFiles(dir).filter((file) => !file.endsWith('.test.ts'));
const text = (file: string) => readFileSync(file, 'utf8');

it('frame elements render in light DOM and declare no static styles', () => {
  expect(
    files.filter((file) =>
      /\battachShadow\b|\bshadowRoot\b|static\s+(override\s+)?styles|from 'lit'.*\bcss\b|\bunsafeCSS\b/.test(
        text(file),
      ),
    ),
  ).toEqual([]);
  // Each class made straight on LitElement renders into itself; the fields inherit SvcField's.
  const bases = files.filter((file) => /extends LitElement\b/.test(text(file)));
  expect(bases.length).toBeGreaterThan(2);
  for (const file of bases) expect(text(file), file).toMatch(/createRenderRoot\(\): this \{\s*return this;/);
});
