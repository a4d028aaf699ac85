// The stand-ins' browser scripts (pay.js and its sheet's, Apple Pay JS and its sheet's) are TypeScript,
// checked with the rest of the sandbox and bundled on first request into classic scripts (an IIFE each)
// with Vite, which the repository already builds with. Built once per process; a failed build is not
// kept, so the next request retries.

import { fileURLToPath } from 'node:url';

/** Each script's entry, from this folder, without `.ts`. */
export type BrowserScript =
  'google-pay/pay' | 'google-pay/sheet' | 'apple-pay/browser/apple-pay-sdk' | 'apple-pay/browser/sheet';

const built = new Map<BrowserScript, Promise<string>>();

async function bundle(name: BrowserScript): Promise<string> {
  // Loaded only when a page asks for a script: the sandbox starts without Vite.
  const { build } = await import('vite');
  const entry = fileURLToPath(new URL(`./${name}.ts`, import.meta.url));
  const result = await build({
    configFile: false,
    envFile: false,
    publicDir: false,
    logLevel: 'silent',
    root: fileURLToPath(new URL('.', import.meta.url)),
    mode: 'production',
    build: {
      write: false,
      minify: false,
      sourcemap: false,
      target: 'es2022',
      copyPublicDir: false,
      rolldownOptions: { input: entry, output: { format: 'iife' } },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  for (const output of outputs) {
    if (!('output' in output)) continue;
    for (const chunk of output.output) if (chunk.type === 'chunk' && chunk.isEntry) return chunk.code;
  }
  throw new Error(`bundling ${name}.ts gave no script`);
}

/** The bundled script, built once. */
export function browserScript(name: BrowserScript): Promise<string> {
  let script = built.get(name);
  if (script === undefined) {
    script = bundle(name);
    built.set(name, script);
    script.catch(() => built.delete(name));
  }
  return script;
}
