// `npm run docs:api` writes docs/api/: a page per export of src/index.ts from its TSDoc (TypeDoc, with
// typedoc-plugin-markdown) and elements.md from the custom elements manifest, formatted with Prettier.
// api-docs.test.ts regenerates it and fails when the committed copy is stale.

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as prettier from 'prettier';
import { Application, Converter, DeclarationReflection, OptionDefaults, ReflectionKind } from 'typedoc';
import type { PluginOptions } from 'typedoc-plugin-markdown';
import ts from 'typescript';
import { markdownTable } from '../bench/stats.ts';
import { root } from './artifacts.ts';

/** The parts of a custom elements manifest (schema 1.0.0) that the reference reads. */
interface Item {
  name: string;
  description?: string;
  type?: { text: string };
  default?: string;
}
type Member = Item & { kind: 'field' | 'method'; attribute?: string; reflects?: boolean; readonly?: boolean };
export interface Manifest {
  modules: {
    declarations?: (Item & {
      tagName?: string;
      customElement?: boolean;
      members?: (Member & { parameters?: { name: string }[] })[];
      events?: Item[];
      cssParts?: Item[];
      cssProperties?: Item[];
    })[];
  }[];
}

export const API_DIR = join(root, 'docs', 'api');

/** The manifest's JSDoc tags: TypeDoc must know them, and leave them to elements.md. */
const ELEMENT_TAGS: `@${string}`[] = ['@tag', '@event', '@csspart', '@cssproperty'];

/** Every file below `dir`, relative to it, sorted. */
export function filesIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).replaceAll('\\', '/'))
    .sort();
}

/**
 * Drops the members a class or interface only inherits, or overrides without a comment of its own,
 * from outside this package (the DOM's Event and HTMLElement): the reference is about what
 * this package adds, and their comments are not ours to publish.
 */
function pruneForeignMembers(app: Application): void {
  const commented = new Set<number>();
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    const declarations = context.getSymbolFromReflection(reflection)?.declarations ?? [];
    if (declarations.some((node) => ts.getJSDocCommentsAndTags(node).length > 0))
      commented.add(reflection.id);
  });
  // After TypeDoc links inherited members to their parents in the project (priority 0), before it
  // groups them into sections (-100).
  app.converter.on(
    Converter.EVENT_RESOLVE_END,
    (context) => {
      const foreign = (reference: { reflection?: unknown } | undefined) =>
        reference !== undefined && reference.reflection === undefined;
      for (const owner of [ReflectionKind.Class, ReflectionKind.Interface].flatMap((kind) =>
        context.project.getReflectionsByKind(kind),
      )) {
        if (!(owner instanceof DeclarationReflection)) continue;
        for (const member of [...(owner.children ?? [])]) {
          if (member.kindOf(ReflectionKind.Constructor)) continue;
          if (foreign(member.inheritedFrom) || (foreign(member.overwrites) && !commented.has(member.id)))
            context.project.removeReflection(member);
        }
      }
    },
    -50,
  );
}

/**
 * The main entry's types the React entry's props and values name: documented in docs/api/, so the React
 * pages name them without a page of their own.
 */
const MAIN_ENTRY_TYPES = [
  'ApplePayButtonOptions',
  'ApplePayOptions',
  'Checkout',
  'CheckoutError',
  'CheckoutOptions',
  'GooglePayOptions',
  'PaymentProgress',
  'PaymentResult',
  'PayOptions',
  'StoredCard',
  'SvcBlurEvent',
  'SvcChangeEvent',
  'SvcErrorEvent',
  'SvcFocusEvent',
  'SvcPasskeyEvent',
  'SvcReadyEvent',
  'SvcResultEvent',
  'SvcSubmitEvent',
  'SvcThreeDsEvent',
];

/**
 * Writes TypeDoc's Markdown pages of `entry` (src/index.ts, or the React entry) into `out`; throws on
 * any warning.
 */
