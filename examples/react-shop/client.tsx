// The React shop in the browser: the page the server sent, hydrated when the server rendered the shop
// into it (/server-rendered), rendered here otherwise (/). Strict mode either way.

// #region client
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Shop, type ShopPage } from './shop.tsx';

const root = document.getElementById('root');
const data = document.getElementById('shop-page')?.textContent;
if (root === null || data === undefined) throw new Error('not the shop’s page');
const shop = (
  <StrictMode>
    <Shop page={JSON.parse(data) as ShopPage} />
  </StrictMode>
);
if (root.firstElementChild === null) createRoot(root).render(shop);
else hydrateRoot(root, shop);
// #endregion client
