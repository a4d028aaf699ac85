// The locales' tables on the merchant page. pt-BR's, the default market's, is in the script; en's and
// es's are loaded when a Checkout asks for them (load-locale.ts: lazy chunks in ESM, files next to the
// script in the script-tag builds), so a page pays only for its own language.

import type { Messages } from './en.ts';
import { loadTable } from './load-locale.ts';
import type { Locale } from './locale.ts';
import { ptBR } from './pt-br.ts';

const tables: Partial<Record<Locale, Messages>> = { 'pt-BR': ptBR };
const loads: Partial<Record<Locale, Promise<void> | undefined>> = {};

/** The table of `locale`: its own once loaded, pt-BR's before (and when it could not be loaded). */
export const tableOf = (locale: Locale): Messages => tables[locale] ?? ptBR;

/**
 * Starts loading the table of `locale`, once; the promise settles when {@link tableOf} gives it, or it
 * could not be loaded (said on the console; the next Checkout tries again): it never rejects.
 */
export function loadLocale(locale: Locale): Promise<void> {
  return (loads[locale] ??=
    locale in tables
      ? Promise.resolve()
      : loadTable(locale).then(
          (table) => {
            tables[locale] = table;
          },
          (error: unknown) => {
            loads[locale] = undefined;
            // A page that cannot load its strings still takes the card, in Portuguese: see
            // docs/localisation.md. The merchant's developer reads why.
            // eslint-disable-next-line no-console
            console.error(`service-checkout: ${locale} strings not loaded, pt-BR shown:`, error);
          },
        ));
}

/** `flow` once every table asked for is in (or could not be): what the flows show needs it. */
export const withStrings = <T>(flow: Promise<T>): Promise<T> =>
  Promise.all([flow, ...Object.values(loads)]).then(([loaded]) => loaded);
