// Builds the checkout script in passes, one per mode (`npm run build` runs them in order):
//   --mode esm     dist/checkout.js: ESM for single-page apps; and
//                  dist/webhooks.js: the merchant server's webhook helpers (src/server/)
//   --mode challenge-script  dist/checkout-<version>-3ds.js: the script-tag builds' 3DS challenge,
//                  loaded next to them when an issuer asks for one (before them: they pin its integrity)
//   --mode boleto-script  dist/checkout-<version>-boleto.js: the full script-tag build's boleto, loaded
//                  next to it when a payment shows one (before it, for the same reason)
//   --mode iife    dist/checkout-essentials-<version>.js: the script-tag build, everything inlined
//   --mode full    dist/checkout-<version>.js: the script-tag build with the wallets
//                  (both write dist/checkout-<version>-<locale>.js: en's and es's strings, loaded by them)
//   --mode frames  dist/frames/<version>/: the documents the token host serves (card frame), hashed assets
//   --mode challenge  dist/frames/<version>/3ds.html: the 3DS challenge frame, with its own assets
//   --mode refused, --mode passkey  dist/frames/<version>/refused.html, passkey.html: the token host's
//                  refusal document and its passkey window
// Files loaded by URL carry the version (scripts/artifacts.ts), so a URL never changes content.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import {
  boletoFile,
  challengeFile,
  framesDir,
  fullScriptFile,
  localeFile,
  scriptFile,
  version,
} from './scripts/artifacts.ts';
import { logoSprite } from './scripts/card-logos.ts';
import { en } from './src/i18n/en.ts';
import { es } from './src/i18n/es.ts';

const root = import.meta.dirname;

/**
 * The wiring of the Checkout's wallet, headless and pay() methods for each build: the folder of
 * src/builds/ that `#build` names. ESM (and the type checker, and the tests): lazy chunks; the full
 * script-tag build: the flows inline; the essentials: none, `full_build_required` instead.
 */
const builds = (build: 'esm' | 'full' | 'essentials') => ({
  alias: { '#build': resolve(root, `src/builds/${build}/index.ts`) },
});

