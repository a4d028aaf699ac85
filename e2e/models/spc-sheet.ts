// The browser's Secure Payment Confirmation sheet, stood in for: no browser of this machine runs SPC
// (e2e/spc-probe.spec.ts shows what this Chromium does with the smallest SPC page). Everything else is
// real: the issuer's enrolment creates the credential in the browser's virtual authenticator, two
// cross-origin frames deep; the 3DS frame builds its PaymentRequest; the service verifies. The stand-in
// replaces PaymentRequest in the 3DS frame only, as the W3C's API has it (`canMakePayment()`, `show()`,
// a response whose `details` is the credential), and answers `show()` as the sheet would: signing the
// payment it was asked to show with the virtual authenticator's own key of one of the offered
// credentials (read over CDP), or refusing with NotAllowedError when cancelled or none is on this device.

import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { SoftAuthenticator } from '../../sandbox/test/authenticator.ts';

/** What the shopper does with the sheet: confirms; cancels; or a sheet that signed another amount. */
export type SheetAnswer = 'confirm' | 'cancel' | 'other-amount';

/** What the 3DS frame asked the sheet to show. */
export interface SheetRequest {
  credentialIds: string[];
  challenge: string;
  rpId: string;
  payeeOrigin: string;
  instrument: { displayName: string; icon: string };
  total: { currency: string; value: string };
  origin: string;
  topOrigin: string;
}

/** A platform authenticator with user verification, as a phone or laptop with a fingerprint reader has. */
export async function platformAuthenticator(
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

const STAND_IN = () => {
  if (!location.pathname.endsWith('/3ds.html')) return;
  const b64url = (bytes: ArrayBuffer | Uint8Array) =>
    btoa(String.fromCharCode(...new Uint8Array(bytes)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  const sheet = (window as unknown as { __spcSheet: (request: unknown) => Promise<{ credential?: unknown }> })
    .__spcSheet;
  class StandInPaymentRequest {
    methods: { data: Record<string, unknown> }[];
    details: { total: { amount: unknown } };
    constructor(methods: { data: Record<string, unknown> }[], details: { total: { amount: unknown } }) {
      this.methods = methods;
      this.details = details;
    }
    static securePaymentConfirmationAvailability() {
      return Promise.resolve('available');
    }
    canMakePayment() {
      return Promise.resolve(true);
    }
    abort() {
      return Promise.resolve();
    }
    async show() {
      const data = this.methods[0]?.data ?? {};
      const answer = await sheet({
        credentialIds: (data['credentialIds'] as Uint8Array[]).map(b64url),
        challenge: b64url(data['challenge'] as Uint8Array),
        rpId: data['rpId'],
        payeeOrigin: data['payeeOrigin'],
        instrument: data['instrument'],
        total: this.details.total.amount,
        origin: location.origin,
        topOrigin: location.ancestorOrigins[0],
      });
      if (answer.credential === undefined)
        throw new DOMException('The sheet was dismissed.', 'NotAllowedError');
      return { details: { toJSON: () => answer.credential }, complete: () => Promise.resolve() };
    }
  }
  Object.defineProperty(window, 'PaymentRequest', { value: StandInPaymentRequest, configurable: true });
};

/**
 * Installs the stand-in sheet in the context; `answer` says what the shopper does each time it shows.
 * Returns what each showing was asked to show.
 */
export async function installSpcSheet(
  context: BrowserContext,
  authenticator: { cdp: CDPSession; authenticatorId: string },
  answer: () => SheetAnswer,
): Promise<SheetRequest[]> {
  const shown: SheetRequest[] = [];
  // The counter each credential signed last: the virtual authenticator's own does not move for these.
  const counters = new Map<string, number>();
  await context.exposeBinding('__spcSheet', async (_source, request: SheetRequest) => {
    shown.push(request);
    const choice = answer();
    if (choice === 'cancel') return {};
    const { credentials } = await authenticator.cdp.send('WebAuthn.getCredentials', {
      authenticatorId: authenticator.authenticatorId,
    });
    const held = credentials.find(
      (c) =>
        c.rpId === request.rpId &&
        request.credentialIds.includes(Buffer.from(c.credentialId, 'base64').toString('base64url')),
    );
    if (held?.privateKey === undefined) return {};
    const device = new SoftAuthenticator({
      credentialId: Buffer.from(held.credentialId, 'base64'),
      privateKeyPkcs8: Buffer.from(held.privateKey, 'base64'),
      counter: Math.max(held.signCount, counters.get(held.credentialId) ?? 0),
    });
    const total = choice === 'other-amount' ? { ...request.total, value: '1.00' } : request.total;
    const credential = device.authenticate(
      { challenge: request.challenge, rpId: request.rpId },
      { origin: request.origin, topOrigin: request.topOrigin },
      {
        rpId: request.rpId,
        topOrigin: request.topOrigin,
        payeeOrigin: request.payeeOrigin,
        total,
        instrument: request.instrument,
      },
    );
    counters.set(held.credentialId, device.counter);
    return { credential };
  });
  await context.addInitScript(STAND_IN);
  return shown;
}
