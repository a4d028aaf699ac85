// The card frame's submit, from the fields to the service: validate, then Token/Generate with the 3DS
// setup's code (or Token/Bind with a stored card's security code and the setup made with its token).
// It always ends in a Result, so the frame always answers the page at once: no path returns without one.

import { bindToken, generateToken, type Decode, type ServiceClient } from '../../api/service.ts';
import type { TokenizedCard } from '../../card/tokenized-card.ts';
import { failure, type Result } from '../../errors.ts';
import type { FrameConfig } from '../../messaging/protocol.ts';
import type { Authentication } from '../../three-ds/model.ts';
import type { ThreeDsPreparer } from '../../three-ds/collection/preparer.ts';
import type { SvcCardFields } from '../fields/card-fields.ts';

export interface CardSubmit {
  config: FrameConfig;
  fields: Pick<SvcCardFields, 'validateAll' | 'readCard' | 'readCvv' | 'readChoices' | 'saveCard'>;
  client: ServiceClient;
  /** The 3DS setups of this frame (three-ds/collection/preparer.ts). */
  preparer(): Promise<Pick<ThreeDsPreparer, 'take' | 'prepare' | 'forget'>>;
  /** Token/Generate's and Token/Bind's 3DS block reader (in the frame's later chunk with this module). */
  authenticationReader(): Promise<Decode<Authentication>>;
}

const invalid = () =>
  failure('validation_failed', 'validation', 'Some card fields are missing or not valid.');

/** The token with what the shopper chose in the form (installments, tax id) added. */
export async function submitCard(
  submit: CardSubmit,
  frontData: Record<string, string>,
): Promise<Result<TokenizedCard>> {
  const result = await tokenize(submit, frontData);
  return result.ok ? { ok: true, value: { ...result.value, ...submit.fields.readChoices() } } : result;
}

async function tokenize(
  submit: CardSubmit,
  frontData: Record<string, string>,
): Promise<Result<TokenizedCard>> {
  const { config, fields, client } = submit;
  if (!fields.validateAll()) return invalid();
  if (config.mode === 'cvv' && config.storedCard !== undefined) {
    const read = fields.readCvv();
    if (read === undefined) return invalid();
    return bind(submit, config.storedCard.token, read.cvv, frontData);
  }
  const card = fields.readCard();
  if (card === undefined) return invalid();
  // Waits for the setup and at most 10 s of device data collection started when the number became
  // valid (or starts them now, e.g. after a failed setup).
  const prepared = await (await submit.preparer()).take(card.cardNumber);
  if (!prepared.ok) return prepared;
  const code = prepared.value;
  return generateToken(
    client,
    {
      sessionId: config.sessionId,
      card: { ...card, singleUse: !fields.saveCard },
      frontData,
      ...(code === undefined ? {} : { authenticationCode: code }),
    },
    code === undefined ? undefined : await submit.authenticationReader(),
  );
}

/**
 * Token/Bind, with the code of the setup made with the token when the mount started it. The service
 * checks the CVV before 3DS and spends no setup on a wrong one, so the shopper's retry sends the same code.
 */
async function bind(
  submit: CardSubmit,
  token: string,
  cvv: string,
  frontData: Record<string, string>,
): Promise<Result<TokenizedCard>> {
  const preparer = await submit.preparer();
  const prepared = await preparer.prepare({ token });
  if (!prepared.ok) return prepared;
  const code = prepared.value;
  const result = await bindToken(
    submit.client,
    {
      sessionId: submit.config.sessionId,
      token,
      cvv,
      ...(code === undefined ? {} : { authenticationCode: code }),
    },
    frontData,
    code === undefined ? undefined : await submit.authenticationReader(),
  );
  if (result.ok || result.error.code !== 'cvv_mismatch') preparer.forget();
  return result;
}
