// The tarball `npm pack` makes from dist/ (`npm run package:check`; skipped before a build): its file
// list, publint, attw, npm publish --dry-run, types-test/ against its declarations, importing it in plain
// Node. It installs nothing: the package has no runtime dependency, so one added fails the import and the
// type tests. Its one peer, React (optional, for service-checkout/react), is this repository's, linked in
// (React 19, with React 18's types beside as @types/react-18).

import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boletoFile,
  challengeFile,
  framesDir,
  fullScriptFile,
  integrity,
  pkg,
  root,
  scriptFile,
} from './artifacts.ts';
import { repositoryFile, repositoryUrl } from './docs-samples.ts';
import { installTarball, packTarball, run } from './packed-project.ts';

/**
 * What the tarball may hold: the manifest and readme, the merchant-side builds with their maps and
 * chunks, the frames and their assets, the declarations, sri.json, the elements manifest and
 * docs/errors.md (where every CheckoutError points). Tests and TypeScript sources never.
 */
const ALLOWED = [
  /^(?:package\.json|README\.md|LICENSE|docs\/errors\.md|dist\/sri\.json|dist\/custom-elements\.json)$/,
  /^dist\/(?:checkout|react|webhooks|chunks\/[\w-]+|checkout-(?:essentials-)?\d[\w.-]*)\.js(?:\.map)?$/,
  // No stylesheet file: the frames' styles are in their documents (vite.config.ts, tokenHostDocument).
  /^dist\/frames\/[\w.-]+\/(?:[\w-]+\.html|assets\/[\w-]+\.(?:js|js\.map|svg))$/,
  /^dist\/types\/(?:[\w-]+\/)*[\w.-]+\.d\.ts$/,
];
const FORBIDDEN = [/\.(?:test|spec)\./, /(?<!\.d)\.[cm]?tsx?$/];
const BUILT = [
  ...['checkout.js', 'react.js', 'webhooks.js', scriptFile(), fullScriptFile(), 'sri.json'],
  'custom-elements.json',
  // The files the script-tag builds load beside themselves, pinned by them.
  ...[challengeFile(), boletoFile()],
  ...['card.html', '3ds.html'].map((f) => `${framesDir()}/${f}`),
  ...['index', 'react/index', 'iife/essentials', 'server/webhooks'].map((f) => `types/${f}.d.ts`),
].map((f) => `dist/${f}`);
const REQUIRED = ['package.json', 'docs/errors.md', ...BUILT];
/** What dist/custom-elements.json must describe: each element's events, CSS parts and custom properties. */
const ELEMENTS = {
  'svc-boleto': { events: '', cssParts: '', cssProperties: '' },
  'svc-card-form': {
    events: 'svc-ready svc-change svc-focus svc-blur svc-submit svc-result svc-error svc-passkey svc-3ds',
    cssParts: 'frame unavailable',
    cssProperties: '--svc-frame-initial-height',
  },
  'svc-challenge-dialog': {
    events: 'svc-challenge-cancel',
    cssParts: 'dialog close frame',
    cssProperties: '',
  },
};

const indent = (text: string) => text.trimEnd().replace(/^/gm, '    ');
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * Runs a command to completion; throws with its output when it fails, returns its stdout otherwise (its
 * stdout and stderr with `stderr`).
 */
function exec(command: string, args: string[], { cwd = root, show = false, stderr = false } = {}): string {
  const { stdout, output } = run(command, args, cwd);
  if (show && output !== '') console.log(indent(output));
  return stderr ? output : stdout;
}
const node = (args: string[], options = {}) => exec(process.execPath, args, options);

/** A merchant's project: node_modules with the unpacked tarball. */
const temp = mkdtempSync(join(tmpdir(), 'svc-package-'));
const consumer = join(temp, 'consumer');
const unpacked = join(consumer, 'node_modules', pkg.name);
const read = (file: string) => readFileSync(join(unpacked, file), 'utf8');
const importer = join(consumer, 'package-import.mjs');
let tarball = '';
let files: string[] = [];
const built = BUILT.every((f) => existsSync(join(root, f)));
if (!built) console.log('package: skipped: dist/ is not built: run `npm run build` first');

