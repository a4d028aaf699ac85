// docs/service-contract.md and docs/testing.md are what merchants test against: the stand-in's paths, its
// clock and the sheet's control names must be the ones it serves.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SHEET_CARDS } from './payment-data.ts';
import { AUTHORIZATION_TIMEOUT_MS } from './protocol.ts';
import { PAY_JS_PATH, SHEET_PATH, SHEET_TOKEN_PATH } from './routes.ts';
import { sheetPage } from './sheet-page.ts';

const read = (name: string) => readFileSync(new URL(`../../../../docs/${name}`, import.meta.url), 'utf8');
const contract = read('service-contract.md');
const testing = read('testing.md');

describe('the Google Pay stand-in in the docs', () => {
  it('service-contract.md names every path it serves and the sheet’s clock', () => {
    for (const path of [PAY_JS_PATH, SHEET_PATH, `${SHEET_PATH}.js`, SHEET_TOKEN_PATH])
      expect(contract).toContain(path);
    expect(contract).toContain(`waits **${String(AUTHORIZATION_TIMEOUT_MS / 1000)} s** for the callback`);
  });

  it('testing.md names every control of the sheet as the sheet does', () => {
    const { html } = sheetPage({
      targetOrigin: 'http://127.0.0.1:4173',
      frameAncestors: [],
      sheetKey: 'k',
      gateway: 'g',
      cards: SHEET_CARDS,
    });
    const buttons = [...html.matchAll(/<button[^>]*>([^<]+)<\/button>/g)].map((m) => m[1] ?? '');
    expect(buttons).toEqual([
      'Continue',
      'Cancel',
      'Buyer account error',
      'Merchant account error',
      'Internal error',
    ]);
    for (const name of buttons) expect(testing).toContain(`"${name}"`);
    expect(testing).toContain('`dialog` "Google Pay"');
    expect(html).toContain('<h1 id="gp-title">Google Pay</h1>');
    expect(testing).toContain(
      `waits ${String(AUTHORIZATION_TIMEOUT_MS / 1000)} s for your \`onPaymentAuthorized\``,
    );
  });
});
