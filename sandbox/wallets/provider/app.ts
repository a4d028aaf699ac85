// The wallets' own origin, played offline: what a browser loads from Google (pay.js and its sheet) and
// from Apple (Apple Pay JS, its sheet, and the gateway that issues merchant sessions), as stand-ins
// faithful to their documented APIs, errors and clocks. A page uses them only when configured to (the
// SDK's `walletScripts` option); nothing picks them silently.

import type { Hono } from 'hono';
import type { SandboxContext, SandboxEnv } from '../../http/context.ts';
import { registerApplePayProvider } from './apple-pay/routes.ts';
import { registerGooglePayProvider } from './google-pay/routes.ts';

export function registerWalletProviderRoutes(app: Hono<SandboxEnv>, ctx: SandboxContext): void {
  app.get('/', (c) =>
    c.text(
      `Wallet stand-ins of the sandbox, for ${ctx.urls.tokenUrl}: Google Pay and Apple Pay as the sandbox plays them.`,
    ),
  );
  registerApplePayProvider(app, ctx);
  registerGooglePayProvider(app, ctx);
}
