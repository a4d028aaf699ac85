// Every route of the sandbox's servers, each server's in the order it matches them: the one table to
// scan for the whole API. The handlers live with their room (routes/, three-ds/, wallets/, frames.ts);
// this module only places them. A `USE` row runs before the later rows of its path (CORS, a guard).

import { boletoHandlers } from './boleto/routes.ts';
import { frameHandlers } from './frames.ts';
import type { RouteHandlers, SandboxContext } from './http/context.ts';
import { sandboxControl } from './http/controls.ts';
import { cors } from './http/guards.ts';
import { controlHandlers } from './routes/controls.ts';
import { passkeyHandlers } from './routes/passkeys.ts';
import { engineHandlers, pciHandlers } from './routes/payments.ts';
import { tokenHandlers } from './routes/token.ts';
import type { ThreeDsProvider } from './three-ds/provider.ts';
import { threeDsProviderHandlers, threeDsTokenHandlers } from './three-ds/routes.ts';
import { applePayGateway } from './wallets/provider/apple-pay/gateway.ts';
import { applePayProviderHandlers, applePayTokenHandlers } from './wallets/provider/apple-pay/routes.ts';
import {
  googlePayProviderHandlers,
  PAY_JS_PATH,
  SHEET_PATH,
  SHEET_TOKEN_PATH,
} from './wallets/provider/google-pay/routes.ts';
import { walletControlHandlers } from './wallets/routes.ts';

export type Method = 'USE' | 'GET' | 'POST' | 'OPTIONS';
export type Route = readonly [method: Method, path: string, handlers: RouteHandlers];

/** The servers the sandbox runs (app.ts), each with its routes. */
export interface SandboxRoutes {
  /** {token_url}: the token API, the frame documents, and the sandbox controls. */
  token: Route[];
  /** {engine_url} and {sandbox_url}: the payment engine, production's twin and the sandbox's. */
  engine: (environment: 'sandbox' | 'production') => Route[];
  /** The 3DS provider's own origin: device data collection and the step-up. */
  threeDs: Route[];
  /** The wallets' stand-ins: Google Pay and Apple Pay as the sandbox plays them. */
  wallets: Route[];
}

/** Open on every server, before its guards: it changes nothing and tells nothing but the server's name. */
const health = (server: string): Route => ['GET', '/__sandbox/health', [(c) => c.json({ ok: true, server })]];

