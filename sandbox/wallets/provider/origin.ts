// The wallets' own origin, played offline: what a browser loads from Google (pay.js and its sheet) and
// from Apple (Apple Pay JS, its sheet, and the gateway that issues merchant sessions), as stand-ins
// faithful to their documented APIs, errors and clocks. A page uses them only when configured to (the
// SDK's `walletScripts` option); nothing picks them silently. Their routes are in sandbox/routes.ts.

import type { RouteHandlers, SandboxContext } from '../../http/context.ts';

/** The origin's index: what it is. */
export function walletOriginHandlers(ctx: SandboxContext) {
  return {
    index: [
      (c) =>
        c.text(
          `Wallet stand-ins of the sandbox, for ${ctx.urls.tokenUrl}: Google Pay and Apple Pay as the sandbox plays them.`,
        ),
    ],
  } satisfies Record<string, RouteHandlers>;
}

/**
 * A wallet sheet's stylesheet (Google Pay's and Apple Pay's alike). Not content-hashed: revalidate, so
 * an edited sandbox is seen at once.
 */
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
