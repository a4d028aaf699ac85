// Every code sample in README.md and docs/ is code a test runs: a fenced block right after a marker
// `<!-- sample: path#region -->` equals that region of a file the tests run (a test, a demo page an e2e
// spec opens, a module with its test). Shell blocks hold only this package's commands; JSON blocks parse.
// docs-samples.test.ts checks; `npm run docs:samples` fills every marked block from its region.

import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fillPageTemplate, pkg, root, scriptFile } from './artifacts.ts';

/** Fenced languages that are code a merchant would copy, and so must come from a file a test runs. */
export const codeLanguages = new Set(['js', 'mjs', 'ts', 'tsx', 'jsx', 'html', 'css']);
export const shellLanguages = new Set(['sh', 'shell', 'bash']);

export interface Block {
  line: number;
  lang: string;
  body: string;
  /** The marker's line, file and region. */
  sample?: { line: number; path: string; region: string };
}

/** The fenced blocks of a Markdown text, each with the sample marker on the line before it, if any. */
export function blocks(markdown: string): Block[] {
  const lines = markdown.split('\n');
  const found: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})([\w-]*)/.exec(lines[i] ?? '');
    if (open === null) continue;
    const [, indent = '', fence = '', lang = ''] = open;
    const end = lines.findIndex((l, j) => j > i && l.trimEnd() === `${indent}${fence}`);
    if (end === -1) throw new Error(`line ${String(i + 1)}: a code block is never closed`);
    // Prettier puts a blank line between the marker and its block.
    const before = (lines[i - 1] ?? '').trim() === '' ? i - 2 : i - 1;
    const marker = /^\s*<!-- sample: ([^#\s]+)#([\w-]+) -->\s*$/.exec(lines[before] ?? '');
    const body = lines.slice(i + 1, end).map((l) => l.slice(indent.length));
    const sample =
      marker === null ? {} : { sample: { line: before + 1, path: marker[1] ?? '', region: marker[2] ?? '' } };
    found.push({ line: i + 1, lang, body: body.join('\n'), ...sample });
    i = end;
  }
  return found;
}

/** Markers that are not right before a code block (a blank line apart at most): a sample that lost its block. */
export function strayMarkers(markdown: string): number[] {
  const attached = new Set(blocks(markdown).map((b) => b.sample?.line));
  return markdown
    .split('\n')
    .flatMap((l, i) => (l.includes('<!-- sample:') && !attached.has(i + 1) ? [i + 1] : []));
}

/** The lines between `#region name` and `#endregion name` (in a // or <!-- --> comment), dedented. */
export function region(source: string, name: string): string {
  const lines = source.split('\n');
  const marks = (end: string) =>
    lines.flatMap((l, i) =>
      new RegExp(`^\\s*(?://|<!--)\\s*#${end}region ${name}(?![\\w-])`).test(l) ? [i] : [],
    );
  const [start, ...again] = marks('');
  if (start === undefined) throw new Error(`no region ${name}`);
  if (again.length > 0) throw new Error(`region ${name} is defined twice`);
  const end = marks('end').find((i) => i > start);
  if (end === undefined) throw new Error(`region ${name} never ends`);
  const body = lines.slice(start + 1, end);
  const indent = Math.min(...body.filter((l) => l.trim() !== '').map((l) => /^ */.exec(l)?.[0].length ?? 0));
  return body.map((l) => l.slice(indent)).join('\n');
}

/** A demo page's template as the docs show it: the versioned script name, an integrity to take from sri.json. */
export const asPublished = (text: string, scriptFile: string) =>
  fillPageTemplate(text, () => 'sha384-…', scriptFile);

