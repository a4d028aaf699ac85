// The card form as single-page apps use it: events, mount, destroy and mount again, appearance.

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Checkout } from '../src/index.ts';
import type * as Sdk from '../src/index.ts';
import { CardPage, EXPIRY, holdSessions, THREE_DS_EXPIRY, TOKEN_ORIGIN } from './models/card-page.ts';

test.beforeEach(async ({ page }) => {
  await page.goto('/plain.html');
  await expect(page.locator('#pay')).toBeEnabled();
});

test('the host element reports ready, change, focus and blur, with flags only', async ({ page }) => {
  await page.evaluate(() => {
    const log: unknown[] = [];
    (window as unknown as { log: unknown[] }).log = log;
    const form = document.querySelector('svc-card-form');
    for (const type of ['svc-change', 'svc-focus', 'svc-blur'] as const) {
      form?.addEventListener(type, (event) => {
        log.push({
          type: event.type,
          field: 'field' in event ? event.field : undefined,
          state: 'state' in event ? event.state : undefined,
        });
      });
    }
  });
  const frame = page.frameLocator('svc-card-form iframe');
  await frame.getByLabel('Card number').fill('4111111111111111');
  await frame.getByLabel('Expiry date').click();
  const log = await page.evaluate(
    () =>
      (
        window as unknown as {
          log: {
            type: string;
            field?: string;
            state?: { brand?: string; fields: { number: { complete: boolean } } };
          }[];
        }
      ).log,
  );
  expect(log).toContainEqual(expect.objectContaining({ type: 'svc-focus', field: 'number' }));
  expect(log).toContainEqual(expect.objectContaining({ type: 'svc-blur', field: 'number' }));
  expect(log).toContainEqual(expect.objectContaining({ type: 'svc-focus', field: 'expiry' }));
  const last = log.filter((e) => e.type === 'svc-change').at(-1);
  expect(last?.state).toMatchObject({
    brand: 'visa',
    complete: false,
    fields: { number: { complete: true, valid: true } },
  });
  expect(JSON.stringify(log)).not.toContain('4111');
});

test('destroy removes the frame, and mounting again works', async ({ page }) => {
  const before = await page.evaluate(() => {
    const { checkout } = (window as unknown as { demo: { checkout: { destroy(): void } } }).demo;
    checkout.destroy();
    return document.querySelectorAll('iframe').length;
  });
  expect(before).toBe(0);
  await page.evaluate(() => {
    const { checkout } = (
      window as unknown as { demo: { checkout: { mountCardForm(t: string): HTMLElement; destroy(): void } } }
    ).demo;
    // Twice, as React StrictMode does: mount, destroy, mount.
    checkout.mountCardForm('#card-slot');
    checkout.destroy();
    checkout.mountCardForm('#card-slot').id = 'card-form';
  });
  expect(await page.locator('svc-card-form').count()).toBe(1);
  const frame = page.frameLocator('svc-card-form iframe');
  await frame.getByLabel('Card number').fill('4111111111111111');
  await frame.getByLabel('Expiry date').fill(EXPIRY);
  await frame.getByLabel('Security code').fill('123');
  await frame.getByLabel('Name on card').fill('Ada Lovelace');
  await frame.getByLabel('Name on card').press('Enter');
  await expect(page.locator('#status')).toHaveText('Payment authorized: Visa ending in 1111');
  expect(page.frames().filter((f) => f.url().startsWith(TOKEN_ORIGIN))).toHaveLength(1);
});

// The card and everything pages also render the installments offered for their carts, so their forms have
// them before the session.
for (const { path, paid, imports } of [
  { path: '/plain.html', paid: 'Payment authorized: Visa ending in 1111', imports: ['merchant-api.js'] },
  { path: '/card.html', paid: /^Payment authorized: /, imports: ['merchant-api.js', 'scenarios.js'] },
  {
    path: '/everything.html',
    paid: 'Paid: authorized, Visa ending in 1111.',
    imports: ['merchant-api.js', 'scenarios.js'],
  },
]) {
  test(`${path} starts its card frame before its session exists, and pays once it comes`, async ({
    page,
  }) => {
    // A page that waited for its session before mounting would never request the frame: a time-out here.
    const release = await holdSessions(page);
    const frame = page.waitForRequest(
      (r) => r.url().startsWith(`${TOKEN_ORIGIN}/frames/`) && r.isNavigationRequest(),
    );
    const session = page.waitForRequest('**/api/session');
    // The page script's imports are asked for with it (modulepreload), not one round trip after it arrived:
    // the script is held until then, which without the hint would be never.
    const preloaded = Promise.all(
      imports.map((file) => page.waitForRequest(`**/${file}`, { timeout: 5_000 })),
    ).then(
      () => true,
      () => false,
    );
    await page.route(`**${path.replace('.html', '.js')}`, async (route) => {
      await preloaded;
      await route.continue();
    });
    await page.goto(path, { waitUntil: 'commit' });
    expect(await preloaded, "the page script's imports are fetched with it").toBe(true);
    await Promise.all([frame, session]);
    await expect(page.locator('#pay')).toBeDisabled();
    release();
    const card = new CardPage(page, path);
    await expect(card.payButton).toBeEnabled();
    if (path !== '/plain.html') await card.field('Installments').selectOption('3');
    await card.fill({ number: '4111111111111111' });
    await card.pay();
    await expect(page.locator('#status')).toHaveText(paid);
  });
}

