// The package as a merchant's project gets it: the tarball `npm pack` makes from dist/, unpacked into a
// project's node_modules, with what the project would install beside it linked from this repository's
// (the machine may be offline). scripts/package.test.ts checks the tarball; e2e/react-shop.spec.ts
// builds and pays with a React app installed this way.

import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { pkg, root } from './artifacts.ts';

/** What `npm pack --json` says of the tarball, and where it is. */
export interface Packed {
  tarball: string;
  filename: string;
  size: number;
  unpackedSize: number;
  files: { path: string; size: number }[];
}

/**
 * Runs a command to completion (in `cwd`, with `env` added to this process's); throws with its output
 * when it fails, returns its stdout, and its stdout and stderr as `output`, otherwise.
 */
export function run(
  command: string,
  args: string[],
  cwd = root,
  added: Record<string, string> = {},
): { stdout: string; output: string } {
  const env = { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...added };
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env });
  const output = `${result.stdout}${result.stderr}`.trim();
  if (result.error !== undefined) throw new Error(`could not start ${command}: ${result.error.message}`);
  if (result.status !== 0)
    throw new Error(`${[command, ...args].join(' ')} exited ${String(result.status)}\n${output}`);
  return { stdout: result.stdout, output };
}

/** Packs dist/ (without running scripts: it is built already) into `destination`. */
export function packTarball(destination: string): Packed {
  const [packed] = JSON.parse(
    run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', destination]).stdout,
  ) as Omit<Packed, 'tarball'>[];
  if (packed === undefined) throw new Error('npm pack made no tarball');
  return { ...packed, tarball: join(destination, packed.filename) };
}

/**
 * Unpacks `tarball` into `project`/node_modules/service-checkout, and links each of `linked` (React, say,
 * or a build tool) from this repository's node_modules. Returns where the package is.
 */
export function installTarball(tarball: string, project: string, linked: readonly string[]): string {
  const unpacked = join(project, 'node_modules', pkg.name);
  mkdirSync(unpacked, { recursive: true });
  run('tar', ['-xzf', tarball, '-C', unpacked, '--strip-components=1']);
  for (const name of linked) {
    mkdirSync(join(project, 'node_modules', name, '..'), { recursive: true });
    symlinkSync(join(root, 'node_modules', name), join(project, 'node_modules', name), 'dir');
  }
  return unpacked;
}
