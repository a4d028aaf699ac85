// How the typed card pays, asked of the service once per BIN (Card/Funding): a combo card (crédito e
// débito) gets the question "Crédito ou débito?" (the `debit` option, frames/fields/card-funding.ts),
// and a card that can pay by debit runs 3DS on every account, since online debit needs a successful
// authentication (docs/service-contract.md, Debit and combo cards). In the card frame's later chunk.

import fundingChunk from 'virtual:chunk/card-funding';
import { fundingOf, type ServiceClient } from '../../api/service.ts';
import type { SvcCardFields } from '../fields/card-fields.ts';
import type { Lit } from '../fields/card-installments.ts';
import type * as FundingChunk from '../fields/card-funding.ts';
import { createPreparer, threeDsOn, type ThreeDsPreparer } from '../../three-ds/collection/preparer.ts';
import type { ThreeDsStep } from '../../three-ds/model.ts';
import type { Funding } from '../../types.ts';

const asked = new Map<string, Promise<readonly Funding[]>>();

/**
 * How the cards of `bin` pay, asked once per session and BIN. An answer that fails (the network, the
 * service) reads as credit, the service's own default, and is asked again for the next keystroke's BIN.
 */
export function fundingOfBin(
  client: ServiceClient,
  sessionId: string,
  bin: string,
): Promise<readonly Funding[]> {
  const key = `${sessionId} ${bin}`;
  let found = asked.get(key);
  if (found === undefined) {
    found = fundingOf(client, sessionId, bin).then((reply) => {
      if (reply.ok) return reply.value;
      asked.delete(key);
      return ['credit'];
    });
    asked.set(key, found);
  }
  return found;
}

/**
 * The card frame's 3DS preparer: the setup runs where the account runs 3DS (`threeDsOn`), and for a
 * card that can pay by debit wherever it is paid.
 */
export const cardFramePreparer = (
  win: Window,
  client: ServiceClient,
  sessionId: string,
  report: (step: ThreeDsStep) => void,
): ThreeDsPreparer =>
  createPreparer(
    win,
    client,
    sessionId,
    report,
    async (card) =>
      threeDsOn(win.document) ||
      (typeof card === 'string' &&
        (await fundingOfBin(client, sessionId, card.slice(0, 8))).includes('debit')),
  );

/**
 * Asks a combo card's shopper "Crédito ou débito?" (the `debit` option): drops the question of the BIN
 * before, and once the service says `bin` pays both ways, loads the question's chunk and shows it,
 * unless another BIN was typed meanwhile.
 */
export async function askFunding(
  fields: SvcCardFields,
  bin: string | undefined,
  client: ServiceClient,
  sessionId: string,
  lit: Lit,
): Promise<void> {
  fields.funding = undefined;
  if (bin === undefined || (await fundingOfBin(client, sessionId, bin)).length < 2) return;
  const chunk = (await import(/* @vite-ignore */ fundingChunk)) as typeof FundingChunk;
  chunk.defineFunding(lit);
  if (fields.bin === bin)
    fields.funding = chunk.fundingStrings(document.documentElement.lang, fields.strings);
}
