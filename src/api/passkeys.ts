// The token host's passkey ceremonies (docs/service-contract.md, "Passkeys for stored cards"), called
// only by the card frame's passkey chunk, same-origin: the options to start a registration or an
// assertion with, and the registration's verification. The assertion itself goes to Token/Bind
// (`bindToken` with `passkey`).

import type { Result } from '../errors.ts';
import { isObj, type Obj, type ServiceClient } from './service.ts';

const PATHS = {
  registrationOptions: '/api/Passkey/RegistrationOptions',
  register: '/api/Passkey/Register',
  authenticationOptions: '/api/Passkey/AuthenticationOptions',
} as const;

/** WebAuthn's options JSON as the service writes it, handed to @simplewebauthn/browser unread. */
export type OptionsJSON = Obj;

const optionsOf = (answer: unknown): OptionsJSON | undefined => {
  const options = isObj(answer) ? answer['optionsJSON'] : undefined;
  return isObj(options) && typeof options['challenge'] === 'string' ? options : undefined;
};

export interface PasskeyCard {
  sessionId: string;
  token: string;
}

export const registrationOptions = (client: ServiceClient, card: PasskeyCard): Promise<Result<OptionsJSON>> =>
  client.post(PATHS.registrationOptions, card, optionsOf);

export const authenticationOptions = (
  client: ServiceClient,
  card: PasskeyCard,
): Promise<Result<OptionsJSON>> => client.post(PATHS.authenticationOptions, card, optionsOf);

/** Passkey/Register: true once the service verified the registration and bound it to the card. */
export const registerPasskey = (
  client: ServiceClient,
  card: PasskeyCard,
  response: unknown,
): Promise<Result<true>> =>
  client.post(PATHS.register, { ...card, response }, (answer) =>
    isObj(answer) && answer['registered'] === true ? true : undefined,
  );
