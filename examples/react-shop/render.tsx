// The React shop on the server, as Next.js renders a page: the same component and props the browser
// hydrates (client.tsx). No Checkout is made here: the card form is its slot at the frame's height.

// #region render
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Shop, type ShopPage } from './shop.tsx';

export function renderShop(page: ShopPage): string {
  return renderToString(
    <StrictMode>
      <Shop page={page} />
    </StrictMode>,
  );
}
// #endregion render
