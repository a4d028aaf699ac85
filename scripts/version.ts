// `npm version` runs this after it bumps the version: the script-tag build's file name carries the
// version (scripts/artifacts.ts), so the export that points at it moves with it.

import { readFileSync, writeFileSync } from 'node:fs';
import { scriptFile } from './artifacts.ts';

const path = new URL('../package.json', import.meta.url);
const pkg = JSON.parse(readFileSync(path, 'utf8')) as {
  version: string;
  exports: Record<string, { default?: string }>;
};
const target = pkg.exports['./script-tag'];
if (target === undefined) throw new Error('package.json has no ./script-tag export');
target.default = `./dist/${scriptFile(pkg.version)}`;
writeFileSync(path, `${JSON.stringify(pkg, null, 2)}\n`);
console.log(`package.json: ./script-tag -> ${target.default}`);
