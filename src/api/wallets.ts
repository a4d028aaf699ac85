// The token host's wallet endpoint (docs/service-contract.md, "Apple Pay merchant validation"): the
// service validates the merchant with Apple for the session's account and answers Apple's merchant
// session, which the page hands to `completeMerchantValidation` as it came.

import type { Result } from '../errors.ts';
import type { ServiceClient } from './service.ts';

export const WALLET_PATHS = { merchantSession: '/api/Wallet/MerchantSession' } as const;

/** What the service needs to ask Apple for a merchant session. */
export interface MerchantSessionRequest {
  sessionId: string;
  /** `onvalidatemerchant`'s `validationURL`: Apple's gateway, which the service checks before calling. */
  validationURL: string;
  /** The merchant's Apple Pay merchant identifier. */
  merchantIdentifier: string;
  /** The name Apple shows (the total's label), at most 64 characters. */
  displayName: string;
  /** The page's host name, which must be one of the account's verified domains. */
  domainName: string;
}

/** Apple's merchant session, opaque: only its being an object is checked. */
export function merchantSession(
  client: ServiceClient,
  request: MerchantSessionRequest,
  signal?: AbortSignal,
): Promise<Result<object>> {
  const decode = (answer: unknown) =>
    typeof answer === 'object' && answer !== null && !Array.isArray(answer) ? answer : undefined;
  return client.post(WALLET_PATHS.merchantSession, request, decode, signal);
}