export const shared: UserConfig = {
  define: { __SDK_VERSION__: JSON.stringify(version) },
  resolve: builds('esm'),
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

/**
 * Script-tag builds: one file and the files beside it, so the ESM build's lazy chunks are swapped for
 * modules that load those files: the 3DS challenge (src/three-ds/page/load-challenge.script.ts), the
 * strings (src/i18n/load-locale.script.ts) and the boleto (src/elements/load-boleto.script.ts, which only
 * the full build's pay() imports). Each swap names the module swapped, wherever it is imported from. The
 * flows of the full build come in by the `#build` alias (builds()).
 */
function scriptTagBuild(): Plugin {
  const swaps = new Map(
    [
      ['src/three-ds/page/load-challenge.ts', 'src/three-ds/page/load-challenge.script.ts'],
      ['src/i18n/load-locale.ts', 'src/i18n/load-locale.script.ts'],
      ['src/elements/load-boleto.ts', 'src/elements/load-boleto.script.ts'],
    ].map(([swapped = '', replacement = '']) => [resolve(root, swapped), resolve(root, replacement)]),
  );
  return {
    name: 'svc-script-tag-build',
    enforce: 'pre',
    resolveId(source, importer) {
      return importer === undefined || !source.startsWith('.')
        ? null
        : (swaps.get(resolve(dirname(importer), source)) ?? null);
    },
    generateBundle() {
      for (const [locale, source] of Object.entries(LOCALE_FILES))
        this.emitFile({ type: 'asset', fileName: localeFile(locale), source });
    },
  };
}

/**
 * The strings the script-tag builds load next to themselves (src/i18n/load-locale.script.ts): one
 * classic script per locale but pt-BR (which they carry), handing its table to its own element. ASCII
 * only, so a page in another encoding reads it right; its integrity is built into the script.
 */
const LOCALE_FILES: Record<string, string> = Object.fromEntries(
  Object.entries({ en, es }).map(([locale, table]) => [
    locale,
    `document.currentScript.t=${JSON.stringify(table).replace(
      /[^\x20-\x7e]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    )};\n`,
  ]),
);
// SHA-256, not sri.json's SHA-384: as strong for a pin, and 40 bytes fewer in the script.
const LOCALE_INTEGRITY = Object.fromEntries(
  Object.entries(LOCALE_FILES).map(([locale, source]) => [
    locale,
    `sha256-${createHash('sha256').update(source).digest('base64')}`,
  ]),
);

/**
 * The script-tag builds' files with code, each a classic script built before them from an entry that
 * hands its code to its element: the 3DS challenge (--mode challenge-script) and the full build's boleto
 * (--mode boleto-script). `name` is the global Vite's IIFE format asks for, which the entry does not use.
 */
const BESIDE_FILES = {
  'challenge-script': {
    entry: 'src/three-ds/page/challenge.script.ts',
    name: 'CheckoutChallenge',
    file: challengeFile,
  },
  'boleto-script': { entry: 'src/elements/boleto.script.ts', name: 'CheckoutBoleto', file: boletoFile },
} as const;
type BesideMode = keyof typeof BESIDE_FILES;

/**
 * A file with code beside the script: errors.ts is swapped for the values the script gives it
 * (src/errors.script.ts), so the file's errors are the script's own CheckoutError.
 */
function besideFileBuild(): Plugin {
  const errors = resolve(root, 'src/errors.ts');
  return {
    name: 'svc-beside-file-build',
    enforce: 'pre',
    resolveId(source, importer) {
      return importer !== undefined && resolve(dirname(importer), source) === errors
        ? resolve(root, 'src/errors.script.ts')
        : null;
    },
  };
}

/** A file's integrity, which the script-tag builds pin (SHA-256, as the strings'). */
function besideIntegrity(mode: BesideMode): string {
  const file = resolve(root, 'dist', BESIDE_FILES[mode].file());
  if (!existsSync(file)) throw new Error(`${file} is not built: run vite build --mode ${mode} first`);
  return `sha256-${createHash('sha256').update(readFileSync(file)).digest('base64')}`;
}

/** Terser as the script-tag builds use it: three passes, and no parentheses kept around arguments. */
const scriptTagMinify = {
  minify: 'terser',
  terserOptions: { compress: { passes: 3 }, format: { wrap_func_args: false } },
} as const;

/**
 * The page's shadow styles (the *.styles.ts modules: one template string each, adopted by
 * src/elements/shadow.ts) ship without their comments and indentation, which the sources keep for
 * the reader: the essentials script's budget counts every byte of them.
 */
function minifiedShadowStyles(): Plugin {
  return {
    name: 'svc-minified-shadow-styles',
    transform(code, id) {
      if (!id.endsWith('.styles.ts')) return null;
      // The string is the module's last statement: no code after it moves, so the source map holds.
      return { code: code.replace(/`([^`]*)`/g, (_, css: string) => `\`${minifyCss(css)}\``), map: null };
    },
  };
}

/**
 * CSS without comments and the whitespace it does not need: around braces, `;`, `,`, `<` and `>` (the
 * container queries' ranges, the child combinator), and after `:`.
 */
export const minifyCss = (css: string): string =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/ ?([{};,<>]) ?/g, '$1')
    .replace(/: /g, ':')
    .replace(/;}/g, '}')
    .trim();

/**
 * The card frame's lazy chunks, each loaded by URL: `later` (the service client, the submit, 3DS:
 * fetched once the fields show), `extras` (the CPF field and the installments' wording: fetched only
 * when the merchant shows them), `passkey` and `funding` (a combo card's question: fetched when one is
 * typed). A plain dynamic import would pull in Vite's preload helper
 * (vitejs/vite#13952, #18551), about 450 bytes gzip of the frame's budget, for chunks that have nothing
 * to preload. `virtual:chunk/<name>` exports the chunk's hashed URL.
 */
export const CARD_CHUNKS: Readonly<Record<string, string>> = {
  'card-later': 'src/frames/card/later.ts',
  'card-extras': 'src/frames/fields/extras.ts',
  'card-passkey': 'src/frames/card/passkey.ts',
  'card-funding': 'src/frames/fields/card-funding.ts',
};

function lazyChunks(): Plugin {
  const references = new Map<string, string>();
  return {
    name: 'svc-lazy-chunks',
    buildStart() {
      for (const [name, module] of Object.entries(CARD_CHUNKS)) {
        references.set(
          name,
          this.emitFile({
            type: 'chunk',
            id: resolve(root, module),
            name,
            preserveSignature: 'exports-only',
          }),
        );
      }
    },
    resolveId(source) {
      return source.startsWith('virtual:chunk/') ? `\0${source}` : null;
    },
    load(loaded) {
      const reference = loaded.startsWith('\0virtual:chunk/') ? references.get(loaded.slice(15)) : undefined;
      return reference === undefined ? null : `export default import.meta.ROLLUP_FILE_URL_${reference};`;
    },
  };
}

