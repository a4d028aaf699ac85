// The React entry in a DOM (happy-dom): strict mode's double mount leaves one form with one frame and no
// listener, unmount destroys, a cart changed after the form mounted is the one pay() pays (and the one
// the Google Pay button shows), and server-rendered markup hydrates without a mismatch. The engine is a
// stubbed fetch behind the real Checkout; the frame never answers (no card is paid here).
import { createElement as h, StrictMode, useMemo, useState, type ReactNode } from 'react';
import { act } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Checkout, type CheckoutOptions, type PaymentResult } from 'service-checkout';
import {
  CardForm,
  CheckoutProvider,
  GooglePayButton,
  PixCode,
  StoredCard,
  usePay,
  type GooglePayButtonProps,
  type UsePay,
} from './index.ts';
import { FRAME_HEIGHTS } from './reserved-height.ts';

// happy-dom has no ElementInternals; the card form only needs the object to exist here.
if (!('attachInternals' in HTMLElement.prototype)) {
  Object.defineProperty(HTMLElement.prototype, 'attachInternals', { value: () => ({}) });
}
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const SETTINGS = { account: 'demo', environment: 'sandbox' } as const;
let root: Root;
let host: HTMLElement;

beforeEach(() => {
  host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
});

afterEach(async () => {
  await inAct(() => {
    root.unmount();
  });
  host.remove();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Runs `work` in act(), and waits for what it set off: effects, state, the promises they await. */
const inAct = (work: () => unknown) =>
  act(async () => {
    await work();
  });
const render = (node: ReactNode) =>
  inAct(() => {
    root.render(h(StrictMode, null, node));
  });
const frames = () =>
  [...document.querySelectorAll('svc-card-form')].flatMap((form) => [
    ...(form.shadowRoot?.querySelectorAll('iframe') ?? []),
  ]);

/** The listeners added to `target` and not removed since, by type. */
function listenersOn(target: EventTarget) {
  const live = new Map<string, number>();
  const add = target.addEventListener.bind(target);
  const remove = target.removeEventListener.bind(target);
  vi.spyOn(target, 'addEventListener').mockImplementation((type, listener, options) => {
    live.set(type, (live.get(type) ?? 0) + 1);
    add(type, listener, options);
  });
  vi.spyOn(target, 'removeEventListener').mockImplementation((type, listener, options) => {
    live.set(type, (live.get(type) ?? 0) - 1);
    remove(type, listener, options);
  });
  return () => [...live].filter(([, count]) => count !== 0);
}

describe('<CheckoutProvider> and <CardForm> under strict mode', () => {
  it('leave one form with one frame after the double mount, and nothing once unmounted', async () => {
    const destroy = vi.spyOn(Checkout.prototype, 'destroy');
    const windowListeners = listenersOn(window);
    const documentListeners = listenersOn(document);
    const ready = vi.fn();
    await render(
      h(CheckoutProvider, { options: { ...SETTINGS, sessionId: 'ses_1' } }, h(CardForm, { onReady: ready })),
    );

    expect(document.querySelectorAll('svc-card-form')).toHaveLength(1);
    expect(frames()).toHaveLength(1);
    // Strict mode's first Checkout is gone: the one left is the subtree's.
    expect(destroy).toHaveBeenCalledTimes(1);

    await inAct(() => {
      root.render(h(StrictMode, null, h('p', null, 'paid')));
    });
    expect(document.querySelectorAll('svc-card-form')).toHaveLength(0);
    expect(frames()).toHaveLength(0);
    expect(destroy).toHaveBeenCalledTimes(2);
    expect(windowListeners()).toEqual([]);
    expect(documentListeners()).toEqual([]);
  });

  it('reserves the frame’s height until the form is in, then leaves the height to the form', async () => {
    const options: CheckoutOptions = { ...SETTINGS, sessionId: 'ses_1', saveCard: true };
    await render(h(CheckoutProvider, { options }, h(CardForm, { className: 'card', id: 'card-form' })));
    const slot = host.querySelector<HTMLElement>('.card');
    // The id is the form's, for the page's <label for>.
    expect(slot?.querySelector('svc-card-form')).toBe(document.getElementById('card-form'));
    expect(slot?.style.minHeight).toBe('');
  });

  it('hands every event to the latest render’s callback', async () => {
    const heard: string[] = [];
    const view = (name: string) =>
      h(
        CheckoutProvider,
        { options: { ...SETTINGS, sessionId: 'ses_1' } },
        h(CardForm, { onFocus: () => heard.push(name) }),
      );
    await render(view('first'));
    await render(view('second'));
    document.querySelector('svc-card-form')?.dispatchEvent(new Event('svc-focus'));
    expect(heard).toEqual(['second']);
  });
});

describe('a cart that changes', () => {
  /** The engine: Payment/Init answers the session's order as paid, with the session's amount. */
  function engine(amounts: Record<string, number>) {
    const inits: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(input instanceof Request ? input.url : input);
        if (url.pathname !== '/api/Payment/Init') return Promise.resolve(Response.json({}, { status: 404 }));
        const { tokenSession: sessionId } = JSON.parse(init?.body as string) as { tokenSession: string };
        inits.push(sessionId);
        const pix = { brCode: '000201…6304ABCD', expiresAt: new Date(Date.now() + 600_000).toISOString() };
        return Promise.resolve(
          Response.json(
            {
              paymentId: `pay_${sessionId}`,
              partnerUniqueId: `order_${sessionId}`,
              status: 'paid',
              amount: amounts[sessionId],
              currency: 'BRL',
              paymentMethods: [{ method: 'pix', status: 'paid', pix }],
            },
            { status: 201 },
          ),
        );
      }),
    );
    return inits;
  }

  it('is paid as it is when pay() runs, not as it was when the form mounted', async () => {
    const inits = engine({ ses_80: 80, ses_120: 120 });
    let payment: UsePay | undefined;
    let setAmount: (amount: number) => void = () => undefined;
    function Pay() {
      payment = usePay();
      return h(PixCode, { className: 'pix' });
    }
    function Shop() {
      const [amount, set] = useState(80);
      setAmount = set;
      // The merchant's backend makes a session for the cart: a new cart, a new session.
      const sessionId = useMemo(() => Promise.resolve(`ses_${amount}`), [amount]);
      return h(CheckoutProvider, { options: { ...SETTINGS, sessionId } }, h(Pay));
    }
    const updated = vi.spyOn(Checkout.prototype, 'updateSession');
    const paid = vi.spyOn(Checkout.prototype, 'pay');
    await render(h(Shop));
    await inAct(() => {
      setAmount(120);
    });
    let result: PaymentResult | undefined;
    await inAct(async () => {
      result = await payment?.pay({ method: 'pix' });
    });
    expect(inits).toEqual(['ses_120']);
    expect(result).toMatchObject({ ok: true, payment: { status: 'paid', amount: 120 } });
    expect(payment).toMatchObject({ paying: false, result });
    // The same Checkout took the new session (a mounted card form would keep what the shopper typed).
    expect(updated.mock.calls).toEqual([['ses_120']]);
    // The Pix code shows where <PixCode> is.
    expect(paid.mock.calls[0]?.[0]?.target).toBe(host.querySelector('.pix'));
  });

  it('pays a session given while the last one is still on its way', async () => {
    const inits = engine({ ses_1: 80, ses_2: 120 });
    let payment: UsePay | undefined;
    let resolveSecond: (id: string) => void = () => undefined;
    const second = new Promise<string>((resolve) => (resolveSecond = resolve));
    function Pay() {
      payment = usePay();
      return null;
    }
    const view = (sessionId: CheckoutOptions['sessionId']) =>
      h(CheckoutProvider, { options: { ...SETTINGS, sessionId } }, h(Pay));
    await render(view('ses_1'));
    await render(view(second));
    let paid: Promise<PaymentResult> | undefined;
    await inAct(() => {
      paid = payment?.pay({ method: 'pix' });
    });
    expect(inits).toEqual([]);
    resolveSecond('ses_2');
    await inAct(async () => {
      await paid;
    });
    expect(inits).toEqual(['ses_2']);
  });
});

