// The issuer's side of Secure Payment Confirmation: a credential enrolled on the issuer's origin for one
// card, an offer bound to one transaction and amount, and an assertion accepted once, only with the
// payment the issuer offered, the user verified and the key that was enrolled.
import { describe, expect, it } from 'vitest';
import { SoftAuthenticator, type CeremonyPage, type SpcPaymentData } from '../test/authenticator.ts';
import { SPC_ANSWER_GRACE_MS, SPC_TIMEOUT_MS, SpcIssuer, type SpcOffer, type SpcTransaction } from './spc.ts';

const ISSUER = { origin: 'http://localhost:4176', rpID: 'localhost', name: 'Sandbox issuer' };
const TOKEN_HOST = 'http://localhost:4174';
const MERCHANT = 'http://localhost:4173';
const CARD = 'card-fingerprint-2701';
const PAGE: CeremonyPage = { origin: TOKEN_HOST, topOrigin: MERCHANT };
const WHERE = { origins: [TOKEN_HOST], topOrigins: [MERCHANT] };

let transactions = 0;
function transaction(overrides: Partial<SpcTransaction> = {}): SpcTransaction {
  transactions += 1;
  return {
    transactionId: `tds_${String(transactions)}`,
    card: CARD,
    amount: '120.00',
    currency: 'BRL',
    payeeOrigin: MERCHANT,
    instrument: { displayName: 'Visa •••• 2701', icon: 'data:image/svg+xml,<svg/>' },
    ...overrides,
  };
}

/** What the browser writes into clientDataJSON for this offer, as it showed it. */
const shown = (offer: SpcOffer): SpcPaymentData => ({
  rpId: offer.rpId,
  topOrigin: MERCHANT,
  payeeOrigin: offer.payeeOrigin,
  total: offer.total,
  instrument: offer.instrument,
});

/** The device's SPC assertion for the offer: the sheet showing `payment`, on `page`. */
const confirm = (
  device: SoftAuthenticator,
  offer: SpcOffer,
  payment: SpcPaymentData = shown(offer),
  page: CeremonyPage = PAGE,
) => device.authenticate({ challenge: offer.challenge, rpId: offer.rpId }, page, payment);

/** An offer for a new transaction of the card, which must have a credential. */
function offered(issuer: SpcIssuer) {
  const tx = transaction();
  const offer = issuer.offer(tx);
  if (offer === undefined) throw new Error('no offer');
  return { tx, offer };
}

async function enrolled(clock = { now: 1_000_000 }) {
  const issuer = new SpcIssuer(() => clock.now, ISSUER);
  const device = new SoftAuthenticator();
  const options = await issuer.enrolmentOptions(CARD, 'Visa •••• 2701', 'acs_1');
  expect(options.extensions).toMatchObject({ payment: { isPayment: true } });
  expect(options.authenticatorSelection).toMatchObject({ userVerification: 'required' });
  // Created on the issuer's own page, inside the challenge dialog.
  expect(await issuer.enrol(CARD, device.register(options, { origin: ISSUER.origin }), 'acs_1')).toBe(true);
  return { issuer, device, clock };
}

