// The frames' styles are their documents' own <style>s, allowed by hash (sandbox/frames.ts), and the
// passkey chunk's sheet adopted by the document: an element with a shadow root would render unstyled.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { sourceFiles } from '../test-sources.ts';

const dir = fileURLToPath(new URL('./', import.meta.url));

it('frame elements render in light DOM', () => {
  const files = sourceFiles(dir).filter((file) => !file.endsWith('.test.ts'));
  expect(
    files.filter((file) => /\battachShadow\b|\bshadowRoot\b|from 'lit'/.test(readFileSync(file, 'utf8'))),
  ).toEqual([]);
  const elements = files.filter((file) =>
    /extends (HTMLElement|SvcElement|SvcField)\b/.test(readFileSync(file, 'utf8')),
  );
  expect(elements.length).toBeGreaterThan(3);
});
