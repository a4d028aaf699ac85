// What the 3DS calls answer (docs/service-contract.md, "3DS"): the setup, and the `authentication` block
// of Token/Generate and ThreeDS/Validate, with the encoder the card frame uses to pass it on field by
// field. No service calls and no shared modules here: the card frame's lazy 3DS chunk carries this file
// alone (vite.config.ts), and the page's own build the same code.

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

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown, max = 4096): v is string =>
  typeof v === 'string' && v.length > 0 && v.length <= max;

/** An absolute http(s) URL (never javascript:, data: or relative). */
export const httpUrl = (value: string): boolean => {
  try {
    return ['https:', 'http:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

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
    if (!httpUrl(stepUpUrl)) return undefined;
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

/**
 * Back to the service's shape, keeping only what decodeAuthentication reads: how the card frame hands
 * the block to the page, which decodes it again at its own boundary.
 */
export function encodeAuthentication(authentication: Authentication): Record<string, string> {
  const { challenge, eci, cancelled, code, referenceId, transactionId, status, liabilityShift } =
    authentication;
  return {
    code,
    referenceId,
    transactionId,
    status,
    liabilityShift,
    ...(eci === undefined ? {} : { eci }),
    ...(cancelled ? { challengeCancel: '01' } : {}),
    ...(challenge === undefined
      ? {}
      : {
          stepUpUrl: challenge.stepUpUrl,
          accessToken: challenge.accessToken,
          pareq: challenge.pareq,
          challengeWindowSize: challenge.windowSize,
          authenticationTransactionId: challenge.authenticationTransactionId,
        }),
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
