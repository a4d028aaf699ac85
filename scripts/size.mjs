#!/usr/bin/env node
// @ts-check
// `npm run size`: what each built file weighs (raw, gzip level 9, brotli quality 11) and whether what a
// merchant page and each frame download fits the budgets of the design. Sizes are deterministic, so
// a budget overrun fails the run. Writes reports/size.json too.

import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { framesDir, scriptFile } from './artifacts.mjs';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'dist');
const KIB = 1024;

/** What a merchant page or a frame downloads before the fields show, and its gzip budget. */
export const BUDGETS = [
  {
    name: 'merchant page: essentials (script tag)',
    budget: 20 * KIB,
    files: () => [scriptFile()],
  },
  {
    name: 'card frame: document, scripts and styles',
    budget: 15 * KIB,
    files: () => frameFiles(`${framesDir()}/card.html`),
  },
  {
    // Fetched by the card frame once a card number is valid, after the fields show (vite.config.ts).
    name: 'card frame, later: 3DS chunk',
    budget: 4 * KIB,
    files: () => withImports([lazyChunk('three-ds')]),
  },
  {
    name: '3DS challenge frame: document, scripts and styles',
    budget: 15 * KIB,
    files: () => frameFiles(`${framesDir()}/3ds.html`),
  },
];

/** The frame document and every script and stylesheet it references, with the scripts' imports. */
function frameFiles(/** @type {string} */ documentPath) {
  const html = readFileSync(join(dist, documentPath), 'utf8');
  const referenced = [...html.matchAll(/(?:src|href)="\/(frames\/[\w.-]+\/assets\/[^"]+)"/g)].map(
    (m) => m[1] ?? '',
  );
  return [documentPath, ...withImports(referenced)];
}

/**
 * The files plus every chunk their scripts import statically, so a shared chunk split out by the
 * bundler is counted where it is downloaded.
 */
function withImports(/** @type {string[]} */ files) {
  const seen = new Set(files);
  const queue = files.filter((f) => f.endsWith('.js'));
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const code = readFileSync(join(dist, file), 'utf8');
    for (const match of code.matchAll(
      /(?:^|[;}\s])import\s*(?:[\w{},*\s]+from\s*)?["'`](\.\/[^"'`]+\.js)["'`]/g,
    )) {
      const imported = join(file, '..', match[1] ?? '');
      if (!seen.has(imported)) {
        seen.add(imported);
        queue.push(imported);
      }
    }
  }
  return [...seen];
}

/** The one hashed asset whose name starts with `prefix-`. */
function lazyChunk(/** @type {string} */ prefix) {
  const matches = readdirSync(join(dist, framesDir(), 'assets')).filter(
    (name) => name.startsWith(`${prefix}-`) && name.endsWith('.js'),
  );
  if (matches.length !== 1)
    throw new Error(`expected one ${framesDir()}/assets/${prefix}-*.js, found ${String(matches.length)}`);
  return `${framesDir()}/assets/${matches[0] ?? ''}`;
}

/** @param {string} path */
export function measure(path) {
  const content = readFileSync(join(dist, path));
  return {
    file: path,
    raw: content.length,
    gzip: gzipSync(content, { level: 9 }).length,
    brotli: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const kib = (/** @type {number} */ bytes) => `${(bytes / KIB).toFixed(2)} KiB`;

function main() {
  if (!existsSync(join(dist, framesDir(), 'card.html'))) {
    console.error('dist/ is not built: run npm run build first.');
    process.exitCode = 1;
    return;
  }
  const files = [
    ...new Set(['checkout.js', scriptFile(), ...BUDGETS.slice(1).flatMap(({ files: list }) => list())]),
  ].map(measure);
  console.log('file'.padEnd(48), 'raw'.padStart(11), 'gzip'.padStart(11), 'brotli'.padStart(11));
  for (const f of files)
    console.log(
      f.file.padEnd(48),
      kib(f.raw).padStart(11),
      kib(f.gzip).padStart(11),
      kib(f.brotli).padStart(11),
    );
  console.log('');
  let over = 0;
  const budgets = BUDGETS.map(({ name, budget, files: list }) => {
    const measured = list().map(measure);
    const gzip = measured.reduce((sum, f) => sum + f.gzip, 0);
    const brotli = measured.reduce((sum, f) => sum + f.brotli, 0);
    const ok = gzip <= budget;
    if (!ok) over += 1;
    console.log(
      `${ok ? 'ok  ' : 'OVER'} ${name}: ${kib(gzip)} gzip (${kib(brotli)} brotli) of ${kib(budget)}, ${((gzip / budget) * 100).toFixed(0)}%`,
    );
    return { name, budget, gzip, brotli, ok, files: measured.map((f) => f.file) };
  });
  mkdirSync(join(root, 'reports'), { recursive: true });
  writeFileSync(join(root, 'reports/size.json'), `${JSON.stringify({ files, budgets }, null, 2)}\n`);
  if (over > 0) {
    console.error(`${String(over)} budget(s) exceeded.`);
    process.exitCode = 1;
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) main();
