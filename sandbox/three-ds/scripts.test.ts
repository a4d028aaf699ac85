// The pages' browser scripts, run against the real pages' data attributes in a bare context with fakes
// for the few browser APIs they touch: what they post, to whom, and when.
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { ASSET_FILES, challengePage, challengeResultPage, collectionPage, returnPage } from './pages.ts';
import { profileCompleted, type Challenge } from './provider.ts';

const TOKEN_ORIGIN = 'http://localhost:4174';

/** data-* attributes of the element with this id, as `dataset` would give them. */
function dataset(html: string, id: string): Record<string, string> {
  const element = new RegExp(`<[a-z]+ id="${id}"([^>]*)>`).exec(html)?.[1] ?? '';
  const entries = [...element.matchAll(/data-([a-z-]+)="([^"]*)"/g)].map(([, name = '', value = '']) => [
    name.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase()),
    value
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  ]);
  return Object.fromEntries(entries) as Record<string, string>;
}

function run(script: string, html: string, id: string) {
  const postMessage = vi.fn();
  const fetch = vi.fn(() => Promise.resolve({ ok: true }));
  const timers: { fn: () => void; ms: number }[] = [];
  const submit = vi.fn();
  class HTMLFormElement {
    submit = submit;
  }
  const element = id === 'cres' ? new HTMLFormElement() : { dataset: dataset(html, id) };
  const parent = { postMessage };
  const window = {
    parent,
    setTimeout: (fn: () => void, ms: number) => {
      timers.push({ fn, ms });
      return timers.length;
    },
  };
  runInNewContext(script, {
    window,
    document: { getElementById: (wanted: string) => (wanted === id ? element : null) },
    fetch,
    URLSearchParams,
    HTMLFormElement,
  });
  return { postMessage, fetch, timers, submit };
}

describe('ddc.js', () => {
  const page = (message: string | undefined, collectionId: string | undefined) =>
    collectionPage({ targetOrigin: TOKEN_ORIGIN, message, delayMs: 7000, collectionId, frameAncestors: [] })
      .html;

  it('waits the delay, reports the collection, then posts the JSON string to the token host only', async () => {
    const message = profileCompleted('ref-1', 1, true);
    const { postMessage, fetch, timers } = run(
      ASSET_FILES['ddc.js']?.body ?? '',
      page(message, 'ddc_1'),
      'ddc',
    );
    expect(timers.map((t) => t.ms)).toEqual([7000]);
    expect(postMessage).not.toHaveBeenCalled();
    timers[0]?.fn();
    await vi.waitFor(() => {
      expect(postMessage).toHaveBeenCalledOnce();
    });
    expect(fetch).toHaveBeenCalledWith('/ddc/collect', expect.objectContaining({ method: 'POST' }));
    const [data, target] = postMessage.mock.calls[0] as [unknown, unknown];
    expect(typeof data).toBe('string');
    expect(JSON.parse(data as string)).toEqual({
      MessageType: 'profile.completed',
      SessionId: 'ref-1',
      Status: true,
    });
    expect(target).toBe(TOKEN_ORIGIN);
  });

  it('posts a degraded answer without reporting, and nothing at all for "never"', () => {
    const degraded = run(
      ASSET_FILES['ddc.js']?.body ?? '',
      page(profileCompleted('ref-2', 2, false), undefined),
      'ddc',
    );
    degraded.timers[0]?.fn();
    expect(degraded.fetch).not.toHaveBeenCalled();
    expect(JSON.parse(degraded.postMessage.mock.calls[0]?.[0] as string)).toMatchObject({
      Payload: { ActionCode: 'ERROR', SessionId: 'ref-2' },
    });
    const never = run(ASSET_FILES['ddc.js']?.body ?? '', page(undefined, undefined), 'ddc');
    expect(never.timers).toHaveLength(0);
    expect(never.postMessage).not.toHaveBeenCalled();
  });
});

describe('return.js', () => {
  it('relays TransactionId and MD to the 3DS frame, targeted at the token host', () => {
    const html = returnPage({
      tokenOrigin: TOKEN_ORIGIN,
      transactionId: 'txn_1',
      md: 'a"b<c',
      frameAncestors: [TOKEN_ORIGIN],
    }).html;
    const { postMessage } = run(ASSET_FILES['return.js']?.body ?? '', html, 'result');
    expect(postMessage).toHaveBeenCalledWith(
      { v: 1, type: 'svc:3ds-complete', transactionId: 'txn_1', md: 'a"b<c' },
      TOKEN_ORIGIN,
    );
  });
});

