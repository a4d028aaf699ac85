// docs/testing.md is what merchants test against: the Apple Pay sheet's control names must be the ones
// the stand-in's sheet shows, in both of its languages.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SheetRequest } from './gateway.ts';
import { sheetPage } from './sheet-page.ts';

const testing = readFileSync(new URL('../../../../docs/testing.md', import.meta.url), 'utf8');

const sheet = (lang: string) =>
  sheetPage({
    sheetId: 's',
    nonce: 'n',
    pageOrigin: 'http://127.0.0.1:4173',
    frameAncestors: [],
    displayName: 'Loja',
    request: {
      currencyCode: 'BRL',
      lineItems: [],
      total: { label: 'Loja', amount: '150.00' },
    } as unknown as SheetRequest,
    cards: [
      { id: 'visa', displayName: 'Visa 1111', network: 'Visa', type: 'credit', eligible: true },
      { id: 'elo', displayName: 'Elo 7013', network: 'Elo', type: 'credit', eligible: false },
    ],
    lang,
  }).html;

describe('the Apple Pay stand-in in docs/testing.md', () => {
  it.each([
    ['en', ['Cancel', 'Pay with Touch ID'], 'Card', 'not accepted'],
    ['pt-BR', ['Cancelar', 'Pagar com Touch ID'], 'Cartão', 'não aceito'],
  ])(
    'names the %s sheet’s buttons, its card group and a card it does not accept as the sheet does',
    (lang, buttons, legend, refused) => {
      const html = sheet(lang);
      expect([...html.matchAll(/<button[^>]*>([^<]+)<\/button>/g)].map((m) => m[1])).toEqual(buttons);
      for (const name of buttons) expect(testing).toContain(`"${name}"`);
      expect(html).toContain(`<legend>${legend}</legend>`);
      expect(testing).toContain(`"${legend}"`);
      expect(html).toContain(`<input type="radio" name="card" value="visa" checked> Visa 1111</label>`);
      expect(html).toContain(`Elo 7013 (${refused})`);
      expect(testing).toContain(`"(not accepted)"`);
    },
  );
});