/**
 * The card brands' logos as one SVG sprite (scripts/card-logos.ts), emitted by the frames build as a
 * hashed asset, assets/logos-<hash>.svg: `virtual:card-logos` exports its URL. The frame shows it in
 * <img> (src/frames/fields/logos.ts), so no byte of it is in the frame's first script or stylesheet.
 * Without a build (vitest), a URL of no file.
 */
export function cardLogos(): Plugin {
  const id = 'virtual:card-logos';
  let building = false;
  let reference = '';
  return {
    name: 'svc-card-logos',
    configResolved(config) {
      building = config.command === 'build';
    },
    async buildStart() {
      if (building)
        reference = this.emitFile({ type: 'asset', name: 'logos.svg', source: await logoSprite() });
    },
    resolveId(source) {
      return source === id ? `\0${id}` : null;
    },
    load(loaded) {
      if (loaded !== `\0${id}`) return null;
      return reference
        ? `export default import.meta.ROLLUP_FILE_URL_${reference};`
        : `export default '/logos.svg';`;
    },
  };
}

/**
 * What every token-host document carries, written once: the charset, the viewport, no referrer, the
 * placeholders the token host fills per account (sandbox/frames.ts matches them exactly: the allowed
 * origins, and "on" when the account runs 3DS), and the root the frame renders into, in a document whose
 * body is empty (card.html writes its own, holding the fields' skeleton). The documents in src/frames/
 * hold only their title, styles, script and that root; their comments are left out of the build.
 */
export const FRAME_HEAD = [
  '<meta charset="utf-8" />',
  '<meta name="viewport" content="width=device-width, initial-scale=1" />',
  '<meta name="referrer" content="no-referrer" />',
  '<meta name="svc-allowed-origins" content="" />',
  '<meta name="svc-3ds" content="" />',
].join('');

