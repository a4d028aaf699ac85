// A fresh `npm install` is quiet and runs no dependency's install script unseen: every package of the
// lockfile that has one is decided in package.json's `allowScripts` (npm 11 skips an undecided one and
// lists it at the end of every install). esbuild's and rs-module-lexer's are denied: both only check
// or fetch a native binary that npm has already installed from their optional dependencies, and the
// build, which runs both, passes without them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (file: string) =>
  JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8')) as unknown;

describe('install scripts', () => {
  it('are each allowed or denied in package.json', () => {
    const lock = read('package-lock.json') as { packages: Record<string, { hasInstallScript?: boolean }> };
    const { allowScripts = {} } = read('package.json') as { allowScripts?: Record<string, boolean> };
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript === true)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length))
      .filter((name) => name !== '');
    expect(withScripts.length).toBeGreaterThan(0);
    expect(withScripts.filter((name) => !(name in allowScripts))).toEqual([]);
  });
});
