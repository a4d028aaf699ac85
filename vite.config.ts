// Builds the checkout script: an ESM entry for single-page apps and an IIFE for script tags.
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig({
  define: { __SDK_VERSION__: JSON.stringify(version) },
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: true,
    lib: {
      entry: 'src/index.ts',
      name: 'Checkout',
      formats: ['es', 'iife'],
      fileName: (format) => (format === 'es' ? 'checkout.js' : 'checkout.essentials.iife.js'),
    },
  },
});
