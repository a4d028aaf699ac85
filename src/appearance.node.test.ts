// The appearance keys are written in three places the code relies on (the page's list, the frame's
// variables, the words theme and labelPosition take) and in docs/checkout-script.md#appearance, where a
// merchant looks them up: all four agree.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APPEARANCE_CHOICES, APPEARANCE_KEYS, APPEARANCE_VARIABLES, customProperty } from './appearance.ts';

const doc = readFileSync(new URL('../docs/checkout-script.md', import.meta.url), 'utf8');
const section = doc.slice(
  doc.indexOf('## Appearance'),
  doc.indexOf('\n## ', doc.indexOf('## Appearance') + 1),
);

describe('appearance keys', () => {
  it('the page lists every key: the words first, then the variables', () => {
    expect(APPEARANCE_KEYS).toEqual([
      ...Object.keys(APPEARANCE_CHOICES),
      ...Object.keys(APPEARANCE_VARIABLES),
    ]);
  });

  it('docs/checkout-script.md tables each variable with its custom property, in order', () => {
    const rows = [...section.matchAll(/^\| `(\w+)` +\| `(--svc-[\w-]+)` +\|/gm)].map(([, key, property]) => [
      key,
      property,
    ]);
    expect(rows).toEqual(Object.keys(APPEARANCE_VARIABLES).map((key) => [key, customProperty(key)]));
  });

  it('docs/checkout-script.md names every word theme and labelPosition take', () => {
    for (const [key, words] of Object.entries(APPEARANCE_CHOICES)) {
      const start = section.indexOf(`\n- \`${key}\``);
      expect(start, key).toBeGreaterThan(0);
      const item = section.slice(start).split(/\n(?=- |\n)/)[1] ?? '';
      for (const word of words) expect(item, `${key} ${word}`).toContain(`\`'${word}'\``);
    }
  });
});
