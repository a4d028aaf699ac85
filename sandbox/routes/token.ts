// Token API on {token_url}: NewSession (backend), Generate, List and Bind (browser, by session).

import type { Account } from '../accounts.ts';
import { cardNumberPath } from '../card-data.ts';
import { cardFunding, fundingOptions, runsThreeDs } from '../card-funding.ts';
import { checkCard } from '../card-rules.ts';
import { checkOrderData } from '../payments/browser.ts';
import { installmentTerms } from '../payments/installments.ts';
import { ServiceError } from '../errors.ts';
import type { RouteHandlers, SandboxContext } from '../http/context.ts';
import { clearWrongCvvs, recordWrongCvv, refuseLockedToken } from '../lockout.ts';
import { passkeysOf, revokePasskeysOf, storedTokenOf, verifyAssertion } from '../passkeys.ts';
import { backendOnly, browserFacing } from '../http/guards.ts';
import { browserFrontData } from '../http/front-data.ts';
import { BODY_LIMITS, readBody } from '../http/request.ts';
import { bindSchema, fundingSchema, generateSchema, listSchema, newSessionSchema } from '../schemas.ts';
import type { CardFunding, FrontData, StoredToken } from '../records.ts';
import { loadSession, newSession, newToken } from '../sessions.ts';
import type { PendingEnrollment, ThreeDsProvider } from '../three-ds/provider.ts';

export function cardView(token: StoredToken) {
  return {
    brand: token.brand,
    bin: token.bin,
    last4: token.last4,
    maskedNumber: token.maskedNumber,
    expirationMonth: token.expirationMonth,
    expirationYear: token.expirationYear,
    ...(token.holderName === undefined ? {} : { cardHolderName: token.holderName }),
    // What the shopper may pay the card by, so the page asks "crédito ou débito?" on a combo card.
    funding: fundingOptions(token.funding),
  };
}

/** frontData is echoed by Generate and sent on to 3DS by Generate and Bind: no card number belongs there. */
function refuseCardNumberIn(frontData: FrontData | undefined): void {
  const field = cardNumberPath(frontData, 'frontData');
  if (field !== undefined) throw new ServiceError('full_card_data_not_allowed', { field });
}

/**
 * 3DS runs when the request carries a setup's code; an account with 3DS off ignores the code, except for
 * a card that can pay by debit, which online debit authenticates on every account (runsThreeDs).
 */
async function enrollWhenAsked(
  account: Account,
  funding: CardFunding,
  authenticationInformation: { code: string } | undefined,
  enroll: (code: string) => Promise<PendingEnrollment>,
): Promise<PendingEnrollment | undefined> {
  return authenticationInformation !== undefined && runsThreeDs(account, funding)
    ? enroll(authenticationInformation.code)
    : undefined;
}

