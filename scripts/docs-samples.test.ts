import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pkg, root, scriptFile } from './artifacts.ts';
import {
  asPublished,
  blocks,
  brokenLinks,
  codeLanguages,
  docFiles,
  region,
  runnerOf,
  shellLanguages,
  shellProblems,
  slug,
  strayMarkers,
} from './docs-samples.ts';

const DOCS = docFiles(root);

describe.each(DOCS)('%s', (doc) => {
  const text = readFileSync(join(root, doc), 'utf8');
  const found = blocks(text);

  it('has no sample marker without its code block', () => {
    expect(strayMarkers(text)).toEqual([]);
  });

  it('links only to files and anchors that exist', () => {
    expect(brokenLinks(root, doc)).toEqual([]);
  });

  it.each(found.map((b) => [`line ${String(b.line)} (${b.lang || 'no language'})`, b] as const))(
    '%s',
    (_name, block) => {
      if (codeLanguages.has(block.lang)) {
        expect(block.sample, 'a code sample names the file and region it comes from').toBeDefined();
        const { path, region: name } = block.sample ?? { path: '', region: '' };
        const runner = runnerOf(root, path);
        expect(runner).toHaveProperty('runner');
        const source = readFileSync(join(root, path), 'utf8');
        expect(block.body).toBe(asPublished(region(source, name), scriptFile()));
      } else if (shellLanguages.has(block.lang)) {
        expect(shellProblems(block.body, pkg.scripts, (p) => existsSync(join(root, p)))).toEqual([]);
      } else if (block.lang === 'json') {
        expect(() => JSON.parse(block.body) as unknown).not.toThrow();
      } else if (block.lang === 'mermaid') {
        // A map of src/'s rooms: each folder or file a box names is there.
        const named = [...block.body.matchAll(/\["?([^"\]]+)"?\]/g)].flatMap((m) =>
          (m[1] ?? '').split(' · '),
        );
        expect(named.filter((room) => !existsSync(join(root, 'src', room)))).toEqual([]);
      } else {
        expect(
          ['text'],
          'a block says what it holds: js, ts, html, css, sh, json, mermaid or text',
        ).toContain(block.lang);
      }
    },
  );
});

describe('the sample rules', () => {
  const markdown = [
    'Intro',
    '<!-- sample: demo/pages/plain.js#mount -->',
    '',
    '```js',
    'const a = 1;',
    '```',
    '',
    '  ```sh',
    '  npm test',
    '  ```',
    '<!-- sample: x.ts#gone -->',
    'text',
  ].join('\n');

  it('finds blocks with their markers, including indented ones, and markers that lost their block', () => {
    expect(blocks(markdown)).toEqual([
      {
        line: 4,
        lang: 'js',
        body: 'const a = 1;',
        sample: { line: 2, path: 'demo/pages/plain.js', region: 'mount' },
      },
      { line: 8, lang: 'sh', body: 'npm test' },
    ]);
    expect(strayMarkers(markdown)).toEqual([11]);
    expect(() => blocks('```js\nnever closed')).toThrow(/never closed/);
  });

  it('takes a region dedented, and refuses a missing, doubled or unended one', () => {
    const source = `x();
  // #region call
  if (a) {
    b();
  }
  // #endregion call
<!-- #region page -->
<p>hi</p>
<!-- #endregion page -->
// #region call-more`;
    expect(region(source, 'call')).toBe('if (a) {\n  b();\n}');
    expect(region(source, 'page')).toBe('<p>hi</p>');
    expect(() => region(source, 'nope')).toThrow(/no region nope/);
    expect(() => region(`${source}\n// #region page`, 'page')).toThrow(/twice/);
    expect(() => region(source, 'call-more')).toThrow(/never ends/);
  });

  it('shows the demo page placeholders as a merchant writes them', () => {
    expect(
      asPublished('src="/sdk/{{script}}" integrity="{{sri:script}}"', 'checkout-essentials-1.2.3.js'),
    ).toBe('src="/sdk/checkout-essentials-1.2.3.js" integrity="sha384-…"');
  });

  it('allows only this package’s own commands in shell blocks', () => {
    const exists = (p: string) => p === 'e2e-webkit/smoke.ts';
    expect(
      shellProblems(
        'npm install && npm run demo\nSVC_X=1 SVC_3DS_PORT=0 npm test\nnode e2e-webkit/smoke.ts',
        pkg.scripts,
        exists,
      ),
    ).toEqual([]);
    expect(shellProblems('npm run nope\ncurl http://x | sh\nnode missing.mjs', pkg.scripts, exists)).toEqual([
      'npm run nope',
      'curl http://x | sh',
      'node missing.mjs',
    ]);
  });

  it('finds links that lead nowhere, and the anchors GitHub gives headings', () => {
    expect(slug('1. Your backend creates a session')).toBe('1-your-backend-creates-a-session');
    expect(slug('Security and `PCI`')).toBe('security-and-pci');
    expect(brokenLinks(root, 'docs/guides/script-tag.md')).toEqual([]);
    const dir = mkdtempSync(join(tmpdir(), 'links-'));
    mkdirSync(join(dir, 'docs'));
    writeFileSync(join(dir, 'docs', 'a.md'), '# A\n<a id="x"></a>\n## Two words\n');
    writeFileSync(
      join(dir, 'docs', 'b.md'),
      '[ok](a.md#two-words) [ok](a.md#x) [ok](#b) [ok](https://x.test/y)\n# B\n[no](a.md#three) [no](c.md)\n```md\n[skipped](z.md)\n```\n',
    );
    expect(brokenLinks(dir, 'docs/b.md')).toEqual(['a.md#three', 'c.md']);
  });

  it('knows which test runs a sample’s file, and says when none does', () => {
    expect(runnerOf(root, 'demo/pages/plain.js')).toHaveProperty('runner');
    // The first spec that opens /spa/ (the demo's layout checks open every page).
    expect(runnerOf(root, 'demo/spa/payment-view.tsx')).toEqual({
      runner: expect.stringMatching(/^e2e\/(?:demo-layout|spa)\.spec\.ts$/) as unknown,
    });
    expect(runnerOf(root, 'scripts/docs-samples.test.ts')).toEqual({
      runner: 'scripts/docs-samples.test.ts',
    });
    expect(runnerOf(root, 'demo/merchant-backend.ts')).toEqual({ runner: 'demo/merchant-backend.test.ts' });
    expect(runnerOf(root, 'examples/minimal-shop/index.html')).toEqual({
      runner: 'e2e/minimal-shop.spec.ts',
    });
    expect(runnerOf(root, 'examples/minimal-shop/server.ts')).toEqual({
      runner: 'examples/minimal-shop/server.test.ts',
    });
    expect(runnerOf(root, 'vite.config.ts')).toEqual({ problem: 'no test runs vite.config.ts' });
    expect(runnerOf(root, 'demo/pages/nope.js')).toEqual({ problem: 'demo/pages/nope.js does not exist' });
  });
});
