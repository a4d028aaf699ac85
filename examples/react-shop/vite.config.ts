// The React shop's build: the browser's bundle into dist/client/ (`vite build`), and the server's
// render module into dist/server/ (`vite build --ssr render.tsx`), which imports React and
// service-checkout/react from node_modules when the server runs it.
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  root: import.meta.dirname,
  // JSX without a tsconfig beside the app: React's automatic runtime, as tsconfig's `react-jsx`.
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: isSsrBuild === true ? 'dist/server' : 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    reportCompressedSize: false,
  },
}));
