// Writes dist/sri.json after the build: every file a merchant page loads, with its sha384 integrity, for
// <script integrity> tags and for a merchant's own pipeline. `npm run build` runs it last.

import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scriptFile, version } from './artifacts.ts';

/** What a merchant page loads itself (the frames are loaded by the token host, under its own policy). */
export const MERCHANT_FILES = [scriptFile(), 'checkout.js'];

export function integrity(content: Buffer): string {
  return `sha384-${createHash('sha384').update(content).digest('base64')}`;
}

export function manifest(dir: string) {
  const files: Record<string, { integrity: string; bytes: number }> = {};
  for (const name of MERCHANT_FILES) {
    const path = join(dir, name);
    if (!existsSync(path)) throw new Error(`${path} is not built`);
    const content = readFileSync(path);
    files[name] = { integrity: integrity(content), bytes: content.length };
  }
  return { version, files };
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const dist = join(import.meta.dirname, '..', 'dist');
  const written = manifest(dist);
  writeFileSync(join(dist, 'sri.json'), `${JSON.stringify(written, null, 2)}\n`);
  for (const [name, file] of Object.entries(written.files))
    console.log(`sri.json: ${name} ${file.integrity}`);
}
