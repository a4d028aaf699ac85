// Builds the checkout script in three passes (`npm run build` runs them in order):
//   --mode esm     dist/checkout.js: ESM for single-page apps, lit left to the app's bundler
//   --mode iife    dist/checkout.essentials.iife.js: the script-tag build, everything inlined
//   --mode frames  dist/frames/: the documents the token host serves (card frame), hashed assets
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const root = import.meta.dirname;

export const shared: UserConfig = {
  define: { __SDK_VERSION__: JSON.stringify(version) },
  build: { target: 'es2022', sourcemap: true, reportCompressedSize: false },
};

/** Frames build: Lit's shadow-DOM style module swapped for a stub (see the stub's header). */
function litLightDomOnly(): Plugin {
  const stub = resolve(root, 'src/frames/build/lit-css-tag-stub.js');
  return {
    name: 'lit-light-dom-only',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === './css-tag.js' && importer?.includes('@lit/reactive-element') === true ? stub : null;
    },
  };
}

function forMode(mode: string): UserConfig {
  switch (mode) {
    case 'iife':
      return {
        build: {
          outDir: 'dist',
          emptyOutDir: false,
          lib: {
            entry: resolve(root, 'src/iife/essentials.ts'),
            name: 'CheckoutBundle',
            formats: ['iife'],
            fileName: () => 'checkout.essentials.iife.js',
          },
        },
      };
    case 'frames':
      return {
        root: resolve(root, 'src/frames'),
        base: '/frames/',
        plugins: [litLightDomOnly()],
        build: {
          outDir: resolve(root, 'dist/frames'),
          emptyOutDir: true,
          modulePreload: { polyfill: false },
          rolldownOptions: { input: { card: resolve(root, 'src/frames/card.html') } },
        },
      };
    default:
      return {
        build: {
          outDir: 'dist',
          emptyOutDir: true,
          lib: { entry: resolve(root, 'src/index.ts'), formats: ['es'], fileName: () => 'checkout.js' },
          rolldownOptions: { external: [/^lit($|\/)/, /^@lit\//] },
        },
      };
  }
}

export default defineConfig(({ mode }) => {
  const own = forMode(mode);
  return { ...shared, ...own, build: { ...shared.build, ...own.build } };
});
