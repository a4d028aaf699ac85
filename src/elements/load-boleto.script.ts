// The script-tag builds' load-boleto.ts (vite.config.ts swaps it in): they do not carry the boleto, so
// `pay({method: 'boleto'})` there is a configuration error that names the build that has it.

import { configurationError } from '../errors.ts';
import type * as boleto from './boleto.ts';

export const loadBoleto = (): Promise<typeof boleto> =>
  Promise.reject(
    configurationError(
      'invalid_option',
      'method "boleto" is in the ESM build (npm package); the script-tag builds pay by card and PIX.',
    ),
  );
