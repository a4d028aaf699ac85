// The map of rooms in docs/architecture.md, held by the code: no import cycle between rooms, page code
// and frame code apart, the protocol free of the service client, the merchant server's helpers apart from
// browser code, the 3DS verdict read on the page in one place, the builds' wiring out of flows/, and the
// card fields Lit elements.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './test-sources.ts';

const SRC = resolve(import.meta.dirname);

/** The one alias inside src/: the build's wiring, which the type checker and the tests see as ESM's. */
const ALIASES: Readonly<Record<string, string>> = { '#build': 'builds/esm/index.ts' };

/** Every file's relative imports inside src/ (and the alias's), type-only ones included. */
const imports = new Map(
  sourceFiles(SRC).map((file) => {
    const text = readFileSync(file, 'utf8');
    const targets = [
      ...text.matchAll(
        /(?:^|\n)\s*(?:import|export)[^'";]*?from\s+'(\.[^']+|#[\w/-]+)'|import\('(\.[^']+)'\)/g,
      ),
    ]
      .map((m) => m[1] ?? m[2] ?? '')
      .map((spec) => ALIASES[spec] ?? relative(SRC, resolve(dirname(file), spec)));
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
    expect(imports.get('checkout.ts')).toContain('flows/card-form-flow.ts');
    expect(edges.get('frames/card')).toContain('three-ds/collection');
    // The check finds a cycle where there is one.
    edges.set('api', new Set([...(edges.get('api') ?? []), 'flows']));
    expect(cycleFrom('flows')).toBeDefined();
    edges.get('api')?.delete('flows');
  });

  it('import each other without a cycle', () => {
    for (const node of edges.keys()) expect(cycleFrom(node), node).toBeUndefined();
  });

  it('keep the builds’ wiring out of flows/, which holds use cases only', () => {
    // The Checkout reaches the wallets, headless and pay() through the alias the build sets.
    expect(imports.get('checkout.ts')).toContain('builds/esm/index.ts');
    // No build variant in flows/: no stand-in, no loader, nothing a build swaps or picks.
    const flows = readdirSync(join(SRC, 'flows')).filter((f) => !/\.test\.ts$|fixtures\.ts$/.test(f));
    expect(flows.filter((f) => /\.(essentials|inline|script)\.ts$|^load-|^lazy-/.test(f))).toEqual([]);
    // A use case does not know how it is built: builds/ imports flows/, never the other way.
    expect(importers(/^flows\//, /^builds\//)).toEqual([]);
    // Every build wires the same methods (the essentials' as stand-ins).
    const exported = (build: string) =>
      [
        ...readFileSync(join(SRC, 'builds', build, 'index.ts'), 'utf8').matchAll(
          /^export const (\w+)Flow\b/gm,
        ),
      ]
        .map((m) => m[1])
        .sort();
    expect(exported('esm')).toEqual(['headless', 'pay', 'wallets']);
    expect(exported('full')).toEqual(exported('esm'));
    expect(exported('essentials')).toEqual(exported('esm'));
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
    expect(readers.sort()).toEqual(['messaging/challenge-messages.ts', 'messaging/decode.ts']);
  });
});

/**
 * The classes in `files` that are elements (HTMLElement among their bases), as `file: class`, apart:
 * Lit elements and the others. Read with the type checker, so a class made on a base handed in as a parameter
 * (extras.ts: `extends Base`, `extends LitElement`) is judged by what it really extends. `extra` adds
 * files that exist only in memory (the check's own sanity test).
 */
function elements(files: string[], extra: Record<string, string>): { lit: string[]; other: string[] } {
  // Only what resolving a base class needs: no @types/node, no vite/client (about 3x faster).
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: [],
    allowImportingTsExtensions: true,
    noEmit: true,
    skipLibCheck: true,
  };
  const base = ts.createCompilerHost(options);
  const host: ts.CompilerHost = {
    ...base,
    fileExists: (name) => name in extra || base.fileExists(name),
    readFile: (name) => extra[name] ?? base.readFile(name),
    getSourceFile: (name, language, ...rest) =>
      name in extra
        ? ts.createSourceFile(name, extra[name] ?? '', language)
        : base.getSourceFile(name, language, ...rest),
  };
  const roots = [...files, ...Object.keys(extra)];
  const program = ts.createProgram(roots, options, host);
  const checker = program.getTypeChecker();
  const bases = (type: ts.Type, seen = new Set<string>()): Set<string> => {
    for (const base of type.isClassOrInterface() ? checker.getBaseTypes(type) : []) {
      seen.add(base.symbol.name);
      bases(base, seen);
    }
    return seen;
  };
  const found = { lit: [] as string[], other: [] as string[] };
  for (const file of roots) {
    const source = program.getSourceFile(file);
    const visit = (node: ts.Node): void => {
      if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) {
        const symbol = node.name ? checker.getSymbolAtLocation(node.name) : undefined;
        const type = symbol
          ? checker.getDeclaredTypeOfSymbol(symbol)
          : checker.getTypeAtLocation(node).getConstructSignatures()[0]?.getReturnType();
        const chain = type ? bases(type) : new Set<string>();
        if (chain.has('HTMLElement'))
          found[chain.has('LitElement') ? 'lit' : 'other'].push(
            `${relative(SRC, file)}: ${node.name?.text ?? 'class'}`,
          );
      }
      ts.forEachChild(node, visit);
    };
    if (source) visit(source);
  }
  return found;
}

describe('the card fields (frames/fields/)', () => {
  // One program for both tests: building it is most of the time.
  const probe = join(SRC, 'frames/fields/probe-not-lit.ts');
  const { lit, other } = elements(sourceFiles(join(SRC, 'frames/fields')), {
    [probe]: [
      "import type { LitElement } from 'lit';",
      'export class SvcPlain extends HTMLElement {}',
      'export const made = (Base: typeof HTMLElement) => class extends Base {};',
      'export const lit = (Base: typeof LitElement) => class extends Base {};',
      'export class NotAnElement extends Event {}',
    ].join('\n'),
  });

  it('are every one a LitElement, whatever base it is made on', () => {
    const probed = (entry: string) => entry.startsWith('frames/fields/probe-not-lit.ts');
    expect(other.filter((entry) => !probed(entry))).toEqual([]);
    // The fields' base, its four fields, the form, and the extras' two (made on the first script's).
    expect(lit.filter((entry) => !probed(entry))).toHaveLength(8);
  });

  it('(the check finds an element that is not one, declared or made in a function)', () => {
    expect(other).toEqual([
      'frames/fields/probe-not-lit.ts: SvcPlain',
      'frames/fields/probe-not-lit.ts: class',
    ]);
    expect(lit).toContain('frames/fields/probe-not-lit.ts: class');
  });
});
