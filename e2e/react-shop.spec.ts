// The React shop (examples/react-shop/) as a merchant builds it: a project with the packed tarball in
// its node_modules (React and Vite linked from this repository's), built by Vite from the example's
// files, served by the example's server against the suite's sandbox, and paid with a challenged 3DS
// card on the page rendered in the browser and on the page rendered on the server and hydrated. Both
// run React's development build, the one where strict mode mounts every effect twice.

import { once } from 'node:events';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { installTarball, packTarball, run } from '../scripts/packed-project.ts';
import { TEST_CARDS } from '../sandbox/three-ds/test-cards.ts';
import { CardPage, THREE_DS_EXPIRY } from './models/card-page.ts';
import { ChallengeDialog } from './models/challenge-dialog.ts';
import { CHROMIUM_ONLY, continueToShop } from './models/shop-server.ts';

const ENGINE = 'http://127.0.0.1:4177';
// The sandbox's `demo` account, as the shop's server holds it: Payment/Status is a backend call.
const ACCOUNT = { 'x-service-account': 'demo', 'x-service-apptoken': 'sbx_app_demo_7f3c2a9e41d84b0c' };
/** The example's files a merchant writes; the rest of the project is the install. */
const APP_FILES = ['index.html', 'shop.tsx', 'client.tsx', 'render.tsx', 'vite.config.ts'];
const example = join(import.meta.dirname, '..', 'examples', 'react-shop');

// One build for the file's tests: they run in order in one worker, after one beforeAll.
test.describe.configure({ mode: 'default' });

let temp = '';
let project = '';
let shop: Server | undefined;
let shopUrl = '';

test.beforeAll(async ({ browserName }) => {
  // The page is opened at the demo's origin and continued to the shop's port (models/shop-server.ts).
  test.skip(browserName !== 'chromium', CHROMIUM_ONLY);
  test.setTimeout(120_000);
  temp = mkdtempSync(join(tmpdir(), 'svc-react-shop-'));
  project = join(temp, 'shop');
  mkdirSync(project);
  const { tarball } = packTarball(temp);
  installTarball(tarball, project, ['react', 'react-dom', 'scheduler', 'vite']);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'react-shop', private: true, type: 'module' }),
  );
  for (const file of APP_FILES) cpSync(join(example, file), join(project, file));
  const vite = join(project, 'node_modules', 'vite', 'bin', 'vite.js');
  // React's development build in the browser: strict mode's double mount happens only there.
  run(process.execPath, [vite, 'build', '--mode', 'development'], project, { NODE_ENV: 'development' });
  run(process.execPath, [vite, 'build', '--ssr', 'render.tsx'], project);

  // The shop on a free port (the demo holds 4173), talking to the sandbox on the suite's fixed ports.
  Object.assign(process.env, { PORT: '0', SHOP_DIST: join(project, 'dist') });
  ({ server: shop } = await import('../examples/react-shop/server.ts'));
  if (!shop.listening) await once(shop, 'listening');
  const address = shop.address();
  shopUrl = `http://127.0.0.1:${String(typeof address === 'object' && address !== null ? address.port : 0)}`;
});

test.afterAll(() => {
  shop?.close();
  if (temp !== '') rmSync(temp, { recursive: true, force: true });
});

test.beforeEach(async ({ page }) => {
  await continueToShop(page, shopUrl);
});

/** What the page logged as errors: a hydration mismatch, a React warning, a failed request. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('the shop’s bundle is built from the tarball: the React entry from node_modules, not the sources', () => {
  const assets = join(project, 'dist', 'client', 'assets');
  const map = readdirSync(assets).find((file) => /^index-[\w-]+\.js\.map$/.test(file));
  expect(map).toBeDefined();
  const { sources } = JSON.parse(readFileSync(join(assets, map ?? ''), 'utf8')) as { sources: string[] };
  expect(sources).toContain('../../../node_modules/service-checkout/dist/react.js');
  expect(sources.filter((source) => /(?:^|\/)src\//.test(source))).toEqual([]);
});

for (const [path, rendered] of [
  ['/', 'in the browser'],
  ['/server-rendered', 'on the server and hydrated'],
] as const) {
  test(`the shop rendered ${rendered} pays a card the issuer challenges, once the shopper types the code`, async ({
    page,
  }) => {
    const errors = consoleErrors(page);
    const card = new CardPage(page, path);
    const response = page.waitForResponse((r) => new URL(r.url()).pathname === path);
    await card.open();
    // What the server sent: on /server-rendered the cart and the card form's slot at its height.
    const html = await (await response).text();
    if (path === '/') expect(html).toContain('<div id="root"></div>');
    else {
      expect(html).toMatch(/<div id="root"><main><h1>Your cart<\/h1>/);
      expect(html).toContain('<div style="min-height:352px"></div>');
    }
    // Strict mode mounted the provider and the form twice: one frame is left.
    await expect(page.locator('svc-card-form')).toHaveCount(1);
    await expect(page.locator('iframe')).toHaveCount(1);
    await expect(card.payButton).toHaveText('Pay R$ 30,00');
    await card.fill({ number: TEST_CARDS['001'].challenge_success, expiry: THREE_DS_EXPIRY });
    const paid = page.waitForResponse((r) => r.url().endsWith('/api/pay'));
    await card.pay();
    const dialog = new ChallengeDialog(page);
    await dialog.expectOpen();
    await dialog.authenticate('1234');
    await dialog.expectClosed();
    await expect(card.status).toHaveText('Payment authorized');
    expect(await (await paid).json()).toMatchObject({
      status: 'authorized',
      amount: 30,
      paymentMethods: [{ authentication: { status: 'Y' } }],
    });
    expect(errors).toEqual([]);
  });
}

test('a cart changed after the card is typed pays its new amount, with what the shopper typed', async ({
  page,
  request,
}) => {
  const errors = consoleErrors(page);
  const card = new CardPage(page, '/server-rendered');
  await card.open();
  await card.fill({ number: TEST_CARDS['001'].frictionless_success, expiry: THREE_DS_EXPIRY });
  // A new order and its session, handed to the same Checkout: the form keeps the card.
  await page.getByLabel(/^Coffee beans/).selectOption('3');
  await expect(card.payButton).toHaveText('Pay R$ 90,00');
  await expect(card.payButton).toBeEnabled();
  const paid = page.waitForResponse((r) => r.url().endsWith('/api/pay'));
  await card.pay();
  await expect(card.status).toHaveText('Payment authorized');
  const { paymentId } = (await (await paid).json()) as { paymentId: string };
  // What the service recorded, asked for as the shop's backend would.
  const recorded = await request.post(`${ENGINE}/api/Payment/Status`, {
    headers: ACCOUNT,
    data: { paymentId },
  });
  expect(await recorded.json()).toMatchObject({
    status: 'authorized',
    amount: 90,
    paymentMethods: [{ amount: 90, authentication: { status: 'Y' } }],
  });
  expect(errors).toEqual([]);
});