async function writeReference(out: string, entry = join(root, 'src', 'index.ts')): Promise<void> {
  const markdown: PluginOptions = {
    hidePageHeader: true,
    hideBreadcrumbs: true,
    pageTitleTemplates: { index: 'API reference' },
  };
  const app = await Application.bootstrapWithPlugins({
    ...markdown,
    entryPoints: [entry],
    // The declarations' program: the entries and their imports, no Node types.
    tsconfig: join(root, 'tsconfig.build.json'),
    plugin: ['typedoc-plugin-markdown'],
    out,
    readme: 'none',
    // No "Defined in" links: they name a commit, so every commit would make the pages stale.
    disableSources: true,
    excludeInternal: true,
    excludePrivate: true,
    excludeProtected: true,
    // TypeDoc reads a bare `@event` as a modifier that files the class under "Events".
    modifierTags: OptionDefaults.modifierTags.filter((tag) => !ELEMENT_TAGS.includes(tag)),
    blockTags: [...OptionDefaults.blockTags, ...ELEMENT_TAGS],
    excludeTags: [...OptionDefaults.excludeTags, ...ELEMENT_TAGS],
    // An export without TSDoc, or a link to nothing, fails the run rather than making a thin page.
    validation: { notExported: true, notDocumented: true, invalidLink: true },
    intentionallyNotExported: entry.endsWith(join('react', 'index.ts')) ? MAIN_ENTRY_TYPES : [],
    logLevel: 'Warn',
  });
  pruneForeignMembers(app);
  const project = await app.convert();
  if (project === undefined) throw new Error(`TypeDoc could not convert ${entry} (see above).`);
  app.validate(project);
  if (app.logger.hasErrors() || app.logger.hasWarnings())
    throw new Error('TypeDoc reported problems with the TSDoc of the public exports (see above).');
  await app.generateOutputs(project);
}

/** The custom elements manifest, as `npm run build` writes it to dist/custom-elements.json. */
export async function elementsManifest(): Promise<Manifest> {
  // The analyzer's CLI module has no declarations: a variable specifier keeps the type checker out of
  // it, and the cast says what it returns.
  const analyzer = '@custom-elements-manifest/analyzer/cli.js';
  const { cli } = (await import(analyzer)) as {
    cli: (options: { argv: string[]; cwd: string; noWrite: boolean }) => Promise<Manifest>;
  };
  return cli({ argv: ['analyze', '--quiet'], cwd: root, noWrite: true });
}

/** A table cell: one line (markdownTable escapes its pipes). */
const cell = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
const code = (text: string | undefined) => (text === undefined ? '' : `\`${cell(text)}\``);

/**
 * docs/api/elements.md: for each element, its attributes and properties, methods (when it has any),
 * events, CSS parts and CSS custom properties. Classes link to their pages in `pages` (paths relative
 * to docs/api/).
 */