let e2eSpecs: [string, string][] | undefined;
/** The e2e specs and the page models they drive, with their text: read once. */
const e2eSources = (root: string) =>
  (e2eSpecs ??= readdirSync(join(root, 'e2e'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => [f, readFileSync(join(root, 'e2e', f), 'utf8')]));

/**
 * The test that runs a sample's file, or why none does. A test file runs itself; a demo page (its
 * HTML or its script) is run by the e2e specs that open it (themselves or through a page model); the demo backend by its own tests;
 * an example's page by the e2e spec that names its folder, its server by its test.
 */
export function runnerOf(root: string, path: string): { runner: string } | { problem: string } {
  if (!existsSync(join(root, path))) return { problem: `${path} does not exist` };
  if (/\.(?:test|spec)\.tsx?$/.test(path)) return { runner: path };
  const page = /^demo\/pages\/([\w-]+)\.(?:html|js)$/.exec(path)?.[1];
  const url = page !== undefined ? `/${page}.html` : path.startsWith('demo/spa/') ? '/spa/' : undefined;
  if (url !== undefined) {
    const opens = e2eSources(root).find(([, text]) =>
      ["'", '"', '`'].some((quote) => text.includes(`${quote}${url}`)),
    );
    return opens === undefined ? { problem: `no e2e spec opens ${url}` } : { runner: `e2e/${opens[0]}` };
  }
  // An example (examples/<name>/) is run by its own test beside it, or by the e2e spec that names its folder.
  const example = /^examples\/[\w-]+\//.exec(path)?.[0];
  const drives =
    example === undefined ? undefined : e2eSources(root).find(([, text]) => text.includes(example));
  if (drives !== undefined && !path.endsWith('.ts')) return { runner: `e2e/${drives[0]}` };
  const tested = path.replace(/\.ts$/, '.test.ts');
  if (tested !== path && existsSync(join(root, tested))) return { runner: tested };
  return { problem: `no test runs ${path}` };
}

/** Why a shell block's lines are not this package's own commands (empty when they all are). */
export function shellProblems(
  body: string,
  scripts: Record<string, string>,
  exists: (path: string) => boolean,
): string[] {
  const problems: string[] = [];
  for (const line of body.split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    for (const command of line
      .split('&&')
      .map((c) => c.trim().replace(/^(?:[A-Z_][A-Z0-9_]*=\S*\s+)+/, ''))) {
      const run = /^npm run ([\w:-]+)(?:\s+--\s.*)?$/.exec(command);
      const node = /^node ([\w./-]+)(?:\s.*)?$/.exec(command);
      if (/^npm (?:install|ci|test)$/.test(command)) continue;
      if (run !== null && scripts[run[1] ?? ''] !== undefined) continue;
      if (node !== null && exists(node[1] ?? '')) continue;
      problems.push(command);
    }
  }
  return problems;
}

/**
 * The repository's web address (package.json's `repository`). README.md ships in the package, which
 * holds no docs but errors.md: it links to the others as `<repository>/blob/main/<path>` (a folder as
 * `/tree/main/`), which the checks below read as that path of this checkout.
 */
export const repositoryUrl = pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
const repositoryPath = new RegExp(
  `^${repositoryUrl.replace(/[.+?^$()[\]{}|\\/]/g, '\\$&')}/(?:blob|tree)/main/`,
);

/** The path in this checkout a link to the repository's main branch names, if it is one. */
export const repositoryFile = (target: string): string | undefined =>
  repositoryPath.test(target) ? target.replace(repositoryPath, '') : undefined;

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/**
 * Relative links of a Markdown page (and its links to the repository's files) that lead nowhere: a
 * missing file, or an anchor that is neither a heading nor an `<a id>` of the page it points into. Code
 * blocks are skipped.
 */
export function brokenLinks(root: string, doc: string): string[] {
  const text = readFileSync(join(root, doc), 'utf8').replace(/^(\s*)(`{3,})[\s\S]*?^\1\2\s*$/gm, '');
  const broken: string[] = [];
  for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = match[1] ?? '';
    const inRepository = repositoryFile(target);
    if (inRepository === undefined && /^[a-z]+:/.test(target)) continue;
    const [file = '', anchor] = (inRepository ?? target).split('#');
    const path = inRepository !== undefined ? file : file === '' ? doc : join(doc, '..', file);
    if (!existsSync(join(root, path))) {
      broken.push(target);
      continue;
    }
    if (anchor === undefined || !path.endsWith('.md')) continue;
    const page = readFileSync(join(root, path), 'utf8');
    const anchors = new Set([
      ...[...page.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1] ?? '')),
      ...[...page.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1] ?? ''),
    ]);
    if (!anchors.has(anchor)) broken.push(target);
  }
  return broken;
}

/** README.md and every page under docs/ but docs/api/ (generated, with its own staleness test). */
export function docFiles(root: string): string[] {
  const pages = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md') && !f.startsWith('api/'))
    .map((f) => `docs/${f}`);
  return ['README.md', ...pages.sort()];
}

/** The Markdown with every marked block replaced by its region as published. */
export function fill(markdown: string, read: (path: string) => string, scriptFile: string): string {
  const lines = markdown.split('\n');
  for (const block of blocks(markdown).reverse()) {
    if (block.sample === undefined) continue;
    const indent = /^\s*/.exec(lines[block.line - 1] ?? '')?.[0] ?? '';
    const text = asPublished(region(read(block.sample.path), block.sample.region), scriptFile);
    const body = text.split('\n').map((l) => (l === '' ? l : `${indent}${l}`));
    const end = block.line + block.body.split('\n').length - (block.body === '' ? 1 : 0);
    lines.splice(block.line, end - block.line, ...body);
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const args = process.argv.slice(2);
  for (const doc of args.length > 0 ? args : docFiles(root)) {
    const text = readFileSync(join(root, doc), 'utf8');
    const filled = fill(text, (path) => readFileSync(join(root, path), 'utf8'), scriptFile());
    if (filled !== text) writeFileSync(join(root, doc), filled);
    console.log(`${doc}: ${filled === text ? 'up to date' : 'filled'}`);
  }
}
