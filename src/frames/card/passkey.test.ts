// The card frame's passkey chunk without a browser's WebAuthn: @simplewebauthn/browser stood in for,
// the service answered by a fake fetch. What the shopper sees, what the page hears, what is sent.
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type * as Browser from '@simplewebauthn/browser';
import type { FrameConfig, FrameToHost } from '../../messaging/protocol.ts';

const webauthn = vi.hoisted(() => ({
  supported: true,
  platform: true,
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));

vi.mock('@simplewebauthn/browser', async (original) => {
  const real: typeof Browser = await original();
  return {
    ...real,
    browserSupportsWebAuthn: () => webauthn.supported,
    platformAuthenticatorIsAvailable: () => Promise.resolve(webauthn.platform),
    startAuthentication: webauthn.startAuthentication,
    startRegistration: webauthn.startRegistration,
  };
});

const { attachPasskeys, declinedHere, passkeyError, stringsFor } = await import('./passkey.ts');
const { WebAuthnError } = await import('@simplewebauthn/browser');

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';

const STORED = { token: 'tok_1', brand: 'Visa', last4: '1111', passkey: true };
const config = (extra: Partial<FrameConfig> = {}): FrameConfig => ({
  sessionId: 'ses_1',
  account: 'demo',
  locale: 'pt-BR',
  messages: {},
  appearance: {},
  mode: 'cvv',
  showSaveCard: false,
  storedCard: STORED,
  passkeys: true,
  ...extra,
});

const notAllowed = (message: string) => Object.assign(new Error(message), { name: 'NotAllowedError' });

describe('passkeyError', () => {
  it('tells a missing permission or click (a bug) from a cancel', () => {
    const policy = new WebAuthnError({
      message: 'x',
      code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
      cause: notAllowed(
        "The 'publickey-credentials-get' feature is not enabled in this document. Permissions Policy may be used…",
      ),
    });
    expect(passkeyError(policy).error).toMatchObject({ code: 'passkey_not_allowed', type: 'configuration' });
    const activation = notAllowed(
      'A user activation is required to create a credential in a cross-origin iframe.',
    );
    expect(passkeyError(activation).error.code).toBe('passkey_not_allowed');
    const cancel = new WebAuthnError({
      message: 'x',
      code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
      cause: notAllowed('The operation either timed out or was not allowed.'),
    });
    expect(passkeyError(cancel).error).toMatchObject({ code: 'passkey_cancelled', type: 'cancelled' });
    expect(
      passkeyError(new WebAuthnError({ message: 'x', code: 'ERROR_CEREMONY_ABORTED', cause: new Error() }))
        .error.code,
    ).toBe('passkey_cancelled');
    const domain = new WebAuthnError({ message: 'x', code: 'ERROR_INVALID_DOMAIN', cause: new Error('bad') });
    expect(passkeyError(domain).error).toMatchObject({ code: 'passkey_unsupported', type: 'validation' });
  });
});

describe('attachPasskeys', () => {
  let posted: FrameToHost[];
  let fields: HTMLElement;
  let alert: HTMLElement;
  let calls: { path: string; body: Record<string, unknown> }[];
  let answers: Record<string, { status: number; body: unknown }>;

  let userAgent: MockInstance<() => string>;

  beforeEach(() => {
    userAgent = vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME);
    webauthn.supported = true;
    webauthn.platform = true;
    webauthn.startAuthentication.mockReset();
    webauthn.startRegistration.mockReset();
    posted = [];
    calls = [];
    localStorage.clear();
    answers = {
      '/api/Passkey/AuthenticationOptions': { status: 200, body: { optionsJSON: { challenge: 'c1' } } },
      '/api/Passkey/RegistrationOptions': { status: 200, body: { optionsJSON: { challenge: 'c2' } } },
      '/api/Passkey/Register': { status: 200, body: { registered: true } },
      '/api/Token/Bind': {
        status: 200,
        body: {
          token: 'tok_1',
          bound: true,
          verification: 'passkey',
          card: {
            brand: 'Visa',
            bin: '411111',
            last4: '1111',
            maskedNumber: '411111******1111',
            expirationMonth: 12,
            expirationYear: 2030,
          },
        },
      },
    };
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      const path = new URL(url).pathname;
      calls.push({ path, body: JSON.parse(init.body as string) as Record<string, unknown> });
      const answer = answers[path] ?? { status: 404, body: {} };
      return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status }));
    });
    document.body.replaceChildren();
    fields = document.createElement('div');
    alert = document.createElement('p');
    document.body.append(fields, alert);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    userAgent.mockRestore();
  });

  /** `newCard`: the frame of a new card, with no stored card. */
  const attach = (extra: Partial<FrameConfig> = {}, newCard = false) => {
    const { storedCard: _stored, ...withoutCard } = config(extra);
    return attachPasskeys(
      newCard ? withoutCard : config(extra),
      () => 'ses_now',
      fields,
      alert,
      (message) => posted.push(message),
    );
  };
  const button = (name: string) =>
    [...document.querySelectorAll('button')].find((b) => b.textContent === name);
  const prepare = () =>
    Promise.resolve({
      prepare: () => Promise.resolve({ ok: true as const, value: undefined }),
      forget: () => undefined,
    });
  const reader = () => Promise.resolve(() => undefined);

  it('shows "Pay with passkey" in place of the code for a card with one, and a tap asks the page to submit', async () => {
    const passkeys = await attach();
    const strings = stringsFor('pt-BR');
    expect(passkeys.active).toBe(true);
    expect(fields.hidden).toBe(true);
    button(strings.passkeyPay)?.click();
    expect(posted).toEqual([{ v: 1, type: 'field', relay: { kind: 'submit' } }]);
    button(strings.passkeyUseCode)?.click();
    expect(passkeys.active).toBe(false);
    expect(fields.hidden).toBe(false);
  });

  it('says the merchant’s `messages` that came with the configuration, the rest in the frame’s locale', async () => {
    await attach({ locale: 'es', messages: { passkeyPay: 'Pagar con tu huella', cardNumberLabel: 'x' } });
    expect(button('Pagar con tu huella')).toBeDefined();
    expect(button(stringsFor('es').passkeyUseCode)).toBeDefined();
    expect(stringsFor('es').passkeyUseCode).toBe('Usar el código de seguridad');
  });

  it.each([
    ['no WebAuthn', { supported: false, platform: true }],
    ['no platform authenticator', { supported: true, platform: false }],
  ])('asks for the code with %s', async (_, support) => {
    Object.assign(webauthn, support);
    const passkeys = await attach();
    expect(passkeys.active).toBe(false);
    expect(fields.hidden).toBe(false);
  });

  it('binds with the assertion, in the session of now, and never a code', async () => {
    webauthn.startAuthentication.mockResolvedValue({ id: 'cred', type: 'public-key' });
    const passkeys = await attach();
    const result = await passkeys.bind({ frontData: {}, preparer: prepare, authenticationReader: reader });
    expect(result).toMatchObject({ ok: true, value: { token: 'tok_1', verification: 'passkey' } });
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: { challenge: 'c1' } });
    const bind = calls.find((c) => c.path === '/api/Token/Bind');
    expect(bind?.body).toEqual({
      sessionId: 'ses_now',
      token: 'tok_1',
      passkey: { id: 'cred', type: 'public-key' },
    });
  });

  it('turns a cancel into the code field, a line for the shopper and passkey_cancelled', async () => {
    webauthn.startAuthentication.mockRejectedValue(
      new WebAuthnError({
        message: 'x',
        code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
        cause: notAllowed('timed out'),
      }),
    );
    const passkeys = await attach();
    const result = await passkeys.bind({ frontData: {}, preparer: prepare, authenticationReader: reader });
    expect(result).toMatchObject({ ok: false, error: { code: 'passkey_cancelled' } });
    expect(fields.hidden).toBe(false);
    expect(alert.textContent).toBe(stringsFor('pt-BR').passkeyCancelled);
    expect(calls.map((c) => c.path)).not.toContain('/api/Token/Bind');
  });

  it('turns a refused assertion into the code field too', async () => {
    webauthn.startAuthentication.mockResolvedValue({ id: 'cred' });
    answers['/api/Token/Bind'] = {
      status: 422,
      body: { error: { code: 'passkey_verification_failed', message: 'no' } },
    };
    const passkeys = await attach();
    const result = await passkeys.bind({ frontData: {}, preparer: prepare, authenticationReader: reader });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'passkey_verification_failed', type: 'validation' },
    });
    expect(fields.hidden).toBe(false);
    expect(alert.textContent).toBe(stringsFor('pt-BR').passkeyFailed);
  });

  const bound = {
    token: 'tok_1',
    singleUse: false,
    brand: 'Visa',
    last4: '1111',
    maskedNumber: '411111******1111',
    expirationMonth: 12,
    expirationYear: 2030,
    frontData: {},
  };

  it('offers a passkey after the code proved the card, and reports it saved', async () => {
    webauthn.startRegistration.mockResolvedValue({ id: 'new' });
    const passkeys = await attach({ storedCard: { ...STORED, passkey: false } });
    passkeys.offer({ ...bound, verification: 'cvv' });
    await vi.waitFor(() => {
      expect(button(stringsFor('pt-BR').passkeyEnrol)).toBeDefined();
    });
    // The offer is said in a live region, and so is how it ended, where the shopper's focus goes.
    const status = document.querySelector('[role="status"]');
    expect(status?.textContent).toBe(stringsFor('pt-BR').passkeyOffer);
    button(stringsFor('pt-BR').passkeyEnrol)?.focus();
    button(stringsFor('pt-BR').passkeyEnrol)?.click();
    await vi.waitFor(() => {
      expect(posted).toContainEqual({ v: 1, type: 'passkey', outcome: 'enrolled' });
    });
    expect(document.querySelector('[role="status"]')).toBe(status);
    expect(status?.textContent).toBe(stringsFor('pt-BR').passkeyEnrolled);
    if (document.hasFocus()) expect(document.activeElement).toBe(status);
    expect(calls.find((c) => c.path === '/api/Passkey/Register')?.body).toEqual({
      sessionId: 'ses_now',
      token: 'tok_1',
      response: { id: 'new' },
    });
  });

  it('offers nothing after a passkey bind, or for a new card not saved', async () => {
    const passkeys = await attach();
    passkeys.offer({ ...bound, verification: 'passkey' });
    expect(button(stringsFor('pt-BR').passkeyEnrol)).toBeUndefined();
    const fresh = await attach({ mode: 'card' }, true);
    fresh.offer({ ...bound, singleUse: true });
    expect(button(stringsFor('pt-BR').passkeyEnrol)).toBeUndefined();
    fresh.offer({ ...bound, singleUse: false });
    await vi.waitFor(() => {
      expect(button(stringsFor('pt-BR').passkeyEnrol)).toBeDefined();
    });
  });

  it('reports "Not now" as declined, asks nothing of the service, and does not ask again for the card', async () => {
    const passkeys = await attach({ mode: 'card' }, true);
    passkeys.offer(bound);
    await vi.waitFor(() => {
      expect(button(stringsFor('pt-BR').passkeyNotNow)).toBeDefined();
    });
    button(stringsFor('pt-BR').passkeyNotNow)?.click();
    expect(posted).toEqual([{ v: 1, type: 'passkey', outcome: 'declined' }]);
    expect(calls).toEqual([]);
    await vi.waitFor(async () => {
      expect(await declinedHere('tok_1')).toBe(true);
    });
    // Only a hash of the token is kept.
    expect(localStorage.getItem('svc-passkey-declined')).not.toContain('tok_1');
    expect(await declinedHere('tok_2')).toBe(false);
    const later = await attach({ storedCard: { ...STORED, passkey: false } });
    later.offer({ ...bound, verification: 'cvv' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(button(stringsFor('pt-BR').passkeyEnrol)).toBeUndefined();
  });

  it('offers again where the frame may not keep anything', async () => {
    const blocked = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    localStorage.setItem('svc-passkey-declined', 'x');
    vi.stubGlobal('localStorage', { getItem: blocked, setItem: blocked });
    const passkeys = await attach({ mode: 'card' }, true);
    passkeys.offer(bound);
    await vi.waitFor(() => {
      expect(button(stringsFor('pt-BR').passkeyEnrol)).toBeDefined();
    });
  });

  it('takes a passkey the authenticator already holds for the card as saved', async () => {
    webauthn.startRegistration.mockRejectedValue(
      new WebAuthnError({
        message: 'x',
        code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
        cause: new Error(),
      }),
    );
    const passkeys = await attach({ mode: 'card' }, true);
    passkeys.offer(bound);
    await vi.waitFor(() => {
      expect(button(stringsFor('pt-BR').passkeyEnrol)).toBeDefined();
    });
    button(stringsFor('pt-BR').passkeyEnrol)?.click();
    await vi.waitFor(() => {
      expect(posted).toContainEqual({ v: 1, type: 'passkey', outcome: 'enrolled' });
    });
  });
  describe('where the frame may not create a passkey', () => {
    /** A stand-in for the token host's window: answers as passkey.html does. */
    function fakeWindow() {
      const popup = {
        closed: false,
        postMessage: vi.fn(),
        close() {
          popup.closed = true;
        },
      };
      const say = (data: unknown) => {
        window.dispatchEvent(
          new MessageEvent('message', { data, origin: window.location.origin, source: popup as never }),
        );
      };
      return { popup, say };
    }

    async function offered() {
      const passkeys = await attach({ mode: 'card' }, true);
      passkeys.offer(bound);
      await vi.waitFor(() => {
        expect(button(stringsFor('pt-BR').passkeyEnrol)).toBeDefined();
      });
    }

    it('Safari: the click opens the token host’s window, which creates the passkey the frame registers', async () => {
      userAgent.mockReturnValue(SAFARI);
      const { popup, say } = fakeWindow();
      const open = vi.fn(() => popup);
      vi.stubGlobal('open', open);
      await offered();
      button(stringsFor('pt-BR').passkeyEnrol)?.click();
      // Opened in the click itself, before any request: a popup needs the click.
      expect(open).toHaveBeenCalledWith(
        expect.stringMatching(/\/passkey\.html$/),
        '_blank',
        expect.any(String),
      );
      say({ type: 'svc-passkey-window', state: 'ready' });
      await vi.waitFor(() => {
        expect(popup.postMessage).toHaveBeenCalledWith(
          expect.objectContaining({
            type: 'svc-passkey-create',
            lang: 'pt-BR',
            options: { challenge: 'c2' },
          }),
          window.location.origin,
        );
      });
      say({ type: 'svc-passkey-window', state: 'created', response: { id: 'made-in-window' } });
      await vi.waitFor(() => {
        expect(posted).toContainEqual({ v: 1, type: 'passkey', outcome: 'enrolled' });
      });
      expect(webauthn.startRegistration).not.toHaveBeenCalled();
      expect(calls.find((c) => c.path === '/api/Passkey/Register')?.body).toMatchObject({
        response: { id: 'made-in-window' },
      });
    });

    it('a page whose policy refuses the frame: the window opens after the frame’s refusal', async () => {
      webauthn.startRegistration.mockRejectedValue(
        notAllowed("The 'publickey-credentials-create' feature is not enabled in this document."),
      );
      const { popup, say } = fakeWindow();
      const open = vi.fn(() => popup);
      vi.stubGlobal('open', open);
      await offered();
      button(stringsFor('pt-BR').passkeyEnrol)?.click();
      await vi.waitFor(() => {
        expect(open).toHaveBeenCalled();
      });
      expect(webauthn.startRegistration).toHaveBeenCalled();
      say({ type: 'svc-passkey-window', state: 'ready' });
      await vi.waitFor(() => {
        expect(popup.postMessage).toHaveBeenCalled();
      });
      say({ type: 'svc-passkey-window', state: 'failed', name: 'NotAllowedError', message: 'cancelled' });
      await vi.waitFor(() => {
        expect(posted).toContainEqual({ v: 1, type: 'passkey', outcome: 'cancelled' });
      });
      expect(calls.some((c) => c.path === '/api/Passkey/Register')).toBe(false);
    });

    it('a blocked window ends the offer as failed, with the code still the way', async () => {
      webauthn.startRegistration.mockRejectedValue(
        notAllowed("The 'publickey-credentials-create' feature is not enabled in this document."),
      );
      vi.stubGlobal(
        'open',
        vi.fn(() => null),
      );
      await offered();
      button(stringsFor('pt-BR').passkeyEnrol)?.click();
      await vi.waitFor(() => {
        expect(posted).toContainEqual({ v: 1, type: 'passkey', outcome: 'failed' });
      });
      expect(document.body.textContent).toContain(stringsFor('pt-BR').passkeyEnrolFailed);
    });
  });
});