export function sandboxRoutes(
  ctx: SandboxContext,
  provider: ThreeDsProvider,
  framesDir: string | undefined,
): SandboxRoutes {
  const token = tokenHandlers(ctx, provider);
  const passkeys = passkeyHandlers(ctx);
  const pci = pciHandlers(ctx);
  const threeDs = threeDsTokenHandlers(ctx, provider);
  const frames = frameHandlers(ctx, framesDir);
  const walletControls = walletControlHandlers(ctx);
  const applePay = applePayTokenHandlers(ctx);
  const controls = controlHandlers(ctx, [provider, applePayGateway(ctx)]);
  const acs = threeDsProviderHandlers(provider);
  const appleProvider = applePayProviderHandlers(ctx);
  const googleProvider = googlePayProviderHandlers(ctx);
  /** Browser-facing paths answer CORS preflights for the accounts' origins. */
  const browser: RouteHandlers = [cors(ctx.accounts)];

  return {
    token: [
      health('token'),
      ['USE', '/api/token/generate', browser],
      ['USE', '/api/token/list', browser],
      ['USE', '/api/card/funding', browser],
      ['USE', '/api/token/bind', browser],
      ['USE', '/api/threeds/setup', browser],
      ['USE', '/api/threeds/validate', browser],
      ['USE', '/api/wallet/merchantsession', browser],
      ['USE', '/__sandbox/*', [sandboxControl()]],
      ['POST', '/api/token/newsession', token.newSession],
      ['POST', '/api/token/generate', token.generate],
      ['POST', '/api/token/list', token.list],
      ['POST', '/api/card/funding', token.funding],
      ['POST', '/api/token/bind', token.bind],
      ['POST', '/api/passkey/registrationoptions', passkeys.registrationOptions],
      ['POST', '/api/passkey/register', passkeys.register],
      ['POST', '/api/passkey/authenticationoptions', passkeys.authenticationOptions],
      ['POST', '/api/passkey/list', passkeys.list],
      ['POST', '/api/passkey/revoke', passkeys.revoke],
      ['POST', '/api/token/delete', passkeys.deleteToken],
      ['POST', '/api/integrations/pci/init', pci.pciInit],
      ['POST', '/api/threeds/setup', threeDs.setup],
      ['POST', '/api/threeds/validate', threeDs.validate],
      ['POST', '/api/threeds/spcoffer', threeDs.spcOffer],
      ['POST', '/__sandbox/three-ds/spc/remove', threeDs.spcRemove],
      ['POST', '/__sandbox/three-ds/ddc', threeDs.ddcConfig],
      ['POST', '/__sandbox/three-ds/challenge', threeDs.challengeConfig],
      ['POST', '/frames/3ds-return', threeDs.returnPage],
      // Before /frames/*, which would otherwise answer for the return page's script.
      ['GET', '/frames/3ds-return.js', threeDs.returnScript],
      ['GET', '/frames/*', frames.frame],
      ['POST', '/__sandbox/wallets/google-pay/token', walletControls.googlePayToken],
      ['POST', '/__sandbox/wallets/open', walletControls.open],
      ['POST', '/__sandbox/wallets/apple-pay/token', walletControls.applePayToken],
      ['POST', '/api/wallet/merchantsession', applePay.merchantSession],
      ['POST', '/__sandbox/payments/settle', controls.settle],
      ['POST', '/__sandbox/payments/expire', controls.expire],
      ['POST', '/__sandbox/webhooks', controls.webhookDeliveries],
      ['POST', '/__sandbox/reset', controls.reset],
      ['POST', '/__sandbox/sessions/expire', controls.expireSession],
    ],

    engine: (environment) => {
      const payments = engineHandlers(ctx, environment);
      const boleto = boletoHandlers(ctx, environment);
      return [
        health(environment === 'sandbox' ? 'sandbox-engine' : 'engine'),
        ['USE', '/api/payment/init', browser],
        ['USE', '/api/payment/sessionstatus', browser],
        ['USE', '/api/payment/installmentplans', browser],
        ['POST', '/api/payment/init', payments.init],
        ['POST', '/api/payment/sessionstatus', payments.sessionStatus],
        ['POST', '/api/payment/installmentplans', payments.installmentPlans],
        ['POST', '/api/payment/status', payments.status],
        // The stylesheet first: '/boleto/:printId' would otherwise answer for it.
        ['GET', '/boleto/print.css', boleto.printStyle],
        ['GET', '/boleto/:printId', boleto.printPage],
      ];
    },

    threeDs: [
      health('3ds-provider'),
      ['POST', '/ddc', acs.ddc],
      ['POST', '/ddc/collect', acs.ddcCollect],
      ['POST', '/stepup', acs.stepUp],
      ['POST', '/stepup/answer', acs.stepUpAnswer],
      ['POST', '/stepup/spc/options', acs.spcEnrolmentOptions],
      ['POST', '/stepup/spc/enrol', acs.spcEnrol],
      ['GET', '/assets/:name', acs.asset],
    ],

    wallets: [
      health('wallets'),
      ['GET', '/jsapi/1.latest/apple-pay-sdk.js', appleProvider.sdkScript],
      ['GET', '/apple-pay/assets/sheet.js', appleProvider.sheetScript],
      ['GET', '/apple-pay/assets/sheet.css', appleProvider.sheetStyle],
      ['POST', '/paymentservices/paymentsession', appleProvider.gatewayRefusal],
      ['POST', '/paymentservices/startsession', appleProvider.gatewayRefusal],
      ['USE', '/apple-pay/sheets', appleProvider.anyPage],
      ['POST', '/apple-pay/sheets', appleProvider.openSheet],
      ['GET', '/apple-pay/sheet', appleProvider.sheet],
      ['POST', '/apple-pay/sheet/pay', appleProvider.pay],
      ['GET', PAY_JS_PATH, googleProvider.payScript],
      ['GET', `${SHEET_PATH}.js`, googleProvider.sheetScript],
      ['GET', `${SHEET_PATH}.css`, googleProvider.sheetStyle],
      ['GET', SHEET_PATH, googleProvider.sheet],
      ['POST', SHEET_TOKEN_PATH, googleProvider.sheetToken],
    ],
  };
}
