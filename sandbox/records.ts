// What the sandbox keeps and hands around: sessions, stored cards, authentications, payments, passkeys,
// webhook deliveries and opened wallet tokens, as plain types. This module imports nothing of the
// sandbox, so every other module (the context first) can name a record without importing the code
// that makes it; src/architecture.node.test.ts holds it to that.

import type { KeyObject } from 'node:crypto';

// --- What the merchant sends, as the service keeps it ----------------------------------------------

/** JSON as the custom-data fields carry it (customer.data, antiFraud.data, ...). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** NewSession's and Payment/Init's `customer` (schemas.ts checks it, and is held to this shape). */
export interface Customer {
  id: string;
  name?: string | undefined;
  email?: string | undefined;
  document?: string | undefined;
  documentType?: 'CPF' | 'CNPJ' | undefined;
  data?: Record<string, JsonValue> | undefined;
}

/** The shopper's browser as the page reports it; unknown keys are kept. */
export interface FrontData {
  [key: string]: unknown;
  ipAddress?: string | undefined;
  userAgent?: string | undefined;
  acceptHeader?: string | undefined;
  acceptLanguage?: string | undefined;
  colorDepth?: string | undefined;
  screenHeight?: string | undefined;
  screenWidth?: string | undefined;
  timeDifference?: string | undefined;
  javaEnabled?: 'Y' | 'N' | undefined;
  javaScriptEnabled?: 'Y' | 'N' | undefined;
}

/** The subacquirer a payment is routed to and filed under (spec 2.5). */
export interface Vendor {
  name?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  websiteUrl?: string | undefined;
  code?: string | undefined;
  mCC?: string | undefined;
  document?: string | undefined;
  documentType?: 'CPF' | 'CNPJ' | undefined;
  address?:
    | {
        street?: string | undefined;
        number?: string | undefined;
        neighborhood?: string | undefined;
        city?: string | undefined;
        state?: string | undefined;
        postalCode?: string | undefined;
        country?: string | undefined;
      }
    | undefined;
}

// --- The token API's state -----------------------------------------------------------------------

