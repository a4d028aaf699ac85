// The sandbox-only controls (/__sandbox/*: reset, the 3DS scenario switches) change what every test on
// the machine sees, so a web page must not be able to reach them: they need a header no browser sends
// cross-origin without a preflight (which the sandbox never grants), and they refuse anything a page
// sends (an Origin header) and any body that is not JSON.

import type { MiddlewareHandler } from 'hono';
import { ServiceError } from '../errors.ts';
import type { SandboxEnv } from './context.ts';

/** The header (and its one value) every sandbox control request carries. */
export const SANDBOX_CONTROL_HEADER = 'x-sandbox-control';
export const SANDBOX_CONTROL_VALUE = '1';

/** What a test sends with every `POST /__sandbox/*`, besides `content-type: application/json`. */
export const SANDBOX_CONTROL_HEADERS: Readonly<Record<string, string>> = {
  [SANDBOX_CONTROL_HEADER]: SANDBOX_CONTROL_VALUE,
};

/** Guards the controls; `GET /__sandbox/health` stays open (it changes nothing and tells nothing). */
export function sandboxControl(): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    if (c.req.method === 'GET') {
      await next();
      return;
    }
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== '') {
      throw new ServiceError('sandbox_control_required', {
        message: 'Sandbox controls are for test code on a server, not for web pages.',
      });
    }
    if (c.req.header(SANDBOX_CONTROL_HEADER) !== SANDBOX_CONTROL_VALUE) {
      throw new ServiceError('sandbox_control_required', { field: SANDBOX_CONTROL_HEADER });
    }
    const type = c.req.header('content-type');
    if (type !== undefined && type.split(';')[0]?.trim().toLowerCase() !== 'application/json') {
      throw new ServiceError('unsupported_media_type');
    }
    await next();
  };
}