export function renderElements(manifest: Manifest, pages: readonly string[]): string {
  const link = (name: string) => {
    const page = pages.find((p) => p === `classes/${name}.md` || p === `interfaces/${name}.md`);
    return page === undefined ? `\`${name}\`` : `[\`${name}\`](${page})`;
  };
  /** A section: its title, then its table ("None." without rows). */
  const section = (title: string, header: string, rows: string[][]) =>
    `### ${title}\n\n${rows.length === 0 ? 'None.' : markdownTable(header, rows)}`;
  /** A row: the item's name, `middle`, then its description. */
  const row = (item: Item & { readonly?: boolean }, ...middle: string[]) => [
    code(item.name),
    ...middle,
    `${item.readonly === true ? 'Read-only. ' : ''}${cell(item.description)}`,
  ];
  const elements = manifest.modules
    .flatMap((module) => module.declarations ?? [])
    .filter((d) => d.customElement === true && d.tagName !== undefined)
    .sort((a, b) => (a.tagName ?? '').localeCompare(b.tagName ?? ''));
  const sections = elements.map((element) => {
    const { tagName = '', name, members = [], events = [], cssParts = [], cssProperties = [] } = element;
    const methods = members.filter((m) => m.kind === 'method');
    const attribute = (f: Member) =>
      f.attribute === undefined ? '' : `${code(f.attribute)}${f.reflects === true ? ' (reflected)' : ''}`;
    const fields = members
      .filter((m) => m.kind === 'field')
      .map((f) => row(f, attribute(f), code(f.type?.text), code(f.default)));
    const signatures = methods.map((m) => [
      code(`${m.name}(${(m.parameters ?? []).map((p) => p.name).join(', ')})`),
      cell(m.description),
    ]);
    const eventRows = events.map((e) => row(e, e.type ? link(e.type.text) : ''));
    const partRows = cssParts.map((p) => row(p));
    const propertyRows = cssProperties.map((p) => row(p, code(p.default)));
    return [
      `## \`<${tagName}>\``,
      `Class ${link(name)}. ${cell(element.description)}`,
      section('Attributes and properties', 'property | attribute | type | default | description', fields),
      ...(methods.length === 0 ? [] : [section('Methods', 'method | description', signatures)]),
      section('Events', 'event | class | description', eventRows),
      section('CSS parts', 'part | description', partRows),
      section('CSS custom properties', 'property | default | description', propertyRows),
    ].join('\n\n');
  });
  return [
    '# Custom elements',
    'The merchant-side elements, as the custom elements manifest the package ships describes them ' +
      '(`service-checkout/custom-elements.json`, for editors and linters). Generated by ' +
      "`npm run docs:api` from the elements' JSDoc.",
    ...sections,
  ].join('\n\n');
}

/** What README.md says before TypeDoc's index. */
const INTRO = [
  'Every export of `service-checkout` (the ESM build; the script-tag build has the same under',
  '`window.Checkout`), generated from the TSDoc of `src/index.ts` by `npm run docs:api`. How to use them',
  "together: [the checkout script](../checkout-script.md). The elements' attributes, events, CSS parts and",
  'custom properties: [elements.md](elements.md). Error codes: [errors.md](../errors.md). The React',
  'entry, `service-checkout/react`: [react/](react/README.md).',
].join(' ');

/** What react/README.md says before TypeDoc's index. */
const REACT_INTRO = [
  'Every export of `service-checkout/react`, generated from the TSDoc of `src/react/index.ts` by',
  '`npm run docs:api`. How to use them together: [the single-page app guide](../../guides/single-page-app.md).',
  'The types they name without a link (`CheckoutOptions`, `PaymentResult`, the `Svc…Event`s, …) are the',
  "main entry's: [the API reference](../README.md).",
].join(' ');

/** TypeDoc's index page in `dir`, with `intro` under its title. */
function introduce(dir: string, intro: string, title?: string): void {
  const readme = join(dir, 'README.md');
  const [heading = '', ...rest] = readFileSync(readme, 'utf8').split('\n');
  writeFileSync(readme, [title ?? heading, '', intro, ...rest].join('\n'));
}

/** Writes the whole reference into `out` (docs/api/ by default), replacing what was there. */
export async function generate(out = API_DIR): Promise<void> {
  await writeReference(out);
  introduce(out, INTRO);
  // The React entry's pages, after the main ones (TypeDoc empties its output directory first).
  await writeReference(join(out, 'react'), join(root, 'src', 'react', 'index.ts'));
  introduce(join(out, 'react'), REACT_INTRO, '# API reference: service-checkout/react');
  writeFileSync(join(out, 'elements.md'), renderElements(await elementsManifest(), filesIn(out)));
  // The committed copy's config, wherever `out` is.
  const config = await prettier.resolveConfig(join(API_DIR, 'README.md'));
  for (const file of filesIn(out)) {
    const [path, filepath] = [join(out, file), join(API_DIR, file)];
    writeFileSync(path, await prettier.format(readFileSync(path, 'utf8'), { ...config, filepath }));
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  await generate();
  console.log(`docs/api: ${String(filesIn(API_DIR).length)} pages`);
}