function tokenHostDocument(): Plugin {
  return {
    name: 'svc-token-host-document',
    transformIndexHtml: {
      // After the build has put in the script and stylesheet tags, so they lose their whitespace too.
      order: 'post',
      // Comments and the whitespace between tags are for the source only: the frame's bytes count
      // against its budget. The stylesheets go into the document (their files are not written): it
      // paints as soon as it is parsed, where a stylesheet of its own would hold the paint until it had
      // come. So does the document's script, at the end of its body: a script file is asked for only
      // once the frame's new renderer has committed its document, a round trip the frame would wait
      // for before it can say hello. What the first paint needs comes first (the skeleton and its
      // styles); the script is deferred as any module script, and runs once the document is parsed.
      // The token host allows each <style> and <script> by its hash (sandbox/frames.ts).
      handler: (html, { bundle }) => {
        const take = (file: string) => {
          const output = bundle?.[file];
          if (output === undefined) throw new Error(`${file}: not in the build`);
          delete bundle?.[file];
          return output;
        };
        let script = '';
        const built = html
          .replace(/<!--[\s\S]*?-->\s*/g, '')
          .replace(/>\s+</g, '><')
          .replace('<head>', `<head>${FRAME_HEAD}`)
          // A document with a root of its own (card.html: the fields' skeleton) keeps it.
          .replace('<body></body>', '<body><main id="root"></main></body>')
          .replace(
            /<script type="module"[^>]*\bsrc="\/[^"]*\/(assets\/[^"]+\.js)"[^>]*><\/script>/,
            (_, file: string) => {
              const chunk = take(file);
              // A chunk it imports statically would be asked for after the commit all the same.
              if (chunk.type !== 'chunk' || chunk.imports.length > 0)
                throw new Error(`${file}: a document's script must import nothing statically`);
              // Its source map stays a file, named relative to the document.
              script = chunk.code.trim().replace(/(\/\/# sourceMappingURL=)(\S+)$/, '$1assets/$2');
              if (script.includes('</script')) throw new Error(`${file}: "</script" in the script`);
              return '';
            },
          )
          // Last, so that none of the rules above runs over the styles.
          .replace(/<link\b[^>]*\bhref="[^"]*\/(assets\/[^"]+\.css)"[^>]*>/g, (_, file: string) => {
            const asset = take(file);
            if (asset.type !== 'asset') throw new Error(`${file}: not a stylesheet`);
            const css =
              typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
            return `<style>${css.trim()}</style>`;
          })
          // A function, so that no `$` in the script is read as a replacement pattern.
          .replace('</body>', () => `<script type="module">${script}</script></body>`);
        // A stylesheet or script left as a file would be refused by the token host's policy (hashes).
        if (/<link\b[^>]*\bstylesheet/i.test(built))
          throw new Error('a stylesheet link is left in the document');
        if (script === '') throw new Error('the document has no script');
        return built;
      },
    },
  };
}

function frameDocumentBuild(document: string): UserConfig {
  return {
    root: resolve(root, 'src/frames'),
    base: `/${framesDir()}/`,
    plugins: [tokenHostDocument()],
    build: {
      outDir: resolve(root, 'dist', framesDir()),
      emptyOutDir: false,
      modulePreload: false,
      rolldownOptions: { input: { [document]: resolve(root, `src/frames/${document}.html`) } },
    },
  };
}

function forMode(mode: string): UserConfig {
  switch (mode) {
    case 'iife':
    case 'full':
      return {
        plugins: [scriptTagBuild(), minifiedShadowStyles()],
        resolve: builds(mode === 'full' ? 'full' : 'essentials'),
        define: {
          ...shared.define,
          __LOCALE_INTEGRITY__: JSON.stringify(LOCALE_INTEGRITY),
          __CHALLENGE_INTEGRITY__: JSON.stringify(besideIntegrity('challenge-script')),
          // Only the full build has pay(), which loads the boleto.
          ...(mode === 'full' && { __BOLETO_INTEGRITY__: JSON.stringify(besideIntegrity('boleto-script')) }),
        },
        build: {
          outDir: 'dist',
          emptyOutDir: false,
          ...scriptTagMinify,
          lib: {
            entry: resolve(root, 'src/iife/essentials.ts'),
            name: 'CheckoutBundle',
            formats: ['iife'],
            fileName: () => (mode === 'full' ? fullScriptFile() : scriptFile()),
          },
        },
      };
    case 'challenge-script':
    case 'boleto-script': {
      const { entry, name, file } = BESIDE_FILES[mode];
      return {
        plugins: [besideFileBuild(), minifiedShadowStyles()],
        build: {
          outDir: 'dist',
          emptyOutDir: false,
          ...scriptTagMinify,
          lib: { entry: resolve(root, entry), name, formats: ['iife'], fileName: () => file() },
        },
      };
    }
    case 'frames':
      return {
        root: resolve(root, 'src/frames'),
        base: `/${framesDir()}/`,
        plugins: [tokenHostDocument(), litLightDomOnly(), lazyChunks(), cardLogos()],
        build: {
          outDir: resolve(root, 'dist', framesDir()),
          emptyOutDir: true,
          // No preload helper: the lazy chunks are loaded by URL and have no CSS of their own.
          modulePreload: false,
          rolldownOptions: { input: { card: resolve(root, 'src/frames/card.html') } },
        },
      };
    // The 3DS challenge frame, the token host's refusal document (src/frames/refused.html) and its
    // passkey window (src/frames/passkey.html), each built on its own so that none shares a chunk with
    // the card frame or another.
    case 'challenge':
      return frameDocumentBuild('3ds');
    case 'refused':
    case 'passkey':
      return frameDocumentBuild(mode);
    default:
      return {
        plugins: [minifiedShadowStyles()],
        build: {
          outDir: 'dist',
          emptyOutDir: true,
          // Three entries: the page's checkout.js; react.js (service-checkout/react), which imports
          // checkout.js and React, the app's own, and shares no chunk with it; and webhooks.js for the merchant's server
          // (service-checkout/webhooks), which shares nothing with them and no page loads.
          lib: {
            entry: {
              checkout: resolve(root, 'src/index.ts'),
              react: resolve(root, 'src/react/index.ts'),
              webhooks: resolve(root, 'src/server/webhooks.ts'),
            },
            formats: ['es'],
            fileName: (_format, name) => `${name}.js`,
          },
          rolldownOptions: {
            // React is the app's; the React entry imports the checkout by the package's name, so it
            // shares the app's one copy of checkout.js.
            external: [/^react(?:\/|$)/, 'service-checkout'],
            output: {
              paths: { 'service-checkout': './checkout.js' },
              // Lazy chunks (the 3DS challenge) next to the entry, hashed: the app's bundler takes them in.
              chunkFileNames: 'chunks/[name]-[hash].js',
              // For frameworks that render on a server (Next.js): the React entry is client code. A
              // banner, as bundlers drop a module's directives.
              banner: (chunk) => (chunk.name === 'react' ? "'use client';" : ''),
            },
          },
        },
      };
  }
}

export default defineConfig(({ mode }) => {
  const own = forMode(mode);
  return { ...shared, ...own, build: { ...shared.build, ...own.build } };
});
