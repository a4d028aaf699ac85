// The card brands' logos as one SVG sprite (vite.config.ts emits it as the card frame's logos-<hash>.svg),
// each brand a <view> the frame shows as <img src="…/logos-<hash>.svg#visa"> (src/frames/fields/logos.ts).
// Artwork: react-svg-credit-card-payment-icons (MIT; icons by Aaron Fagan, Apache-2.0), "flat-rounded",
// rendered with react-dom/server and optimised with svgo, at build time only. No package we found ships
// Aura's or Cabal's mark under a licence we can use: their view is a card with the name (NAME_ONLY).

import { readFileSync } from 'node:fs';
import type * as Icons from 'react-svg-credit-card-payment-icons/icons/flat-rounded';
import { BRANDS, BRAND_IDS, type BrandId } from '../src/card/brands.ts';

const ARTWORK: Partial<Record<BrandId, keyof typeof Icons>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'Amex',
  elo: 'Elo',
  hipercard: 'Hipercard',
  hiper: 'Hiper',
  diners: 'Diners',
  discover: 'Discover',
  jcb: 'JCB',
};

export const NAME_ONLY: readonly BrandId[] = ['aura', 'cabal'];

/**
 * Every logo's box (the package draws in 780 × 500), side by side with room between them: a box a
 * little wider than a logo (38 × 24 px) shows up to GAP of each side.
 */
const [WIDTH, HEIGHT, GAP] = [780, 500, 40];

function nameCard(name: string): string {
  return (
    `<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" xmlns="http://www.w3.org/2000/svg">` +
    `<rect x="8" y="8" width="${WIDTH - 16}" height="${HEIGHT - 16}" rx="40" fill="#fff" stroke="#6e7781" stroke-width="16"/>` +
    `<text x="${WIDTH / 2}" y="${HEIGHT / 2}" dominant-baseline="central" text-anchor="middle" fill="#1f2328" ` +
    `font-family="system-ui,sans-serif" font-size="190" font-weight="700">${name}</text></svg>`
  );
}

const PACKAGE = 'react-svg-credit-card-payment-icons';

/** Where the artwork comes from (the Apache License asks to say what was changed). */
function notice(): string {
  const manifest = new URL(`../node_modules/${PACKAGE}/package.json`, import.meta.url);
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return (
    `<!-- Card brand logos from ${PACKAGE} ${version} (MIT), icons by Aaron Fagan (Apache-2.0), ` +
    "optimised with svgo; Aura, Cabal: names. The marks are their owners' trademarks. -->"
  );
}

/** The root <svg>'s attributes that a logo's nested <svg> keeps (its coordinates and paint). */
const NESTED_ATTRIBUTES = /\s(?:viewBox|fill|xml:space)="[^"]*"/g;

/** The sprite: each brand's logo in a nested <svg>, in BRAND_IDS's order, framed by its <view>. */
export async function logoSprite(): Promise<string> {
  // Loaded here rather than at the top: vite.config.ts imports this file for every build and test run.
  const [{ createElement }, { renderToStaticMarkup }, { optimize }, icons] = await Promise.all([
    import('react'),
    import('react-dom/server'),
    import('svgo'),
    import('react-svg-credit-card-payment-icons/icons/flat-rounded'),
  ]);
  const artwork = (id: BrandId): string => {
    const name = ARTWORK[id];
    const icon = name === undefined ? undefined : icons[name];
    if (icon !== undefined) return renderToStaticMarkup(createElement(icon));
    if (NAME_ONLY.includes(id)) return nameCard(BRANDS[id].name);
    throw new Error(
      `No logo for the brand ${id}: add it to ARTWORK (or NAME_ONLY) in scripts/card-logos.ts.`,
    );
  };
  const parts = BRAND_IDS.map((id, index) => {
    // Ids prefixed with the brand's, so that none collide in the sprite. Shown at about 38 × 24 CSS
    // pixels, a 780-unit box loses nothing to whole units.
    const svg = optimize(artwork(id), {
      multipass: true,
      floatPrecision: 0,
      plugins: ['preset-default', { name: 'prefixIds', params: { prefix: id, delim: '-' } }],
    }).data;
    const open = /^<svg([^>]*)>/.exec(svg);
    if (open === null) throw new Error(`the ${id} logo is not an <svg>`);
    const attributes = [...(open[1] ?? '').matchAll(NESTED_ATTRIBUTES)].map((m) => m[0]).join('');
    const x = index * (WIDTH + GAP);
    return (
      `<view id="${id}" viewBox="${x} 0 ${WIDTH} ${HEIGHT}"/>` +
      `<svg x="${x}" width="${WIDTH}" height="${HEIGHT}"${attributes}>${svg.slice(open[0].length)}`
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}">${notice()}${parts.join('')}</svg>`;
}
