// docs/api/ is generated (`npm run docs:api`) but committed, so that it reads on GitHub: it must be what
// the sources make today, cover every public export, and hold no code for the docs' sample runner.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { API_DIR, filesIn, generate } from './api-docs.ts';

const root = join(import.meta.dirname, '..');

/**
 * Every name an entry exports (src/index.ts, or the React entry), types included (`export type *`
 * too), as tsconfig.build.json has it.
 */
function publicExports(entry = join(root, 'src', 'index.ts')): string[] {
  const read = (path: string) => ts.sys.readFile(path);
  const { config } = ts.readConfigFile(join(root, 'tsconfig.build.json'), read) as { config: unknown };
  const { options, fileNames } = ts.parseJsonConfigFileContent(config, ts.sys, root);
  const program = ts.createProgram(fileNames, options);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const module = source === undefined ? undefined : checker.getSymbolAtLocation(source);
  if (module === undefined) throw new Error(`${entry} did not compile to a module`);
  return checker
    .getExportsOfModule(module)
    .map((symbol) => symbol.name)
    .sort();
}

const fresh = mkdtempSync(join(tmpdir(), 'api-docs-'));
await generate(fresh);

describe('docs/api', () => {
  const committed = filesIn(API_DIR);

  afterAll(() => {
    rmSync(fresh, { recursive: true, force: true });
  });

  it('has the pages the sources make (run npm run docs:api after changing an export or its TSDoc)', () => {
    expect(committed).toEqual(filesIn(fresh));
  });

  it.each(committed)('%s is up to date (run npm run docs:api)', (file) => {
    expect(readFileSync(join(API_DIR, file), 'utf8')).toBe(readFileSync(join(fresh, file), 'utf8'));
  });

  const exported = publicExports();

  it('finds the public exports (a sanity check of the scan)', () => {
    const known = 'Checkout CheckoutError CardResult SvcCardForm VERSION formatCsp'.split(' ');
    expect(exported).toEqual(expect.arrayContaining(known));
  });

  it.each(exported)('links %s from the index to a page of its own', (name) => {
    const readme = readFileSync(join(API_DIR, 'README.md'), 'utf8');
    const page = committed.find((file) => !file.startsWith('react/') && file.endsWith(`/${name}.md`));
    expect(page, `no page for ${name}`).toBeDefined();
    expect(readme).toContain(`](${page ?? ''})`);
  });

  const reactExports = publicExports(join(root, 'src', 'react', 'index.ts'));

  it('finds the React entry’s exports (a sanity check of the scan)', () => {
    expect(reactExports).toEqual(expect.arrayContaining(['CheckoutProvider', 'CardForm', 'usePay']));
  });

  it.each(reactExports)('links service-checkout/react’s %s from its index to a page of its own', (name) => {
    const readme = readFileSync(join(API_DIR, 'react', 'README.md'), 'utf8');
    const page = committed.find((file) => file.startsWith('react/') && file.endsWith(`/${name}.md`));
    expect(page, `no page for ${name}`).toBeDefined();
    expect(readme).toContain(`](${(page ?? '').slice('react/'.length)})`);
  });

  it('documents both elements with every svc-* event of the card form', () => {
    const elements = readFileSync(join(API_DIR, 'elements.md'), 'utf8');
    expect(elements).toContain('## `<svc-card-form>`');
    expect(elements).toContain('## `<svc-challenge-dialog>`');
    const events = readFileSync(join(root, 'src', 'events.ts'), 'utf8');
    const names = [...events.matchAll(/static readonly type = '(svc-[a-z0-9-]+)'/g)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(5);
    for (const name of names) expect(elements).toContain(`| \`${name ?? ''}\``);
  });

  it('holds no code blocks: every code sample in the docs is run by a test, and these are not samples', () => {
    const fenced = committed.filter((file) => /^(```|~~~)/m.test(readFileSync(join(API_DIR, file), 'utf8')));
    expect(fenced).toEqual([]);
  });
});
