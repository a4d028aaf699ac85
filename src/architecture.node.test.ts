// The map of rooms in docs/architecture.md, held by the code: no import cycle between rooms, page code
// and frame code apart, the protocol free of the service client, the merchant server's helpers apart from
// browser code, the React entry on the public API, the 3DS verdict read on the page in one place, the
// builds' wiring out of flows/, and the card fields Lit elements. In sandbox/: no import cycle between
// files, the records and the context apart, every route in one table, the payment engine in one room.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './test-sources.ts';

const SRC = resolve(import.meta.dirname);

/** The one alias inside src/: the build's wiring, which the type checker and the tests see as ESM's. */
const ALIASES: Readonly<Record<string, string>> = { '#build': 'builds/esm/index.ts' };

/**
 * Every file's relative imports below `root` (and the aliases'), type-only ones included, as paths
 * relative to `root`. `files`: the files read (by default the sources, tests left out).
 */
function importsBelow(
  root: string,
  aliases: Readonly<Record<string, string>> = {},
  files = sourceFiles(root),
): Map<string, string[]> {
  return new Map(
    files.map((file) => {
      const text = readFileSync(file, 'utf8');
      const targets = [
        ...text.matchAll(
          /(?:^|\n)\s*(?:import|export)[^'";]*?from\s+'(\.[^']+|#[\w/-]+)'|import\('(\.[^']+)'\)/g,
        ),
      ]
        .map((m) => m[1] ?? m[2] ?? '')
        .map((spec) => aliases[spec] ?? relative(root, resolve(dirname(file), spec)));
      return [relative(root, file), targets] as const;
    }),
  );
}

const imports = importsBelow(SRC, ALIASES);

/**
 * The folders of src/ by where their code runs (docs/architecture.md): the merchant's page, the token
 * host's frames, both (pure, or a module each side loads), and the merchant's server. A folder named
 * here holds its subfolders but those named on their own (three-ds/page/ is the page's); the files at
 * the top of src/ are the page's but for what they say.
 */
const ROOMS = {
  page: ['flows/', 'builds/', 'elements/', 'three-ds/page/', 'wallets/', 'browser-data/', 'iife/', 'react/'],
  frame: ['frames/'],
  both: ['api/', 'messaging/', 'card/', 'brazil/', 'i18n/', 'three-ds/', 'three-ds/collection/'],
  server: ['server/'],
} as const;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

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

/** A cycle of `edges` through `start`'s descendants, as the path that closes it; undefined when none. */
function cycleIn(graph: ReadonlyMap<string, Iterable<string>>, start: string): string[] | undefined {
  const stack: string[] = [];
  const seen = new Set<string>();
  const visit = (node: string): string[] | undefined => {
    if (stack.includes(node)) return [...stack.slice(stack.indexOf(node)), node];
    if (seen.has(node)) return undefined;
    seen.add(node);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const found = visit(next);
      if (found !== undefined) return found;
    }
    stack.pop();
    return undefined;
  };
  return visit(start);
}

const cycleFrom = (start: string) => cycleIn(edges, start);

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
    const page = new RegExp(`^(${ROOMS.page.map(escape).join('|')})`);
    const frame = new RegExp(`^(${ROOMS.frame.map(escape).join('|')})`);
    expect(importers(frame, page)).toEqual([]);
    expect(importers(page, frame)).toEqual([]);
  });

  it('are today’s rooms: each on one side, as the map says', () => {
    const listed = Object.values(ROOMS).flat();
    // Every room of the code is on a side (its own, or its folder's), and no side names a room that is
    // not there.
    const rooms = [...new Set([...imports.keys()].map(room))].filter((r) => !r.endsWith('.ts'));
    expect(rooms.filter((r) => !listed.some((prefix) => `${r}/`.startsWith(prefix)))).toEqual([]);
    expect(listed.filter((prefix) => !rooms.some((r) => `${r}/`.startsWith(prefix)))).toEqual([]);
  });

  it('keep server/ (the merchant server’s helpers) out of every browser bundle, and on its own', () => {
    expect(importers(/^(?!server\/)/, /^server\//)).toEqual([]);
    expect(importers(/^server\//, /^(?!server\/)/)).toEqual([]);
    // The scan sees the room.
    expect(imports.has('server/webhooks.ts')).toBe(true);
  });

  it('keep react/ (service-checkout/react) on the public API: it imports the checkout by the package’s name', () => {
    // A relative import would build a second copy of what it imports into react.js.
    expect(importers(/^react\//, /^(?!react\/)/)).toEqual([]);
    expect(importers(/^(?!react\/)/, /^react\//)).toEqual([]);
    expect(imports.has('react/provider.ts')).toBe(true);
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

const SANDBOX = resolve(SRC, '../sandbox');

/** Every file of sandbox/ and what it imports of it; tests and their helpers too: a cycle through a test is one. */
const sandboxImports = importsBelow(
  SANDBOX,
  {},
  readdirSync(SANDBOX, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => join(SANDBOX, file)),
);

/** A module of sandbox/ that imports nothing of it. */
const isSandboxLeaf = (file: string) => sandboxImports.get(file)?.length === 0;

describe('the rooms of sandbox/', () => {
  it('reads the imports (a sanity check of the scan)', () => {
    expect(sandboxImports.get('app.ts')).toContain('http/context.ts');
    // A type-only import counts.
    expect(sandboxImports.get('store.ts')).toContain('records.ts');
    expect(sandboxImports.has('test/harness.ts') && sandboxImports.has('vault.test.ts')).toBe(true);
    // The check finds a cycle where there is one.
    const withCycle = new Map(sandboxImports).set('records.ts', ['store.ts']);
    expect(cycleIn(withCycle, 'store.ts')).toBeDefined();
  });

  it('import each other without a cycle, file by file, type-only imports included', () => {
    for (const file of sandboxImports.keys()) expect(cycleIn(sandboxImports, file), file).toBeUndefined();
  });

  it('keep the records in a module that imports nothing of the sandbox', () => {
    expect(sandboxImports.get('records.ts')).toEqual([]);
  });

  it('place every route in one table, routes.ts, which app.ts alone mounts', () => {
    const sources = [...sandboxImports.keys()].filter((file) => !file.endsWith('.test.ts'));
    const text = (file: string) => readFileSync(join(SANDBOX, file), 'utf8');
    // Only app.ts builds a server, and routes it from the table.
    expect(
      sources.filter((file) =>
        /\bnew Hono\b|\bapp\.(?:get|post|put|delete|patch|options|use|on|all|route)\(/.test(text(file)),
      ),
    ).toEqual(['app.ts']);
    expect(sandboxImports.get('app.ts')).toContain('routes.ts');
    expect(text('app.ts')).not.toMatch(
      /\bapp\.(?:get|post|options|all|route)\(|app\.(?:use|on)\(\s*'(?!\*')/,
    );
    // The table names every path the API answers (a sanity check that it is read as a table).
    expect(text('routes.ts')).toMatch(/\['POST', '\/api\/token\/generate', token\.generate\]/);
  });

  it('keep the payment engine in payments/, and its modules free of the routes', () => {
    const atRoot = readdirSync(SANDBOX).filter((file) =>
      /^(?!.*\.test\.ts$).*(payment|money|authentication).*\.ts$/.test(file),
    );
    expect(atRoot).toEqual([]);
    expect(sandboxImports.has('payments/init.ts')).toBe(true);
    const intoRoutes = [...sandboxImports]
      .filter(
        ([file, targets]) => file.startsWith('payments/') && targets.some((t) => t.startsWith('routes')),
      )
      .map(([file]) => file);
    expect(intoRoutes).toEqual([]);
  });

  it('type the context over modules that import nothing of the sandbox, and only type it', () => {
    const context = 'http/context.ts';
    expect(sandboxImports.get(context)).toContain('records.ts');
    expect(sandboxImports.get(context)?.filter((target) => !isSandboxLeaf(target))).toEqual([]);
    expect(readFileSync(join(SANDBOX, context), 'utf8')).not.toMatch(
      /^export (?:class|function|const|let)\b/m,
    );
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
    // The fields' base, its four fields, the form, the extras' two (CPF/CNPJ, installments) and the
    // combo card's question.
    expect(lit.filter((entry) => !probed(entry))).toHaveLength(9);
  });

  it('(the check finds an element that is not one, declared or made in a function)', () => {
    expect(other).toEqual([
      'frames/fields/probe-not-lit.ts: SvcPlain',
      'frames/fields/probe-not-lit.ts: class',
    ]);
    expect(lit).toContain('frames/fields/probe-not-lit.ts: class');
  });
});
