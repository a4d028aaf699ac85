// The sandbox stands on its own rules: nothing in sandbox/ imports the SDK, and the lint rule that says
// so catches every way of writing such an import.

import { ESLint, Linter } from 'eslint';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const SELF = fileURLToPath(import.meta.url);
const ROOT = resolve(dirname(SELF), '..');
const SANDBOX = join(ROOT, 'sandbox');
const SDK = join(ROOT, 'src');

function sandboxSources(dir = SANDBOX): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sandboxSources(path);
    // This file quotes forbidden imports as lint probes.
    return /\.(ts|js|mjs)$/.test(entry.name) && path !== SELF ? [path] : [];
  });
}

// Static imports and re-exports (`from '…'`), side-effect imports and dynamic import().
const SPECIFIER = /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g;

describe('the sandbox', () => {
  it('imports nothing from the SDK (src/)', () => {
    const offending = sandboxSources().flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(SPECIFIER)]
        .map((match) => match[1] ?? match[2] ?? '')
        .filter((specifier) => {
          if (specifier === 'service-checkout') return true;
          if (!specifier.startsWith('.')) return false;
          const target = relative(SDK, resolve(dirname(file), specifier));
          return !target.startsWith('..');
        })
        .map((specifier) => `${relative(ROOT, file)}: ${specifier}`),
    );
    expect(offending).toEqual([]);
  });

  it('has a lint rule that refuses every form of import from the SDK', async () => {
    const file = join(SANDBOX, 'three-ds', 'probe.ts');
    const config = (await new ESLint({ cwd: ROOT }).calculateConfigForFile(file)) as Linter.Config;
    const rule = config.rules?.['no-restricted-imports'];
    expect(rule).toBeDefined();
    const lint = (code: string) =>
      new Linter({ configType: 'flat' })
        .verify(
          code,
          [
            {
              files: ['**/*.ts'],
              languageOptions: { parser: tseslint.parser },
              rules: { 'no-restricted-imports': rule! },
            },
          ],
          file,
        )
        .map((message) => message.ruleId);
    for (const code of [
      "import { luhnValid } from '../../src/card/index.ts';",
      "import type { Brand } from '../../src/card/brands.ts';",
      "export { redact } from '../../src/redact.ts';",
      "import '../../src/index.ts';",
      "import { Checkout } from 'service-checkout';",
    ]) {
      expect(lint(code), code).toEqual(['no-restricted-imports']);
    }
    expect(lint("import { detectBrand } from '../card-brands.ts';")).toEqual([]);
    expect(lint("import { z } from 'zod';")).toEqual([]);
    // Loading the whole lint config (typescript-eslint, plugins) is slow on a busy machine.
  }, 60_000);
});
