// The card frame's reserved heights (card-form.styles.ts), measured in Chromium and Firefox with the
// default appearance, are the ones the demo's card slot holds, the React entry reserves and the docs
// give: a change to the frame's height (a row of logos, a new field) changes all of them, or this fails.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FRAME_HEIGHTS, reservedHeight } from '../react/reserved-height.ts';
import { cardFormStyles } from './card-form.styles.ts';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
/** Whitespace as one space, so a doc's line breaks (prettier moves them) do not matter. */
const flat = (text: string) => text.replace(/\s+/g, ' ');
const px = (pattern: RegExp, text: string) => Number(pattern.exec(text)?.[1]);
const rule = (selector: string, variable: string) =>
  px(new RegExp(`${selector.replace(/[()[\]]/g, '\\$&')} \\{[^}]*${variable}: (\\d+)px`), cardFormStyles);

const card = rule(':host', '--_rows');
const cvv = rule(":host([mode='cvv'])", '--_rows');
const save = rule(':host([save-card])', '--_save');
const document = rule(':host([document])', '--_document');
const installments = rule(':host([installments])', '--_installments');

describe("the card frame's reserved heights", () => {
  it('are read from the host styles, each option adding its row', () => {
    expect([card, cvv, save, document, installments].every((height) => height > 30)).toBe(true);
    expect(cardFormStyles).toContain(
      '--svc-frame-initial-height: calc(var(--_rows) + var(--_save) + var(--_document) + var(--_installments))',
    );
  });

  it("are the React entry's, which a server renders the form's slot at", () => {
    expect(FRAME_HEIGHTS).toEqual({ card, cvv, saveCard: save, documentField: document, installments });
  });

  it("are the demo's card slot heights (the card page offers installments)", () => {
    const css = read('demo/pages/demo.css');
    expect(px(/\.card-slot \{\s*min-height: (\d+)px/, css)).toBe(card);
    expect(px(/\.card-slot\.save-card \{\s*min-height: (\d+)px/, css)).toBe(card + save);
    expect(px(/\.card-slot\.save-card\.installments \{\s*min-height: (\d+)px/, css)).toBe(
      card + save + installments,
    );
    expect(px(/\.card-slot\.installments \{\s*min-height: (\d+)px/, css)).toBe(card + installments);
    // Once the form is in it, the slot lets go: the host reserves (with wrapped labels) and sizes itself.
    expect(css).toMatch(/\.card-slot:has\(svc-card-form\) \{\s*min-height: 0;/);
  });

  it('are the ones the docs give', () => {
    expect(flat(read('docs/checkout-script.md'))).toContain(
      `(\`--svc-frame-initial-height\`: ${card} px, ${cvv} px for a stored card's code; ${save} px more with \`saveCard\`, ${document} px more with \`documentField\`, ${installments} px more with \`installments\`;`,
    );
    expect(flat(read('docs/accessibility.md'))).toContain(`(${card} px, ${card + save} px `);
    expect(flat(read('docs/guides/script-tag.md'))).toContain(
      `(\`.card-slot { min-height: ${card}px; }\` for the card fields alone; every field set's height, with \`saveCard\`, \`documentField\` and \`installments\`, is in [Reserved heights](../checkout-script.md#reserved-heights))`,
    );
    // The TSDoc's lines, without their leading ` * `.
    expect(flat(read('src/elements/card-form.ts').replace(/\n\s*\* ?/g, ' '))).toContain(
      `[--svc-frame-initial-height=${card}px] - The height reserved before the frame reports its own, so the page does not jump: ${card}px (${cvv}px in \`cvv\` mode), and ${save}px more with the save-card box, ${document}px more with the CPF field, ${installments}px more with the installments.`,
    );
  });

  it("are given for every field set in checkout-script.md's table, as the host and the React entry reserve them", () => {
    const doc = read('docs/checkout-script.md');
    const section = doc.slice(doc.indexOf('<a id="reserved-heights"></a>'));
    const rows = [
      ...section.matchAll(/^\| ((?:card fields|a stored card's code)[^|]*?) +\| (\d+) px +\|$/gm),
    ].map(([, fieldSet = '', height = '']) => [fieldSet, Number(height)] as const);
    const options = ['saveCard', 'documentField', 'installments'] as const;
    /** Every subset of the options, in the table's order: fewer first, then as `options` lists them. */
    const subsets = Array.from({ length: 2 ** options.length }, (_, bits) =>
      options.filter((_option, i) => (bits & (1 << i)) !== 0),
    ).sort((a, b) => a.length - b.length);
    const named = (base: string, set: readonly string[]) => [base, ...set.map((o) => `\`${o}\``)].join(', ');
    // What the host's styles add up to, and what the React entry's reservedHeight() says: the same.
    const fromStyles = (set: readonly string[], mode: 'card' | 'cvv') =>
      (mode === 'card'
        ? card + (set.includes('saveCard') ? save : 0) + (set.includes('documentField') ? document : 0)
        : cvv) + (set.includes('installments') ? installments : 0);
    const fromReact = (set: readonly string[], mode: 'card' | 'cvv') =>
      reservedHeight(
        {
          ...(set.includes('saveCard') ? { saveCard: true } : {}),
          ...(set.includes('documentField') ? { documentField: 'cpf' as const } : {}),
          ...(set.includes('installments') ? { installments: { plans: [1, 2, 3] } } : {}),
        },
        mode,
      );
    const expected = [
      ...subsets.map((set) => [named('card fields', set), fromStyles(set, 'card'), fromReact(set, 'card')]),
      ...[[], ['installments']].map((set) => [
        named("a stored card's code", set),
        fromStyles(set, 'cvv'),
        fromReact(set, 'cvv'),
      ]),
    ];
    expect(expected.map(([, styles, react]) => styles === react)).not.toContain(false);
    expect(rows).toEqual(expected.map(([fieldSet, height]) => [fieldSet, height]));
  });
});
