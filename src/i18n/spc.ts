// What the 3DS frame says while the browser's Secure Payment Confirmation sheet is open
// (frames/challenge/spc.ts): the sheet is the browser's, in the browser's language; this line, in the
// checkout's, tells a screen reader and a shopper who looks behind it where to act.

import type { Locale } from './locale.ts';

export const spcMessages = {
  en: { spcConfirm: 'Confirm the purchase with your bank in the browser’s window.' },
  'pt-BR': { spcConfirm: 'Confirme a compra com o seu banco na janela do navegador.' },
  es: { spcConfirm: 'Confirme la compra con su banco en la ventana del navegador.' },
} satisfies Record<Locale, Record<string, string>>;

/** The line in the checkout's locale (the challenge's `locale`), English for any other. */
export const spcMessage = (locale: string): string =>
  (Object.hasOwn(spcMessages, locale) ? spcMessages[locale as Locale] : spcMessages.en).spcConfirm;
