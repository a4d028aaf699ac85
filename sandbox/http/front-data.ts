// frontData from a browser (spec 2.5: the cardholder's IP, the browser's headers and screen): the
// cardholder's IP is the connection's, never what the body says, since a page can write any `ipAddress`
// and risk and 3DS decide with it. Every browser-originated call that carries frontData goes through
// here: Token/Generate and Token/Bind (before 3DS reads it) and Payment/Init.

import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { FrontData } from '../records.ts';
import type { SandboxEnv } from './context.ts';

/** The address the request came from, as the server's socket has it. */
export function connectionAddress(c: Context<SandboxEnv>): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/** `frontData` with the connection's address as `ipAddress`; a claimed one goes when none is known. */
export function withConnectionAddress(
  frontData: FrontData | undefined,
  ipAddress: string | undefined,
): FrontData {
  const { ipAddress: _claimed, ...sent } = frontData ?? {};
  return ipAddress === undefined ? sent : { ...sent, ipAddress };
}

/**
 * What a browser's frontData becomes at the token host: the connection's address, and the Accept header
 * of the request (which JavaScript cannot read), as the service adds them.
 */
export function browserFrontData(c: Context<SandboxEnv>, frontData: FrontData | undefined): FrontData {
  return {
    ...withConnectionAddress(frontData, connectionAddress(c)),
    acceptHeader: c.req.header('accept') ?? '*/*',
  };
}
