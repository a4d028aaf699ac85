// The Pix code's strings (elements/pix-code.ts): in its chunk, since only a Pix payment shows them.
// The `messages` option does not reach them: the full script-tag build, which carries the Pix code, has
// no room in its budget for the keys and the overrides' way to the code (docs/localisation.md).

import type { Locale } from './locale.ts';

export const pixMessages = {
  'pt-BR': {
    title: 'Pague com Pix',
    how: 'Abra o app do seu banco e escaneie o QR code, ou copie o código e cole em Pix Copia e Cola.',
    qr: 'QR code do Pix',
    code: 'Pix Copia e Cola',
    copy: 'Copiar código',
    copied: 'Código copiado.',
    select: 'Selecione o código e copie.',
    waiting: 'Aguardando o pagamento. O código expira às {time}.',
    paid: 'Pagamento recebido.',
    expired: 'O código Pix expirou.',
  },
  en: {
    title: 'Pay with Pix',
    how: "Open your bank's app and scan the QR code, or copy the code and paste it in Pix Copia e Cola.",
    qr: 'Pix QR code',
    code: 'Pix Copia e Cola',
    copy: 'Copy code',
    copied: 'Code copied.',
    select: 'Select the code and copy it.',
    waiting: 'Waiting for the payment. The code expires at {time}.',
    paid: 'Payment received.',
    expired: 'The Pix code has expired.',
  },
  es: {
    title: 'Paga con Pix',
    how: 'Abre la app de tu banco y escanea el código QR, o copia el código y pégalo en Pix Copia e Cola.',
    qr: 'Código QR de Pix',
    code: 'Pix Copia e Cola',
    copy: 'Copiar código',
    copied: 'Código copiado.',
    select: 'Selecciona el código y cópialo.',
    waiting: 'Esperando el pago. El código vence a las {time}.',
    paid: 'Pago recibido.',
    expired: 'El código Pix venció.',
  },
} satisfies Record<Locale, Record<string, string>>;
