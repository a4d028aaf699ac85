// The stand-in for https://applepay.cdn-apple.com/jsapi/1.latest/apple-pay-sdk.js, served by the sandbox's
// wallet origin at the same path: defines window.ApplePaySession (replacing a native one: a page loads
// this only when configured to) and <apple-pay-button>. Test knobs, as query parameters of the
// script's URL or at run time through window.__applePayStandIn.configure():
//   availability=available|no-active-card|unsupported|absent   (absent: no ApplePaySession at all)
//   timeoutMs=<ms>   each complete* clock (Apple's 30 s by default)

import { defineApplePayButton } from './button.ts';
import type { AuthorizedPayment } from './messages.ts';
import {
  ApplePayCancelEvent,
  ApplePayError,
  ApplePayPaymentAuthorizedEvent,
  ApplePayPaymentMethodSelectedEvent,
  ApplePayValidateMerchantEvent,
  createApplePaySession,
  DEFAULT_TIMEOUT_MS,
  type Availability,
  type SheetOpening,
  type StandInConfig,
  type StandInRecord,
} from './session.ts';
import { showSheetOverlay } from './sheet-host.ts';

const AVAILABILITIES: readonly (Availability | 'absent')[] = [
  'available',
  'no-active-card',
  'unsupported',
  'absent',
];

interface StandInControl {
  readonly config: Readonly<StandInConfig> & { readonly absent: boolean };
  /** Calls and events, oldest first: `{kind: 'call' | 'event', name, detail?}` (never a token). */
  readonly log: StandInRecord[];
  /** The last payment `onpaymentauthorized` carried, for tests that pay with it. */
  lastPayment: AuthorizedPayment | undefined;
  configure(changes: Partial<StandInConfig>): void;
}

declare global {
  interface Window {
    __applePayStandIn?: StandInControl;
  }
}

function install(): void {
  const script = document.currentScript;
  const src = new URL(script instanceof HTMLScriptElement ? script.src : location.href);
  const walletOrigin = src.origin;
  const requested = src.searchParams.get('availability') ?? 'available';
  const choice = (AVAILABILITIES as readonly string[]).includes(requested)
    ? (requested as Availability | 'absent')
    : 'available';
  const timeout = Number(src.searchParams.get('timeoutMs') ?? DEFAULT_TIMEOUT_MS);
  const config: StandInConfig & { absent: boolean } = {
    availability: choice === 'absent' ? 'unsupported' : choice,
    timeoutMs: Number.isFinite(timeout) && timeout >= 0 ? timeout : DEFAULT_TIMEOUT_MS,
    absent: choice === 'absent',
  };
  const log: StandInRecord[] = [];
  const control: StandInControl = {
    config,
    log,
    lastPayment: undefined,
    configure(changes) {
      if (changes.availability !== undefined) config.availability = changes.availability;
      if (changes.timeoutMs !== undefined) config.timeoutMs = changes.timeoutMs;
    },
  };
  window.__applePayStandIn = control;
  defineApplePayButton(customElements);
  if (config.absent) return;

  const ApplePaySession = createApplePaySession({
    config,
    validationUrl: `${walletOrigin}/paymentservices/startSession`,
    record(entry) {
      log.push(entry);
    },
    hasUserActivation: () => navigator.userActivation.isActive,
    isSecureContext: () => window.isSecureContext,
    async openSheet(merchantSession, request): Promise<SheetOpening> {
      const response = await fetch(`${walletOrigin}/apple-pay/sheets`, {
        method: 'POST',
        mode: 'cors',
        credentials: 'omit',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          merchantSession,
          request,
          lang: document.documentElement.lang || navigator.language,
          // Firefox has no location.ancestorOrigins.
          ancestorOrigins: [...((location.ancestorOrigins as DOMStringList | undefined) ?? [])],
        }),
      });
      const body = (await response.json()) as {
        sheetId?: string;
        sheetUrl?: string;
        reason?: string;
        message?: string;
      };
      if (response.status === 201 && typeof body.sheetId === 'string' && typeof body.sheetUrl === 'string') {
        return { ok: true, sheetId: body.sheetId, sheetUrl: body.sheetUrl };
      }
      return {
        ok: false,
        reason: body.reason ?? 'refused',
        message: body.message ?? `status ${String(response.status)}`,
      };
    },
    showSheet(opening, handlers) {
      return showSheetOverlay(document, walletOrigin, opening, {
        ...handlers,
        authorized(payment) {
          control.lastPayment = payment;
          handlers.authorized(payment);
        },
      });
    },
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => {
      window.clearTimeout(handle as number);
    },
  });

  const globals: Record<string, unknown> = {
    ApplePaySession,
    ApplePayError,
    ApplePayCancelEvent,
    ApplePayPaymentAuthorizedEvent,
    ApplePayPaymentMethodSelectedEvent,
    ApplePayValidateMerchantEvent,
  };
  for (const [name, value] of Object.entries(globals)) {
    Object.defineProperty(window, name, { value, configurable: true, writable: true, enumerable: false });
  }
}

install();
