// Secure Payment Confirmation in the 3DS frame (W3C SPC, EMV 3DS 2.3): before the issuer's challenge
// opens, a browser that runs SPC shows the issuer's offer in its own payment sheet (the merchant, the
// order's amount, the card) and the shopper confirms with the passkey the issuer enrolled. Every way it
// does not happen (no SPC, no credential on this device, cancelled, timed out, refused) ends in
// `undefined`, and the frame opens the challenge as it would have: nothing here can block paying.

import type { ServiceClient } from '../../api/service.ts';
import { requestSpcOffer, validateThreeDs, type SpcOffer } from '../../api/three-ds.ts';
import { spcMessage } from '../../i18n/spc.ts';
import type { ChallengeStart } from '../../messaging/challenge-messages.ts';
import type { Authentication } from '../../three-ds/model.ts';

const SPC = 'secure-payment-confirmation';

/** The sheet gets the issuer's timeout and this much more before the frame stops waiting for it. */
export const SPC_GRACE_MS = 5_000;

type Win = Pick<Window, 'location' | 'setTimeout' | 'clearTimeout' | 'document'> & {
  PaymentRequest?: typeof PaymentRequest & { securePaymentConfirmationAvailability?: () => Promise<string> };
};

const bytes = (base64url: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** The PaymentRequest's arguments for the offer, as the SPC spec names them. */
export function spcRequest(offer: SpcOffer): [PaymentMethodData[], PaymentDetailsInit] {
  return [
    [
      {
        supportedMethods: SPC,
        data: {
          credentialIds: offer.credentialIds.map(bytes),
          challenge: bytes(offer.challenge),
          rpId: offer.rpId,
          payeeOrigin: offer.payeeOrigin,
          instrument: offer.instrument,
          timeout: offer.timeout,
        },
      },
    ],
    { total: { label: 'Total', amount: offer.total } },
  ];
}

/**
 * Whether the browser runs SPC, asked before the service is: PaymentRequest's own answer,
 * `securePaymentConfirmationAvailability()`, which Chromium gives. A browser without it runs no SPC for
 * this frame: Firefox (no PaymentRequest), Safari (PaymentRequest for Apple Pay only), and Chromiums
 * older than the method.
 */
export async function spcMayRun(win: Win): Promise<boolean> {
  const request = win.PaymentRequest;
  const availability = request?.securePaymentConfirmationAvailability;
  if (typeof availability !== 'function') return false;
  return availability.call(request).then(
    (answer) => answer === 'available',
    () => false,
  );
}

/** The shopper's assertion for the offer (the credential's `toJSON()`), or undefined if there is none. */
export async function confirmWithSpc(win: Win, offer: SpcOffer): Promise<unknown> {
  const Request = win.PaymentRequest;
  if (typeof Request !== 'function') return undefined;
  let request: PaymentRequest | undefined;
  let timer: number | undefined;
  try {
    request = new Request(...spcRequest(offer));
    if (!(await request.canMakePayment())) return undefined;
    const shown = request.show();
    const response = await Promise.race([
      shown,
      new Promise<undefined>((resolve) => {
        timer = win.setTimeout(resolve, offer.timeout + SPC_GRACE_MS);
      }),
    ]);
    if (response === undefined) {
      void request.abort().catch(() => undefined);
      shown.catch(() => undefined);
      return undefined;
    }
    await response.complete('success');
    const credential = response.details as Partial<PublicKeyCredential> | null;
    return typeof credential?.toJSON === 'function' ? credential.toJSON() : undefined;
  } catch {
    // NotAllowedError (cancelled, timed out, no credential of the offer on this device), AbortError,
    // SecurityError (no user activation), NotSupportedError: the challenge runs instead.
    return undefined;
  } finally {
    win.clearTimeout(timer);
  }
}

/**
 * The challenge ended by the browser's SPC sheet: the issuer's verdict on the shopper's assertion (Y; or
 * N after the third refusal, as after a third wrong code). Undefined when SPC did not run here (no SPC,
 * no offer for this card, no credential on this device, cancelled, timed out) or the issuer refused
 * the assertion: the challenge opens then. An answer lost on its way (the network, the service) is
 * asked for again without the assertion: the issuer may have said Y already, and the challenge would
 * then not open. The payee is the merchant page the browser says holds this frame; the service checks
 * it is one of the account's.
 */
export async function authenticateWithSpc(
  win: Win,
  client: ServiceClient,
  challenge: ChallengeStart,
): Promise<Authentication | undefined> {
  // Firefox has no ancestorOrigins (nor SPC).
  const payeeOrigin = (win.location as Partial<Location>).ancestorOrigins?.item(0);
  if (!payeeOrigin || !(await spcMayRun(win))) return undefined;
  const ids = {
    sessionId: challenge.sessionId,
    authenticationTransactionId: challenge.authenticationTransactionId,
  };
  const offer = await requestSpcOffer(client, { ...ids, payeeOrigin });
  if (!offer.ok || offer.value === undefined) return undefined;
  const status = win.document.createElement('p');
  status.setAttribute('role', 'status');
  status.textContent = spcMessage(challenge.locale);
  win.document.getElementById('root')?.replaceChildren(status);
  const spcAssertion = await confirmWithSpc(win, offer.value);
  if (spcAssertion === undefined) return undefined;
  const verdict = await validateThreeDs(client, { ...ids, spcAssertion });
  if (verdict.ok) return verdict.value;
  if (verdict.error.code === 'spc_refused') return undefined;
  const again = await validateThreeDs(client, ids);
  return again.ok ? again.value : undefined;
}
