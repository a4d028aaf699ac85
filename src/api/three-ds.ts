// The token host's 3DS calls (docs/service-contract.md, "3DS"): setup before device data collection,
// and validation after a challenge, with the readers of their answers and of Token/Generate's
// authentication block. Only types come from service.ts: it takes a client, so the 3DS challenge frame
// carries no client code it does not use; in the card frame, both ride in its later chunk.

import type { Result } from '../errors.ts';
import {
  AUTHENTICATION_STATUSES,
  LIABILITY_SHIFTS,
  httpUrl,
  type Authentication,
  type Challenge,
} from '../three-ds/model.ts';
import type { Obj, ServiceClient } from './service.ts';

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown, max = 4096): v is string =>
  typeof v === 'string' && v.length > 0 && v.length <= max;

/**
 * The service's `authentication` block, field by field. An unknown status (EMV also has D and I) is read
 * as U: not authenticated, and the service decides at Payment/Init.
 */
export function decodeAuthentication(value: unknown): Authentication | undefined {
  if (!isObj(value)) return undefined;
  const { code, referenceId, transactionId, status, eci, liabilityShift } = value;
  if (!text(code, 128) || !text(referenceId, 128) || !text(transactionId, 128) || typeof status !== 'string')
    return undefined;
  const known = AUTHENTICATION_STATUSES.find((s) => s === status) ?? 'U';
  let challenge: Challenge | undefined;
  if (known === 'C') {
    const { stepUpUrl, accessToken, pareq, challengeWindowSize, authenticationTransactionId } = value;
    if (
      !text(stepUpUrl) ||
      !httpUrl(stepUpUrl) ||
      !text(accessToken) ||
      !text(pareq, 16_384) ||
      !text(authenticationTransactionId, 128)
    )
      return undefined;
    challenge = {
      stepUpUrl,
      accessToken,
      pareq,
      windowSize: typeof challengeWindowSize === 'string' ? challengeWindowSize : '02',
      authenticationTransactionId,
    };
  }
  const method = value['authenticationMethod'];
  return {
    code,
    referenceId,
    transactionId,
    status: known,
    eci: typeof eci === 'string' && /^\d{2}$/.test(eci) ? eci : undefined,
    liabilityShift: LIABILITY_SHIFTS.find((s) => s === liabilityShift) ?? 'none',
    challenge,
    cancelled: value['challengeCancel'] === '01',
    ...(method === 'challenge' || method === 'spc' ? { method } : {}),
  };
}

export type ThreeDsSetup =
  | { enabled: false }
  | {
      enabled: true;
      code: string;
      referenceId: string;
      deviceDataCollectionUrl: string;
      accessToken: string;
    };

/** ThreeDS/Setup's answer; undefined when it is not one. */
export function decodeSetup(body: unknown): ThreeDsSetup | undefined {
  if (!isObj(body)) return undefined;
  if (body['enabled'] === false) return { enabled: false };
  const { code, referenceId, deviceDataCollectionUrl, accessToken } = body;
  if (
    body['enabled'] !== true ||
    !text(code, 128) ||
    !text(referenceId, 128) ||
    !text(deviceDataCollectionUrl) ||
    !httpUrl(deviceDataCollectionUrl) ||
    !text(accessToken, 2048)
  )
    return undefined;
  return { enabled: true, code, referenceId, deviceDataCollectionUrl, accessToken };
}

/**
 * ThreeDS/Setup for a new card's BIN (its first 8 digits: the collection needs no more, and the number
 * goes only to Token/Generate) or a stored token.
 */
export function setupThreeDs(
  client: ServiceClient,
  request: { sessionId: string; bin: string } | { sessionId: string; token: string },
): Promise<Result<ThreeDsSetup>> {
  return client.post('/api/ThreeDS/Setup', request, decodeSetup);
}

/**
 * ThreeDS/Validate: the service's final verdict after a challenge, or, with `spcAssertion` before it
 * opens, the issuer's answer to the browser's Secure Payment Confirmation (a refusal is `spc_refused`).
 */
export function validateThreeDs(
  client: ServiceClient,
  request: { sessionId: string; authenticationTransactionId: string; spcAssertion?: unknown },
): Promise<Result<Authentication>> {
  return client.post('/api/ThreeDS/Validate', request, decodeAuthentication);
}

/** The issuer's Secure Payment Confirmation offer for a challenge: what the browser's sheet needs. */
export interface SpcOffer {
  /** The card's credentials at the issuer, base64url. */
  credentialIds: string[];
  challenge: string;
  rpId: string;
  payeeOrigin: string;
  instrument: { displayName: string; icon: string };
  total: { currency: string; value: string };
  timeout: number;
}

/** ThreeDS/SpcOffer's answer: an offer, or undefined for `{available: false}`; null when it is neither. */
export function decodeSpcOffer(body: unknown): SpcOffer | undefined | null {
  if (!isObj(body)) return null;
  if (body['available'] === false) return undefined;
  const { credentialIds, challenge, rpId, payeeOrigin, instrument, total, timeout } = body;
  const base64url = (v: unknown): v is string => text(v, 1400) && /^[\w-]+$/.test(v);
  if (
    body['available'] !== true ||
    !Array.isArray(credentialIds) ||
    credentialIds.length === 0 ||
    credentialIds.length > 20 ||
    !credentialIds.every(base64url) ||
    !base64url(challenge) ||
    !text(rpId, 253) ||
    !text(payeeOrigin) ||
    !isObj(instrument) ||
    !text(instrument['displayName'], 100) ||
    !text(instrument['icon']) ||
    !isObj(total) ||
    !text(total['currency'], 3) ||
    !text(total['value'], 20) ||
    // As the currency writes it: BRL 120.00, JPY 1200, KWD 1.234.
    !/^\d+(\.\d{1,3})?$/.test(total['value']) ||
    typeof timeout !== 'number'
  )
    return null;
  return {
    credentialIds,
    challenge,
    rpId,
    payeeOrigin,
    instrument: { displayName: instrument['displayName'], icon: instrument['icon'] },
    total: { currency: total['currency'], value: total['value'] },
    timeout,
  };
}

/** ThreeDS/SpcOffer: the issuer's offer for a challenge not yet opened, shown on `payeeOrigin`. */
export function requestSpcOffer(
  client: ServiceClient,
  request: { sessionId: string; authenticationTransactionId: string; payeeOrigin: string },
): Promise<Result<SpcOffer | undefined>> {
  return client
    .post('/api/ThreeDS/SpcOffer', request, (body) => {
      const offer = decodeSpcOffer(body);
      return offer === null ? undefined : { offer };
    })
    .then((reply) => (reply.ok ? { ok: true, value: reply.value.offer } : reply));
}
