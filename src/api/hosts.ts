// Where the service is. The spec says the exact hosts come with onboarding, so production needs the
// merchant's `tokenUrl`; the sandbox default is the local emulator (`npm run sandbox`).

import { invalidOption } from '../errors.ts';
import type { Environment } from '../types.ts';

export const DEFAULT_TOKEN_URLS: Readonly<Record<Environment, string | undefined>> = {
  sandbox: 'http://localhost:4174',
  production: undefined,
};

/** The token host's origin, from the option or the environment's default. */
export const resolveTokenOrigin = (environment: Environment, tokenUrl: string | undefined): string =>
  serviceOrigin(
    'tokenUrl',
    tokenUrl ?? DEFAULT_TOKEN_URLS[environment],
    ': use the token host given at onboarding.',
  );

/**
 * A service host's origin: the option's value or the environment's default, checked. Production has no
 * default, so without the option, `invalid_option` saying what to give (`where`).
 */
export function serviceOrigin(name: string, value: string | undefined, where: string): string {
  if (value === undefined) invalidOption(`${name} is required in production${where}`);
  return checkedOrigin(name, value);
}

/** The origin of a service URL option: https, or http on localhost. */
export function checkedOrigin(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    invalidOption(`${name} "${value}" is not a URL.`);
  }
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
    invalidOption(`${name} must use https (http only on localhost).`);
  }
  return url.origin;
}
