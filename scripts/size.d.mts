// Types for size.mjs, so TypeScript callers (bench/run.ts) get checked without allowJs.

export interface Budget {
  name: string;
  /** Gzip bytes. */
  budget: number;
  /** The files (relative to dist/) that count against it, read from the build output. */
  files: () => string[];
}

export interface Measured {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export const BUDGETS: readonly Budget[];
export function measure(path: string): Measured;
