// Passkeys in the card frame (a chunk of its own, fetched only when the merchant turns `passkeys` on):
// "Pay with passkey" in place of a stored card's security code, and "Use a passkey next time" once a
// card was proved with its code or saved. The ceremonies run here, in the token host's frame, so the
// token host is the relying party and the shopper's click is the frame's own (a cross-origin frame may
// only create a credential in its own user activation). The security code is always one tap away:
// a cancel, a refusal or a browser without passkeys shows it, never a dead end.
//
// The chunk carries its strings in the three locales itself, as the Pix code does on the page: the
// page script stays without them.

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

/** PROTOCOL_VERSION written out: importing it would split the protocol module out of the frame's script. */
const v = 1;
import type { Authentication } from '../../three-ds/authentication.ts';
import type { ThreeDsPreparer } from '../../three-ds/collection/preparer.ts';

const STRINGS = {
  en: {
    pay: 'Pay with passkey',
    useCode: 'Use the security code instead',
    usePasskey: 'Use your passkey instead',
    offer: 'Skip the security code next time: confirm with your fingerprint, face or screen lock.',
    enrol: 'Use a passkey next time',
    notNow: 'Not now',
    enrolled: 'Passkey saved. Next time, confirm with it instead of typing the security code.',
    cancelled: 'The passkey was not used. Enter the security code.',
    failed: 'The passkey could not be checked. Enter the security code.',
    enrolFailed: 'The passkey was not saved. You can keep using the security code.',
    window: 'Create a passkey',
    create: 'Create passkey',
    cancel: 'Cancel',
  },
  'pt-BR': {
    pay: 'Pagar com chave de acesso',
    useCode: 'Usar o código de segurança',
    usePasskey: 'Usar a chave de acesso',
    offer:
      'Dispense o código de segurança na próxima vez: confirme com sua digital, rosto ou bloqueio de tela.',
    enrol: 'Usar chave de acesso na próxima vez',
    notNow: 'Agora não',
    enrolled:
      'Chave de acesso salva. Na próxima vez, confirme com ela em vez de digitar o código de segurança.',
    cancelled: 'A chave de acesso não foi usada. Digite o código de segurança.',
    failed: 'Não foi possível verificar a chave de acesso. Digite o código de segurança.',
    enrolFailed: 'A chave de acesso não foi salva. Você pode continuar usando o código de segurança.',
    window: 'Criar uma chave de acesso',
    create: 'Criar chave de acesso',
    cancel: 'Cancelar',
  },
  es: {
    pay: 'Pagar con llave de acceso',
    useCode: 'Usar el código de seguridad',
    usePasskey: 'Usar la llave de acceso',
    offer:
      'Omite el código de seguridad la próxima vez: confirma con tu huella, rostro o bloqueo de pantalla.',
    enrol: 'Usar una llave de acceso la próxima vez',
    notNow: 'Ahora no',
    enrolled:
      'Llave de acceso guardada. La próxima vez, confirma con ella en lugar de escribir el código de seguridad.',
    cancelled: 'No se usó la llave de acceso. Escribe el código de seguridad.',
    failed: 'No se pudo verificar la llave de acceso. Escribe el código de seguridad.',
    enrolFailed: 'No se guardó la llave de acceso. Puedes seguir usando el código de seguridad.',
    window: 'Crear una llave de acceso',
    create: 'Crear llave de acceso',
    cancel: 'Cancelar',
  },
};
type Strings = (typeof STRINGS)['en'];

export function stringsFor(locale: string): Strings {
  return locale === 'pt-BR' || locale === 'es' ? STRINGS[locale] : STRINGS.en;
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
  const strings = stringsFor(config.locale);
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
    showBlock('', button(strings.usePasskey, 'svc-link', usePasskey));
  };
  const usePasskey = () => {
    active = true;
    host.fields.hidden = true;
    host.say('');
    const pay = button(strings.pay, 'svc-primary', () => {
      host.requestSubmit();
    });
    showBlock('', pay, button(strings.useCode, 'svc-link', useCode));
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
        host.say(options.ok ? strings.cancelled : strings.failed);
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
        host.say(strings.failed);
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
    const text = { title: strings.window, card, create: strings.create, cancel: strings.cancel };
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
        done('enrolled', strings.enrolled);
      } catch (error) {
        if (alreadyRegistered(error)) done('enrolled', strings.enrolled);
        else
          done(
            passkeyError(error).error.code === 'passkey_cancelled' ? 'cancelled' : 'failed',
            strings.enrolFailed,
          );
      } finally {
        // A window opened in the click but never told what to create (the options were refused).
        popup?.close();
      }
    };
    // Where the frame may not create a passkey at all, the window opens in this click: a popup needs it.
    const enrolButton = button(strings.enrol, 'svc-primary', () => {
      void enrol(createsInFrame(navigator.userAgent) ? undefined : openPasskeyWindow());
    });
    showBlock(
      strings.offer,
      enrolButton,
      button(strings.notNow, 'svc-link', () => {
        showBlock('');
        rememberDecline(token);
        host.report('declined');
      }),
    );
  }
}
