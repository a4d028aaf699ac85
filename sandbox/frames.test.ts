import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encoded } from './frames.ts';
import { MERCHANT_ORIGIN } from './test/harness.ts';
import { fileSandbox } from './test/file-sandbox.ts';

// Two versions side by side, as a token host keeps them: a page pinned to the older script still works.
const V = '2.1.0';
/** The frames' styles, in their documents as the frames build puts them (vite.config.ts). */
const STYLE = '.svc-skeleton{display:grid}';
const STYLE_2 = ' .svc-alert:empty { display: none }\n';
/** The card frame's script, in its document as the frames build puts it. */
const SCRIPT =
  "import('/frames/2.1.0/assets/card-later-AbC12.js');\n//# sourceMappingURL=assets/card-AbC12.js.map";
const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const dir = mkdtempSync(join(tmpdir(), 'frames-'));
for (const version of ['2.0.9', V]) {
  mkdirSync(join(dir, version, 'assets'), { recursive: true });
  writeFileSync(
    join(dir, version, 'card.html'),
    // The older version keeps its script and styles in files of their own, as its build made them.
    version === V
      ? `<html><head><meta name="svc-allowed-origins" content="" /><meta name="svc-3ds" content="" /><style>${STYLE}</style><style>${STYLE_2}</style></head><body><script type="module">${SCRIPT}</script></body></html>`
      : `<html><head><meta name="svc-allowed-origins" content="" /><meta name="svc-3ds" content="" /><script type="module" src="/frames/${version}/assets/card-AbC12.js"></script><link rel="stylesheet" href="/frames/${version}/assets/card-AbC12.css"></head></html>`,
  );
  writeFileSync(
    join(dir, version, '3ds.html'),
    `<html><head><meta name="svc-allowed-origins" content="" /><style>${STYLE}</style></head></html>`,
  );
  writeFileSync(
    join(dir, version, 'refused.html'),
    '<html><head><meta name="svc-refusal" content="" /></head></html>',
  );
  writeFileSync(join(dir, version, 'passkey.html'), '<html><head><title>Passkey</title></head></html>');
  writeFileSync(join(dir, version, 'assets', 'card-AbC12.js'), `console.log('${version}')`);
  writeFileSync(join(dir, version, 'assets', 'logos-AbC12.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
}
writeFileSync(join(dir, 'secret.txt'), 'nope');
writeFileSync(join(dir, V, 'secret.txt'), 'nope');

const sb = fileSandbox({ framesDir: dir });

const get = (path: string) => fetch(sb.url('token', path));

describe('frame documents on the token host', () => {
  it('serves the card frame with the account’s origins as its only ancestors', async () => {
    const response = await get(`/frames/${V}/card.html?account=demo`);
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`frame-ancestors ${MERCHANT_ORIGIN}`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await response.text()).toContain(
      `<meta name="svc-allowed-origins" content="${MERCHANT_ORIGIN}" />`,
    );
  });

  it('allows exactly the styles in each document, by their hashes', async () => {
    const styleSrc = async (path: string) =>
      ((await get(path)).headers.get('content-security-policy') ?? '')
        .split('; ')
        .find((directive) => directive.startsWith('style-src '));
    // Each <style> by the hash of its text, whitespace and all.
    expect(await styleSrc(`/frames/${V}/card.html?account=demo`)).toBe(
      `style-src ${hash(STYLE)} ${hash(STYLE_2)}`,
    );
    expect(await styleSrc(`/frames/${V}/3ds.html?account=demo`)).toBe(`style-src ${hash(STYLE)}`);
    // Documents without styles of their own allow none.
    expect(await styleSrc(`/frames/${V}/passkey.html`)).toBe("style-src 'none'");
    expect(await styleSrc(`/frames/${V}/card.html?account=nobody`)).toBe("style-src 'none'");
    // A version built with a stylesheet file of its own still gets it.
    expect(await styleSrc('/frames/2.0.9/card.html?account=demo')).toBe("style-src 'self'");
  });

  it('allows exactly the script in each document, by its hash, and script files from itself', async () => {
    const scriptSrc = async (path: string) =>
      ((await get(path)).headers.get('content-security-policy') ?? '')
        .split('; ')
        .find((directive) => directive.startsWith('script-src '));
    // The document's own script by the hash of its text; the chunks it imports, from the token host.
    expect(await scriptSrc(`/frames/${V}/card.html?account=demo`)).toBe(`script-src 'self' ${hash(SCRIPT)}`);
    expect(await scriptSrc(`/frames/${V}/3ds.html?account=demo`)).toBe("script-src 'self'");
    // A version whose script is a file of its own.
    expect(await scriptSrc('/frames/2.0.9/card.html?account=demo')).toBe("script-src 'self'");
  });

  it('tells the card frame whether the account runs 3DS, so an account without it sends no number to 3DS', async () => {
    expect(await (await get(`/frames/${V}/card.html?account=demo`)).text()).toContain(
      '<meta name="svc-3ds" content="on" />',
    );
    expect(await (await get(`/frames/${V}/card.html?account=demo-no3ds`)).text()).toContain(
      '<meta name="svc-3ds" content="off" />',
    );
  });

  it('lets each frame frame and post forms to the 3DS provider only, and the 3DS frame its return page and the issuer’s SPC pages', async () => {
    const provider = new URL(sb.urls.threeDsUrl).origin;
    const issuer = provider.replace('127.0.0.1', 'localhost');
    const directives = async (path: string) =>
      new Map(
        ((await get(path)).headers.get('content-security-policy') ?? '')
          .split('; ')
          .map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')] as const),
      );
    const card = await directives(`/frames/${V}/card.html?account=demo`);
    expect(card.get('frame-src')).toBe(provider);
    expect(card.get('form-action')).toBe(provider);
    const threeDs = await directives(`/frames/${V}/3ds.html?account=demo`);
    expect(threeDs.get('frame-src')).toBe(`'self' ${provider} ${issuer}`);
    expect(threeDs.get('form-action')).toBe(provider);
    expect(threeDs.get('frame-ancestors')).toBe(MERCHANT_ORIGIN);
  });

  it('serves the passkey window as a top-level document that keeps its opener and may not be framed', async () => {
    const response = await get(`/frames/${V}/passkey.html`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>Passkey</title>');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('connect-src');
    // Any other policy would put it in another browsing context group than the merchant's page, and the
    // card frame that opened it would never hear its answer.
    expect(response.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers a card frame for an unknown account with the refusal document, which the page may show', async () => {
    for (const query of ['?account=nobody', '']) {
      const response = await fetch(sb.url('token', `/frames/${V}/card.html${query}`), {
        headers: { referer: 'https://shop.example/checkout' },
      });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('<meta name="svc-refusal" content="unknown_account" />');
      expect(html).not.toContain(MERCHANT_ORIGIN);
      expect(response.headers.get('content-security-policy')).toContain(
        'frame-ancestors https://shop.example;',
      );
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    }
    // Without a referrer the refusal may be framed anywhere: it holds nothing.
    const bare = await get(`/frames/${V}/card.html?account=nobody`);
    expect(bare.headers.get('content-security-policy')).toContain('frame-ancestors *;');
    // The challenge frame is opened only by a page its card frame served: no refusal document there.
    expect((await get(`/frames/${V}/3ds.html?account=nobody`)).status).toBe(404);
  });

  it('answers a page of an origin the account does not allow with the refusal document', async () => {
    const refused = await fetch(sb.url('token', `/frames/${V}/card.html?account=demo`), {
      headers: { referer: 'https://evil.example/' },
    });
    expect(await refused.text()).toContain('<meta name="svc-refusal" content="origin_not_allowed" />');
    expect(refused.headers.get('content-security-policy')).toContain('frame-ancestors https://evil.example;');
    // The account's own page gets the frame.
    const served = await fetch(sb.url('token', `/frames/${V}/card.html?account=demo`), {
      headers: { referer: `${MERCHANT_ORIGIN}/` },
    });
    expect(await served.text()).toContain(`<meta name="svc-allowed-origins" content="${MERCHANT_ORIGIN}" />`);
  });

  it('serves hashed assets immutable, keeping the file name’s case, and nothing else', async () => {
    const asset = await get(`/frames/${V}/assets/card-AbC12.js`);
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe(`console.log('${V}')`);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await get('/frames/secret.txt')).status).toBe(404);
    expect((await get(`/frames/${V}/secret.txt`)).status).toBe(404);
    expect((await get(`/frames/${V}/assets/..%2fsecret.txt`)).status).toBe(404);
    expect((await get(`/frames/${V}/assets/../secret.txt`)).status).toBe(404);
    expect((await get(`/frames/${V}/assets/..%2f..%2fsecret.txt`)).status).toBe(404);
  });

  it('serves the card brands’ logo sprite as an SVG image, immutable like every hashed asset', async () => {
    // The card frame shows it in <img src="…/logos-<hash>.svg#visa">: img-src 'self' in its policy.
    const sprite = await get(`/frames/${V}/assets/logos-AbC12.svg`);
    expect(sprite.status).toBe(200);
    expect(sprite.headers.get('content-type')).toBe('image/svg+xml');
    expect(sprite.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(sprite.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await sprite.text()).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  it('compresses documents and text assets as a token host does: brotli, else gzip, else not', async () => {
    const at = (path: string, acceptEncoding: string) =>
      fetch(sb.url('token', path), { headers: { 'accept-encoding': acceptEncoding } });
    const asset = `/frames/${V}/assets/card-AbC12.js`;
    for (const [offer, coding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const response = await at(asset, offer);
      expect(response.headers.get('content-encoding'), offer).toBe(coding);
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      // fetch decodes what it was sent: the same bytes whichever way they came.
      expect(await response.text()).toBe(`console.log('${V}')`);
      const document = await at(`/frames/${V}/card.html?account=demo`, offer);
      expect(document.headers.get('content-encoding'), offer).toBe(coding);
      expect(await document.text()).toContain('svc-allowed-origins');
    }
  });

  it('compresses a hashed asset once at brotli’s best quality, and a document made per request at a fast one', () => {
    const body = Buffer.from('<p class="svc-label">Número do cartão</p>'.repeat(40));
    const at = (quality: number) =>
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });
    const cache = new Map<string, Buffer>();
    const asset = encoded(body, 'br', cache).body;
    expect(asset).toEqual(at(11));
    // Made once: the next request gets the very same bytes.
    expect(encoded(body, 'br', cache).body).toBe(asset);
    // Quality 11 costs this one thread milliseconds for every frame document, while the page's files wait.
    expect(encoded(body, 'br').body).toEqual(at(5));
  });

  it('serves each version its own files and says so for a version it does not have', async () => {
    expect(await (await get('/frames/2.0.9/assets/card-AbC12.js')).text()).toBe("console.log('2.0.9')");
    expect(await (await get('/frames/2.0.9/card.html?account=demo')).text()).toContain(
      '/frames/2.0.9/assets/',
    );
    const missing = await get('/frames/1.0.0/card.html?account=demo');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toMatch(/No frames of version 1\.0\.0/);
    expect((await get('/frames/card.html?account=demo')).status).toBe(404);
    expect((await get('/frames/latest/card.html?account=demo')).status).toBe(404);
  });
});