describe('SPC at the sandbox’s issuer', () => {
  it('offers nothing for a card without a credential, and the enrolled card’s credential with a challenge', async () => {
    const { issuer, device } = await enrolled();
    expect(issuer.offer(transaction({ card: 'another-card' }))).toBeUndefined();
    const offer = issuer.offer(transaction());
    expect(offer).toMatchObject({
      credentialIds: [device.id],
      rpId: 'localhost',
      payeeOrigin: MERCHANT,
      total: { currency: 'BRL', value: '120.00' },
      timeout: SPC_TIMEOUT_MS,
    });
  });

  it('accepts the assertion of the payment it offered once, and a replay never', async () => {
    const { issuer, device } = await enrolled();
    const { tx, offer } = offered(issuer);
    const assertion = confirm(device, offer);
    expect(await issuer.verify(tx.transactionId, assertion, WHERE)).toEqual({ ok: true });
    expect(await issuer.verify(tx.transactionId, assertion, WHERE)).toEqual({
      ok: false,
      reason: 'challenge_not_found',
    });
  });

  it.each([
    ['another amount', (o: SpcOffer) => ({ ...shown(o), total: { currency: 'BRL', value: '1.00' } })],
    ['another merchant', (o: SpcOffer) => ({ ...shown(o), payeeOrigin: 'https://other.example' })],
    [
      'another card’s name',
      (o: SpcOffer) => ({ ...shown(o), instrument: { ...o.instrument, displayName: 'Elo' } }),
    ],
    ['another top page', (o: SpcOffer) => ({ ...shown(o), topOrigin: 'https://evil.example' })],
  ])('refuses an assertion that shows %s', async (_, payment) => {
    const { issuer, device } = await enrolled();
    const { tx, offer } = offered(issuer);
    const assertion = confirm(device, offer, payment(offer));
    expect(await issuer.verify(tx.transactionId, assertion, WHERE)).toEqual({
      ok: false,
      reason: 'payment_mismatch',
    });
  });

  it('refuses a plain WebAuthn assertion, a tampered signature, an unverified user and a stale offer', async () => {
    const { issuer, device, clock } = await enrolled();
    const attempt = async (
      make: (offer: SpcOffer) => ReturnType<SoftAuthenticator['authenticate']>,
      before?: () => void,
    ) => {
      const { tx, offer } = offered(issuer);
      before?.();
      return issuer.verify(tx.transactionId, make(offer), WHERE);
    };
    expect(await attempt((o) => device.authenticate({ challenge: o.challenge, rpId: o.rpId }, PAGE))).toEqual(
      {
        ok: false,
        reason: 'payment_mismatch',
      },
    );
    expect(
      await attempt((o) => {
        const assertion = confirm(device, o);
        const signature = Buffer.from(assertion.response.signature, 'base64url');
        signature[signature.length - 1] = (signature[signature.length - 1] ?? 0) ^ 1;
        return {
          ...assertion,
          response: { ...assertion.response, signature: signature.toString('base64url') },
        };
      }),
    ).toEqual({ ok: false, reason: 'assertion_invalid' });
    expect(await attempt((o) => confirm(device, o, shown(o), { ...PAGE, userVerified: false }))).toEqual({
      ok: false,
      reason: 'assertion_invalid',
    });
    expect(
      await attempt(
        (o) => confirm(device, o),
        () => {
          // The sheet's time and the grace an answer made at its last second has.
          clock.now += SPC_TIMEOUT_MS + SPC_ANSWER_GRACE_MS;
        },
      ),
    ).toEqual({ ok: false, reason: 'challenge_not_found' });
  });

  it('refuses another device’s key, and offers nothing once the device’s credential is removed', async () => {
    const { issuer } = await enrolled();
    const stranger = new SoftAuthenticator();
    const { tx, offer } = offered(issuer);
    const assertion = confirm(stranger, offer);
    expect(await issuer.verify(tx.transactionId, assertion, WHERE)).toEqual({
      ok: false,
      reason: 'credential_not_found',
    });
    expect(issuer.remove(CARD)).toBe(1);
    expect(issuer.offer(transaction())).toBeUndefined();
  });

  it('enrols only with its own challenge, on its own origin', async () => {
    const issuer = new SpcIssuer(() => 0, ISSUER);
    const device = new SoftAuthenticator();
    const options = await issuer.enrolmentOptions(CARD, 'Visa •••• 2701', 'acs_2');
    expect(await issuer.enrol(CARD, device.register(options, { origin: MERCHANT }), 'acs_2')).toBe(false);
    // The challenge was spent by the refused attempt.
    expect(await issuer.enrol(CARD, device.register(options, { origin: ISSUER.origin }), 'acs_2')).toBe(
      false,
    );
    expect(issuer.credentialsOf(CARD)).toEqual([]);
  });

  it('enrols two devices of the same card at once, each with its own ceremony', async () => {
    const issuer = new SpcIssuer(() => 0, ISSUER);
    const [phone, laptop] = [new SoftAuthenticator(), new SoftAuthenticator()];
    const forPhone = await issuer.enrolmentOptions(CARD, 'Visa •••• 2701', 'acs_phone');
    const forLaptop = await issuer.enrolmentOptions(CARD, 'Visa •••• 2701', 'acs_laptop');
    const page = { origin: ISSUER.origin };
    expect(await issuer.enrol(CARD, phone.register(forPhone, page), 'acs_phone')).toBe(true);
    expect(await issuer.enrol(CARD, laptop.register(forLaptop, page), 'acs_laptop')).toBe(true);
    expect(
      issuer
        .credentialsOf(CARD)
        .map(({ id }) => id)
        .sort(),
    ).toEqual([phone.id, laptop.id].sort());
    // Another card's ceremony enrols nothing for this one.
    const other = await issuer.enrolmentOptions('another-card', 'Elo •••• 2000', 'acs_other');
    expect(await issuer.enrol(CARD, phone.register(other, page), 'acs_other')).toBe(false);
  });

  it('takes an assertion made at the sheet’s last second, and binds the payee to the merchant page it ran on', async () => {
    const { issuer, device, clock } = await enrolled();
    const late = offered(issuer);
    clock.now += SPC_TIMEOUT_MS;
    const assertion = confirm(device, late.offer);
    expect(await issuer.verify(late.tx.transactionId, assertion, WHERE)).toEqual({ ok: true });
    // A sheet that named the offer's payee, run on another of the account's pages.
    const elsewhere = offered(issuer);
    const other = 'http://localhost:4180';
    const moved = confirm(
      device,
      elsewhere.offer,
      { ...shown(elsewhere.offer), topOrigin: other },
      { ...PAGE, topOrigin: other },
    );
    expect(
      await issuer.verify(elsewhere.tx.transactionId, moved, { ...WHERE, topOrigins: [MERCHANT, other] }),
    ).toEqual({ ok: false, reason: 'payment_mismatch' });
  });
});
