// Going offline in the middle of a payment, and a merchant page that spies on everything it can:
// the shopper gets a clear error and can pay once back online; the spy never sees card data.

import { expect, test } from '@playwright/test';
import { CardPage } from './models/card-page.ts';

const NUMBER = '4111111111111111';
const CVV = '737';
const MERCHANT_ORIGIN = 'http://127.0.0.1:4173';

test('offline during submit: a clear error, then success once back online', async ({ page, context }) => {
  const card = new CardPage(page);
  await card.open();
  await card.fill({ number: NUMBER, cvc: CVV });
  await context.setOffline(true);
  await card.pay();
  await expect(card.status).toContainText('errors.md#network_error');
  await expect(card.frame.getByRole('alert')).toHaveText(
    'We could not reach the payment service. Check your connection and try again.',
  );
  await expect(card.payButton).toBeEnabled();
  await context.setOffline(false);
  await card.pay();
  await expect(card.status).toHaveText(/^Payment authorized/);
});

test('the card frame’s later code failing to load: a clear error, and the next Pay loads it again', async ({
  page,
}) => {
  let reachable = false;
  let refused = 0;
  await page.route(/\/frames\/[^/]+\/assets\/card-later-[^/?]*\.js(\?.*)?$/, async (route) => {
    if (reachable) {
      await route.continue();
      return;
    }
    refused += 1;
    await route.abort('connectionreset');
  });
  const card = new CardPage(page);
  await card.open();
  await card.fill({ number: NUMBER, cvc: CVV });
  await card.pay();
  await expect(card.status).toContainText('errors.md#network_error');
  // Each attempt asked again (after the fields showed, when the number became valid, and at submit):
  // a failure is not kept.
  expect(refused).toBeGreaterThanOrEqual(2);
  reachable = true;
  await card.pay();
  await expect(card.status).toHaveText(/^Payment authorized/);
});

test('a page that overrides fetch, postMessage, addEventListener and input values before the script loads never sees card data', async ({
  page,
}) => {
  // Runs in every document before its scripts; only the merchant's page turns hostile.
  await page.addInitScript((merchant) => {
    if (location.origin !== merchant) return;
    const seen: string[] = [];
    (window as unknown as { spied: string[] }).spied = seen;
    const note = (what: string, value: unknown) => {
      try {
        seen.push(`${what}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
      } catch {
        seen.push(`${what}: (unserialisable)`);
      }
    };
    const fetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      note('fetch', { input: String(input instanceof Request ? input.url : input), body: init?.body });
      return fetch(input, init);
    };
    const postMessage = window.postMessage.bind(window);
    window.postMessage = ((message: unknown, ...rest: [string, Transferable[]?]) => {
      note('postMessage', message);
      postMessage(message, ...rest);
    }) as typeof window.postMessage;
    // Taken as descriptors' values: the originals, to call with the page's own `this`.
    type Method = (this: unknown, ...args: unknown[]) => void;
    const original = (proto: object, name: string) =>
      Object.getOwnPropertyDescriptor(proto, name)?.value as Method;
    const portPost = original(MessagePort.prototype, 'postMessage');
    MessagePort.prototype.postMessage = function (this: MessagePort, message: unknown, ...rest: unknown[]) {
      note('port.postMessage', message);
      portPost.call(this, message, ...rest);
    };
    const listen = original(EventTarget.prototype, 'addEventListener');
    EventTarget.prototype.addEventListener = function (
      this: EventTarget,
      type: string,
      listener: EventListenerOrEventListenerObject | null,
      options?: boolean | AddEventListenerOptions,
    ) {
      listen.call(
        this,
        type,
        (event: Event) => {
          note(
            `event ${type}`,
            event instanceof MessageEvent ? event.data : (event as Event & { detail?: unknown }).detail,
          );
        },
        options,
      );
      listen.call(this, type, listener, options);
    };
    const value = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
    Object.defineProperty(HTMLInputElement.prototype, 'value', {
      get(this: HTMLInputElement) {
        const current = value?.get?.call(this) as string;
        note('input.value', current);
        return current;
      },
      set(this: HTMLInputElement, next: string) {
        note('input.value=', next);
        value?.set?.call(this, next);
      },
    });
  }, MERCHANT_ORIGIN);

  const card = new CardPage(page);
  await card.open();
  await card.fill({ number: NUMBER, cvc: CVV });
  await card.pay();
  await expect(card.status).toHaveText(/^Payment authorized/);

  const spied = await page.evaluate(() => (window as unknown as { spied: string[] }).spied.join('\n'));
  // The spy did see the checkout's traffic: the handshake, the port, the merchant's own calls.
  expect(spied).toContain('svc:hello');
  expect(spied).toContain('port.postMessage');
  expect(spied).toContain('/api/pay');
  for (const secret of [NUMBER, '4111 1111', `"${CVV}"`, `: ${CVV}`]) expect(spied).not.toContain(secret);
});