test("the plain page's HTML starts its card frame before the checkout script runs, and the form adopts it however late", async ({
  page,
}) => {
  test.setTimeout(60_000); // the script is held past the frame's 10 s wait
  const frames: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/card.html')) frames.push(request.url());
  });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') problems.push(message.text());
  });
  let release: (() => void) | undefined;
  const held = new Promise<undefined>((resolve) => {
    release = () => {
      resolve(undefined);
    };
  });
  await page.route(/\/sdk\/checkout-essentials-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  frames.length = 0;
  await page.goto('/plain.html', { waitUntil: 'commit' });
  // The backend rendered the form's markup (cardFormHtml()): its frame loads while the script is held.
  await expect.poll(() => frames.length).toBe(1);
  expect(await page.evaluate(() => 'Checkout' in window)).toBe(false);
  // No page has connected after 10 s: the frame says so, and still waits for its form.
  const frame = page.frameLocator('svc-card-form iframe');
  await expect(frame.getByText('This payment form cannot be shown on this website.')).toBeVisible({
    timeout: 15_000,
  });
  expect(await page.evaluate(() => 'Checkout' in window)).toBe(false);
  release?.();
  await expect(page.locator('#pay')).toBeEnabled();
  // The same frame, adopted: no second one, and titled in the Checkout's language (en) once configured.
  expect(frames).toHaveLength(1);
  await expect(page.locator('svc-card-form iframe')).toHaveAttribute('title', 'Secure card payment form');
  const card = new CardPage(page);
  await card.fill({ number: '4111111111111111' });
  await card.pay();
  await expect(card.status).toHaveText(/^Payment authorized: Visa ending in 1111/);
  expect(problems).toEqual([]);
});

test('a card form from HTML made for another account is replaced, and the console says which frame it loads', async ({
  page,
}) => {
  // As the merchant's server has it: from the built package.
  const built = new URL('../dist/checkout.js', import.meta.url).href;
  const { cardFormHtml } = (await import(built)) as typeof Sdk;
  const origin = new URL(page.url()).origin;
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  const markup = (account: string) =>
    cardFormHtml({ account, environment: 'sandbox', tokenUrl: TOKEN_ORIGIN, origin });
  // Two slots as a server would render them: one for this Checkout's account, one for another.
  const srcs = await page.evaluate(
    (markups) => {
      const slots = markups.map((html) => {
        const slot = document.createElement('div');
        slot.setHTMLUnsafe(html);
        document.body.append(slot);
        return slot;
      });
      const before = slots.map(
        (slot) => slot.querySelector('svc-card-form')?.shadowRoot?.querySelector('iframe')?.src,
      );
      const options = JSON.parse(document.getElementById('checkout-options')?.textContent ?? '{}') as {
        account: string;
        environment: 'sandbox';
      };
      const forms = slots.map((slot) =>
        new window.Checkout({ ...options, sessionId: 'ses_unused', locale: 'en' }).mountCardForm(slot),
      );
      return { before, after: forms.map((form) => form.shadowRoot?.querySelector('iframe')?.src) };
    },
    [markup('demo'), markup('another-shop')],
  );
  // This account's frame is kept as it is; the other account's is replaced by this Checkout's own.
  expect(srcs.after[0]).toBe(srcs.before[0]);
  expect(srcs.after[1]).not.toBe(srcs.before[1]);
  expect(new URL(srcs.after[1] ?? '').searchParams.get('account')).toBe('demo');
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toContain('account=another-shop');
  expect(warnings[0]).toContain('account=demo');
});

