// Types for summary.mjs, so TypeScript callers (tests, tooling) get checked without allowJs.

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/** A step that either worked or did not: typecheck, lint, format, build, browsers. */
export interface Gate {
  name: string;
  ok: boolean;
}

/** A test runner whose JSON report we count. */
export interface Runner {
  name: string;
  format: 'vitest' | 'playwright' | 'webkit' | 'package';
  /** Exit code of the runner, or null when it did not run. */
  exitCode: number | null;
  /** The parsed JSON report, or null when there is none. */
  report: unknown;
  /** Why the runner did not run, when it did not. */
  skippedBecause?: string;
}

export interface Summary extends Counts {
  /** One line per counted source, for the log above the closing line. */
  details: string[];
}

export function countVitest(report: unknown): (Counts & { fileErrors: number }) | null;
export function countPlaywright(report: unknown): (Counts & { globalErrors: number; flaky: number }) | null;
export function countOwnReport(report: unknown): Counts | null;
export function summarize(input: { gates: readonly Gate[]; runners: readonly Runner[] }): Summary;
export function formatLine(counts: Counts): string;
