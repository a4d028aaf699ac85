// Part 1 of the benchmark: what every file a merchant page or a frame loads weighs (raw, gzip, brotli),
// against the design's budgets (.size-limit.ts, which also fails `npm test` on an overrun) and
// against a floor: one trivial Lit element built with the SDK's own build settings, what the least
// component written with a component library weighs (bench/floor/lit-element.ts; the page script ships
// none, the card frame's fields are Lit elements).

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { BUDGETS } from '../.size-limit.ts';
import { root } from '../scripts/artifacts.ts';
import { shared } from '../vite.config.ts';
import { ratio } from './stats.ts';

/** Gzip level 9 and brotli quality 11, as size-limit measures. */
function measure(file: string, path = join(root, 'dist', file)) {
  const content = readFileSync(path);
  const brotli = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  return { file, raw: content.length, gzip: gzipSync(content, { level: 9 }).length, brotli: brotli.length };
}

/** bench/floor/lit-element.ts built like the script-tag build (IIFE, Lit inlined, vite.config.ts's `shared`). */
async function measureLitFloor() {
  const out = mkdtempSync(join(tmpdir(), 'bench-lit-floor-'));
  const file = 'lit-floor.iife.js';
  try {
    await build({
      configFile: false,
      root,
      logLevel: 'silent',
      define: shared.define ?? {},
      build: {
        ...shared.build,
        outDir: out,
        emptyOutDir: true,
        lib: {
          entry: resolve(import.meta.dirname, 'floor/lit-element.ts'),
          name: 'BenchFloor',
          formats: ['iife'],
          fileName: () => file,
        },
      },
    });
    return {
      ...measure(file, join(out, file)),
      description: 'one trivial Lit element (bench/floor/lit-element.ts), IIFE, same build settings',
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

export async function measureSizes() {
  const floor = await measureLitFloor();
  const files = new Map<string, ReturnType<typeof measure> & { loadedBy: string }>();
  const budgets = BUDGETS.map(({ name, gzip: budget, files: list }) => {
    const measured = list().map((file) => measure(file));
    // Who downloads it: the budget's name up to its colon (the merchant page, a frame, and when).
    for (const f of measured)
      if (!files.has(f.file)) files.set(f.file, { ...f, loadedBy: name.split(':')[0] ?? name });
    const sum = (key: 'raw' | 'gzip' | 'brotli') => measured.reduce((total, f) => total + f[key], 0);
    const [raw, gzip, brotli] = [sum('raw'), sum('gzip'), sum('brotli')];
    const shares = { share: gzip / budget, floorRatio: ratio(gzip, floor.gzip), ok: gzip <= budget };
    return { name, files: measured.map((f) => f.file), raw, gzip, brotli, budget, ...shares };
  });
  // The ESM build: single-page apps bundle it, so no budget applies as is.
  files.set('checkout.js', {
    ...measure('checkout.js'),
    loadedBy: 'SPA merchants (ESM, bundled by the app)',
  });
  return { files: [...files.values()], budgets, floor };
}
export type SizeResults = Awaited<ReturnType<typeof measureSizes>>;
