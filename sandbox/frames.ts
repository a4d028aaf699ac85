// The token host serves the frame documents the way the real service must: per account, with the
// account's merchant origins as the only allowed ancestors (CSP frame-ancestors, and in the document
// for the frame's own check), a strict CSP, no caching of the HTML and no cookies.

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteHandlers, SandboxContext } from './http/context.ts';
import { spcRelyingParty } from './three-ds/provider.ts';

export const FRAMES_DIR = fileURLToPath(new URL('../dist/frames/', import.meta.url));

/**
 * The frame documents and what each may frame and post forms to besides nothing: the card frame runs
 * device data collection on the 3DS provider; the 3DS frame opens the provider's step-up page, which
 * ends on the token host's own return page.
 */
const FRAME_DOCUMENTS: ReadonlyMap<
  string,
  (provider: string, issuer: string) => { frames: string; forms: string }
> = new Map([
  ['card.html', (provider: string) => ({ frames: provider, forms: provider })],
  // The step-up iframe moves from the provider's page to the issuer's (its SPC enrolment).
  [
    '3ds.html',
    (provider: string, issuer: string) => ({ frames: `'self' ${provider} ${issuer}`, forms: provider }),
  ],
]);

/** A release version as the build names its frame directory (scripts/artifacts.ts). */
const VERSION = /^\d+\.\d+\.\d+(?:-[\w.]+)?$/;

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * What a document's script-src or style-src allows: each of its inline <script> or <style> elements by
 * its SHA-256, as the token host works them out from the built documents when it deploys a version (the
 * frames build puts the script and the styles in the documents: vite.config.ts). Only those exact
 * ones: no other inline script or style. Script files from the token host itself ('self'): the chunks
 * a document's script imports when it needs them. Stylesheet files only for a document that links one
 * (an older version, whose styles are a file of their own); the frames' scripts style through the
 * CSSOM, which style-src does not govern. Worked out from the document as built, before the host fills
 * in its placeholders.
 */
