// docs/checkout-script.md's table of card brands is the card fields' own data: each brand's id, name,
// lengths, CVV length and the BINs it claims (src/card/brands.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BRAND_IDS, BRANDS, detectBrand } from './brands.ts';

const doc = readFileSync(new URL('../../docs/checkout-script.md', import.meta.url), 'utf8');
const rows = [...doc.matchAll(/^\| `([a-z]+)` +\| (\w+) +\| ([\d, ]+?) +\| (\d) +\| `([\d -]+)` +\|$/gm)].map(
  ([, id, name, lengths = '', cvv, bins]) => ({
    id,
    name,
    lengths: lengths.split(', ').map(Number),
    cvvLength: Number(cvv),
    bins,
  }),
);

// The BIN table is private to brands.ts: read from its source, and each range checked with detectBrand.
const source = readFileSync(new URL('./brands.ts', import.meta.url), 'utf8');
const block = /const PREFIXES\b[^{]*\{([\s\S]*?)\n\};/.exec(source)?.[1] ?? '';
const prefixes = Object.fromEntries(
  [...block.matchAll(/^\s*(\w+):\s*((?:'[^']*'(?:\s*\+\s*)?)+),/gm)].map(
    ([, id = '', strings = '']): [string, string] => [
      id,
      [...strings.matchAll(/'([^']*)'/g)].map((m) => m[1]).join(''),
    ],
  ),
);

describe('docs/checkout-script.md, card brands', () => {
  it('reads the BINs of every brand from brands.ts, each claimed by its brand', () => {
    expect(Object.keys(prefixes).sort()).toEqual([...BRAND_IDS].sort());
    for (const [id, bins] of Object.entries(prefixes))
      for (const bin of bins.split(' ').flatMap((range) => range.split('-')))
        expect(detectBrand(bin)?.id, `${id} ${bin}`).toBe(id);
  });

  it('lists every brand with its id, name, lengths, CVV length and BINs, and no other', () => {
    expect(rows).toEqual(
      BRAND_IDS.map((id) => ({
        id,
        name: BRANDS[id].name,
        lengths: [...BRANDS[id].lengths],
        cvvLength: BRANDS[id].cvvLength,
        bins: prefixes[id],
      })),
    );
  });
});
