// The passkeys' strings (frames/card/passkey.ts and the token host's passkey window): in the card
// frame's passkey chunk, which only the `passkeys` option loads. The page sends the merchant's
// `messages` in the frame's configuration, so a `passkey` key overrides them there.

import type { Locale } from './locale.ts';

export const passkeyMessages = {
  en: {
    passkeyPay: 'Pay with passkey',
    passkeyUseCode: 'Use the security code instead',
    passkeyUsePasskey: 'Use your passkey instead',
    passkeyOffer: 'Skip the security code next time: confirm with your fingerprint, face or screen lock.',
    passkeyEnrol: 'Use a passkey next time',
    passkeyNotNow: 'Not now',
    passkeyEnrolled: 'Passkey saved. Next time, confirm with it instead of typing the security code.',
    passkeyCancelled: 'The passkey was not used. Enter the security code.',
    passkeyFailed: 'The passkey could not be checked. Enter the security code.',
    passkeyEnrolFailed: 'The passkey was not saved. You can keep using the security code.',
    passkeyWindow: 'Create a passkey',
    passkeyCreate: 'Create passkey',
    passkeyCancel: 'Cancel',
  },
  'pt-BR': {
    passkeyPay: 'Pagar com chave de acesso',
    passkeyUseCode: 'Usar o código de segurança',
    passkeyUsePasskey: 'Usar a chave de acesso',
    passkeyOffer:
      'Dispense o código de segurança na próxima vez: confirme com sua digital, rosto ou bloqueio de tela.',
    passkeyEnrol: 'Usar chave de acesso na próxima vez',
    passkeyNotNow: 'Agora não',
    passkeyEnrolled:
      'Chave de acesso salva. Na próxima vez, confirme com ela em vez de digitar o código de segurança.',
    passkeyCancelled: 'A chave de acesso não foi usada. Digite o código de segurança.',
    passkeyFailed: 'Não foi possível verificar a chave de acesso. Digite o código de segurança.',
    passkeyEnrolFailed: 'A chave de acesso não foi salva. Você pode continuar usando o código de segurança.',
    passkeyWindow: 'Criar uma chave de acesso',
    passkeyCreate: 'Criar chave de acesso',
    passkeyCancel: 'Cancelar',
  },
  es: {
    passkeyPay: 'Pagar con llave de acceso',
    passkeyUseCode: 'Usar el código de seguridad',
    passkeyUsePasskey: 'Usar la llave de acceso',
    passkeyOffer:
      'Omite el código de seguridad la próxima vez: confirma con tu huella, rostro o bloqueo de pantalla.',
    passkeyEnrol: 'Usar una llave de acceso la próxima vez',
    passkeyNotNow: 'Ahora no',
    passkeyEnrolled:
      'Llave de acceso guardada. La próxima vez, confirma con ella en lugar de escribir el código de seguridad.',
    passkeyCancelled: 'No se usó la llave de acceso. Escribe el código de seguridad.',
    passkeyFailed: 'No se pudo verificar la llave de acceso. Escribe el código de seguridad.',
    passkeyEnrolFailed: 'No se guardó la llave de acceso. Puedes seguir usando el código de seguridad.',
    passkeyWindow: 'Crear una llave de acceso',
    passkeyCreate: 'Crear llave de acceso',
    passkeyCancel: 'Cancelar',
  },
} satisfies Record<Locale, Record<string, string>>;

export type PasskeyMessages = (typeof passkeyMessages)['en'];
