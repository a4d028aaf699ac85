// The React shop as the server renders it (render.tsx), before any script runs: the cart, a Pay button
// that waits for the form, and the card form's slot at the frame's reserved height, with no Checkout.
import { describe, expect, it } from 'vitest';
import { renderShop } from './render.tsx';
import type { ShopPage } from './shop.tsx';

const page: ShopPage = {
  settings: { account: 'demo', environment: 'sandbox', tokenUrl: 'http://localhost:4174' },
  sessionId: 'ses_rendered',
  quantity: 2,
  amount: 60,
};

describe('the React shop rendered on the server', () => {
  const html = renderShop(page);

  it('shows the cart with its quantity, and a Pay button for its amount that waits for the form', () => {
    expect(html).toMatch(/^<main><h1>Your cart<\/h1>/);
    expect(html).toContain('Coffee beans, R$ 30,00 a bag');
    expect(html).toMatch(/<option value="2" selected="">2<\/option>/);
    expect(html).toContain('<button id="pay" type="submit" disabled="">Pay R$ 60,00</button>');
  });

  it('renders the card form as its slot at the frame’s height: no frame, no session in the markup', () => {
    expect(html).toContain('<label for="card-form">Card</label><div style="min-height:352px"></div>');
    expect(html).not.toMatch(/svc-card-form|iframe|ses_rendered/);
  });
});