export function tokenHandlers(ctx: SandboxContext, threeDs: ThreeDsProvider) {
  const { store, accounts } = ctx;

  return {
    newSession: [
      backendOnly(accounts),
      async (c) => {
        const account = c.get('account');
        const body = await readBody(c, newSessionSchema, BODY_LIMITS.token);
        if (body.PaymentAccount !== undefined && body.PaymentAccount !== account.name) {
          throw new ServiceError('account_mismatch', { field: 'PaymentAccount' });
        }
        if (body.Is3dsTest === true && account.environment !== 'sandbox') {
          throw new ServiceError('is3ds_test_not_allowed', { field: 'Is3dsTest' });
        }
        checkOrderData(body);
        const session = newSession(ctx, account, {
          customer: body.customer,
          partnerUniqueId: body.partnerUniqueId,
          is3dsTest: body.Is3dsTest ?? false,
          order: body.paymentData && {
            amount: body.paymentData.amount,
            currency: body.paymentData.currency,
            installments: installmentTerms(body.paymentData),
          },
          vendor: body.vendor,
        });
        store.sessions.set(session.id, session);
        return c.json({ sessionId: session.id, expiresAt: new Date(session.expiresAt).toISOString() });
      },
    ],
    generate: [
      browserFacing(accounts, { serverCalls: 'pci-certified', selfOrigin: ctx.urls.tokenUrl }),
      async (c) => {
        const account = c.get('account');
        const body = await readBody(c, generateSchema, BODY_LIMITS.token);
        const session = loadSession(ctx, account, body.sessionId);
        const card = checkCard(body.card, new Date(ctx.now()));
        refuseCardNumberIn(body.frontData);
        const frontData = browserFrontData(c, body.frontData);
        // 3DS check enrollment (spec 4.2): the code must be a setup of this session made with this number.
        // Everything is checked before anything is written.
        const enrollment = await enrollWhenAsked(
          account,
          card.funding,
          body.authenticationInformation,
          (code) => threeDs.prepareEnrollment(session, code, card, body.card.cardNumber, frontData),
        );
        // Saving a card needs the shopper's consent, so a token is single-use unless asked otherwise.
        // The issuer's card (its CVV stays with the issuer, never in the vault) is the issuer's own record.
        const cardReference = ctx.issuer.issue(body.card.cardNumber, body.card.cvv);
        const token = newToken(ctx, session, card, cardReference, body.card.singleUse ?? true);
        // The answer is built (and serialized) before anything is written: a failure leaves no card
        // saved and no 3DS setup spent.
        const answer = c.json({
          token: token.token,
          singleUse: token.singleUse,
          card: cardView(token),
          frontData,
          ...(enrollment === undefined ? {} : { authentication: enrollment.answer }),
        });
        enrollment?.commit(token.token);
        store.tokens.set(token.token, token);
        threeDs.rememberCard(token, body.card.cardNumber);
        return answer;
      },
    ],
    list: [
      browserFacing(accounts, { serverCalls: 'app-token', selfOrigin: ctx.urls.tokenUrl }),
      async (c) => {
        const account = c.get('account');
        const body = await readBody(c, listSchema, BODY_LIMITS.token);
        const session = loadSession(ctx, account, body.sessionId);
        const now = new Date(ctx.now());
        const monthIndex = now.getUTCFullYear() * 12 + now.getUTCMonth();
        const tokens = [...store.tokens.values()]
          .filter((t) => t.account === account.name && t.customerId === session.customer.id && !t.singleUse)
          .sort((a, b) => b.createdAt - a.createdAt)
          .map((t) => ({
            token: t.token,
            ...cardView(t),
            expired: t.expirationYear * 12 + (t.expirationMonth - 1) < monthIndex,
            // Our addition to the spec: the card has a passkey somewhere; which device holds it, the frame knows.
            passkey: passkeysOf(ctx, t).length > 0,
          }));
        return c.json({ tokens });
      },
    ],
    // How a BIN's cards pay, so the card form can ask a combo card's shopper "Crédito ou débito?" while
    // they type: the BIN table's answer, as Token/Generate's `card.funding` would give it.
    funding: [
      browserFacing(accounts, { serverCalls: 'app-token', selfOrigin: ctx.urls.tokenUrl }),
      async (c) => {
        const account = c.get('account');
        const body = await readBody(c, fundingSchema, BODY_LIMITS.token);
        loadSession(ctx, account, body.sessionId);
        return c.json({ funding: fundingOptions(cardFunding(body.bin)) });
      },
    ],
    bind: [
      browserFacing(accounts, { serverCalls: 'pci-certified', selfOrigin: ctx.urls.tokenUrl }),
      async (c) => {
        const account = c.get('account');
        const body = await readBody(c, bindSchema, BODY_LIMITS.token);
        const session = loadSession(ctx, account, body.sessionId);
        const token = storedTokenOf(ctx, account, session, body.token);
        refuseCardNumberIn(body.frontData);
        // The limit is the card's, across sessions and customers (sandbox/lockout.ts), for codes and passkeys.
        refuseLockedToken(token, ctx.now());
        const verification = body.passkey === undefined ? 'cvv' : 'passkey';
        if (body.passkey !== undefined) {
          await verifyAssertion(ctx, account, session, token, body.passkey);
        } else {
          const cvv = body.cvv ?? '';
          if (!/^\d+$/.test(cvv) || cvv.length !== token.cvvLength) {
            throw new ServiceError('cvv_invalid', { field: 'cvv' });
          }
          // The CVV is checked before 3DS: a guess never reaches the issuer's authentication nor spends a setup.
          if (!ctx.issuer.cvvMatches(token.cardReference, cvv)) {
            const { error, locked } = recordWrongCvv(token, ctx.now());
            // A locked card's passkeys go with the lock: the shopper proves the card again to add one.
            if (locked) revokePasskeysOf(ctx, token);
            throw error;
          }
        }
        // Check enrollment for the saved card, as Token/Generate does for a new one: the code must be a
        // setup of this session made with this token.
        const enrollment = await enrollWhenAsked(
          account,
          token.funding,
          body.authenticationInformation,
          (code) =>
            threeDs.prepareSavedCardEnrollment(session, code, token, browserFrontData(c, body.frontData)),
        );
        const answer = c.json({
          token: token.token,
          bound: true,
          // Our addition to the spec: how the shopper proved the card in this bind.
          verification,
          card: cardView(token),
          ...(enrollment === undefined ? {} : { authentication: enrollment.answer }),
        });
        // A refused enrollment leaves the card unbound and its count of wrong CVVs as it was.
        enrollment?.commit(token.token);
        // A code proved in this session stays proved: a later passkey bind keeps the card's right to enrol.
        if (session.boundTokens.get(token.token) !== 'cvv')
          session.boundTokens.set(token.token, verification);
        clearWrongCvvs(token);
        return answer;
      },
    ],
  } satisfies Record<string, RouteHandlers>;
}
