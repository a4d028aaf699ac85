// Where the service is. The spec says the exact hosts come with onboarding, so production needs the
// merchant's `tokenUrl`; the sandbox default is the local emulator (`npm run sandbox`).

import { CheckoutError } from '../errors.ts';
import type { Environment } from '../types.ts';

export const DEFAULT_TOKEN_URLS: Readonly<Record<Environment, string | undefined>> = {
  sandbox: 'http://localhost:4174',
  production: undefined,
};

/** The payment engine: {sandbox_url} for sandbox accounts, {engine_url} (from onboarding) in production. */
export const DEFAULT_ENGINE_URLS: Readonly<Record<Environment, string | undefined>> = {
  sandbox: 'http://127.0.0.1:4177',
  production: undefined,
};

/** The token host's origin, from the option or the environment's default. */
export function resolveTokenOrigin(environment: Environment, tokenUrl: string | undefined): string {
  return resolveOrigin('tokenUrl', 'the token host', tokenUrl ?? DEFAULT_TOKEN_URLS[environment]);
}

/** The payment engine's origin (`pay()`), from the option or the environment's default. */
export function resolveEngineOrigin(environment: Environment, engineUrl: string | undefined): string {
  return resolveOrigin('engineUrl', 'the payment engine', engineUrl ?? DEFAULT_ENGINE_URLS[environment]);
}

function resolveOrigin(name: string, host: string, value: string | undefined): string {
  if (value === undefined) {
    throw new CheckoutError(
      'invalid_option',
      'configuration',
      `${name} is required in production: use ${host} given at onboarding.`,
    );
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CheckoutError('invalid_option', 'configuration', `${name} "${value}" is not a URL.`);
  }
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
    throw new CheckoutError(
      'invalid_option',
      'configuration',
      `${name} must use https (http only on localhost).`,
    );
  }
  return url.origin;
}