describe.skipIf(!built)('the package', { timeout: 120_000 }, () => {
  beforeAll(() => {
    const packed = packTarball(temp);
    tarball = packed.tarball;
    files = packed.files.map((f) => f.path);
    console.log(
      `${packed.filename}: ${kib(packed.size)} packed, ${kib(packed.unpackedSize)} unpacked, ${files.length} files`,
    );
    for (const file of packed.files) console.log(`    ${kib(file.size).padStart(10)}  ${file.path}`);
    installTarball(tarball, consumer, ['react', 'react-dom', 'scheduler', '@types/react', '@types/react-18']);
    cpSync(join(import.meta.dirname, 'package-import.mjs'), importer);
  }, 120_000);

  afterAll(() => {
    rmSync(temp, { recursive: true, force: true });
  });

  it('the tarball holds only what a user needs', () => {
    const refused = files.filter((f) => FORBIDDEN.some((p) => p.test(f)) || !ALLOWED.some((p) => p.test(f)));
    expect(refused, 'not allowed in the package').toEqual([]);
    const missing = REQUIRED.filter((file) => !files.includes(file));
    expect(missing, 'missing from the package').toEqual([]);
  });

  it('its README and docs link only to files in the package, or to the repository’s pages of files that exist', () => {
    // What npm shows and ships: a relative link must reach a file of the tarball (the docs but errors.md
    // are not in it); the others go to the repository (package.json's `repository`) on its main branch.
    const pages = files.filter((file) => file.endsWith('.md'));
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'docs/errors.md']));
    const broken = pages.flatMap((page) => {
      const text = read(page).replace(/^(\s*)(`{3,})[\s\S]*?^\1\2\s*$/gm, '');
      const targets = [...text.matchAll(/\]\(([^)\s]+)\)|\b(?:href|src)="([^"]+)"/g)].map(
        ([, markdown, html]) => markdown ?? html ?? '',
      );
      return targets.flatMap((target) => {
        const inRepository = repositoryFile(target);
        const file = (inRepository ?? target).split('#')[0] ?? '';
        const lost =
          inRepository !== undefined
            ? !existsSync(join(root, file))
            : !/^[a-z]+:/i.test(target) && file !== '' && !files.includes(normalize(join(page, '..', file)));
        return lost ? [`${page}: ${target}`] : [];
      });
    });
    expect(
      broken,
      `links to files the package lacks (link them as ${repositoryUrl}/blob/main/<path>)`,
    ).toEqual([]);
  });

  it('every sourceMappingURL names a map in the package', () => {
    const broken = files.flatMap((file) => {
      const map = file.endsWith('.js') ? /\/\/# sourceMappingURL=(\S+)\s*$/.exec(read(file))?.[1] : undefined;
      return map !== undefined && !files.includes(join(file, '..', map)) ? [`${file} names ${map}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it('sri.json gives the integrity of the files in the package', () => {
    const sri = JSON.parse(read('dist/sri.json')) as {
      files: Record<string, { integrity: string; bytes: number }>;
    };
    expect(Object.keys(sri.files)).not.toEqual([]);
    for (const [name, entry] of Object.entries(sri.files)) {
      const content = readFileSync(join(unpacked, 'dist', name));
      expect({ integrity: integrity(content), bytes: content.length }, name).toEqual(entry);
    }
  });

  it('custom-elements.json describes both elements and nothing private', () => {
    expect(pkg.customElements).toBe('./dist/custom-elements.json');
    type Named = { name?: string; privacy?: string }[] | undefined;
    const manifest = JSON.parse(read('dist/custom-elements.json')) as {
      modules: {
        path?: string;
        declarations?: ({ tagName?: string; members?: Named } & Record<string, Named>)[];
      }[];
    };
    // Tools open the modules it names: each must be a file of the package.
    const missing = manifest.modules.flatMap(({ path }) =>
      path !== undefined && existsSync(join(unpacked, path)) ? [] : [path],
    );
    expect(missing, 'modules not in the package').toEqual([]);
    const names = (list: Named) => (list ?? []).map((item) => item.name ?? '(unnamed)').join(' ');
    const described = Object.fromEntries(
      manifest.modules
        .flatMap((m) => m.declarations ?? [])
        .map(({ tagName, members, events, cssParts, cssProperties }) => {
          const hidden = (members ?? []).filter((m) => m.privacy === 'private' || m.name?.startsWith('#'));
          const lists = { events, cssParts, cssProperties, privateMembers: hidden };
          return [
            tagName ?? '(no tag name)',
            Object.fromEntries(Object.entries(lists).map(([k, l]) => [k, names(l)])),
          ];
        }),
    );
    const expected = Object.entries(ELEMENTS).map(([tag, lists]) => [tag, { ...lists, privateMembers: '' }]);
    expect(described).toEqual(Object.fromEntries(expected));
  });

  it('the declarations import only declared dependencies (React, an optional peer, for the React entry)', () => {
    const allowed = new Set([
      pkg.name,
      ...Object.keys(pkg.dependencies ?? {}),
      ...Object.keys(pkg.peerDependencies ?? {}).map((name) => name.replace(/^@types\//, '')),
    ]);
    const undeclared = files
      .filter((f) => f.endsWith('.d.ts'))
      .flatMap((file) =>
        [...read(file).matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)].flatMap(
          ([, spec = '']) =>
            spec.startsWith('.') || allowed.has(spec.split('/', spec.startsWith('@') ? 2 : 1).join('/'))
              ? []
              : [`${file}: ${spec}`],
        ),
      );
    expect([...new Set(undeclared)]).toEqual([]);
  });

  it('is ready to publish: MIT with its LICENSE, where it lives, and npm publish --dry-run without a warning', () => {
    // The manifest as packed, which is what the registry shows.
    const manifest = JSON.parse(read('package.json')) as Partial<typeof pkg> & {
      private?: boolean;
      repository?: { type?: string; url?: string };
      bugs?: { url?: string };
    };
    expect(manifest.private).toBeUndefined();
    expect(manifest.license).toBe('MIT');
    expect(manifest.repository?.type).toBe('git');
    expect(manifest.repository?.url).toMatch(/^git\+https:\/\//);
    expect(manifest.homepage).toMatch(/^https:\/\//);
    expect(manifest.bugs?.url).toMatch(/^https:\/\//);
    expect(manifest.keywords).toEqual(expect.arrayContaining(['payments', 'checkout']));
    expect(files).toContain('LICENSE');
    expect(read('LICENSE')).toMatch(/^MIT License/);
    // Nothing is sent: --dry-run stops before the registry. Being logged out is the one warning expected.
    const output = exec('npm', ['publish', tarball, '--dry-run', '--ignore-scripts'], {
      show: false,
      stderr: true,
    });
    expect(output).toContain(`+ ${pkg.name}@${pkg.version}`);
    const warnings = output.split('\n').filter((line) => /\bnpm (?:warn|error)\b/i.test(line));
    expect(warnings.filter((line) => !line.includes('requires you to be logged in'))).toEqual([]);
  });

  it('publint', async () => {
    const { messages, pkg: linted } = await publint({
      pack: { tarball: new Uint8Array(readFileSync(tarball)).buffer },
    });
    expect(linted['name'], 'publint read the tarball').toBe(pkg.name);
    const lines = messages.map((m) => `${m.type}: ${formatMessage(m, linted, { color: false }) ?? m.code}`);
    if (lines.length > 0) console.log(indent(lines.join('\n')));
    // Suggestions are advice; warnings and errors are what publint means as wrong.
    expect(messages.filter((m) => m.type !== 'suggestion').length, 'publint warnings and errors').toBe(0);
  });

  // esm-only: the package is "type": "module" with an import-only entry, for browsers and bundlers,
  // with no dependencies, so CommonJS resolution (node10, node16 from CJS)
  // has nothing to find. --no-definitely-typed keeps attw off the registry.
  it('attw (esm-only profile)', () => {
    const attw = join(root, 'node_modules', '@arethetypeswrong', 'cli', 'dist', 'index.js');
    const options = ['--profile', 'esm-only', '--no-definitely-typed', '--format', 'ascii'];
    node([attw, tarball, ...options], { show: true });
  });

  it('type tests (types-test/) against the shipped declarations, the React entry with React 19 and 18', () => {
    // The tests resolve `service-checkout` the way a merchant's app does: from node_modules.
    cpSync(join(root, 'types-test'), join(consumer, 'types-test'), { recursive: true });
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    node([tsc, '-p', join(consumer, 'types-test', 'tsconfig.json'), '--noEmit'], { show: true });
    // The React entry's again with React 18's types (React 19's above).
    node([tsc, '-p', join(consumer, 'types-test', 'react-18', 'tsconfig.json'), '--noEmit'], { show: true });
  });

  it('a React app bundled by Vite from the tarball holds one copy of the checkout, React entry and all', async () => {
    // The app's code: the React entry and the ESM entry, as a merchant's payment view imports them.
    const app = join(consumer, 'app.js');
    writeFileSync(
      app,
      [
        "import { createElement } from 'react';",
        "import { Checkout } from 'service-checkout';",
        "import { CardForm, CheckoutProvider } from 'service-checkout/react';",
        'export const view = (options) => createElement(CheckoutProvider, { options }, createElement(CardForm));',
        'export { Checkout };',
      ].join('\n'),
    );
    const output = await build({
      root: consumer,
      configFile: false,
      logLevel: 'silent',
      build: {
        write: false,
        lib: { entry: app, formats: ['es'] },
        rolldownOptions: { external: [/^react(?:\/|$)/] },
      },
    });
    const code = [output]
      .flat()
      .flatMap((result) => ('output' in result ? result.output : []))
      .map((chunk) => ('code' in chunk ? chunk.code : ''))
      .join('\n');
    // One CheckoutError class, so isCheckoutError and instanceof agree between the two entries.
    expect(code.match(/Symbol\.for\(["']service-checkout\.CheckoutError["']\)/g)).toHaveLength(1);
    expect(code).toContain('mountCardForm');
  });

  it('the ESM entry imports in Node without a DOM', () => {
    node([importer, 'entry', pkg.version], { cwd: consumer });
  });

  it('the React entry renders on a server in plain Node: the card form as its reserved height, no DOM', () => {
    node([importer, 'react', pkg.version], { cwd: consumer });
  });

  it('the webhook helpers import in plain Node and verify what they signed', () => {
    node([importer, 'webhooks', pkg.version], { cwd: consumer });
  });

  it('the exports map resolves the React entry, the script-tag build, frames, webhooks, custom-elements.json and package.json only', () => {
    node([importer, 'subpaths', pkg.version, scriptFile(), framesDir(), fullScriptFile()], { cwd: consumer });
  });
});
