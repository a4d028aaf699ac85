// What a 3DS authentication is, wherever it runs: the verdict and, for status C, the challenge. The
// service's answers are read into these shapes once, by api/three-ds.ts; the page reads the same typed
// value off the port (messaging/decode.ts). Types and one URL check only: both sides import this file.

export type AuthenticationStatus = 'Y' | 'A' | 'U' | 'N' | 'R' | 'C';
export type LiabilityShift = 'full' | 'partial' | 'none';
/** How a challenge verified the shopper: the issuer's code, or the issuer's passkey (Secure Payment Confirmation). */
export type AuthenticationMethod = 'challenge' | 'spc';

export const AUTHENTICATION_STATUSES: readonly AuthenticationStatus[] = ['Y', 'A', 'U', 'N', 'R', 'C'];
export const LIABILITY_SHIFTS: readonly LiabilityShift[] = ['full', 'partial', 'none'];

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
  /** After a challenge: how the issuer verified the shopper. */
  method?: AuthenticationMethod;
}

/** The 3DS steps a merchant can show progress for (`svc-3ds` events), in the order they happen. */
export const THREE_DS_STEPS = [
  'collection-started',
  'collection-finished',
  'collection-timed-out',
  'challenge-shown',
  'challenge-finished',
] as const;
/** A step of {@link THREE_DS_STEPS}. */
export type ThreeDsStep = (typeof THREE_DS_STEPS)[number];

/** An absolute http(s) URL (never javascript:, data: or relative). */
export function httpUrl(value: string): boolean {
  try {
    return ['https:', 'http:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
