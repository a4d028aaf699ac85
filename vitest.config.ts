// Unit tests: browser-side code in happy-dom, server-side code (sandbox, demo backend, scripts) in Node,
// and so are src/'s `*.node.test.ts`: the tests named for where they run (the sources read as text,
// the merchant server's helpers, the ESM entry imported without a DOM).
// Everything with real frames, focus or network is Playwright's job (playwright.config.ts).
import { resolve } from 'node:path';
import { defineConfig, mergeConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import { CARD_CHUNKS, cardLogos, shared } from './vite.config.ts';

/** The card frame's lazy chunks (`virtual:chunk/<name>`) as their source modules' URLs, which tests import. */
const chunkSources: Plugin = {
  name: 'svc-chunk-sources',
  resolveId: (source) => (source.startsWith('virtual:chunk/') ? `\0${source}` : null),
  load(id) {
    const module = id.startsWith('\0virtual:chunk/') ? CARD_CHUNKS[id.slice(15)] : undefined;
    return module === undefined ? null : `export default ${JSON.stringify(`/${module}`)};`;
  },
};

// A vitest.config.ts hides vite.config.ts from vitest; merging keeps the build's `define`s (and any
// later plugins or aliases) true in tests.
export default mergeConfig(
  // The card fields import the logo sprite's URL (virtual:card-logos), the frame its chunks' URLs. The React entry imports the
  // checkout by the package's name, which the build keeps external, and the React shop (examples/react-shop/)
  // imports the React entry by its: the sources here, as tsconfig's paths.
  {
    define: shared.define ?? {},
    resolve: {
      alias: [
        ...Object.entries((shared.resolve?.alias ?? {}) as Record<string, string>).map(
          ([find, replacement]) => ({ find, replacement }),
        ),
        { find: /^service-checkout$/, replacement: resolve(import.meta.dirname, 'src/index.ts') },
        {
          find: /^service-checkout\/react$/,
          replacement: resolve(import.meta.dirname, 'src/react/index.ts'),
        },
      ],
    },
    plugins: [cardLogos(), chunkSources],
  },
  defineConfig({
    test: {
      // A project may have no test files yet; the closing summary of `npm test` still fails when no
      // test ran at all.
      passWithNoTests: true,
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            environment: 'happy-dom',
            include: ['src/**/*.test.ts'],
            exclude: ['src/**/*.node.test.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'node',
            environment: 'node',
            include: [
              'sandbox/**/*.test.ts',
              'demo/**/*.test.ts',
              'examples/**/*.test.ts',
              'scripts/**/*.test.ts',
              'bench/**/*.test.ts',
              'e2e-webkit/**/*.test.ts',
              'src/**/*.node.test.ts',
            ],
          },
        },
      ],
    },
  }),
);
