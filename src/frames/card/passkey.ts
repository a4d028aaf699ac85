// Passkeys in the card frame (a chunk of its own, fetched only when the merchant turns `passkeys` on):
// "Pay with passkey" in place of a stored card's security code, and "Use a passkey next time" once a
// card was proved with its code or saved. The ceremonies run here, in the token host's frame, so the
// token host is the relying party and the shopper's click is the frame's own (a cross-origin frame may
// only create a credential in its own user activation). The security code is always one tap away:
// a cancel, a refusal or a browser without passkeys shows it, never a dead end.
//
// The chunk carries its strings in the three locales itself (i18n/passkey.ts), as the Pix code does
// on the page: the page script stays without them. The merchant's overrides of them come with the
// frame's configuration (FrameConfig.messages).

import {
  browserSupportsWebAuthn,
  platformAuthenticatorIsAvailable,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  WebAuthnError,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import {
  authenticationOptions,
  registerPasskey,
  registrationOptions,
  type PasskeyCard,
} from '../../api/passkeys.ts';
import { bindToken, serviceClient, type Decode } from '../../api/service.ts';
import type { TokenizedCard } from '../../card/tokenized-card.ts';
import { failure, type Result } from '../../errors.ts';
import type { Failure } from '../../types.ts';
import type { FrameConfig, FrameToHost, PasskeyOutcome } from '../../messaging/protocol.ts';
import { createsInFrame, openPasskeyWindow, type PasskeyWindow } from './passkey-window.ts';
import type { MessageOverrides } from '../../i18n/index.ts';
import { passkeyMessages, type PasskeyMessages } from '../../i18n/passkey.ts';

/** PROTOCOL_VERSION written out: importing it would split the protocol module out of the frame's script. */
const v = 1;
import type { Authentication } from '../../three-ds/model.ts';
import type { ThreeDsPreparer } from '../../three-ds/collection/preparer.ts';

/** The chunk's strings in `locale`, with the merchant's `messages` the page sent on top. */
export function stringsFor(locale: string, messages?: MessageOverrides): PasskeyMessages {
  // The page sends a supported locale; the frame's decoder checks only that it is a language tag.
  const table = (passkeyMessages as Partial<Record<string, PasskeyMessages>>)[locale] ?? passkeyMessages.en;
  return { ...table, ...messages };
}

/**
 * What a failed ceremony means for the merchant. @simplewebauthn passes every NotAllowedError through
 * (`ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY`): its message tells a frame without the `allow` permission or
 * without the shopper's click (a bug to fix) from the shopper's cancel or the ceremony's timeout.
 */
export function passkeyError(error: unknown): Failure {
  const cause: unknown = error instanceof WebAuthnError ? error.cause : error;
  const name = cause instanceof Error ? cause.name : '';
  const message = cause instanceof Error ? cause.message : '';
  if (
    name === 'NotAllowedError' &&
    /permissions policy|feature is not enabled|user activation/i.test(message)
  )
    return failure(
      'passkey_not_allowed',
      'configuration',
      `The browser refused the passkey in the card frame: ${message}`,
    );
  if (
    name === 'NotAllowedError' ||
    name === 'AbortError' ||
    (error instanceof WebAuthnError && error.code === 'ERROR_CEREMONY_ABORTED')
  )
    return failure(
      'passkey_cancelled',
      'cancelled',
      'The shopper did not confirm with the passkey (cancelled or timed out).',
    );
  return failure(
    'passkey_unsupported',
    'validation',
    `This browser or device cannot use the passkey${message === '' ? '' : `: ${message}`}.`,
  );
}

/** A registration the authenticator refused because it holds a passkey of this card already. */
const alreadyRegistered = (error: unknown) =>
  error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED';

/**
 * "Not now" is remembered on this device, per card, in the frame's own storage (partitioned by the
 * merchant's site; only a hash of the token, never card data). Where the browser blocks a frame's
 * storage (Safari), the offer simply comes again: nothing depends on it.
 */
const DECLINED_KEY = 'svc-passkey-declined';

async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function declinedList(): string[] {
  try {
    return (localStorage.getItem(DECLINED_KEY) ?? '').split(' ').filter((entry) => entry !== '');
  } catch {
    return [];
  }
}

export async function declinedHere(token: string): Promise<boolean> {
  return declinedList().includes(await tokenHash(token));
}

function rememberDecline(token: string): void {
  void tokenHash(token).then((hash) => {
    try {
      localStorage.setItem(DECLINED_KEY, [...declinedList().slice(-49), hash].join(' '));
    } catch {
      // Storage blocked: the offer comes again next time.
    }
  });
}

const SHEET = `
.svc-passkey{display:flex;flex-direction:column;gap:var(--svc-spacing,8px);font-family:var(--svc-font-family,system-ui,sans-serif);font-size:var(--svc-font-size,16px);color:var(--svc-color-text,#1f1f1f)}
.svc-passkey p{margin:0}
.svc-passkey .svc-note:empty{margin-bottom:calc(-1 * var(--svc-spacing,8px))}
.svc-passkey .svc-note:focus{outline:none}
.svc-passkey button{font:inherit;min-height:44px;border-radius:var(--svc-border-radius,6px);cursor:pointer}
.svc-passkey .svc-primary{background:var(--svc-color-primary,#0b57d0);color:#fff;border:0;padding:0 16px}
.svc-passkey .svc-link{background:none;border:0;color:var(--svc-color-primary,#0b57d0);text-decoration:underline;align-self:flex-start;padding:0}
.svc-passkey button:focus-visible{outline:2px solid var(--svc-color-primary,#0b57d0);outline-offset:2px}
.svc-passkey[hidden],[hidden]{display:none}
`;

export interface PasskeyBind {
  frontData: Record<string, string>;
  preparer: () => Promise<Pick<ThreeDsPreparer, 'prepare' | 'forget'>>;
  authenticationReader: () => Promise<Decode<Authentication>>;
}

/** The passkey side of one card frame. */
export interface Passkeys {
  /** The next submit binds with the passkey (the shopper has not turned to the security code). */
  readonly active: boolean;
  bind(options: PasskeyBind): Promise<Result<TokenizedCard>>;
  /** After a result: offers a passkey for a card proved with its code, or saved. */
  offer(result: TokenizedCard): void;
  /** The frame's form was cleared or unlocked: the offer goes. */
  reset(): void;
}

function button(text: string, className: string, onClick: () => void): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = className;
  element.textContent = text;
  element.addEventListener('click', onClick);
  return element;
}

