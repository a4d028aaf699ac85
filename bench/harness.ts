// What `npm run bench` (bench/run.ts) and `npm run bench:profile` (bench/profile.ts) share: dist/
// built, the demo stack, the floor's server and Chromium started on free ports, all closed together,
// the browser's complaints shown when a run fails, and Markdown padded by Prettier.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { format, resolveConfig } from 'prettier';
import { FREE_PORTS, startDemoStack } from '../demo/server.ts';
import { framesDir, root, scriptFile } from '../scripts/artifacts.ts';
import { CHROMIUM_ARGS, findBrowsers } from '../scripts/browsers.ts';
import * as measure from './measure.ts';

/** Builds dist/ when a file the measures load is missing. `label` prefixes what it prints. */
export function ensureBuilt(label: string): void {
  const needed = [scriptFile(), 'checkout.js', `${framesDir()}/card.html`, `${framesDir()}/3ds.html`];
  if (needed.every((f) => existsSync(join(root, 'dist', f)))) return;
  console.log(`${label}: dist/ is missing or incomplete; running npm run build`);
  if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0)
    throw new Error('npm run build failed');
}

/**
 * The sandbox and demo merchant, the floor's pages and a headless Chromium, on free ports: what the
 * measures of bench/measure.ts run against. `close()` stops them all, the browser first, and never
 * throws. What failed to start is closed before the error is thrown.
 */
export async function startBench(label: string) {
  const found = findBrowsers().chromium;
  if (found.kind === 'none') throw new Error(found.problem);
  const running: { close(): Promise<unknown> }[] = [];
  const close = async () => {
    for (const server of running.splice(0)) await server.close().catch(() => undefined);
  };
  const start = async <T extends { close(): Promise<unknown> }>(started: Promise<T>) => {
    running.unshift(await started);
    return running[0] as T;
  };
  try {
    const stack = await start(startDemoStack(FREE_PORTS, {}));
    const floor = await start(measure.startFloor());
    const browser = await start(chromium.launch({ executablePath: found.path, args: [...CHROMIUM_ARGS] }));
    const version = browser.version();
    console.log(`${label}: Chromium ${version} (${found.path})`);
    const setup: measure.Setup = { browser, urls: stack.urls, floor, loaded: new Set(), problems: [] };
    return { setup, version, executablePath: found.path, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A failed run: what the browser reported before it (last 20), then the error; the exit code says so. */
export function reportFailure(label: string, error: unknown, problems: readonly string[]): void {
  if (problems.length > 0)
    console.error(
      [`${label}: what the browser reported before the failure (last 20):`, ...problems.slice(-20)].join(
        '\n  ',
      ),
    );
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
}

/** Markdown (or JSON, by the path's extension) as Prettier writes it: padded table columns, on the console too. */
export async function formatted(text: string, path = join(root, 'bench/REPORT.md')): Promise<string> {
  return format(text, { ...(await resolveConfig(path)), filepath: path });
}
