// errors.ts in the files with code the script-tag builds load beside themselves, the 3DS challenge and
// the boleto (vite.config.ts swaps it in): the run-time values the script gave the file
// (beside-script.ts, scriptErrors), so the file's errors are the script's CheckoutError and not a copy
// of it. A value the file imports that is not given fails the build.

import type { BesideScript, ScriptErrors } from './beside-script.ts';

const d = (document.currentScript as BesideScript<unknown, ScriptErrors> | null)?.d;
if (d === undefined) throw new Error('This file runs only when the checkout script loads it.');

export const { CheckoutError, ERROR_CODES, ERROR_TYPES } = d;
