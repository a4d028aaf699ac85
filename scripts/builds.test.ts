// What each merchant-page build holds, read from its source map after `npm run build` (skipped before
// one): the essentials hold no wallet, headless tokenization or pay() code, the full script-tag build
// holds all of it, the ESM entry leaves it to lazy chunks, and both script-tag builds load the 3DS
// challenge and the strings from files beside them (the full build the boleto too), files that take
// the script's errors rather than carry their own. A build that stops wiring or swapping what it should
// (vite.config.ts: the `#build` alias, src/builds/; the script-tag swaps) fails here rather than on a
// merchant's page.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { boletoFile, challengeFile, fullScriptFile, root, scriptFile } from './artifacts.ts';

const dist = join(root, 'dist');

/** The modules of src/ that `file` (relative to dist/) was built from, as paths relative to the root. */
function sourcesOf(file: string): string[] {
  const map = JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8')) as { sources: string[] };
  return map.sources.map((source) => source.replace(/^(?:\.\.\/)+/, '')).filter((s) => s.startsWith('src/'));
}

/** What only a build with the wallets, headless tokenization and pay() carries, one pattern each. */
const FULL_ONLY = {
  'Google Pay': /^src\/flows\/google-pay\.ts$/,
  'Apple Pay': /^src\/flows\/apple-pay\.ts$/,
  "the wallets' shared code": /^src\/flows\/wallet(?:-script)?\.ts$/,
  "the wallets' requests": /^src\/wallets\/(?!types\.ts$)/,
  'headless tokenization': /^src\/flows\/headless\.ts$/,
  "headless tokenization's 3DS collection": /^src\/three-ds\/collection\//,
  'pay()': /^src\/flows\/browser-payment\.ts$/,
  "pay()'s engine client and event": /^src\/(?:api\/payments|payment-event)\.ts$/,
  "the full build's wiring": /^src\/builds\/(?!essentials\/)/,
};

const built =
  existsSync(join(dist, `${scriptFile()}.map`)) && existsSync(join(dist, `${fullScriptFile()}.map`));

describe.skipIf(!built)('the merchant-page builds', () => {
  it('leave the wallets, headless tokenization and pay() out of the essentials, which wire stand-ins', () => {
    const essentials = sourcesOf(scriptFile());
    expect(essentials).toContain('src/builds/essentials/index.ts');
    expect(essentials).toContain('src/flows/card-form-flow.ts');
    const found = Object.entries(FULL_ONLY).flatMap(([what, pattern]) =>
      essentials.filter((source) => pattern.test(source)).map((source) => `${what}: ${source}`),
    );
    expect(found).toEqual([]);
  });

  it('put all of them in the full script-tag build', () => {
    const full = sourcesOf(fullScriptFile());
    expect(full).toContain('src/builds/full/index.ts');
    const missing = Object.entries(FULL_ONLY)
      .filter(([, pattern]) => !full.some((source) => pattern.test(source)))
      .map(([what]) => what);
    expect(missing).toEqual([]);
  });

  it('load the 3DS challenge and the strings from files beside either script-tag build', () => {
    for (const file of [scriptFile(), fullScriptFile()]) {
      const sources = sourcesOf(file);
      expect(sources).toEqual(
        expect.arrayContaining([
          'src/three-ds/page/load-challenge.script.ts',
          'src/i18n/load-locale.script.ts',
        ]),
      );
      expect(sources).not.toContain('src/three-ds/page/load-challenge.ts');
      expect(sources).not.toContain('src/i18n/load-locale.ts');
    }
  });

  it('load the boleto from a file beside the full script-tag build, and from a chunk in ESM', () => {
    const boleto = /^src\/(?:elements\/boleto|brazil\/boleto-)/;
    const full = sourcesOf(fullScriptFile());
    expect(full).toContain('src/elements/load-boleto.script.ts');
    expect(full).not.toContain('src/elements/load-boleto.ts');
    expect(full.filter((source) => boleto.test(source))).toEqual([]);
    expect(sourcesOf(boletoFile())).toEqual(
      expect.arrayContaining([
        'src/elements/boleto.script.ts',
        'src/elements/boleto.ts',
        'src/brazil/boleto-payer.ts',
        'src/brazil/boleto-barcode.ts',
      ]),
    );
    // The essentials have no pay(), so nothing there loads a boleto.
    expect(sourcesOf(scriptFile()).filter((source) => source.includes('load-boleto'))).toEqual([]);
    const chunks = readdirSync(join(dist, 'chunks')).filter((file) => file.endsWith('.js'));
    expect(chunks.filter((file) => file.startsWith('boleto-'))).toHaveLength(1);
  });

  it("give the files with code beside the script the script's errors, not a copy of errors.ts", () => {
    for (const file of [challengeFile(), boletoFile()])
      expect(sourcesOf(file)).not.toContain('src/errors.ts');
    expect(sourcesOf(challengeFile())).toContain('src/errors.script.ts');
  });

  it('leave them to lazy chunks in the ESM entry', () => {
    const entry = sourcesOf('checkout.js');
    expect(entry).toContain('src/builds/esm/index.ts');
    const chunks = readdirSync(join(dist, 'chunks')).filter((file) => file.endsWith('.js'));
    for (const name of ['google-pay', 'apple-pay', 'headless', 'browser-payment']) {
      expect(entry).not.toContain(`src/flows/${name}.ts`);
      expect(chunks.filter((file) => file.startsWith(`${name}-`))).toHaveLength(1);
    }
  });
});
