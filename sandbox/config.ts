// Where the sandbox listens and how browsers reach it. Every port can be moved with an environment
// variable; the defaults are the ones the README, the demo and the e2e tests use.

export interface SandboxUrls {
  /** {token_url}: token API and frame documents. `localhost`, so passkeys can use it as RP ID. */
  tokenUrl: string;
  /** {engine_url}: the production payment engine's twin. */
  engineUrl: string;
  /** {sandbox_url}: the sandbox payment engine. */
  sandboxUrl: string;
  /** The 3DS provider's own origin (device data collection, step-up pages). */
  threeDsUrl: string;
  /** The wallets' stand-ins: Google Pay's pay.js and Apple Pay JS, their sheets and Apple's gateway. */
  walletsUrl: string;
  /** The demo merchant's origin, allowed for the demo accounts. */
  demoUrl: string;
}

export interface SandboxPorts {
  token: number;
  engine: number;
  sandbox: number;
  threeDs: number;
  wallets: number;
  demo: number;
}

function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65_535)
    throw new Error(`${name} must be a port number, got "${raw}"`);
  return value;
}

/** Each server's port: the variable that moves it, its default, and what it serves. */
export const PORTS: Readonly<
  Record<keyof SandboxPorts, readonly [variable: string, port: number, what: string]>
> = {
  demo: ['DEMO_PORT', 4173, 'the demo merchant'],
  token: ['SVC_TOKEN_PORT', 4174, 'the token host'],
  engine: ['SVC_ENGINE_PORT', 4175, 'the payment engine'],
  threeDs: ['SVC_3DS_PORT', 4176, 'the 3DS provider'],
  sandbox: ['SVC_SANDBOX_PORT', 4177, 'the sandbox engine'],
  wallets: ['SVC_WALLETS_PORT', 4178, 'the wallet stand-ins'],
};

export function portsFromEnv(env: NodeJS.ProcessEnv = process.env): SandboxPorts {
  const at = (role: keyof SandboxPorts) => port(env, PORTS[role][0], PORTS[role][1]);
  return {
    demo: at('demo'),
    token: at('token'),
    engine: at('engine'),
    threeDs: at('threeDs'),
    sandbox: at('sandbox'),
    wallets: at('wallets'),
  };
}

export function urlsFor(ports: SandboxPorts): SandboxUrls {
  return {
    tokenUrl: `http://localhost:${String(ports.token)}`,
    engineUrl: `http://127.0.0.1:${String(ports.engine)}`,
    sandboxUrl: `http://127.0.0.1:${String(ports.sandbox)}`,
    threeDsUrl: `http://127.0.0.1:${String(ports.threeDs)}`,
    walletsUrl: `http://127.0.0.1:${String(ports.wallets)}`,
    demoUrl: `http://127.0.0.1:${String(ports.demo)}`,
  };
}

/** All servers bind loopback only. */
export const HOSTNAME = '127.0.0.1';
