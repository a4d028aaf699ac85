// docs/security.md's Content Security Policy table is what a merchant writes their policy from: it must
// say what checkoutCsp() asks for, for every option and every combination of them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TOKEN_URLS } from './api/hosts.ts';
import { DEFAULT_ENGINE_URLS } from './api/payments.ts';
import { checkoutCsp, type CspOptions } from './csp.ts';

const origin = (url: string | undefined) => new URL(url ?? 'about:invalid').origin;

const doc = readFileSync(new URL('../docs/security.md', import.meta.url), 'utf8');

/** The table after `<!-- csp-table -->`: its directive columns, and each row's option and cells. */
function table(): { directives: string[]; rows: { option: string; cells: string[][] }[] } {
  const lines = doc.split('\n');
  const start = lines.findIndex((line) => line.trim() === '<!-- csp-table -->');
  const body = lines
    .slice(start + 1)
    .filter((line, i, all) => all.slice(0, i + 1).every((l) => l.trim() === '' || l.startsWith('|')));
  const [header = '', , ...rows] = body.filter((line) => line.startsWith('|'));
  const split = (line: string) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
  const names = (cell: string) =>
    cell === '—' ? [] : [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
  const [, ...directives] = split(header).map((cell) => names(cell)[0] ?? '');
  return {
    directives,
    rows: rows.map((row) => {
      const [option = '', ...cells] = split(row);
      return { option: names(option)[0] ?? 'none', cells: cells.map(names) };
    }),
  };
}

const FEATURES = ['storedCards', 'headless', 'pay', 'googlePay', 'applePay'] as const;
type Feature = (typeof FEATURES)[number];

/** Two pages: the wallets' own origins, and the sandbox's stand-ins given as walletScripts. */
const SETUPS: { name: string; options: CspOptions; origins: Record<string, string> }[] = [
  {
    name: 'production, the wallets’ own scripts',
    options: {
      environment: 'production',
      tokenUrl: 'https://token.example.com/v1',
      engineUrl: 'https://engine.example.com',
      threeDsUrl: 'https://3ds.example.com/ddc',
      scriptSource: 'https://cdn.example.com',
    },
    origins: {
      scriptSource: 'https://cdn.example.com',
      tokenUrl: 'https://token.example.com',
      engineUrl: 'https://engine.example.com',
      threeDsUrl: 'https://3ds.example.com',
      googlePay: 'https://pay.google.com',
      applePay: 'https://applepay.cdn-apple.com',
    },
  },
  {
    name: 'sandbox defaults, the stand-ins as walletScripts',
    options: {
      environment: 'sandbox',
      walletScripts: {
        googlePay: 'http://127.0.0.1:4178/gp/p/js/pay.js',
        applePay: 'http://localhost:4178/jsapi/1.latest/apple-pay-sdk.js',
      },
    },
    origins: {
      scriptSource: "'self'",
      tokenUrl: origin(DEFAULT_TOKEN_URLS.sandbox),
      engineUrl: origin(DEFAULT_ENGINE_URLS.sandbox),
      threeDsUrl: 'http://127.0.0.1:4176',
      googlePay: 'http://127.0.0.1:4178',
      applePay: 'http://localhost:4178',
    },
  },
];

const subsets = (items: readonly Feature[]): Feature[][] =>
  items.reduce<Feature[][]>((all, item) => [...all, ...all.map((set) => [...set, item])], [[]]);

describe('docs/security.md › Content Security Policy', () => {
  const { directives, rows } = table();

  it('has one row for the base and one for each option of checkoutCsp', () => {
    expect(directives).toEqual(['script-src', 'frame-src', 'connect-src', 'form-action']);
    expect(rows.map((row) => row.option)).toEqual(['none', ...FEATURES.map((f) => `${f}: true`)]);
  });

  describe.each(SETUPS)('$name', ({ options, origins }) => {
    /** What the table says a page with `features` needs: the base's row and each feature's, joined. */
    const expected = (features: readonly Feature[]) => {
      const chosen = rows.filter(
        (row) => row.option === 'none' || features.some((f) => row.option === `${f}: true`),
      );
      const policy: Record<string, string[]> = {};
      directives.forEach((directive, i) => {
        const sources = new Set(
          chosen.flatMap((row) => (row.cells[i] ?? []).map((name) => origins[name] ?? name)),
        );
        if (sources.size > 0) policy[directive] = [...sources].sort();
      });
      return policy;
    };

    it.each(
      subsets(FEATURES).map((features) => [features.join(' + ') || 'the card form only', features] as const),
    )('%s', (_, features) => {
      const csp = checkoutCsp({ ...options, ...Object.fromEntries(features.map((f) => [f, true])) });
      const sorted = Object.fromEntries(
        Object.entries(csp).map(([name, sources]) => [name, [...sources].sort()]),
      );
      expect(sorted).toEqual(expected(features));
    });
  });
});