describe('<StoredCard> and <GooglePayButton>', () => {
  it('mount a stored card’s code anew for another card only', async () => {
    const mount = vi.spyOn(Checkout.prototype, 'mountStoredCard');
    const view = (token: string) =>
      h(
        CheckoutProvider,
        { options: { ...SETTINGS, sessionId: 'ses_1' } },
        h(StoredCard, { card: { token, brand: 'Visa', last4: '1111' } }),
      );
    await render(view('tok_1'));
    await render(view('tok_1'));
    // Mounted once the Checkout exists (strict mode's first Checkout was gone before), and kept.
    expect(mount.mock.calls.map(([, card]) => card.token)).toEqual(['tok_1']);
    await render(view('tok_2'));
    expect(mount.mock.calls.map(([, card]) => card.token)).toEqual(['tok_1', 'tok_2']);
    expect(document.querySelectorAll('svc-card-form[mode="cvv"]')).toHaveLength(1);
  });

  it('show the button in one container, again with the new total when the cart changes, and the latest callback', async () => {
    const shown = vi.spyOn(Checkout.prototype, 'useGooglePay').mockResolvedValue(true);
    const paid: string[] = [];
    const button = (total: string): GooglePayButtonProps => ({
      className: 'wallet',
      merchantInfo: { merchantName: 'Shop' },
      transactionInfo: { totalPrice: total, currencyCode: 'BRL' },
      checkoutCallbackFunction: () => {
        paid.push(total);
        return { ok: true };
      },
    });
    const view = (total: string) =>
      h(
        CheckoutProvider,
        { options: { ...SETTINGS, sessionId: 'ses_1' } },
        h(GooglePayButton, button(total)),
      );
    await render(view('80.00'));
    const slot = host.querySelector('.wallet');
    // One container, the button's, whatever strict mode ran twice.
    expect(slot?.childElementCount).toBe(1);
    expect(shown.mock.lastCall?.[0].selector).toBe(slot?.firstElementChild);
    // The component's own props stay out of the wallet's options, which refuse unknown keys.
    expect(Object.keys(shown.mock.lastCall?.[0] ?? {}).sort()).toEqual(
      ['checkoutCallbackFunction', 'merchantInfo', 'selector', 'transactionInfo'].sort(),
    );

    const before = shown.mock.calls.length;
    await render(view('80.00'));
    expect(shown.mock.calls.length).toBe(before);
    await render(view('120.00'));
    expect(shown.mock.calls.length).toBe(before + 1);
    expect(shown.mock.lastCall?.[0].transactionInfo.totalPrice).toBe('120.00');
    expect(slot?.childElementCount).toBe(1);
    // A callback the first showing holds calls the latest render's.
    void shown.mock.calls[0]?.[0].checkoutCallbackFunction({} as never);
    expect(paid).toEqual(['120.00']);
  });
});

describe('hydrating what a server rendered', () => {
  it('takes over the reserved slot without a mismatch, and mounts the form into it', async () => {
    const errors = vi.spyOn(console, 'error');
    const app = h(
      StrictMode,
      null,
      h(
        CheckoutProvider,
        { options: { ...SETTINGS, sessionId: 'ses_1' } },
        h(CardForm, { className: 'card' }),
      ),
    );
    const server = document.body.appendChild(document.createElement('div'));
    server.innerHTML = renderToString(app);
    const slot = server.querySelector<HTMLElement>('.card');
    expect(slot?.style.minHeight).toBe(`${String(FRAME_HEIGHTS.card)}px`);
    let hydrated: Root | undefined;
    await inAct(() => {
      hydrated = hydrateRoot(server, app);
    });
    expect(server.querySelector('.card')).toBe(slot);
    expect(slot?.querySelectorAll('svc-card-form')).toHaveLength(1);
    expect(errors).not.toHaveBeenCalled();
    await inAct(() => {
      hydrated?.unmount();
    });
    server.remove();
  });
});
