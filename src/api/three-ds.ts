// The 3DS calls of the token host (docs/service-contract.md, "3DS"): setup before device data
// collection, and validation after a challenge. Their answers are read by three-ds-decode.ts.

import {
  decodeAuthentication,
  decodeSetup,
  type Authentication,
  type ThreeDsSetup,
} from './three-ds-decode.ts';
import { call, invalidResponse, type ServiceResult, type ServiceTarget } from './service.ts';

export * from './three-ds-decode.ts';

export async function setupThreeDs(
  target: ServiceTarget,
  request: { sessionId: string; cardNumber: string } | { sessionId: string; token: string },
): Promise<ServiceResult<ThreeDsSetup>> {
  const path = '/api/ThreeDS/Setup';
  const reply = await call(target, path, request);
  if (!reply.ok) return reply;
  const setup = decodeSetup(reply.value);
  return setup === undefined ? invalidResponse(path) : { ok: true, value: setup };
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
