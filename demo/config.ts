// The demo merchant's configuration: its account, its app token (server-side only) and where the
// service is. By default it uses the sandbox's `demo` account from sandbox/accounts.json.

import { portsFromEnv, urlsFor, type SandboxUrls } from '../sandbox/config.ts';
import { sandboxAccounts } from '../sandbox/main.ts';

export interface MerchantConfig {
  account: string;
  appToken: string;
  environment: 'sandbox' | 'production';
  /** {token_url} as the browser reaches it (frames, Token/Generate). */
  tokenUrl: string;
  /** {token_url} as this server reaches it. */
  tokenApiUrl: string;
  /** {sandbox_url} or {engine_url}, as this server reaches it. */
  engineApiUrl: string;
  /** {sandbox_url} or {engine_url} as the browser reaches it: the page pays there itself with `pay()`. */
  engineUrl: string;
  /**
   * The wallets' scripts the pages load, as the browser reaches them: the sandbox's stand-ins for a
   * sandbox account (Google's and Apple's own would hand tokens the sandbox cannot open), none otherwise.
   */
  walletScripts?: { googlePay: string; applePay: string };
  /** The 3DS provider as the browser reaches it: a headless page runs its device data collection. */
  threeDsUrl: string;
  port: number;
  /** The account's webhook secret (server-side only): /api/webhooks verifies events with it. */
  webhookSecret?: string;
}

/** `urls`: where the sandbox and the demo are, by default on the ports `env` gives. */
export function merchantConfigFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  urls: SandboxUrls = urlsFor(portsFromEnv(env)),
): MerchantConfig {
  const name = env['DEMO_ACCOUNT'] ?? 'demo';
  const account = sandboxAccounts(env, { demo_origin: urls.demoUrl })
    .read()
    .find((a) => a.name === name);
  const appToken = env['DEMO_APP_TOKEN'] ?? account?.appToken;
  if (appToken === undefined) throw new Error(`No app token for account "${name}": set DEMO_APP_TOKEN.`);
  const environment = account?.environment ?? 'sandbox';
  const webhookSecret = env['DEMO_WEBHOOK_SECRET'] ?? account?.webhook?.secret;
  return {
    account: name,
    appToken,
    environment,
    tokenUrl: env['SVC_TOKEN_URL'] ?? urls.tokenUrl,
    // Server to server: loopback by address, so no resolver decides between IPv4 and IPv6.
    tokenApiUrl: env['SVC_TOKEN_API_URL'] ?? urls.tokenUrl.replace('localhost', '127.0.0.1'),
    engineApiUrl: env['SVC_ENGINE_API_URL'] ?? (environment === 'sandbox' ? urls.sandboxUrl : urls.engineUrl),
    engineUrl: env['SVC_ENGINE_URL'] ?? (environment === 'sandbox' ? urls.sandboxUrl : urls.engineUrl),
    ...(environment === 'sandbox'
      ? {
          walletScripts: {
            googlePay: `${env['SVC_WALLETS_URL'] ?? urls.walletsUrl}/gp/p/js/pay.js`,
            applePay: `${env['SVC_WALLETS_URL'] ?? urls.walletsUrl}/jsapi/1.latest/apple-pay-sdk.js`,
          },
        }
      : {}),
    threeDsUrl: env['SVC_3DS_URL'] ?? urls.threeDsUrl,
    port: Number(new URL(urls.demoUrl).port),
    ...(webhookSecret === undefined ? {} : { webhookSecret }),
  };
}