function allowedSources(html: string, element: 'script' | 'style'): string {
  const inline = new RegExp(`<${element}(?: type="module")?>([\\s\\S]*?)</${element}>`, 'g');
  const sources = [...html.matchAll(inline)].map(
    ([, text = '']) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`,
  );
  if (element === 'script' || /<link\b[^>]*\bstylesheet/i.test(html)) sources.unshift("'self'");
  return sources.length === 0 ? "'none'" : sources.join(' ');
}

function frameCsp(
  html: string,
  allowedOrigins: readonly string[],
  nested: { frames: string; forms: string } = { frames: "'none'", forms: "'none'" },
): string {
  return [
    "default-src 'none'",
    `script-src ${allowedSources(html, 'script')}`,
    `style-src ${allowedSources(html, 'style')}`,
    "connect-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `frame-src ${nested.frames}`,
    `frame-ancestors ${allowedOrigins.join(' ')}`,
    "base-uri 'none'",
    `form-action ${nested.forms}`,
  ].join('; ');
}

function text(status: number, body: string): Response {
  return new Response(body, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** What every document the token host serves carries: its policy, never cached, no referrer. */
function documentHeaders(csp: string): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': csp,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
}

/**
 * The body in the best encoding the browser accepts, as a token host's CDN serves it: brotli, else
 * gzip, else as it is (Chromium offers brotli on loopback too). A coding the browser turned down with
 * `q=0` is not used. What is compressed once and kept (`cache`: a hashed asset) takes brotli's best
 * quality; a document made per request takes a fast one, as CDNs compress on the fly: quality 11 costs
 * milliseconds of this one thread for every frame document, while the page's files wait behind it.
 */
export function encoded(
  body: Buffer,
  acceptEncoding: string | undefined,
  cache?: Map<string, Buffer>,
): { body: Buffer; headers: Record<string, string> } {
  const offered = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ''))
      .map(([coding]) => coding),
  );
  const coding = offered.has('br') ? 'br' : offered.has('gzip') ? 'gzip' : undefined;
  const vary = { vary: 'Accept-Encoding' };
  if (coding === undefined) return { body, headers: vary };
  const compress = () =>
    coding === 'br'
      ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: cache ? 11 : 5 } })
      : gzipSync(body, { level: 9 });
  let compressed = cache?.get(coding);
  if (compressed === undefined) {
    compressed = compress();
    cache?.set(coding, compressed);
  }
  return { body: compressed, headers: { ...vary, 'content-encoding': coding } };
}

/** Each hashed asset's compressed forms, made once: the name carries a hash, so the content never changes. */
const compressedAssets = new Map<string, Map<string, Buffer>>();

async function frameDocument(dir: string, version: string, name: string): Promise<string | undefined> {
  try {
    return await readFile(join(dir, version, name), 'utf8');
  } catch {
    return undefined;
  }
}

const missingVersion = (version: string) =>
  text(404, `No frames of version ${version} here: run npm run build for this version.`);

/**
 * The page that asked for a frame, as the browser told it (the card form asks with referrerpolicy
 * "origin"). Only used to pick the refusal document and to let that page show it: the frame a page
 * may run is still decided by frame-ancestors and the frame's own check.
 */
function refererOrigin(referer: string | undefined): string | undefined {
  if (referer === undefined) return undefined;
  try {
    const { origin } = new URL(referer);
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * Instead of a frame, a document that tells the page why, at once (src/frames/refused.html): the
 * code goes to the origin the page named, and the page shows the shopper that the form is
 * unavailable. It holds nothing, so any page may frame it; the page that asked, where it is known.
 */
async function refusal(
  dir: string,
  version: string,
  code: 'unknown_account' | 'origin_not_allowed',
  page: string | undefined,
): Promise<Response> {
  const html = await frameDocument(dir, version, 'refused.html');
  if (html === undefined) return missingVersion(version);
  return new Response(
    html.replace('<meta name="svc-refusal" content="" />', `<meta name="svc-refusal" content="${code}" />`),
    { status: 200, headers: documentHeaders(frameCsp(html, [page ?? '*'])) },
  );
}

/** The token host's passkey window (src/frames/passkey.html), opened by a card frame. */
const PASSKEY_WINDOW = 'passkey.html';

/**
 * The passkey window is a top-level document, never framed, and holds nothing per account: the card frame
 * that opened it tells it what to create. It calls nothing (the frame registers the answer). It keeps its
 * opener: a Cross-Origin-Opener-Policy other than unsafe-none would put it in another browsing context
 * group than the merchant's page, and the card frame in that page would lose the window's answer.
 */
async function passkeyWindow(dir: string, version: string): Promise<Response> {
  const html = await frameDocument(dir, version, PASSKEY_WINDOW);
  if (html === undefined) return missingVersion(version);
  const csp = [
    "default-src 'none'",
    `script-src ${allowedSources(html, 'script')}`,
    `style-src ${allowedSources(html, 'style')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  return new Response(html, {
    status: 200,
    headers: { ...documentHeaders(csp), 'cross-origin-opener-policy': 'unsafe-none' },
  });
}

export function frameHandlers(ctx: SandboxContext, dir: string = FRAMES_DIR) {
  return {
    // Routing sees lower-cased paths; files are looked up with the request's own spelling.
    frame: [
      async (c) => {
        const url = new URL(c.req.url);
        // /frames/<version>/<document or assets/file>: each version's files stay where they were, so a
        // page pinned to an older script still gets the frames that script was built with.
        const [version = '', ...rest] = url.pathname.slice('/frames/'.length).split('/');
        const name = rest.join('/');
        if (!VERSION.test(version)) return text(404, 'Not found: frame paths start with the script version.');
        if (name === PASSKEY_WINDOW) return passkeyWindow(dir, version);
        const nested = FRAME_DOCUMENTS.get(name);
        if (nested !== undefined) {
          const account = ctx.accounts.get(url.searchParams.get('account') ?? '');
          const page = refererOrigin(c.req.header('referer'));
          // The card frame's page learns at once why it gets none (the challenge frame is only ever opened
          // by a page the card frame already served).
          if (name === 'card.html') {
            if (account === undefined) return refusal(dir, version, 'unknown_account', page);
            if (page !== undefined && !account.allowedOrigins.includes(page))
              return refusal(dir, version, 'origin_not_allowed', page);
          }
          if (account === undefined) return text(404, 'Unknown account.');
          const html = await frameDocument(dir, version, name);
          if (html === undefined) return missingVersion(version);
          // The frames build leaves these placeholders (vite.config.ts, FRAME_HEAD) for the token host.
          const filled = html
            .replace(
              '<meta name="svc-allowed-origins" content="" />',
              `<meta name="svc-allowed-origins" content="${escapeAttribute(account.allowedOrigins.join(' '))}" />`,
            )
            .replace(
              '<meta name="svc-3ds" content="" />',
              `<meta name="svc-3ds" content="${account.threeDS ? 'on' : 'off'}" />`,
            );
          const { body, headers } = encoded(Buffer.from(filled), c.req.header('accept-encoding'));
          return c.body(new Uint8Array(body), 200, {
            ...documentHeaders(
              frameCsp(
                html,
                account.allowedOrigins,
                nested(new URL(ctx.urls.threeDsUrl).origin, spcRelyingParty(ctx.urls.threeDsUrl).origin),
              ),
            ),
            'cross-origin-opener-policy': 'same-origin',
            ...headers,
          });
        }
        const file = normalize(join(dir, version, name));
        if (!file.startsWith(join(dir, version, 'assets', sep))) return text(404, 'Not found.');
        try {
          const content = await readFile(file);
          const type = TYPES[extname(file)];
          let cache = compressedAssets.get(file);
          if (cache === undefined) compressedAssets.set(file, (cache = new Map<string, Buffer>()));
          // Text compresses; anything else goes as it is.
          const { body, headers } =
            type !== undefined && /text|javascript|json|svg/.test(type)
              ? encoded(content, c.req.header('accept-encoding'), cache)
              : { body: content, headers: {} };
          return c.body(new Uint8Array(body), 200, {
            ...headers,
            'content-type': type ?? 'application/octet-stream',
            // Asset names carry a content hash, so a URL never changes content.
            'cache-control': 'public, max-age=31536000, immutable',
            'x-content-type-options': 'nosniff',
          });
        } catch {
          return text(404, 'Not found.');
        }
      },
    ],
  } satisfies Record<string, RouteHandlers>;
}
