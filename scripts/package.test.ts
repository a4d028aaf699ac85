// The package a user installs: the tarball `npm pack` makes from the built dist/ (`npm run build`
// first; before it, these tests are skipped). Its file list, publint, attw, the type tests
// (types-test/) against the shipped declarations, and importing its ESM entry in plain Node without a
// DOM. Installs nothing: the unpacked tarball gets a node_modules whose dependencies (lit) link to this
// repository's. `npm run package:check` runs it alone; each check that needs an earlier one's result
// is skipped, with the reason, when that one failed.

import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, describe, it, type TestContext } from 'vitest';
import { framesDir, integrity, scriptFile } from './artifacts.ts';

const root = resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  customElements?: string;
};

/**
 * What the tarball may hold: the manifest and readme, the two merchant-side builds with their source
 * maps (each .js names its map), the ESM build's lazy chunks (the 3DS challenge), the frame documents
 * the token host serves, the declarations, the integrity list, the custom elements manifest and
 * docs/errors.md, where every CheckoutError message points. Anything else fails the check, and tests
 * and TypeScript sources never pass, whatever the list says.
 */
const ALLOWED = [
  /^(?:package\.json|README\.md|LICENSE|docs\/errors\.md|dist\/sri\.json|dist\/custom-elements\.json)$/,
  /^dist\/(?:checkout|chunks\/[\w-]+|checkout-essentials-[\w.-]+)\.js(?:\.map)?$/,
  /^dist\/frames\/[\w.-]+\/(?:[\w-]+\.html|assets\/[\w-]+\.(?:js|js\.map|css))$/,
  /^dist\/types\/(?:[\w-]+\/)*[\w.-]+\.d\.ts$/,
];
const FORBIDDEN = [/\.(?:test|spec)\./, /(?<!\.d)\.[cm]?tsx?$/];
const REQUIRED = [
  'package.json',
  'dist/checkout.js',
  `dist/${scriptFile()}`,
  `dist/${framesDir()}/card.html`,
  `dist/${framesDir()}/3ds.html`,
  'dist/types/index.d.ts',
  'dist/types/iife/essentials.d.ts',
  'dist/sri.json',
  'dist/custom-elements.json',
  'docs/errors.md',
];
/** What dist/custom-elements.json must describe: each element's events, CSS parts and custom properties. */
const ELEMENTS = {
  'svc-card-form': {
    events: [
      'svc-ready',
      'svc-change',
      'svc-focus',
      'svc-blur',
      'svc-submit',
      'svc-result',
      'svc-error',
      'svc-3ds',
    ],
    cssParts: ['frame', 'unavailable'],
    cssProperties: ['--svc-frame-initial-height'],
  },
  'svc-challenge-dialog': {
    events: ['svc-challenge-cancel'],
    cssParts: ['dialog', 'close', 'frame'],
    cssProperties: [],
  },
};

const indent = (text: string) => text.trimEnd().replace(/^/gm, '    ');
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
/** Throws the problems found, one a line, if there are any. */
const none = (problems: Iterable<string>) => {
  const list = [...problems];
  if (list.length > 0) throw new Error(list.join('\n'));
};

/** One check, run after the earlier ones; skipped when `needs` names what it needs and did not come. */
const check = (name: string, needs: () => string | null, body: () => unknown) => {
  it(name, { timeout: 120_000 }, async (context: TestContext) => {
    const missing = needs();
    if (missing !== null) context.skip(missing);
    await body();
  });
};

/** Runs a command to completion; throws with its output when it fails, returns its stdout otherwise. */
function exec(command: string, args: string[], { cwd = root, show = false } = {}): string {
  const env = { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' };
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env });
  const output = `${result.stdout}${result.stderr}`.trim();
  if (result.error !== undefined) throw new Error(`could not start ${command}: ${result.error.message}`);
  if (result.status !== 0)
    throw new Error(`${[command, ...args].join(' ')} exited ${String(result.status)}\n${output}`);
  if (show && output !== '') console.log(indent(output));
  return result.stdout;
}
const node = (script: string, args: string[], options = {}) =>
  exec(process.execPath, [script, ...args], options);