test('frame first: with the session as a promise, the frame loads before the session comes, and then pays', async ({
  page,
}) => {
  // A new session for this checkout, held back until the test lets it go.
  await page.evaluate(async () => {
    const reply = await fetch('/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cart: 'plain' }),
    });
    const { sessionId } = (await reply.json()) as { sessionId: string };
    const w = window as unknown as {
      release: () => void;
      demo: { session: { sessionId: string } };
      Checkout: new (o: unknown) => {
        mountCardForm(t: string): HTMLElement;
        submit(): Promise<{ ok: boolean }>;
      };
      later: { submit(): Promise<{ ok: boolean }> };
    };
    const session = new Promise<string>((resolve) => {
      w.release = () => {
        resolve(sessionId);
      };
    });
    document.querySelector('svc-card-form')?.remove();
    w.later = new w.Checkout({ sessionId: session, account: 'demo', environment: 'sandbox', locale: 'en' });
    (w.later as unknown as { mountCardForm(t: string): HTMLElement }).mountCardForm('#card-slot');
    w.demo.session = { sessionId };
  });
  // The frame's document loads while the session is still on its way; the fields wait for it.
  await expect
    .poll(() => page.frames().some((f) => f.url().startsWith(`${TOKEN_ORIGIN}/frames/`)))
    .toBe(true);
  const card = new CardPage(page);
  await page.waitForTimeout(300);
  expect(
    await page.evaluate(
      () => (document.querySelector('svc-card-form') as unknown as { ready: boolean }).ready,
    ),
  ).toBe(false);
  await page.evaluate(() => {
    (window as unknown as { release: () => void }).release();
  });
  await card.fill({ number: '4111111111111111' });
  const result = await page.evaluate(() =>
    (window as unknown as { later: { submit(): Promise<{ ok: boolean; token?: string }> } }).later.submit(),
  );
  expect(result.ok).toBe(true);
});

/** Mounts the page's card form again, from a checkout with this appearance. */
async function remountWith(page: Page, appearance: Record<string, string>): Promise<void> {
  await page.evaluate((given) => {
    const { session } = (window as unknown as { demo: { session: Record<string, string> } }).demo;
    const Checkout = (
      window as unknown as { Checkout: new (o: unknown) => { mountCardForm(t: string): HTMLElement } }
    ).Checkout;
    document.querySelector('svc-card-form')?.remove();
    new Checkout({ ...session, appearance: given }).mountCardForm('#card-slot');
  }, appearance);
}

test('appearance variables reach the frame, and values that are not CSS are ignored', async ({ page }) => {
  await remountWith(page, {
    colorText: 'rgb(10, 20, 30)',
    radius: '12px',
    colorBorder: 'url(https://evil.test/x)',
    fontSize: '18px',
  });
  const input = page.frameLocator('svc-card-form iframe').getByLabel('Card number');
  await expect(input).toHaveCSS('color', 'rgb(10, 20, 30)');
  await expect(input).toHaveCSS('border-top-left-radius', '12px');
  await expect(input).toHaveCSS('font-size', '18px');
  await expect(input).not.toHaveCSS('border-top-color', /url/);
});

test('the dark theme with hidden labels: the merchant’s colour wins, and each input keeps its name', async ({
  page,
}) => {
  await remountWith(page, {
    theme: 'dark',
    labelPosition: 'hidden',
    colorFocus: 'rgb(255, 176, 0)',
    borderWidth: '2px',
  });
  const frame = page.frameLocator('svc-card-form iframe');
  // getByLabel finds an input by its accessible name: the hidden label still gives it.
  const number = frame.getByLabel('Card number', { exact: true });
  await expect(number).toHaveCSS('background-color', 'rgb(17, 17, 17)');
  await expect(number).toHaveCSS('color', 'rgb(238, 238, 238)');
  await expect(number).toHaveCSS('border-top-width', '2px');
  await expect(number).toHaveAttribute('placeholder', 'Card number');
  await expect(frame.locator('label', { hasText: 'Card number' })).toHaveCSS('position', 'absolute');
  await number.focus();
  await expect(number).toHaveCSS('outline-color', 'rgb(255, 176, 0)');
  await expect(frame.getByLabel('Name on card')).toBeVisible();
});

test('the host takes the frame’s height without a layout shift', async ({ page }) => {
  const shift = await page.evaluate(async () => {
    let total = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) total += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    return total;
  });
  const heights = await page.evaluate(() => {
    const frame = document.querySelector('svc-card-form')?.shadowRoot?.querySelector('iframe');
    return frame?.getBoundingClientRect().height ?? 0;
  });
  expect(heights).toBeGreaterThan(200);
  expect(shift).toBeLessThan(0.01);
});

