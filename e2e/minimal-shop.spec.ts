// The README's minimal shop, paid in a browser: its own server (examples/minimal-shop/server.ts) serves
// its page, its script and its two endpoints, against the suite's sandbox. The sandbox's `demo` account
// allows the demo's origin, so the page is opened there and every request to that origin goes to the
// shop's server: the page, the frame and the 3DS provider are the ones a shopper meets.

import type { Server } from 'node:http';
import { once } from 'node:events';
import { expect, test } from '@playwright/test';
import { TEST_CARDS } from '../sandbox/three-ds/test-cards.ts';
import { CardPage, THREE_DS_EXPIRY } from './models/card-page.ts';
import { ChallengeDialog } from './models/challenge-dialog.ts';
import { CHROMIUM_ONLY, continueToShop } from './models/shop-server.ts';

let shop: Server;
let shopUrl = '';

test.beforeAll(async () => {
  // The shop on a free port (the demo holds 4173), talking to the sandbox on the suite's fixed ports.
  process.env['PORT'] = '0';
  ({ server: shop } = await import('../examples/minimal-shop/server.ts'));
  // A worker that ran this file before (another project) closed it: the module is cached, so listen again.
  if (!shop.listening) {
    if (shop.address() === null) shop.listen(0);
    await once(shop, 'listening');
  }
  const address = shop.address();
  shopUrl = `http://127.0.0.1:${String(typeof address === 'object' && address !== null ? address.port : 0)}`;
});
test.afterAll(() => {
  shop.close();
});

test.beforeEach(async ({ page, browserName }) => {
  // The shop's server is paid through in Node as well (examples/minimal-shop/server.test.ts), in every run.
  test.skip(browserName !== 'chromium', CHROMIUM_ONLY);
  await continueToShop(page, shopUrl);
});

test('the minimal shop’s page pays a frictionless 3DS card', async ({ page }) => {
  const card = new CardPage(page, '/');
  await card.open();
  await card.fill({ number: TEST_CARDS['001'].frictionless_success, expiry: THREE_DS_EXPIRY });
  await card.pay();
  await expect(card.status).toHaveText('Payment authorized');
  await expect(new ChallengeDialog(page).dialog).toHaveCount(0);
});

test('the minimal shop’s page pays a card the issuer challenges, once the shopper types the code', async ({
  page,
}) => {
  const card = new CardPage(page, '/');
  await card.open();
  await card.fill({ number: TEST_CARDS['001'].challenge_success, expiry: THREE_DS_EXPIRY });
  await card.pay();
  const dialog = new ChallengeDialog(page);
  await dialog.expectOpen();
  await dialog.authenticate('1234');
  await dialog.expectClosed();
  await expect(card.status).toHaveText('Payment authorized');
});
