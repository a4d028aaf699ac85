// The sandbox's in-memory state. Handlers validate everything first and then write here in one
// synchronous step, so an error never leaves a half-written session, token or payment.

import { randomBytes } from 'node:crypto';
import type { PasskeyChallenge, PasskeyCredential } from './passkeys.ts';
import type { Customer, FrontData, Vendor } from './schemas.ts';

export interface Session {
  id: string;
  account: string;
  customer: Customer;
  partnerUniqueId: string | undefined;
  is3dsTest: boolean;
  /** Set when the session was created with full order data (client-script-for-everything mode). */
  order: { amount: number; currency: string; maxInstallments?: number } | undefined;
  orderPaid: boolean;
  /** The order's subacquirer (NewSession's `vendor`): a browser's payment is filed under it, and only it. */
  vendor: Vendor | undefined;
  createdAt: number;
  expiresAt: number;
  /**
   * Stored tokens validated with Token/Bind in this session, and how. A code once proved stays proved (a
   * later passkey bind does not replace it): only a code, or saving the card, lets a passkey be enrolled.
   */
  boundTokens: Map<string, BindProof>;
}

/** How Token/Bind proved a stored card: its security code, or an assertion of one of its passkeys. */
export type BindProof = 'cvv' | 'passkey';

/**
 * What the vault keeps of a card: what a token shows (masked number, expiry, holder) and the issuer's
 * reference to it. Never the number, and no CVV or value derived from one: Token/Bind asks the issuer.
 */
export interface StoredToken {
  token: string;
  account: string;
  customerId: string;
  sessionId: string;
  singleUse: boolean;
  used: boolean;
  brand: string;
  bin: string;
  last4: string;
  maskedNumber: string;
  expirationMonth: number;
  expirationYear: number;
  holderName: string | undefined;
  /** The brand's CVV length, so Token/Bind can refuse a wrong-length CVV before asking the issuer. */
  cvvLength: number;
  /** The issuer's reference to the card (issuer.ts): what Token/Bind and Payment/Init ask it about. */
  cardReference: string;
  createdAt: number;
}

/** A 3DS authentication as the provider reports it (filled by the 3DS flow). */
export interface Authentication {
  code: string;
  referenceId: string;
  transactionId: string;
  token: string | undefined;
  sessionId: string;
  status: 'Y' | 'A' | 'U' | 'N' | 'R' | 'C';
  eci: string | undefined;
  /** When the outcome was known (enrollment, or validation after a challenge): the TTL counts from it. */
  decidedAt?: number;
  /** The session's order amount and currency when it has one: the authentication pays only that. */
  amount?: number;
  currency?: string;
  /** The payment that spent it: an authentication pays once (sandbox/authentications.ts). */
  paymentId?: string;
}

export interface PaymentMethodRecord {
  partnerUniqueId: string | undefined;
  paymentMethodType: string;
  kind: 'card' | 'network_token' | 'wallet' | 'antifraud' | 'direct';
  method: string;
  status: PaymentStatus;
  amount: number | undefined;
  installments: number;
  card?: {
    tokenProvider: string;
    brand: string | undefined;
    last4: string | undefined;
    maskedNumber: string | undefined;
  };
  authentication?: {
    code: string;
    referenceId: string;
    transactionId: string;
    status: string;
    eci: string | undefined;
  };
  declineReason?: string;
  /** A `voided` method: when its authorization was reversed, the whole payment having failed. */
  voidedAt?: string;
  /** A wallet payment: how the wallet authenticated the card (never the number or the cryptogram). */
  wallet?: { authMethod: string; eci: string | undefined };
  /** A pending method (Boleto, PIX, …): when it expires unpaid (sandbox/payment-lifecycle.ts). */
  expiresAt?: string;
  /** A PIX method: the "copia e cola" BR Code the shopper pays, and when it stops being payable. */
  pix?: { brCode: string; expiresAt: string };
  /** A wallet payment's billingInfo as the merchant sent it (spec 4.7: name, taxedamount, billedamount). */
  billingInfo?: {
    name?: string | undefined;
    document?: string | undefined;
    documentType?: string | undefined;
    taxedAmount?: number | undefined;
    billedAmount?: number | undefined;
  };
}

/**
 * `paid` and `expired` are where a `pending` method ends; `voided` is a method's alone: authorized, then
 * reversed because the payment failed as a whole (sandbox/payment-lifecycle.ts).
 */
export const PAYMENT_STATUSES = [
  'authorized',
  'declined',
  'pending',
  'paid',
  'expired',
  'analyzed',
  'voided',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export interface Payment {
  paymentId: string;
  account: string;
  environment: 'sandbox' | 'production';
  partnerUniqueId: string;
  status: PaymentStatus;
  amount: number | undefined;
  currency: string | undefined;
  tokenSession: string | undefined;
  customer: Customer | undefined;
  paymentMethods: PaymentMethodRecord[];
  antiFraud:
    { decision: 'approve' | 'review' | 'reject'; originalResponse?: Record<string, unknown> } | undefined;
  vendor: { code: string | undefined; name: string | undefined } | undefined;
  frontData: FrontData | undefined;
  isTest: boolean;
  isFromFrontend: boolean;
  source: 'backend' | 'browser' | 'pci';
  createdAt: string;
  /** The last change of status (creation, then paid or expired). */
  updatedAt: string;
}

/** What the engine answers with (Payment/Init, Payment/Status, webhooks): the record without the sandbox's bookkeeping. */
export function paymentView(payment: Payment) {
  const { account: _account, source: _source, ...view } = payment;
  return view;
}

export function randomId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url')}`;
}

export class Store {
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