export interface Session {
  id: string;
  account: string;
  customer: Customer;
  partnerUniqueId: string | undefined;
  is3dsTest: boolean;
  /** Set when the session was created with full order data (client-script-for-everything mode). */
  order: { amount: number; currency: string; installments: InstallmentTerms } | undefined;
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

/** The installments an order offers (payments/installments.ts): 1 to max, interest-free up to interestFree. */
export interface InstallmentTerms {
  max: number;
  interestFree: number;
  /** Percent a month (1.99) of the plans above interestFree; 0 when every plan is interest-free. */
  monthlyRate: number;
}

/** How a card can pay, from its BIN (card-funding.ts): a combo card ("crédito e débito") does both. */
export type CardFunding = 'credit' | 'debit' | 'combo';
/** How a payment's card pays: the shopper's choice on a combo card, else the card's one way. */
export type PaymentFunding = 'credit' | 'debit';

/** How Token/Bind proved a stored card: its security code, or an assertion of one of its passkeys. */
export type BindProof = 'cvv' | 'passkey';

/** A card that passed the vault's checks (card-rules.ts): what a token shows of it, and its CVV's length. */
export interface CheckedCard {
  brand: string;
  bin: string;
  last4: string;
  maskedNumber: string;
  expirationMonth: number;
  expirationYear: number;
  holderName: string | undefined;
  /** The brand's CVV length, so Token/Bind can refuse a wrong-length CVV before asking the issuer. */
  cvvLength: number;
  funding: CardFunding;
}

/**
 * What the vault keeps of a card: what a token shows (masked number, expiry, holder) and the issuer's
 * reference to it. Never the number, and no CVV or value derived from one: Token/Bind asks the issuer.
 */
export interface StoredToken extends CheckedCard {
  token: string;
  account: string;
  customerId: string;
  sessionId: string;
  singleUse: boolean;
  used: boolean;
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
  /** The payment that spent it: an authentication pays once (sandbox/payments/authentications.ts). */
  paymentId?: string;
}

/** A stored card's passkey (sandbox/passkeys.ts). */
export interface PasskeyCredential {
  /** base64url, as WebAuthn JSON carries it. */
  id: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[] | undefined;
  account: string;
  customerId: string;
  token: string;
  deviceType: 'singleDevice' | 'multiDevice';
  backedUp: boolean;
  createdAt: number;
  lastUsedAt: number | undefined;
}

/** The one challenge a passkey ceremony may answer, until it expires. */
export interface PasskeyChallenge {
  challenge: string;
  expiresAt: number;
}

// --- The payment engine's state -----------------------------------------------------------------

/** Why an issuer declines a payment, as the service reports it in a method's `declineReason`. */
export type DeclineReason = 'do_not_honor' | 'insufficient_funds' | 'card_blocked';

export interface PaymentMethodRecord {
  partnerUniqueId: string | undefined;
  paymentMethodType: string;
  kind: 'card' | 'network_token' | 'wallet' | 'antifraud' | 'direct';
  method: string;
  status: PaymentStatus;
  amount: number | undefined;
  installments: number;
  /** A card token's: how it paid (credit unless the shopper chose debit on a card that can). */
  funding?: PaymentFunding;
  /** A card paying its session's order: its plan (payments/installments.ts). */
  installmentAmount?: number;
  firstInstallmentAmount?: number;
  totalAmount?: number;
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
  /** A pending method (Boleto, PIX, …): when it expires unpaid (sandbox/payments/lifecycle.ts). */
  expiresAt?: string;
  /** A PIX method: the "copia e cola" BR Code the shopper pays, and when it stops being payable. */
  pix?: { brCode: string; expiresAt: string };
  /** A Boleto method: the boleto the shopper pays (sandbox/payments/boleto.ts). */
  boleto?: BoletoRecord;
  /** A wallet payment's billingInfo as the merchant sent it (spec 4.7: name, taxedamount, billedamount). */
  billingInfo?: {
    name?: string | undefined;
    document?: string | undefined;
    documentType?: string | undefined;
    taxedAmount?: number | undefined;
    billedAmount?: number | undefined;
  };
}

/** Who a registered boleto is issued to (Payment/Init's `paymentMethods[].payer`), as sent. */
export interface BoletoPayer {
  name: string;
  document: string;
  documentType: 'CPF' | 'CNPJ';
  address: {
    street: string;
    number: string;
    complement?: string | undefined;
    neighborhood: string;
    city: string;
    /** The UF: two capital letters. */
    state: string;
    /** The CEP: 8 digits. */
    postalCode: string;
  };
}

/** A Boleto method's boleto: its numbers, when it is due, who is paid, who pays, and its print page. */
export interface BoletoRecord {
  /** 44 digits (FEBRABAN). */
  barcode: string;
  /** 47 digits, without the dots and spaces a printed one has. */
  digitableLine: string;
  /** `YYYY-MM-DD`, a day in America/Sao_Paulo. */
  dueDate: string;
  amount: number;
  beneficiary: { name: string; document: string };
  payer: BoletoPayer;
  printUrl: string;
}

/**
 * `paid` and `expired` are where a `pending` method ends; `voided` is a method's alone: authorized, then
 * reversed because the payment failed as a whole (sandbox/payments/lifecycle.ts).
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

// --- Webhook deliveries ---------------------------------------------------------------------------

export const WEBHOOK_EVENT_TYPES = [
  'payment.authorized',
  'payment.declined',
  'payment.pending',
  'payment.paid',
  'payment.expired',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export type DeliveryState = 'queued' | 'sending' | 'retrying' | 'delivered' | 'failed';

/** One event's delivery as the sandbox control lists it. */
export interface WebhookDeliveryView {
  eventId: string;
  type: WebhookEventType;
  paymentId: string;
  account: string;
  url: string;
  attempts: number;
  lastStatus: number | 'network_error' | null;
  state: DeliveryState;
  nextAttemptAt: string | null;
  createdAt: string;
}

// --- Wallet tokens --------------------------------------------------------------------------------

export type WalletProvider = 'WalletAPay' | 'WalletBPay';

export type GoogleAuthMethod = 'PAN_ONLY' | 'CRYPTOGRAM_3DS';

/** A wallet test card (sandbox/wallets/test-cards.ts): what a tester picks in the stand-in sheets. */
export interface WalletTestCard {
  /** What a test names the card by (the sandbox endpoints' `testCard`). */
  id: string;
  brand: 'Visa' | 'Mastercard' | 'Elo';
  /** The card in the wallet (FPAN): what the sheet shows the last four of, and what the issuer knows. */
  number: string;
  /** The device token (DPAN) the network issued for the card: what a cryptogram payment carries. */
  deviceNumber: string;
  /** What Google Pay answers with for this card: its number, or the device token and a cryptogram. */
  googleAuthMethod: GoogleAuthMethod;
  /** The ECI a cryptogram payment carries (the network's value for an authenticated token payment). */
  eci: string;
  /** How the issuer answers a payment: approved, or the reason of its decline. */
  outcome: 'approved' | DeclineReason;
}

/** A card of a test's own choosing, where no test card fits. */
export interface WalletCard {
  number: string;
  expirationMonth: number;
  expirationYear: number;
}

export interface GooglePaySealRequest {
  card: WalletTestCard | WalletCard;
  /** The merchant's id at the gateway (tokenizationSpecification.parameters.gatewayMerchantId). */
  gatewayMerchantId: string;
  /** A test card's own method by default; PAN_ONLY for a card of the test's own. */
  authMethod?: GoogleAuthMethod;
  /** Milliseconds since the epoch; 7 days from now by default. */
  messageExpiration?: number;
  messageId?: string;
  /** Another recipient than the service, to see its tokens refused. */
  recipientId?: string;
}

export interface ApplePaySealRequest {
  card: WalletTestCard | WalletCard;
  /** The account whose Payment Processing key the service holds for `merchantIdentifier`. */
  account: string;
  /** The Apple Pay merchant identifier the merchant registered (merchant.com.example). */
  merchantIdentifier: string;
  /** In the currency's units, as Payment/Init's amounts. */
  amount: number;
  currency: string;
  transactionId?: string;
  applicationData?: string;
  /** Milliseconds since the epoch; now by default. */
  signingTime?: number;
}

/** The token as the page gets it (`payment.token.paymentData`): "Payment token format reference". */
export interface ApplePayPaymentData {
  data: string;
  signature: string;
  header: {
    /** Base64 of the ephemeral key's X.509 SubjectPublicKeyInfo. */
    ephemeralPublicKey: string;
    /** Base64 of SHA-256 over the X.509 SubjectPublicKeyInfo of the merchant's Payment Processing key. */
    publicKeyHash: string;
    /** Hex: the device's transaction id. */
    transactionId: string;
    /** Hex: SHA-256 of the request's applicationData, when it had one. */
    applicationData?: string;
  };
  version: 'EC_v1';
}

/** A merchant's Payment Processing key, which the service (its payment provider) holds. */
export interface PaymentProcessingKey {
  merchantIdentifier: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** What a token's header names the key by. */
  publicKeyHash: string;
}

/** What Payment/Init pays with once a token opened: never stored (the record keeps brand and last4). */
export interface OpenedWalletToken {
  provider: WalletProvider;
  /** Google's messageId or Apple's transactionId: what a replay is known by. */
  id: string;
  /** Until when the id must be remembered: after it the token cannot open anyway. */
  rememberUntil: number;
  /** The number the token carries: the card's, or its device token. */
  number: string;
  expirationMonth: number;
  expirationYear: number;
  /** Google's authMethod, or Apple's paymentDataType (always 3DSecure on the web). */
  authMethod: GoogleAuthMethod | '3DSecure';
  eci: string | undefined;
  /** The one-time cryptogram (Google CRYPTOGRAM_3DS, every Apple Pay token); never stored with a payment. */
  cryptogram: string | undefined;
}

export interface WalletOpenExpectations {
  /** The paying account: the token must be for it. */
  account: string;
  /**
   * The amount and currency paid: an Apple Pay token is for one amount. Payment/Init always gives them
   * (its amounts are required); only the sandbox control that reads a token may leave them out.
   */
  amount?: number | undefined;
  currency?: string | undefined;
  /** A token that already paid opens too (a sandbox control reading one); Payment/Init never sets it. */
  evenIfPaid?: boolean | undefined;
}
