// A table the script does not carry (pt-BR's it does: tables.ts), as a lazy chunk of the ESM build.
// The script-tag builds swap this module for load-locale.script.ts (vite.config.ts).

import type { Messages } from './en.ts';
import type { Locale } from './locale.ts';

export const loadTable = (locale: Locale): Promise<Messages> =>
  locale === 'es' ? import('./es.ts').then((m) => m.es) : import('./en.ts').then((m) => m.en);
