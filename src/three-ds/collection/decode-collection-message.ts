// Device data collection ends with the provider's page posting `profile.completed` to the card frame.
// This is the trust boundary for that message: the origin comes from configuration (the collection
// URL our own service returned), never from the message; the source must be our hidden iframe; the
// session id must be the current setup's referenceId, so an answer for an old BIN is stale.

export interface CollectionDelivered {
  origin: string;
  source: unknown;
  data: unknown;
}

export interface CollectionExpected {
  origin: string;
  source: unknown;
  referenceId: string;
}

export interface CollectionOutcome {
  /** Collection finished but said it degraded (Status false, or an ActionCode other than SUCCESS): go on anyway. */
  degraded: boolean;
}

/** The provider's message is a JSON string of at most a few hundred characters; refuse anything large. */
const MAX_CHARS = 8 * 1024;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export function decodeCollectionMessage(
  delivered: CollectionDelivered,
  expected: CollectionExpected,
): CollectionOutcome | undefined {
  // A detached iframe has no window: never match a missing source against it.
  if (expected.source === null || expected.source === undefined) return undefined;
  if (
    delivered.origin !== expected.origin ||
    delivered.source !== expected.source ||
    expected.referenceId === ''
  ) {
    return undefined;
  }
  if (typeof delivered.data !== 'string' || delivered.data.length > MAX_CHARS) return undefined;
  let message: unknown;
  try {
    message = JSON.parse(delivered.data);
  } catch {
    return undefined;
  }
  if (!isObj(message) || message['MessageType'] !== 'profile.completed') return undefined;
  const payload = message['Payload'];
  if (isObj(payload)) {
    // Version 2: ActionCode, SessionId and DataSources under Payload.
    if (payload['SessionId'] !== expected.referenceId) return undefined;
    return { degraded: payload['ActionCode'] !== 'SUCCESS' };
  }
  // Version 1: SessionId and Status at the top.
  if (message['SessionId'] !== expected.referenceId) return undefined;
  return { degraded: message['Status'] !== true };
}
