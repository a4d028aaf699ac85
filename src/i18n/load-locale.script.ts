// The script-tag builds' load-locale.ts (vite.config.ts swaps it in): en's and es's tables are files
// next to the script, checkout-<version>-<locale>.js, that the build writes with the script
// (beside-script.ts): each hands its table to its own element.

import { loadBeside } from '../beside-script.ts';
import type { Messages } from './en.ts';
import type { Locale } from './locale.ts';

export const loadTable = (locale: Locale): Promise<Messages> =>
  loadBeside(`checkout-${__SDK_VERSION__}-${locale}.js`, __LOCALE_INTEGRITY__[locale]);
