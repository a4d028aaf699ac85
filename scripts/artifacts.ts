// The built files a browser loads by URL: their names, which carry the version (a URL never changes
// content, so a page pinned with Subresource Integrity keeps working), and their integrity.
//   tsx scripts/artifacts.ts sri       `npm run build` runs it last: writes dist/sri.json
//   tsx scripts/artifacts.ts version   `npm version` runs it after the bump: moves ./script-tag's file

import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..');
const packageJson = join(root, 'package.json');
/** package.json, as the scripts read it. */
export const pkg = JSON.parse(readFileSync(packageJson, 'utf8')) as {
  name: string;
  version: string;
  scripts: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  customElements?: string;
  license?: string;
  homepage?: string;
  repository: { type: string; url: string };
  keywords?: string[];
  exports: Record<string, { default?: string }>;
};
export const version = pkg.version;

/** The script-tag build (essentials), under dist/ and on any host that serves it. */
export const scriptFile = (): string => `checkout-essentials-${version}.js`;
/** The full script-tag build (essentials and the wallets). */
export const fullScriptFile = (): string => `checkout-${version}.js`;
/** The strings of a locale the script-tag builds do not carry (en, es), loaded next to them. */
export const localeFile = (locale: string): string => `checkout-${version}-${locale}.js`;
export const LOCALE_FILES = [localeFile('en'), localeFile('es')];
/** The 3DS challenge, loaded next to the script-tag builds when an issuer asks for one. */
export const challengeFile = (): string => `checkout-${version}-3ds.js`;
/** The boleto, loaded next to the full script-tag build when a payment shows one. */
export const boletoFile = (): string => `checkout-${version}-boleto.js`;

/**
 * A demo page as served: `{{script}}` becomes the script-tag build's file name (`{{full}}` the full
 * build's), and `{{sri:<file>}}` (`{{sri:script}}`, `{{sri:full}}` for those builds) the file's integrity, as `integrityOf` gives it. The demo server
 * fills in dist/sri.json's values; the docs show the pages the same way with a placeholder integrity.
 */
export function fillPageTemplate(
  text: string,
  integrityOf: (file: string) => string,
  script = scriptFile(),
): string {
  const named = (name: string) => (name === 'script' ? script : name === 'full' ? fullScriptFile() : name);
  return text
    .replace(/\{\{sri:([\w.-]+)\}\}/g, (_, name: string) => integrityOf(named(name)))
    .replaceAll('{{script}}', script)
    .replaceAll('{{full}}', fullScriptFile());
}

/** The frame documents and their assets, under dist/ and on the token host. */
export const framesDir = (): string => `frames/${version}`;

/** What a merchant page loads itself (the frames are loaded by the token host, under its own policy). */
export const MERCHANT_FILES = [
  scriptFile(),
  fullScriptFile(),
  ...LOCALE_FILES,
  challengeFile(),
  boletoFile(),
  'checkout.js',
];

export function integrity(content: Buffer): string {
  return `sha384-${createHash('sha384').update(content).digest('base64')}`;
}

/** dist/sri.json: every file a merchant page loads, with its sha384 integrity, for <script integrity>. */
export function sriManifest(dir: string) {
  const files: Record<string, { integrity: string; bytes: number }> = {};
  for (const name of MERCHANT_FILES) {
    const path = join(dir, name);
    if (!existsSync(path)) throw new Error(`${path} is not built`);
    const content = readFileSync(path);
    files[name] = { integrity: integrity(content), bytes: content.length };
  }
  return { version, files };
}

const command = import.meta.url === `file://${process.argv[1] ?? ''}` ? process.argv[2] : undefined;
if (command === 'sri') {
  const dist = join(root, 'dist');
  const written = sriManifest(dist);
  writeFileSync(join(dist, 'sri.json'), `${JSON.stringify(written, null, 2)}\n`);
  for (const [name, file] of Object.entries(written.files))
    console.log(`sri.json: ${name} ${file.integrity}`);
} else if (command === 'version') {
  // The version read above is the bumped one: `npm version` runs this after writing it.
  const moved = { './script-tag': scriptFile(), './script-tag/full': fullScriptFile() };
  for (const [entry, file] of Object.entries(moved)) {
    const target = pkg.exports[entry];
    if (target === undefined) throw new Error(`package.json has no ${entry} export`);
    target.default = `./dist/${file}`;
    console.log(`package.json: ${entry} -> ${target.default}`);
  }
  writeFileSync(packageJson, `${JSON.stringify(pkg, null, 2)}\n`);
} else if (command !== undefined) {
  throw new Error(`unknown command ${command}: use sri or version`);
}
