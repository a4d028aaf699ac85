// A virtual platform authenticator over CDP (Chromium), for the passkeys' tests and the SPC probe.

import type { CDPSession, Page } from '@playwright/test';

// #region virtual-authenticator
/** A platform authenticator with user verification, as a phone or laptop with a fingerprint reader has. */
export async function virtualAuthenticator(
  page: Page,
): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}
// #endregion virtual-authenticator
