// No window message is ever posted to '*': every window.postMessage names the one origin it is for
// (the frame's token host, or the page's exact origin), so a navigated or swapped frame gets nothing.
// Port messages need no target: a MessagePort reaches only the window that was given its other end.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './test-sources.ts';

const root = new URL('..', import.meta.url).pathname;

const sources = (dir: string) =>
  sourceFiles(join(root, dir), /\.(?:ts|js|html)$/).map((path) => relative(root, path));

/** Every `postMessage(` call in the browser code that ships or that the sandbox serves, with its arguments. */
function calls(): { file: string; args: string }[] {
  const found: { file: string; args: string }[] = [];
  for (const file of [...sources('src'), ...sources('sandbox/three-ds/assets'), ...sources('demo/pages')]) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const match of text.matchAll(/\bpostMessage\(([^;]*?)\);/gs))
      found.push({ file, args: match[1] ?? '' });
  }
  return found;
}

describe('postMessage targets', () => {
  const all = calls();

  it('finds the handshake, the 3DS pages and the port traffic (a sanity check of the scan)', () => {
    const files = new Set(all.map((c) => c.file));
    for (const file of [
      'src/messaging/handshake.ts',
      'src/elements/card-form.ts',
      'sandbox/three-ds/assets/ddc.js',
      'sandbox/three-ds/assets/return.js',
    ])
      expect(files).toContain(file);
  });

  it.each(all.map((c) => [`${c.file}: postMessage(${c.args.replace(/\s+/g, ' ')})`, c] as const))(
    '%s names its target',
    (_name, call) => {
      expect(call.args).not.toMatch(/['"`]\*['"`]/);
      // A window message (two or more arguments) names its target origin in a variable or field,
      // never a literal; a port message has one argument.
      const args = call.args.split(/,(?![^[{(]*[\]})])/).map((a) => a.trim());
      if (args.length > 1) expect(args[1]).toMatch(/^[\w.]+$/);
    },
  );
});
