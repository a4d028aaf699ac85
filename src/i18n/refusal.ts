// What a token-host frame shows when it refuses the page (frames/frame-runtime.ts: an account that
// does not allow the page's origin, or no page at all): it is shown before the page has sent anything,
// so neither the page's locale nor its `messages` reach it. Keyed by language, as the frame picks it
// from the browser's (`navigator.language`); docs/localisation.md says so.

import type { Locale } from './locale.ts';

/** The language subtag of a supported locale: `pt` for `pt-BR`. */
export type Language<L extends string = Locale> = L extends `${infer Subtag}-${string}` ? Subtag : L;

export const refusalMessages: Readonly<Record<Language, string>> = {
  en: 'This payment form cannot be shown on this website.',
  pt: 'Este formulário de pagamento não pode ser exibido neste site.',
  es: 'Este formulario de pago no se puede mostrar en este sitio.',
};
