// @ts-check
// Strict, type-aware linting for all TypeScript; Lit and accessibility rules for the shipped SDK.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import lit from 'eslint-plugin-lit';
import litA11y from 'eslint-plugin-lit-a11y';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores([
    'dist/',
    'demo/spa/dist/',
    'examples/react-shop/dist/',
    'reports/',
    'test-results/',
    'playwright-report/',
    'coverage/',
    '.cache/',
  ]),

  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Numbers in messages and URLs are normal; objects, nullish and unions with them are not.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // `_`-prefixed names mark deliberately unused parameters (handler signatures).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      // Under verbatimModuleSyntax, type-only imports must say so, and must not leave an empty
      // side-effect import behind.
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-import-type-side-effects': 'error',
      // Bracket access on index signatures marks a key that may be missing (process.env, records).
      '@typescript-eslint/dot-notation': ['error', { allowIndexSignaturePropertyAccess: true }],
      eqeqeq: ['error', 'always'],
    },
  },

  {
    files: ['src/**/*.ts'],
    extends: [lit.configs['flat/recommended'], litA11y.configs.recommended],
    languageOptions: { globals: globals.browser },
    rules: {
      // Shipped browser code must not log: logs can end up holding shopper data.
      'no-console': 'error',
    },
  },

  {
    // The sandbox emulates the service on its own rules: a bug in the SDK must show up as a
    // disagreement with it, not be echoed by it (sandbox/standalone.test.ts holds this rule to it).
    files: ['sandbox/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'service-checkout', message: 'The sandbox never imports the SDK.' }],
          patterns: [
            {
              regex: '^(\\.\\.?/)+src(/|$)',
              message: 'The sandbox never imports the SDK (src/): give it rules of its own.',
            },
          ],
        },
      ],
    },
  },

  {
    files: ['**/*.test.ts', 'e2e/**/*.ts'],
    rules: {
      // Tests assert on values they just built; a `!` there is clearer than a guard.
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },

  {
    // Type tests hold invalid code on purpose (under @ts-expect-error) and import the built
    // declarations, which do not exist before `npm run build`: tsc checks them, lint without types.
    files: ['types-test/**/*.ts', 'types-test/**/*.tsx'],
    extends: [tseslint.configs.disableTypeChecked],
  },

  {
    // Plain JavaScript (this file, scripts/package-import.mjs, demo page scripts) is outside tsconfig; lint it
    // without types.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ignores: ['demo/pages/**'],
    languageOptions: { globals: globals.node },
  },
  {
    // Scripts the demo's pages load run in the shopper's browser, not in Node.
    files: ['demo/pages/**/*.js', 'demo/pages/**/*.mjs'],
    languageOptions: { globals: globals.browser },
  },
);
