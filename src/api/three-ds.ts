// The 3DS calls of the token host (docs/service-contract.md, "3DS"): setup before device data
// collection, and validation after a challenge; plus the decoder of the `authentication` block that
// Token/Generate and ThreeDS/Validate answer with. Kept apart from service.ts so the card frame only
// carries it once it runs 3DS.

import { call, invalidResponse, type ServiceResult, type ServiceTarget } from './service.ts';

export type AuthenticationStatus = 'Y' | 'A' | 'U' | 'N' | 'R' | 'C';
export type LiabilityShift = 'full' | 'partial' | 'none';

export interface Challenge {
  stepUpUrl: string;
  accessToken: string;
  pareq: string;
  /** EMV challengeWindowSize as the service chose it; the dialog falls back to 02 when invalid. */
  windowSize: string;
  authenticationTransactionId: string;
}

export interface Authentication {
  /** The three values the merchant backend sends in Payment/Init's AuthenticationInformation. */
  code: string;
  referenceId: string;
  transactionId: string;
  status: AuthenticationStatus;
  eci: string | undefined;
  liabilityShift: LiabilityShift;
  /** Present when status is C. */
  challenge: Challenge | undefined;
  /** The shopper cancelled the challenge (EMV challengeCancel). */
  cancelled: boolean;
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

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown, max = 4096): v is string =>
  typeof v === 'string' && v.length > 0 && v.length <= max;

const STATUSES: readonly AuthenticationStatus[] = ['Y', 'A', 'U', 'N', 'R', 'C'];
const SHIFTS: readonly LiabilityShift[] = ['full', 'partial', 'none'];

/**
 * The `authentication` block, checked field by field. An unknown status (EMV also has D and I) is read
 * as U: not authenticated, and the service decides at Payment/Init.
 */
export function decodeAuthentication(value: unknown): Authentication | undefined {
  if (!isObj(value)) return undefined;
  const { code, referenceId, transactionId, status, eci, liabilityShift } = value;
  if (!text(code, 128) || !text(referenceId, 128) || !text(transactionId, 128) || typeof status !== 'string')
    return undefined;
  const known = STATUSES.find((s) => s === status) ?? 'U';
  let challenge: Challenge | undefined;
  if (known === 'C') {
    const { stepUpUrl, accessToken, pareq, challengeWindowSize, authenticationTransactionId } = value;
    if (
      !text(stepUpUrl) ||
      !text(accessToken) ||
      !text(pareq, 16_384) ||
      !text(authenticationTransactionId, 128)
    )
      return undefined;
    try {
      if (!['https:', 'http:'].includes(new URL(stepUpUrl).protocol)) return undefined;
    } catch {
      return undefined;
    }
    challenge = {
      stepUpUrl,
      accessToken,
      pareq,
      windowSize: typeof challengeWindowSize === 'string' ? challengeWindowSize : '02',
      authenticationTransactionId,
    };
  }
  return {
    code,
    referenceId,
    transactionId,
    status: known,
    eci: typeof eci === 'string' && /^\d{2}$/.test(eci) ? eci : undefined,
    liabilityShift: SHIFTS.find((s) => s === liabilityShift) ?? 'none',
    challenge,
    cancelled: value['challengeCancel'] === '01',
  };
}

export async function setupThreeDs(
  target: ServiceTarget,
  request: { sessionId: string; cardNumber: string } | { sessionId: string; token: string },
): Promise<ServiceResult<ThreeDsSetup>> {
  const path = '/api/ThreeDS/Setup';
  const reply = await call(target, path, request);
  if (!reply.ok) return reply;
  const body = reply.value;
  if (isObj(body) && body['enabled'] === false) return { ok: true, value: { enabled: false } };
  if (!isObj(body) || body['enabled'] !== true) return invalidResponse(path);
  const { code, referenceId, deviceDataCollectionUrl, accessToken } = body;
  if (
    !text(code, 128) ||
    !text(referenceId, 128) ||
    !text(deviceDataCollectionUrl) ||
    !text(accessToken, 2048)
  )
    return invalidResponse(path);
  return { ok: true, value: { enabled: true, code, referenceId, deviceDataCollectionUrl, accessToken } };
}

export async function validateThreeDs(
  target: ServiceTarget,
  request: { sessionId: string; authenticationTransactionId: string },
): Promise<ServiceResult<Authentication>> {
  const path = '/api/ThreeDS/Validate';
  const reply = await call(target, path, request);
  if (!reply.ok) return reply;
  const authentication = decodeAuthentication(reply.value);
  return authentication === undefined ? invalidResponse(path) : { ok: true, value: authentication };
}
