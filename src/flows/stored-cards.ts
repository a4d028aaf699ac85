// Stored cards, on the merchant page: the session's customer's saved cards (Token/List), masked. Paying
// with one mounts the card form in `cvv` mode (card-form.ts), which binds it with the security code.

import { listTokens, type ServiceClient } from '../api/service.ts';
import type { StoredCardsResult } from '../types.ts';

export async function listStoredCards(
  client: ServiceClient,
  sessionId: string,
  signal?: AbortSignal,
): Promise<StoredCardsResult> {
  const reply = await listTokens(client, sessionId, signal);
  return reply.ok ? { ok: true, cards: reply.value } : reply;
}
