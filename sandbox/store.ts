// The sandbox's in-memory state. Handlers validate everything first and then write here in one
// synchronous step, so an error never leaves a half-written session, token or payment.

import type { ServiceState } from './http/context.ts';
import type {
  Authentication,
  PasskeyChallenge,
  PasskeyCredential,
  Payment,
  Session,
  StoredToken,
} from './records.ts';

/** What the engine answers with (Payment/Init, Payment/Status, webhooks): the record without the sandbox's bookkeeping. */
export function paymentView(payment: Payment) {
  const { account: _account, source: _source, ...view } = payment;
  return view;
}

export class Store implements ServiceState {
  readonly sessions = new Map<string, Session>();
  readonly tokens = new Map<string, StoredToken>();
  readonly authentications = new Map<string, Authentication>();
  readonly payments = new Map<string, Payment>();
  /** account + partnerUniqueId → paymentId */
  readonly paymentsByOrder = new Map<string, string>();
  /** credential id → the passkey of a stored card (sandbox/passkeys.ts) */
  readonly passkeys = new Map<string, PasskeyCredential>();
  /** ceremony + session + token → the one challenge it may answer */
  readonly passkeyChallenges = new Map<string, PasskeyChallenge>();
  /** token → the WebAuthn user handle of its passkeys */
  readonly passkeyUsers = new Map<string, Uint8Array<ArrayBuffer>>();
  addPayment(payment: Payment): void {
    this.payments.set(payment.paymentId, payment);
    this.paymentsByOrder.set(orderKey(payment.account, payment.partnerUniqueId), payment.paymentId);
  }

  paymentByOrder(account: string, partnerUniqueId: string): Payment | undefined {
    const id = this.paymentsByOrder.get(orderKey(account, partnerUniqueId));
    return id === undefined ? undefined : this.payments.get(id);
  }

  reset(): void {
    this.sessions.clear();
    this.tokens.clear();
    this.authentications.clear();
    this.payments.clear();
    this.paymentsByOrder.clear();
    this.passkeys.clear();
    this.passkeyChallenges.clear();
    this.passkeyUsers.clear();
  }
}

function orderKey(account: string, partnerUniqueId: string): string {
  return `${account}\u0000${partnerUniqueId}`;
}
