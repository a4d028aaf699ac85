// The card frame fills its host element, so its inputs' edges are the host's and line up with the page's
// own controls (they sat 2 px inside a Pay button's edges while the frame kept room for the focus ring).
// These are the rules that decide it, read from the stylesheets; e2e/layout.spec.ts measures the edges.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) =>
  readFileSync(new URL(path, import.meta.url), 'utf8').replaceAll(/\/\*[\s\S]*?\*\//g, '');
const fields = read('./fields/fields.css');
const frame = read('./card/card-frame.css');

/** Every rule's declarations, by each selector of its list (later rules add to earlier ones). */
function rules(css: string): Map<string, Record<string, string>> {
  const found = new Map<string, Record<string, string>>();
  for (const [, selectors = '', body = ''] of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const declarations = Object.fromEntries(
      body
        .split(';')
        .map((d) => d.split(/:(.*)/s).map((part) => part.trim()))
        .filter(([name, value]) => name && value)
        .map(([name = '', value = '']) => [name, value]),
    );
    for (const selector of selectors.split(',').map((s) => s.trim().replaceAll(/\s+/g, ' ')))
      found.set(selector, { ...found.get(selector), ...declarations });
  }
  return found;
}

const all = rules(fields + frame);
const px = (value: string | undefined) => parseFloat(value ?? '0');

describe('the card frame’s edges', () => {
  it('keeps no margin, padding or border around the fields', () => {
    // html, body, the frame's root (main#root) and the fields' own element.
    const around = [...all].filter(([selector]) =>
      /^(:root|html|body|main|#root|svc-card-fields)$/.test(selector),
    );
    expect(around.map(([selector]) => selector)).toEqual(
      expect.arrayContaining(['html', 'body', 'svc-card-fields']),
    );
    for (const [selector, declarations] of around)
      for (const [name, value] of Object.entries(declarations))
        if (/^(margin|padding|border)/.test(name)) expect(value, `${selector} ${name}`).toMatch(/^0(px)?$/);
  });

  it('draws the inputs’ focus ring inside their box, and no shadow outside it', () => {
    const focus = all.get('.svc-input:focus') ?? {};
    const [width = ''] = (focus['outline'] ?? '').split(' ');
    expect(px(width)).toBeGreaterThanOrEqual(2);
    expect(px(focus['outline-offset']) + px(width)).toBeLessThanOrEqual(0);
    for (const [selector, declarations] of all)
      if (declarations['box-shadow'] !== undefined)
        expect(declarations['box-shadow'], selector).toMatch(/^inset\b/);
  });

  it('gives the checkbox’s focus ring room within its own margin', () => {
    const ring = all.get('.svc-checkbox:focus-visible') ?? {};
    const [width = ''] = (ring['outline'] ?? '').split(' ');
    expect(px(width)).toBeGreaterThanOrEqual(2);
    expect(px(ring['outline-offset']) + px(width)).toBeLessThanOrEqual(
      px(all.get('.svc-checkbox')?.['margin']),
    );
  });
});
