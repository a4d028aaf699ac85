// What the wallets' own origin serves alike for Google Pay and Apple Pay, played offline: their scripts
// and their sheets' stylesheets. A page uses the stand-ins only when configured to (the SDK's
// `walletScripts` option); nothing picks them silently. Their routes are in sandbox/routes.ts.

import { encoded } from '../../frames.ts';
import type { RouteHandlers } from '../../http/context.ts';
import { browserScript, type BrowserScript } from './scripts.ts';

/**
 * A stand-in's script, gzip or brotli when the browser takes it. `anyPage`: the wallet's own script,
 * which its CDN serves to every site with no SRI, to a classic or a `crossorigin` script tag alike.
 * Not content-hashed: revalidate, so an edited sandbox is seen at once.
 */
export function standInScript(name: BrowserScript, anyPage: boolean): RouteHandlers {
  return [
    async (c) => {
      const { body, headers } = encoded(
        Buffer.from(await browserScript(name)),
        c.req.header('accept-encoding'),
      );
      return c.body(new Uint8Array(body), 200, {
        ...headers,
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'no-cache',
        'x-content-type-options': 'nosniff',
        ...(anyPage
          ? { 'access-control-allow-origin': '*', 'cross-origin-resource-policy': 'cross-origin' }
          : {}),
      });
    },
  ];
}

/** A wallet sheet's stylesheet. Not content-hashed: revalidate, so an edited sandbox is seen at once. */
export function sheetStylesheet(css: string): RouteHandlers {
  return [
    (c) =>
      c.body(css, 200, {
        'content-type': 'text/css; charset=utf-8',
        'cache-control': 'no-cache',
        'x-content-type-options': 'nosniff',
      }),
  ];
}

/** An http(s) origin exactly as the browser serializes it (an Origin header, a frame's ancestor), or undefined. */
export function webOrigin(value: string | undefined): string | undefined {
  try {
    const url = new URL(value ?? '');
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value
      ? value
      : undefined;
  } catch {
    return undefined;
  }
}
