import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { integrity, MERCHANT_FILES, sriManifest, version } from './artifacts.ts';

describe('dist/sri.json', () => {
  it('lists every file a merchant page loads with its sha384 integrity and size', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sri-'));
    for (const name of MERCHANT_FILES) writeFileSync(join(dir, name), `// ${name}\n`);
    const written = sriManifest(dir);
    expect(Object.keys(written.files)).toEqual([
      `checkout-essentials-${version}.js`,
      `checkout-${version}.js`,
      `checkout-${version}-en.js`,
      `checkout-${version}-es.js`,
      `checkout-${version}-3ds.js`,
      `checkout-${version}-boleto.js`,
      'checkout.js',
    ]);
    const expected = createHash('sha384').update('// checkout.js\n').digest('base64');
    expect(written.files['checkout.js']).toEqual({ integrity: `sha384-${expected}`, bytes: 15 });
    expect(written.version).toBe(version);
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('refuses to write a manifest for a missing build', () => {
    expect(() => sriManifest(mkdtempSync(join(tmpdir(), 'sri-')))).toThrow(/is not built/);
  });

  it('encodes the digest as the integrity attribute wants it', () => {
    expect(integrity(Buffer.from(''))).toBe(
      'sha384-OLBgp1GsljhM2TJ+sbHjaiH9txEUvgdDTAzHv2P24donTt6/529l+9Ua0vFImLlb',
    );
  });
});
