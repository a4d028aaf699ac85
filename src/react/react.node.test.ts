// The React entry rendered on a server (react-dom/server in Node, as Next.js does): the card form's slot
// at the frame's reserved height, so the page does not jump when the script mounts it, and no browser
// API touched, at import or in render.
import { createElement as h, StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CheckoutOptions } from 'service-checkout';
// The entry as a namespace, as an app's server imports it.
import * as react from './index.ts';
import { FRAME_HEIGHTS } from './reserved-height.ts';

const OPTIONS: CheckoutOptions = {
  account: 'demo',
  environment: 'sandbox',
  sessionId: new Promise<string>(() => undefined),
};
const render = (options: CheckoutOptions, ...children: ReactNode[]) =>
  renderToString(h(StrictMode, null, h(react.CheckoutProvider, { options }, ...children)));

describe('server rendering', () => {
  it('runs in a Node without a DOM', () => {
    expect(globalThis.window).toBeUndefined();
    expect(globalThis.document).toBeUndefined();
  });

  it('renders the card form as a slot of the frame’s reserved height, with what the options add', () => {
    expect(render(OPTIONS, h(react.CardForm, { className: 'card' }))).toBe(
      `<div class="card" style="min-height:${FRAME_HEIGHTS.card}px"></div>`,
    );
    const all = { ...OPTIONS, saveCard: true, documentField: 'cpf', installments: { plans: [] } } as const;
    expect(render(all, h(react.CardForm))).toBe(
      `<div style="min-height:${FRAME_HEIGHTS.card + FRAME_HEIGHTS.saveCard + FRAME_HEIGHTS.documentField + FRAME_HEIGHTS.installments}px"></div>`,
    );
    const card = { token: 'tok_1', brand: 'Visa', last4: '1111' };
    expect(render(OPTIONS, h(react.StoredCard, { card }))).toBe(
      `<div style="min-height:${FRAME_HEIGHTS.cvv}px"></div>`,
    );
  });

  it('renders the wallets and the Pix code as empty slots, with no Checkout and no payment', () => {
    let seen: unknown = 'not rendered';
    let paying: unknown;
    function Probe() {
      seen = react.useCheckout();
      paying = react.usePay().paying;
      return null;
    }
    const google = {
      merchantInfo: { merchantName: 'Shop' },
      transactionInfo: { totalPrice: '80.00', currencyCode: 'BRL' },
      checkoutCallbackFunction: () => ({ ok: true }),
    };
    const apple = {
      merchantId: 'merchant.shop',
      cart: { total: { label: 'Shop', amount: 80 } },
      applePayCallback: () => true,
    };
    const html = render(
      OPTIONS,
      h(react.GooglePayButton, google),
      h(react.ApplePayButton, apple),
      h(react.PixCode),
      h(Probe),
    );
    expect(html).toBe('<div></div><div></div><div></div>');
    expect(seen).toBeNull();
    expect(paying).toBe(false);
  });
});