test('a paid form is completed: locked, a second Pay pays nothing, clear() starts over', async ({ page }) => {
  const card = new CardPage(page);
  const payments: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/pay')) payments.push(request.url());
  });
  await card.fill({ number: '4111111111111111' });
  await card.pay();
  await expect(card.status).toHaveText(/^Payment authorized/);
  await expect(page.locator('svc-card-form')).toHaveAttribute('completed', '');
  await expect(card.number).toBeDisabled();
  await expect(card.cvc).toBeDisabled();

  // The README's page charged again on every click: now the same result comes back, with no request.
  await card.pay();
  await card.pay();
  const again = await page.evaluate(async () => {
    const result = await (window as unknown as { demo: { checkout: Checkout } }).demo.checkout.submit();
    return result.ok ? result.token : result.error.code;
  });
  expect(again).toMatch(/^tok_/);
  expect(card.tokenCalls('Generate')).toHaveLength(1);
  expect(payments).toHaveLength(1);

  await page.evaluate(() => {
    document.querySelector('svc-card-form')?.clear();
  });
  await expect(page.locator('svc-card-form')).not.toHaveAttribute('completed');
  await expect(card.number).toBeEnabled();
  await expect(card.number).toHaveValue('');
  await card.fill({ number: '5555555555554444' });
  await card.pay();
  await expect.poll(() => payments.length).toBe(2);
  expect(card.tokenCalls('Generate')).toHaveLength(2);
  // One order per session: the merchant backend refuses to pay it twice, whatever the page does.
  await expect(card.statusLine).toHaveText('This order is already paid.');
  await expect(card.statusDetail).toContainText('order_already_paid');
});

test('a declined payment opens the form again and says why; another card then pays', async ({ page }) => {
  const card = new CardPage(page);
  await card.fill({ number: '4000000000009995' });
  await card.pay();
  await expect(card.status).toHaveText('Payment declined: Visa ending in 9995');
  await expect(card.frame.getByRole('alert')).toHaveText(
    'Not enough balance or credit limit on this card. Use another card.',
  );
  await expect(page.locator('svc-card-form')).not.toHaveAttribute('completed');
  await expect(card.number).toBeEnabled();
  await expect(card.number).toHaveValue('4000 0000 0000 9995');
  await card.number.fill('4111111111111111');
  await card.pay();
  await expect(card.status).toHaveText('Payment authorized: Visa ending in 1111');
  await expect(card.frame.getByRole('alert')).toBeHidden();
  expect(card.tokenCalls('Generate')).toHaveLength(2);
});

/**
 * On the plain page: a card typed, then its session expired at the sandbox, then Pay, which says so.
 * `sessionId` reads the page's session (a new one once the page took it: checkout.updateSession).
 */
async function payOnExpiredSession(page: Page, request: APIRequestContext) {
  const card = new CardPage(page);
  await card.fill({ number: '4111111111111111' });
  const sessionId = () =>
    page.evaluate(
      () => (window as unknown as { demo: { session: { sessionId: string } } }).demo.session.sessionId,
    );
  const expired = await sessionId();
  const control = await request.post(`${TOKEN_ORIGIN}/__sandbox/sessions/expire`, {
    headers: { 'x-sandbox-control': '1' },
    data: { sessionId: expired },
  });
  expect(control.status()).toBe(200);
  await card.pay();
  await expect(card.statusLine).toHaveText(
    'This payment page expired. Pay again: the form keeps what you typed.',
  );
  await expect(card.statusDetail).toContainText('session_expired');
  return { card, sessionId, expired };
}

test('after a new session, a card typed then is set up for 3DS with the new session, and pays', async ({
  page,
  request,
  browserName,
}) => {
  const { card, sessionId, expired } = await payOnExpiredSession(page, request);
  await expect.poll(sessionId).not.toBe(expired);
  const renewed = await sessionId();
  const before = card.requests.length;
  // Another card, typed on the new session: its 3DS setup starts as the number becomes valid again.
  await card.number.fill('');
  await card.number.fill('4000000000002701');
  await card.expiry.fill(THREE_DS_EXPIRY);
  const setups = () =>
    card.requests
      .slice(before)
      .filter((r) => r.method() === 'POST' && r.url() === `${TOKEN_ORIGIN}/api/ThreeDS/Setup`);
  await expect.poll(() => setups().length).toBeGreaterThan(0);
  await card.pay();
  await expect(card.status).toHaveText(/^Payment authorized/);
  // (Firefox's WebDriver BiDi hands Playwright no request bodies: Chromium checks them.)
  if (browserName !== 'chromium') return;
  expect(setups().map((r) => (r.postDataJSON() as { sessionId: string }).sessionId)).toEqual(
    setups().map(() => renewed),
  );
});

test('an expired session tells the shopper so, and a new one pays with what they typed', async ({
  page,
  request,
}) => {
  const { card, sessionId, expired } = await payOnExpiredSession(page, request);
  // Not "check the card data": checking it again cannot help.
  await expect(card.frame.getByRole('alert')).toHaveText(
    'This payment session expired. Your details are kept: try again in a moment.',
  );
  // The page took a new session (checkout.updateSession); the fields kept the card.
  await expect.poll(sessionId).not.toBe(expired);
  await expect(card.number).toHaveValue('4111 1111 1111 1111');
  await card.pay();
  await expect(card.status).toHaveText(/^Payment authorized/);
  expect(card.tokenCalls('Generate')).toHaveLength(2);
});