describe('cres.js', () => {
  it('submits the return form', () => {
    const html = challengeResultPage(
      { returnUrl: `${TOKEN_ORIGIN}/frames/3ds-return`, transactionId: 'txn_1', md: undefined } as Challenge,
      [],
      undefined,
    ).html;
    expect(run(ASSET_FILES['cres.js']?.body ?? '', html, 'cres').submit).toHaveBeenCalledOnce();
  });
});

describe('acs.js', () => {
  /** The challenge page's code input in a document that has the focus or not; `active`: what holds it. */
  function challenge(focused: boolean, active: 'body' | 'button' = 'body') {
    const listeners: { type: string; fn: () => void; once: boolean }[] = [];
    class HTMLInputElement {
      focus = vi.fn(() => {
        document.activeElement = this;
      });
    }
    const body = {};
    const button = {};
    const code = new HTMLInputElement();
    const document = {
      activeElement: (active === 'body' ? body : button) as unknown,
      body,
      hasFocus: () => focused,
      getElementById: (id: string) => (id === 'otp' ? code : null),
    };
    const window = {
      addEventListener: (type: string, fn: () => void, options?: { once?: boolean }) =>
        listeners.push({ type, fn, once: options?.once === true }),
    };
    runInNewContext(ASSET_FILES['acs.js']?.body ?? '', { window, document, HTMLInputElement });
    return { code, listeners, document };
  }

  it('is what the challenge page loads, which has no autofocus', () => {
    const html = challengePage(
      { acsTransId: 'acs_1' } as Challenge,
      [TOKEN_ORIGIN],
      undefined,
      'http://localhost:4176',
    ).html;
    expect(html).toContain('<script src="/assets/acs.js" defer></script>');
    expect(html).not.toContain('autofocus');
    expect(html).toMatch(/<input id="otp" /);
  });

  it('focuses the code at once when the page loads with the focus (a wrong code sent again)', () => {
    const { code, listeners } = challenge(true);
    expect(code.focus).toHaveBeenCalledOnce();
    expect(listeners).toEqual([]);
  });

  it('waits for the page to get the focus (the shopper tabs or clicks into the challenge), once', () => {
    const { code, listeners } = challenge(false);
    expect(code.focus).not.toHaveBeenCalled();
    expect(listeners.map(({ type, once }) => ({ type, once }))).toEqual([{ type: 'focus', once: true }]);
    listeners[0]?.fn();
    expect(code.focus).toHaveBeenCalledOnce();
  });

  it('leaves the focus on a control the shopper reached', () => {
    const { code, listeners } = challenge(false, 'button');
    listeners[0]?.fn();
    expect(code.focus).not.toHaveBeenCalled();
  });
});