/** A merchant's project in a temporary directory: node_modules with the unpacked tarball and links. */
const temp = mkdtempSync(join(tmpdir(), 'svc-package-'));
const consumer = join(temp, 'consumer');
const unpacked = join(consumer, 'node_modules', pkg.name);
const read = (file: string) => readFileSync(join(unpacked, file), 'utf8');
const importer = join(consumer, 'package-import.mjs');
let tarball: {
  filename: string;
  size: number;
  unpackedSize: number;
  files: { path: string; size: number }[];
};
let files: string[] = [];
let unpackedOk = false;
const noTarball = () => (files.length === 0 ? 'npm pack failed' : null);
const noProject = () => noTarball() ?? (unpackedOk ? null : 'the tarball did not unpack');
const built = REQUIRED.filter((f) => f.startsWith('dist/')).every((f) => existsSync(join(root, f)));
if (!built) console.log('package: skipped: dist/ is not built: run `npm run build` first');

describe.skipIf(!built)('the package', () => {
  afterAll(() => {
    rmSync(temp, { recursive: true, force: true });
  });

  check(
    'npm pack',
    () => null,
    () => {
      [tarball] = JSON.parse(
        exec('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', temp]),
      ) as [typeof tarball];
      const { filename, size, unpackedSize, files: packed } = tarball;
      console.log(
        `${filename}: ${kib(size)} packed, ${kib(unpackedSize)} unpacked, ${String(packed.length)} files`,
      );
      for (const file of packed) console.log(`    ${kib(file.size).padStart(10)}  ${file.path}`);
      files = packed.map((f) => f.path);
    },
  );

  check('the tarball holds only what a user needs', noTarball, () => {
    none([
      ...files
        .filter((file) => FORBIDDEN.some((p) => p.test(file)) || !ALLOWED.some((p) => p.test(file)))
        .map((file) => `not allowed in the package: ${file}`),
      ...REQUIRED.filter((file) => !files.includes(file)).map((file) => `missing from the package: ${file}`),
    ]);
  });

  check('the tarball unpacks into a project with its dependencies linked', noTarball, () => {
    mkdirSync(unpacked, { recursive: true });
    exec('tar', ['-xzf', join(temp, tarball.filename), '-C', unpacked, '--strip-components=1']);
    for (const dependency of Object.keys(pkg.dependencies ?? {}))
      symlinkSync(
        join(root, 'node_modules', dependency),
        join(consumer, 'node_modules', dependency),
        'junction',
      );
    cpSync(join(import.meta.dirname, 'package-import.mjs'), importer);
    unpackedOk = true;
  });

  check('every sourceMappingURL names a map in the package', noProject, () => {
    none(
      files.flatMap((file) => {
        const map = file.endsWith('.js')
          ? /\/\/# sourceMappingURL=(\S+)\s*$/.exec(read(file))?.[1]
          : undefined;
        return map !== undefined && !files.includes(join(file, '..', map)) ? [`${file} names ${map}`] : [];
      }),
    );
  });

  check('sri.json gives the integrity of the files in the package', noProject, () => {
    const sri = JSON.parse(read('dist/sri.json')) as {
      files: Record<string, { integrity: string; bytes: number }>;
    };
    const wrong = Object.entries(sri.files).flatMap(([name, entry]) => {
      const content = readFileSync(join(unpacked, 'dist', name));
      return integrity(content) === entry.integrity && content.length === entry.bytes ? [] : [name];
    });
    if (Object.keys(sri.files).length === 0 || wrong.length > 0)
      throw new Error(`wrong or no entries: ${wrong.join(', ')}`);
  });

  check('custom-elements.json describes both elements and nothing private', noProject, () => {
    if (pkg.customElements !== './dist/custom-elements.json')
      throw new Error(`package.json's customElements is ${String(pkg.customElements)}`);
    type Named = { name?: string; privacy?: string }[] | undefined;
    const manifest = JSON.parse(read('dist/custom-elements.json')) as {
      modules: {
        path?: string;
        declarations?: ({ tagName?: string; members?: Named } & Record<string, Named>)[];
      }[];
    };
    const declarations = manifest.modules.flatMap((m) => m.declarations ?? []);
    const names = (list: Named) => (list ?? []).map((item) => item.name ?? '(unnamed)');
    // Tools open the modules it names: each must be a file of the package.
    const problems = manifest.modules
      .filter(({ path }) => path === undefined || !existsSync(join(unpacked, path)))
      .map(({ path }) => `names module ${String(path)}, not in the package`);
    const tags = declarations.map((d) => d.tagName);
    if (JSON.stringify(tags.sort()) !== JSON.stringify(Object.keys(ELEMENTS).sort()))
      problems.push(`declares ${JSON.stringify(tags)}, not ${Object.keys(ELEMENTS).join(' and ')}`);
    for (const [tag, expected] of Object.entries(ELEMENTS)) {
      const element = declarations.find((d) => d.tagName === tag);
      if (element === undefined) continue;
      for (const key of ['events', 'cssParts', 'cssProperties'] as const) {
        const [actual, want] = [JSON.stringify(names(element[key])), JSON.stringify(expected[key])];
        if (actual !== want) problems.push(`${tag} ${key}: ${actual}, expected ${want}`);
      }
      const hidden = (element.members ?? []).filter(
        (m) => m.privacy === 'private' || m.name?.startsWith('#'),
      );
      if (hidden.length > 0) problems.push(`${tag} lists private members: ${names(hidden).join(', ')}`);
    }
    none(problems);
  });

  check('the declarations import only declared dependencies', noProject, () => {
    const allowed = new Set([pkg.name, ...Object.keys(pkg.dependencies ?? {})]);
    none(
      new Set(
        files
          .filter((f) => f.endsWith('.d.ts'))
          .flatMap((file) =>
            [...read(file).matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)].flatMap(
              ([, spec = '']) =>
                spec.startsWith('.') || allowed.has(spec.split('/', spec.startsWith('@') ? 2 : 1).join('/'))
                  ? []
                  : [`${file}: ${spec}`],
            ),
          ),
      ),
    );
  });

  check('publint', noTarball, async () => {
    const bytes = new Uint8Array(readFileSync(join(temp, tarball.filename)));
    const { messages, pkg: linted } = await publint({ pack: { tarball: bytes.buffer } });
    if (linted['name'] !== pkg.name)
      throw new Error(`publint read ${String(linted['name'])}, not the tarball`);
    const lines = messages.map((m) => `${m.type}: ${formatMessage(m, linted, { color: false }) ?? m.code}`);
    if (lines.length > 0) console.log(indent(lines.join('\n')));
    // Suggestions are advice; warnings and errors are what publint means as wrong.
    const wrong = messages.filter((m) => m.type !== 'suggestion');
    if (wrong.length > 0) throw new Error(`publint: ${String(wrong.length)} warning(s) or error(s)`);
  });

  // esm-only: the package is "type": "module" with an import-only entry, for browsers and bundlers,
  // and its one dependency (lit) is ESM-only too, so CommonJS resolution (node10, node16 from CJS)
  // has nothing to find. --no-definitely-typed keeps attw off the registry.
  check('attw (esm-only profile)', noTarball, () => {
    const attw = join(root, 'node_modules', '@arethetypeswrong', 'cli', 'dist', 'index.js');
    node(
      attw,
      [join(temp, tarball.filename), '--profile', 'esm-only', '--no-definitely-typed', '--format', 'ascii'],
      {
        show: true,
      },
    );
  });

  check('type tests (types-test/) against the shipped declarations', noProject, () => {
    // The tests resolve `service-checkout` the way a merchant's app does: from node_modules.
    cpSync(join(root, 'types-test'), join(consumer, 'types-test'), { recursive: true });
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    node(tsc, ['-p', join(consumer, 'types-test', 'tsconfig.json'), '--noEmit'], { show: true });
  });

  check('the ESM entry imports in Node without a DOM', noProject, () => {
    node(importer, ['entry', pkg.version], { cwd: consumer });
  });
  check(
    'the exports map resolves the script-tag build, frames, custom-elements.json and package.json only',
    noProject,
    () => {
      node(importer, ['subpaths', pkg.version, scriptFile(), framesDir()], { cwd: consumer });
    },
  );
});
