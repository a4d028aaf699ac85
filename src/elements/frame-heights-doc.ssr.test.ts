// The card frame's reserved heights (card-form.styles.ts), measured in Chromium and Firefox with the
// default appearance, are the ones the demo's card slot holds and the docs give: a change to the frame's
// height (a row of logos, a new field) changes all of them, or this fails.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cardFormStyles } from './card-form.styles.ts';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const px = (pattern: RegExp, text: string) => Number(pattern.exec(text)?.[1]);

const reserved = {
  card: px(/:host \{[^}]*--svc-frame-initial-height: (\d+)px/, cardFormStyles),
  saveCard: px(/:host\(\[save-card\]\) \{[^}]*--svc-frame-initial-height: (\d+)px/, cardFormStyles),
  cvv: px(/:host\(\[mode='cvv'\]\) \{[^}]*--svc-frame-initial-height: (\d+)px/, cardFormStyles),
};

describe("the card frame's reserved heights", () => {
  it('are read from the host styles', () => {
    expect(Object.values(reserved).every((height) => height > 100)).toBe(true);
  });

  it("are the demo's card slot heights", () => {
    const css = read('demo/pages/demo.css');
    expect(px(/\.card-slot \{\s*min-height: (\d+)px/, css)).toBe(reserved.card);
    expect(px(/\.card-slot\.save-card \{\s*min-height: (\d+)px/, css)).toBe(reserved.saveCard);
  });

  it('are the ones the docs give', () => {
    const { card, saveCard, cvv } = reserved;
    expect(read('docs/checkout-script.md')).toContain(
      `(\`--svc-frame-initial-height\`: ${card} px,\n${saveCard} px with \`saveCard\`, ${cvv} px`,
    );
    expect(read('docs/accessibility.md')).toContain(`(${card} px, ${saveCard} px\n`);
    expect(read('docs/guides/script-tag.md')).toContain(
      `(\`.card-slot { min-height: ${card}px; }\`, ${saveCard} px with`,
    );
    expect(read('src/elements/card-form.ts')).toContain(
      `[--svc-frame-initial-height=${card}px] - The height reserved before the frame reports its\n * own, so the page does not jump (${saveCard}px with the save-card box, ${cvv}px in \`cvv\` mode).`,
    );
  });
});