describe('spc-enrol.js', () => {
  const RESULT = challengeResultPage(
    {
      returnUrl: `${TOKEN_ORIGIN}/frames/3ds-return`,
      transactionId: 'txn_1',
      md: 'md',
      acsTransId: 'acs_1',
      card: { key: 'k', displayName: 'Visa •••• 2701' },
    } as Challenge,
    [],
    'ticket-1',
  ).html;

  /** The result page with a platform authenticator or not; `created`: what the shopper's device does. */
  async function offer(
    platform: boolean,
    created: () => Promise<unknown> = () => Promise.resolve(credential),
    /** The device's storage for the issuer's origin, kept between pages. */
    storage = new Map<string, string>(),
  ) {
    const submit = vi.fn();
    class HTMLFormElement {
      submit = submit;
    }
    const elements: Record<string, Record<string, unknown>> = {
      cres: new HTMLFormElement() as unknown as Record<string, unknown>,
      'spc-offer': { hidden: true, dataset: dataset(RESULT, 'spc-offer') },
      'spc-status': { textContent: '' },
      'spc-enrol': {
        disabled: false,
        focus: vi.fn(),
        addEventListener: (_type: string, fn: () => void) => {
          elements['spc-enrol']!['click'] = fn;
        },
      },
      'spc-later': {
        addEventListener: (_type: string, fn: () => void) => {
          elements['spc-later']!['click'] = fn;
        },
      },
      returning: { hidden: false },
      continue: { hidden: false },
    };
    const localStorage = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
    };
    const fetch = vi.fn((path: string) =>
      Promise.resolve({
        ok: true,
        json: () => Promise.resolve(path === '/stepup/spc/options' ? { challenge: 'c' } : {}),
      }),
    );
    const create = vi.fn(created);
    /** The WebAuthn static methods the page uses (a function, as `typeof` sees the browser's). */
    const PublicKeyCredential = Object.assign(() => undefined, {
      parseCreationOptionsFromJSON: (json: unknown) => ({ parsed: json }),
      isUserVerifyingPlatformAuthenticatorAvailable: () => Promise.resolve(platform),
    });
    runInNewContext(ASSET_FILES['spc-enrol.js']?.body ?? '', {
      document: { getElementById: (id: string) => elements[id] ?? null, hasFocus: () => true },
      navigator: { credentials: { create } },
      fetch,
      localStorage,
      PublicKeyCredential,
      HTMLFormElement,
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    return { submit, elements, fetch, create, storage };
  }
  const credential = { toJSON: () => ({ id: 'cred-1' }) };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('returns to the merchant at once where no platform authenticator can verify the shopper', async () => {
    const { submit, elements } = await offer(false);
    expect(submit).toHaveBeenCalledOnce();
    expect(elements['spc-offer']?.['hidden']).toBe(true);
  });

  it('shows the offer, then creates the credential with the issuer’s options and hands it to the issuer', async () => {
    const { submit, elements, fetch, create } = await offer(true);
    expect(elements['spc-offer']?.['hidden']).toBe(false);
    expect(elements['continue']?.['hidden']).toBe(true);
    expect(submit).not.toHaveBeenCalled();
    (elements['spc-enrol']?.['click'] as () => void)();
    await settle();
    await settle();
    expect(create).toHaveBeenCalledWith({ publicKey: { parsed: { challenge: 'c' } } });
    const calls = fetch.mock.calls as unknown as [string, { body: string }][];
    expect(calls.map(([path]) => path)).toEqual(['/stepup/spc/options', '/stepup/spc/enrol']);
    // The page's ticket, which only it holds: never the challenge's acsTransId, which the merchant has.
    expect(JSON.parse(calls[0]?.[1].body ?? '')).toEqual({ ticket: 'ticket-1' });
    expect(JSON.parse(calls[1]?.[1].body ?? '')).toEqual({
      ticket: 'ticket-1',
      credential: { id: 'cred-1' },
    });
    expect(elements['spc-status']?.['textContent']).toBe('This device is set up. Returning to the merchant…');
    expect(submit).toHaveBeenCalledOnce();
  });

  it('returns to the merchant when the shopper refuses the device’s prompt', async () => {
    const { submit, elements } = await offer(true, () => Promise.reject(new Error('NotAllowedError')));
    (elements['spc-enrol']?.['click'] as () => void)();
    await settle();
    await settle();
    expect(elements['spc-status']?.['textContent']).toBe(
      'This device was not set up. Returning to the merchant…',
    );
    expect(submit).toHaveBeenCalledOnce();
  });

  it('asks a device once per card: after an enrolment or a “Not now”, the next page returns at once', async () => {
    const enrolled = await offer(true);
    (enrolled.elements['spc-enrol']?.['click'] as () => void)();
    await settle();
    await settle();
    const again = await offer(true, undefined, enrolled.storage);
    expect(again.elements['spc-offer']?.['hidden']).toBe(true);
    expect(again.submit).toHaveBeenCalledOnce();

    const declined = await offer(true);
    (declined.elements['spc-later']?.['click'] as () => void)();
    expect((await offer(true, undefined, declined.storage)).submit).toHaveBeenCalledOnce();
    // A refused creation is not remembered: the next challenge asks again.
    const refused = await offer(true, () => Promise.reject(new Error('NotAllowedError')));
    (refused.elements['spc-enrol']?.['click'] as () => void)();
    await settle();
    await settle();
    expect([...refused.storage.keys()]).toEqual([]);
  });
});
