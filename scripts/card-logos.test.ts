import { describe, expect, it } from 'vitest';
import { BRAND_IDS, BRANDS } from '../src/card/brands.ts';
import { logoSprite, NAME_ONLY } from './card-logos.ts';

const sprite = await logoSprite();

/** Each view and the nested <svg> that it frames, in the sprite's order. */
const views = () =>
  [
    ...sprite.matchAll(
      /<view id="([^"]+)" viewBox="(\d+) 0 780 500"\/><svg x="(\d+)" width="780" height="500"[^>]*>([\s\S]*?)<\/svg>(?=<view |<\/svg>$)/g,
    ),
  ].map(([, id = '', viewX = '', x = '', body = '']) => ({ id, viewX, x, body }));

describe("the card brands' logo sprite", () => {
  it('has a view for every brand of card/brands.ts: a new brand needs its logo', () => {
    expect(views().map((view) => view.id)).toEqual([...BRAND_IDS]);
  });

  it('frames each logo with its view, side by side, apart from the next', () => {
    for (const [index, view] of views().entries()) {
      expect(view.viewX, view.id).toBe(view.x);
      expect(Number(view.x), view.id).toBe(index * 820);
      expect(view.body.length, view.id).toBeGreaterThan(100);
    }
  });

  it("draws every brand's mark from the package, but the two that have none yet: their name", () => {
    expect(NAME_ONLY).toEqual(['aura', 'cabal']);
    for (const [index, { body }] of views().entries()) {
      const id = BRAND_IDS[index]!;
      const names = [...body.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
      expect(names, id).toEqual(NAME_ONLY.includes(id) ? [BRANDS[id].name] : []);
      // The package's artwork is paths: a path or more for every mark.
      if (!NAME_ONLY.includes(id)) expect(body, id).toMatch(/<path /);
    }
  });

  it('says where its artwork comes from, under which licences', () => {
    expect(sprite).toContain(
      'react-svg-credit-card-payment-icons 6.0.4 (MIT), icons by Aaron Fagan (Apache-2.0)',
    );
  });

  it('keeps every id unique, so that no logo paints with another one’s gradient or clip path', () => {
    const ids = [...sprite.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [, target] of sprite.matchAll(/(?:url\(#|href="#)([^)"]+)/g)) expect(ids).toContain(target);
  });

  it('is a plain image: no script, no link, no reference outside itself', () => {
    expect(sprite).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 780 500"><!-- /);
    expect(sprite).not.toMatch(/<script|<foreignObject|<a\s|\son\w+=|href="(?!#)|url\((?!#)/i);
  });
});
