// The host <-> frame protocol: every message is a versioned, discriminated, size-capped plain object.
// Shapes are declared here; decode-*.ts check them, and anything that fails a check is dropped.

import type {
  Appearance,
  CardFormState,
  CardTokenResult,
  FieldName,
  StoredCard,
  ThreeDsResult,
} from '../types.ts';
import type { MessageKey } from '../i18n/en.ts';

export const PROTOCOL_VERSION = 1;
/**
 * Where the token host serves this version's frame documents. The script asks for the frames it was
 * built with, so a page pinned to one version never talks to another version's frame.
 */
export const FRAMES_BASE = `/frames/${__SDK_VERSION__}`;
/** No legitimate message comes near this; anything bigger is dropped unread. */
export const MAX_MESSAGE_CHARS = 32 * 1024;

// --- Handshake on window.postMessage, before the port exists ----------------------------------------

/** Frame to parent, targeted at the exact parent origin the frame was created for. */
export interface HelloMessage {
  v: 1;
  type: 'svc:hello';
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

export interface FrameConfig {
  sessionId: string;
  account: string;
  /** Resolved by the page (`pt-PT` → `pt-BR`), so the frame ships no locale tables of its own. */
  locale: string;
  /** Every string the frame shows, in that locale, with the merchant's overrides applied. */
  messages: Partial<Record<MessageKey, string>>;
  appearance: Appearance;
  mode: FrameMode;
  showSaveCard: boolean;
  /** The stored card whose CVV is collected (mode `cvv`). */
  storedCard?: Pick<StoredCard, 'token' | 'brand' | 'last4'>;
}

export type HostToFrame =
  | { v: 1; type: 'configure'; config: FrameConfig }
  /** frontData is collected by the page (same browser) and sent with Token/Generate by the frame. */
  | { v: 1; type: 'submit'; id: number; frontData: Record<string, string> }
  | { v: 1; type: 'focus'; field: FieldName | undefined }
  | { v: 1; type: 'clear' }
  /** The shopper-facing text for a failed submit, resolved by the page (the frame keeps no error table). */
  | { v: 1; type: 'alert'; text: string };

/** An error as it crosses the frame boundary: the frame builds it, the host turns it into a CheckoutError. */
export interface WireError {
  code: string;
  type: string;
  message: string;
  field?: string;
}

/** The 3DS steps a merchant can show progress for (SvcThreeDsEvent). */
export type ThreeDsStep =
  | 'collection-started'
  | 'collection-finished'
  | 'collection-timed-out'
  | 'challenge-shown'
  | 'challenge-finished';

/**
 * A tokenization result as it crosses the boundary: what the merchant gets, without the `ok` flag and
 * the 3DS fields, which travel as `authentication` in the service's own shape (api/three-ds.ts).
 */
export type WireTokenResult = Omit<CardTokenResult, 'ok' | 'frontData' | keyof ThreeDsResult> & {
  frontData: Record<string, string>;
  /** In the service's shape; the page reads it with decodeAuthentication. */
  authentication?: Record<string, string>;
};

export type FrameToHost =
  | { v: 1; type: 'ready' }
  | { v: 1; type: 'resize'; height: number }
  | { v: 1; type: 'change'; field: FieldName; state: CardFormState }
  | { v: 1; type: 'focus'; field: FieldName }
  | { v: 1; type: 'blur'; field: FieldName }
  | { v: 1; type: 'submit-request' }
  | { v: 1; type: '3ds'; step: ThreeDsStep }
  | { v: 1; type: 'result'; id: number; result: WireTokenResult }
  | { v: 1; type: 'failure'; id: number; error: WireError }
  | { v: 1; type: 'fatal'; error: WireError };

export { FIELD_NAMES } from '../frames/fields/types.ts';
