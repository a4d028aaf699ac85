// Builds the demo's single-page app into demo/spa/dist/, served by the demo merchant under /spa/. It
// imports the checkout as an app would from npm: the ESM build in dist/ and its React entry (run
// `npm run build` first), which have no dependencies to install, bundled and split by this app's own
// build. A static deployment sets VITE_CHECKOUT_ACCOUNT, VITE_CHECKOUT_ENVIRONMENT and
// VITE_CHECKOUT_TOKEN_URL (merchant-api.ts).
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const root = resolve(import.meta.dirname, '../..');

export default defineConfig({
  root: import.meta.dirname,
  base: '/spa/',
  resolve: {
    alias: [
      { find: /^service-checkout$/, replacement: resolve(root, 'dist/checkout.js') },
      // The React entry imports ./checkout.js beside it: the same module as the line above.
      { find: /^service-checkout\/react$/, replacement: resolve(root, 'dist/react.js') },
    ],
  },
  build: {
    outDir: resolve(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    reportCompressedSize: false,
  },
});
