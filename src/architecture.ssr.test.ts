// The map of rooms in docs/architecture.md, held by the code: no import cycle between rooms, page code
// and frame code apart, the protocol free of the service client, the merchant server's helpers apart from
// browser code, and the 3DS verdict read on the page in one place.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './test-sources.ts';

const SRC = resolve(import.meta.dirname);

/** Every file's relative imports inside src/, type-only ones included. */
const imports = new Map(
  sourceFiles(SRC).map((file) => {
    const text = readFileSync(file, 'utf8');
    const targets = [
      ...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'";]*?from\s+'(\.[^']+)'|import\('(\.[^']+)'\)/g),
    ]
      .map((m) => m[1] ?? m[2] ?? '')
      .map((spec) => relative(SRC, resolve(dirname(file), spec)));
    return [relative(SRC, file), targets] as const;
  }),
);

/** A room: the folder a file is in, or the file itself at the top of src/. */
const room = (file: string) => (file.includes('/') ? dirname(file) : file);

const edges = new Map<string, Set<string>>();
for (const [file, targets] of imports) {
  for (const target of targets) {
    if (room(file) === room(target)) continue;
    const set = edges.get(room(file)) ?? new Set<string>();
    set.add(room(target));
    edges.set(room(file), set);
  }
}

function cycleFrom(start: string): string[] | undefined {
  const stack: string[] = [];
  const seen = new Set<string>();
  const visit = (node: string): string[] | undefined => {
    if (stack.includes(node)) return [...stack.slice(stack.indexOf(node)), node];
    if (seen.has(node)) return undefined;
    seen.add(node);
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      const found = visit(next);
      if (found !== undefined) return found;
    }
    stack.pop();
    return undefined;
  };
  return visit(start);
}

const importers = (pattern: RegExp, target: RegExp) =>
  [...imports]
    .filter(([file, targets]) => pattern.test(file) && targets.some((t) => target.test(t)))
    .map(([f]) => f);

describe('the rooms of src/', () => {
  it('reads the imports (a sanity check of the scan)', () => {
    expect(imports.get('checkout.ts')).toContain('flows/card-form.ts');
    expect(edges.get('frames/card')).toContain('three-ds/collection');
    // The check finds a cycle where there is one.
    edges.set('api', new Set([...(edges.get('api') ?? []), 'flows']));
    expect(cycleFrom('flows')).toBeDefined();
    edges.get('api')?.delete('flows');
  });

  it('import each other without a cycle', () => {
    for (const node of edges.keys()) expect(cycleFrom(node), node).toBeUndefined();
  });

  it('keep the protocol free of the service client', () => {
    expect(importers(/^messaging\//, /^api\//)).toEqual([]);
  });

  it('keep frame code and page code apart', () => {
    const page = /^(checkout\.ts|index\.ts|define\.ts|flows\/|elements\/|three-ds\/page\/)/;
    const frame = /^(frames\/|three-ds\/frame\/)/;
    expect(importers(frame, page)).toEqual([]);
    expect(importers(page, frame)).toEqual([]);
  });

  it('keep server/ (the merchant server’s helpers) out of every browser bundle, and on its own', () => {
    expect(importers(/^(?!server\/)/, /^server\//)).toEqual([]);
    expect(importers(/^server\//, /^(?!server\/)/)).toEqual([]);
    // The scan sees the room.
    expect(imports.has('server/webhooks.ts')).toBe(true);
  });

  it('read the service’s 3DS answers in api/ only, and the verdict on the page off the wire once', () => {
    // A headless page talks to the service itself, as the card frame does: it reads the answers.
    const page = /^(checkout\.ts|flows\/(?!headless\.ts)|elements\/|three-ds\/page\/)/;
    expect(importers(page, /^api\/three-ds\.ts$/)).toEqual([]);
    const readers = [...imports.keys()].filter((file) =>
      readFileSync(join(SRC, file), 'utf8').includes('decodeAuthenticationValue('),
    );
    // The token's block where the card frame's result arrives; the challenge's verdict where the 3DS
    // frame's arrives (it calls the same reader, defined in decode.ts).
    expect(readers.sort()).toEqual(['messaging/challenge.ts', 'messaging/decode.ts']);
  });
});