/**
 * The passkey side of a configured card frame: its block goes before the fields (hidden while the
 * passkey is the way); `alert` is the frame's alert line; `post` reaches the page.
 */
export async function attachPasskeys(
  config: FrameConfig,
  /** The session now: the page may have replaced it since configure (updateSession). */
  sessionId: () => string,
  fields: HTMLElement,
  alert: HTMLElement,
  post: (message: FrameToHost) => void,
): Promise<Passkeys> {
  const host = {
    fields,
    say(text: string) {
      alert.textContent = text;
    },
    /** The shopper chose to pay: the page runs its submit, as Enter in a field does. */
    requestSubmit() {
      post({ v, type: 'field', relay: { kind: 'submit' } });
    },
    report(outcome: PasskeyOutcome) {
      post({ v, type: 'passkey', outcome });
    },
  };
  const client = serviceClient({ origin: window.location.origin, account: config.account });
  const strings = stringsFor(config.locale, config.messages);
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(SHEET);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  const supported =
    browserSupportsWebAuthn() && (await platformAuthenticatorIsAvailable().catch(() => false));
  const block = document.createElement('div');
  block.className = 'svc-passkey';
  block.hidden = true;
  // What the block says, announced as it changes (the offer, then how it ended): one live region that
  // stays, empty while the block only holds buttons.
  const note = document.createElement('p');
  note.className = 'svc-note';
  note.setAttribute('role', 'status');
  note.tabIndex = -1;
  /** The block's note and buttons; `hidden` without any. */
  const showBlock = (text: string, ...buttons: HTMLButtonElement[]) => {
    note.textContent = text;
    block.replaceChildren(note, ...buttons);
    block.hidden = text === '' && buttons.length === 0;
  };
  fields.before(block);

  const stored = config.mode === 'cvv' ? config.storedCard : undefined;
  let active = false;
  /** Aborted when the frame resets: a passkey window still open closes. */
  let windows = new AbortController();
  const useCode = () => {
    active = false;
    host.fields.hidden = false;
    showBlock('', button(strings.passkeyUsePasskey, 'svc-link', usePasskey));
  };
  const usePasskey = () => {
    active = true;
    host.fields.hidden = true;
    host.say('');
    const pay = button(strings.passkeyPay, 'svc-primary', () => {
      host.requestSubmit();
    });
    showBlock('', pay, button(strings.passkeyUseCode, 'svc-link', useCode));
  };
  /** How the frame starts: the passkey first for a card that has one, else nothing shown. */
  const showInitial = () => {
    if (supported && stored?.passkey === true) usePasskey();
    else {
      showBlock('');
    }
  };
  showInitial();

  const card = (token: string): PasskeyCard => ({ sessionId: sessionId(), token });

  return {
    get active() {
      return active;
    },

    async bind({ frontData, preparer, authenticationReader }) {
      if (stored === undefined) return failure('not_ready', 'configuration', 'No stored card in this frame.');
      const options = await authenticationOptions(client, card(stored.token));
      let assertion: unknown;
      try {
        if (!options.ok) throw options.error;
        assertion = await startAuthentication({ optionsJSON: options.value as never });
      } catch (error) {
        useCode();
        host.say(options.ok ? strings.passkeyCancelled : strings.passkeyFailed);
        return options.ok ? passkeyError(error) : options;
      }
      const setups = await preparer();
      const prepared = await setups.prepare({ token: stored.token });
      if (!prepared.ok) return prepared;
      const code = prepared.value;
      const result = await bindToken(
        client,
        {
          sessionId: sessionId(),
          token: stored.token,
          passkey: assertion,
          ...(code === undefined ? {} : { authenticationCode: code }),
        },
        frontData,
        code === undefined ? undefined : await authenticationReader(),
      );
      setups.forget();
      if (!result.ok && result.error.code.startsWith('passkey_')) {
        useCode();
        host.say(strings.passkeyFailed);
      }
      return result;
    },

    offer(result) {
      // A card proved with its code in this frame (and no passkey yet), or a new one the shopper saved;
      // not one the shopper turned down on this device.
      const eligible =
        stored === undefined ? !result.singleUse : result.verification === 'cvv' && stored.passkey !== true;
      if (supported && eligible)
        void declinedHere(result.token).then((declined) => {
          if (!declined) show(result);
        });
    },

    reset() {
      WebAuthnAbortService.cancelCeremony();
      windows.abort();
      windows = new AbortController();
      showInitial();
    },
  };

  /**
   * Creates the passkey in this frame or, where the browser does not let a cross-origin frame (Safari;
   * a frame above that does not delegate the permission), in the token host's window: `popup` is the one
   * the click opened already, else one is opened when the frame is refused (the refusal comes before the
   * click's activation is spent, so the window may still open).
   */
  async function create(
    options: unknown,
    popup: PasskeyWindow | undefined,
    card: string,
  ): Promise<RegistrationResponseJSON> {
    let opened = popup;
    if (opened === undefined)
      try {
        return await startRegistration({ optionsJSON: options as never });
      } catch (error) {
        opened = passkeyError(error).error.code === 'passkey_not_allowed' ? openPasskeyWindow() : undefined;
        if (opened === undefined) throw error;
      }
    const text = {
      title: strings.passkeyWindow,
      card,
      create: strings.passkeyCreate,
      cancel: strings.passkeyCancel,
    };
    return opened.create({ lang: config.locale, text, options }, windows.signal);
  }

  function show(result: TokenizedCard): void {
    const { token } = result;
    const target = card(token);
    const done = (outcome: PasskeyOutcome, text: string) => {
      // The buttons go: where the shopper's focus was on them, it moves to what the block now says.
      const focused =
        document.hasFocus() &&
        (block.contains(document.activeElement) || document.activeElement === document.body);
      showBlock(text);
      if (focused) note.focus();
      host.report(outcome);
    };
    const enrol = async (popup: PasskeyWindow | undefined) => {
      enrolButton.disabled = true;
      const options = await registrationOptions(client, target);
      try {
        if (!options.ok) throw options.error;
        const response = await create(options.value, popup, `${result.brand} •••• ${result.last4}`);
        const registered = await registerPasskey(client, target, response);
        if (!registered.ok) throw registered.error;
        done('enrolled', strings.passkeyEnrolled);
      } catch (error) {
        if (alreadyRegistered(error)) done('enrolled', strings.passkeyEnrolled);
        else
          done(
            passkeyError(error).error.code === 'passkey_cancelled' ? 'cancelled' : 'failed',
            strings.passkeyEnrolFailed,
          );
      } finally {
        // A window opened in the click but never told what to create (the options were refused).
        popup?.close();
      }
    };
    // Where the frame may not create a passkey at all, the window opens in this click: a popup needs it.
    const enrolButton = button(strings.passkeyEnrol, 'svc-primary', () => {
      void enrol(createsInFrame(navigator.userAgent) ? undefined : openPasskeyWindow());
    });
    showBlock(
      strings.passkeyOffer,
      enrolButton,
      button(strings.passkeyNotNow, 'svc-link', () => {
        showBlock('');
        rememberDecline(token);
        host.report('declined');
      }),
    );
  }
}
