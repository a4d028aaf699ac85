// For the tests that read the code itself (rooms, error codes, storage, styles): the files below a
// folder, tests left out. Only tests import this file.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every file below `dir` whose name matches `pattern`, tests and declaration files left out. */
export function sourceFiles(dir: string, pattern = /\.ts$/): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path, pattern);
    return pattern.test(entry.name) && !/\.(test|spec)\.ts$|\.d\.ts$/.test(entry.name) ? [path] : [];
  });
}
