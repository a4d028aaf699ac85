// Stored cards, on the merchant page: the session's customer's saved cards (Token/List), masked. Paying
// with one mounts the card form in `cvv` mode (card-form-flow.ts), which binds it with the security code.

import { listTokens, type ServiceClient } from '../api/service.ts';
import type { CheckoutError } from '../errors.ts';
import type { StoredCardsResult } from '../types.ts';

/** The session's cards, once its id is known; a session that never came (`session_unavailable`) is the failure. */
export function listStoredCards(
  client: ServiceClient,
  sessionId: Promise<string>,
  signal?: AbortSignal,
): Promise<StoredCardsResult> {
  return sessionId.then(
    (id) =>
      listTokens(client, id, signal).then((reply) => (reply.ok ? { ok: true, cards: reply.value } : reply)),
    (error: unknown) => ({ ok: false, error: error as CheckoutError }),
  );
}
