// The host <-> frame protocol: every message is a versioned, discriminated, size-capped plain object.
// Shapes are declared here; decode.ts checks them, and anything that fails a check is dropped. Values
// are typed on the wire: the receiver checks them once and never re-encodes them.

import type { TokenizedCard } from '../card/tokenized-card.ts';
import type { CheckoutError, CheckoutErrorCode, CheckoutErrorType } from '../errors.ts';
import type { MessageOverrides } from '../i18n/en.ts';
import type { ThreeDsStep } from '../three-ds/model.ts';
import type { Appearance, CardFormState, FieldName, InstallmentPlan, StoredCard } from '../types.ts';

export const PROTOCOL_VERSION = 1;
/**
 * Where the token host serves this version's frame documents. The script asks for the frames it was
 * built with, so a page pinned to one version never talks to another version's frame.
 */
export const FRAMES_BASE = `/frames/${__SDK_VERSION__}`;
/** No legitimate message comes near this; anything bigger is dropped unread. */
export const MAX_MESSAGE_CHARS = 32 * 1024;

// --- Handshake on window.postMessage, before the port exists ----------------------------------------

/**
 * Why the token host would not serve a page its frame (a document of its own, `refused.html`, says it
 * at once instead of the page waiting out its ready timeout): the account is unknown, or it does not
 * allow the page's origin. A code, never more.
 */
export const FRAME_REFUSALS = ['unknown_account', 'origin_not_allowed'] as const;
export type FrameRefusal = (typeof FRAME_REFUSALS)[number];

/** Frame to parent, targeted at the exact parent origin the frame was created for. */
export interface HelloMessage {
  v: 1;
  type: 'svc:hello';
  nonce: string;
  /** Set by the token host's refusal document instead of a frame: no port follows. */
  refused?: FrameRefusal;
}

/**
 * Parent to frame, before connect: "say hello again". A frame from the page's HTML (cardFormHtml())
 * may have said hello before the page's script listened; it answers this with its hello.
 */
export interface PingMessage {
  v: 1;
  type: 'svc:ping';
  nonce: string;
}

/** Parent to frame, carrying port2 of a fresh MessageChannel. */
export interface ConnectMessage {
  v: 1;
  type: 'svc:connect';
  nonce: string;
}

// --- On the port --------------------------------------------------------------------------------------

export type FrameMode = 'card' | 'cvv';

/**
 * One plan as the frame takes it. `figures`, from Payment/InstallmentPlans' answer only: the
 * installment, the total, the monthly and yearly rates and the CET a month and a year, in that order.
 */
export type PlanConfig = InstallmentPlan & { figures?: readonly number[] };

/** The `installments` option as the frame takes it: every plan an object, the currency set. */
export interface InstallmentsConfig {
  plans: PlanConfig[];
  currency: string;
  /** The order's cash price, when the plans are the service's (Payment/InstallmentPlans). */
  cashPrice?: number;
}

export interface FrameConfig {
  sessionId: string;
  account: string;
  /** Resolved by the page (`pt-PT` → `pt-BR`), so the frame ships no locale tables of its own. */
  locale: string;
  /**
   * Every string the frame shows, in that locale, with the merchant's overrides applied; the overrides
   * of the passkey chunk's strings too, which it lays over its own table (i18n/passkey.ts).
   */
  messages: MessageOverrides;
  appearance: Appearance;
  mode: FrameMode;
  showSaveCard: boolean;
  /** The installments to offer (worded by the frame: brazil/installments.ts); none: no select. */
  installments?: InstallmentsConfig;
  /** Show the CPF (or CPF and CNPJ) field. */
  documentField?: 'cpf' | 'cpf-cnpj';
  /** The stored card whose CVV is collected (mode `cvv`); `passkey`: it has one, offered first. */
  storedCard?: Pick<StoredCard, 'token' | 'brand' | 'last4'> & { passkey?: boolean };
  /** The merchant's `passkeys` option: the frame loads its passkey chunk (frames/card/passkey.ts). */
  passkeys?: boolean;
  /** The merchant's `debit` option: a combo card asks "Crédito ou débito?" (frames/card/funding.ts). */
  debit?: boolean;
}

/** How a passkey offer ended (the `svc-passkey` event): saved, turned down, cancelled, or it failed. */
export const PASSKEY_OUTCOMES = ['enrolled', 'declined', 'cancelled', 'failed'] as const;
export type PasskeyOutcome = (typeof PASSKEY_OUTCOMES)[number];

export type HostToFrame =
  | { v: 1; type: 'configure'; config: FrameConfig }
  /** frontData is collected by the page (same browser) and sent with Token/Generate by the frame. */
  | { v: 1; type: 'submit'; id: number; frontData: Record<string, string> }
  | { v: 1; type: 'focus'; field: FieldName | undefined }
  | { v: 1; type: 'clear' }
  /** The merchant's new session, for the next submit: the fields keep what the shopper typed. */
  | { v: 1; type: 'session'; sessionId: string }
  /** The payment went through: the fields stay locked until a clear. */
  | { v: 1; type: 'complete' }
  /** The shopper-facing text for a failed submit, resolved by the page (the frame keeps no error table). */
  | { v: 1; type: 'alert'; text: string };

/** An error as it crosses the frame boundary: the frame builds it, the host turns it into a CheckoutError. */
export interface WireError {
  code: CheckoutErrorCode;
  type: CheckoutErrorType;
  message: string;
}

/** A field event, relayed as it happened: flags, names and error codes, never a value. */
export type FieldRelay =
  | { kind: 'change'; field: FieldName; state: CardFormState }
  | { kind: 'focus' | 'blur'; field: FieldName }
  /** Enter in a field: the page runs its submit. */
  | { kind: 'submit' };

export type FrameToHost =
  | { v: 1; type: 'ready' }
  | { v: 1; type: 'resize'; height: number }
  | { v: 1; type: 'field'; relay: FieldRelay }
  | { v: 1; type: '3ds'; step: ThreeDsStep }
  /** The card as tokenized, its 3DS block typed (decoded by the frame from the service's answer). */
  | { v: 1; type: 'result'; id: number; result: TokenizedCard }
  /** Every submit ends in a result or a failure, at once: the page never waits out its timeout. */
  | { v: 1; type: 'failure'; id: number; error: WireError }
  /** How the shopper answered the offer of a passkey for the card just used. */
  | { v: 1; type: 'passkey'; outcome: PasskeyOutcome };

/** A frame message as the page has it after decoding: a failure's error is a CheckoutError. */
export type FrameMessage =
  Exclude<FrameToHost, { type: 'failure' }> | { v: 1; type: 'failure'; id: number; error: CheckoutError };
