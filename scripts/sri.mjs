#!/usr/bin/env node
// @ts-check
// Writes dist/sri.json after the build: every file a merchant page loads, with its sha384 integrity, for
// <script integrity> tags and for a merchant's own pipeline. `npm run build` runs it last.

import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { scriptFile, version } from './artifacts.mjs';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'dist');

/** What a merchant page loads itself (the frames are loaded by the token host, under its own policy). */
export const MERCHANT_FILES = [scriptFile(), 'checkout.js'];

/** @param {Buffer} content */
export function integrity(content) {
  return `sha384-${createHash('sha384').update(content).digest('base64')}`;
}

/**
 * @param {string} dir
 * @returns {{ version: string, files: Record<string, { integrity: string, bytes: number }> }}
 */
export function manifest(dir) {
  /** @type {Record<string, { integrity: string, bytes: number }>} */
  const files = {};
  for (const name of MERCHANT_FILES) {
    const path = join(dir, name);
    if (!existsSync(path)) throw new Error(`${path} is not built`);
    const content = readFileSync(path);
    files[name] = { integrity: integrity(content), bytes: content.length };
  }
  return { version, files };
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const written = manifest(dist);
  writeFileSync(join(dist, 'sri.json'), `${JSON.stringify(written, null, 2)}\n`);
  for (const [name, file] of Object.entries(written.files))
    console.log(`sri.json: ${name} ${file.integrity}`);
}
