// The demo's card page, as a shopper uses it: the fields live in the token host's frame.

import { expect, type FrameLocator, type Locator, type Page, type Request } from '@playwright/test';

export const TOKEN_ORIGIN = 'http://localhost:4174';
export const year = new Date().getUTCFullYear() + 3;
export const EXPIRY = `12 / ${String(year % 100)}`;
/** The expiry the sandbox's 3DS test cards authenticate with: 01 / (this year + 3). */
export const THREE_DS_EXPIRY = `01 / ${String(year % 100)}`;

/** How many results the demo page's callback has received (`window.demo.results`). */
export function resultCount(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { demo: { results: number } }).demo.results);
}

/**
 * The last result the demo page's callback received, with a CheckoutError as `{code, type, message}`
 * (structured cloning keeps no more of it). With `since`, first waits for a result after that count.
 */
export async function lastResult(page: Page, since?: number): Promise<Record<string, unknown>> {
  // Polled in the page every 50 ms: callers time the result (the fault matrix's 20 s call limit), and
  // expect.poll's backoff would add up to a second.
  if (since !== undefined)
    await page.waitForFunction(
      (after) => (window as unknown as { demo: { results: number } }).demo.results > after,
      since,
      { timeout: 25_000, polling: 50 },
    );
  return page.evaluate(() => {
    const result = (window as unknown as { demo: { lastResult: Record<string, unknown> } }).demo.lastResult;
    const error = result['error'] as { code: string; type: string; message: string } | undefined;
    return error === undefined
      ? result
      : { ...result, error: { code: error.code, type: error.type, message: error.message } };
  });
}

export interface CardInput {
  number: string;
  expiry?: string;
  cvc?: string;
  holder?: string;
}

/**
 * Holds the requests to `url` (a Playwright route pattern) back until the returned function lets them
 * go. Route before the page loads: a route added while the card frame (another process) was up once
 * never saw the frame's request.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release: (() => void) | undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return () => release?.();
}

/**
 * Holds the merchant backend's session answers back until the returned function lets them go: a page
 * that waited for its session before mounting the card form would never request the frame meanwhile.
 */
export const holdSessions = (page: Page) => holdRequests(page, '**/api/session');

export class CardPage {
  readonly frame: FrameLocator;
  readonly requests: Request[] = [];

  /** @param path - The demo page with the card form: the card page, or the client-script-for-everything page. */
  constructor(
    readonly page: Page,
    readonly path = '/card.html',
  ) {
    this.frame = page.frameLocator('svc-card-form iframe');
    page.on('request', (request) => this.requests.push(request));
  }

  async open(query = ''): Promise<void> {
    await this.page.goto(`${this.path}${query}`);
    await expect(this.payButton).toBeEnabled();
  }

  get payButton(): Locator {
    // The card's Pay button, not "Pay … with Pix" beside it on the client-script-for-everything page; by
    // its id, as its name is in the page's language ("Pagar R$ 120,00" with ?locale=pt-BR).
    return this.page.locator('#pay');
  }

  /** The shopper's sentence in #status, above the developer's detail. */
  get statusLine(): Locator {
    return this.status.locator('p').first();
  }

  /** The developer's words under it: the error's code and message, in a collapsed detail. */
  get statusDetail(): Locator {
    return this.status.locator('details');
  }

  /**
   * Clicks Pay as a shopper would: with the button scrolled into view first. Chromium can misroute a
   * click that lands in the same frame as a scroll next to an out-of-process iframe.
   */
  async pay(): Promise<void> {
    await this.payButton.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        this.page.evaluate(() => {
          const button = document.getElementById('pay');
          const box = button?.getBoundingClientRect();
          return (
            box !== undefined &&
            document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) === button
          );
        }),
      )
      .toBe(true);
    await this.payButton.click();
  }

  field(label: string | RegExp): Locator {
    return this.frame.getByLabel(label, { exact: typeof label === 'string' });
  }

  get number(): Locator {
    return this.field('Card number');
  }
  get expiry(): Locator {
    return this.field('Expiry date');
  }
  get cvc(): Locator {
    return this.field('Security code');
  }
  get holder(): Locator {
    return this.field('Name on card');
  }

  async fill(card: CardInput): Promise<void> {
    await this.number.fill(card.number);
    await this.expiry.fill(card.expiry ?? EXPIRY);
    await this.cvc.fill(card.cvc ?? '123');
    await this.holder.fill(card.holder ?? 'Ada Lovelace');
  }

  /** Waits until the host has sized the frame to its content (after errors appear, say). */
  async settled(): Promise<void> {
    const frame = this.page.frames().find((f) => f.url().startsWith(`${TOKEN_ORIGIN}/frames/`));
    if (frame === undefined) throw new Error('no card frame');
    await expect
      .poll(async () => {
        const content = await frame.evaluate(() =>
          Math.ceil(document.documentElement.getBoundingClientRect().height),
        );
        const box = await this.page.locator('svc-card-form iframe').boundingBox();
        return Math.abs((box?.height ?? 0) - content) <= 1;
      })
      .toBe(true);
  }

  get status(): Locator {
    return this.page.locator('#status');
  }

  async record(): Promise<Record<string, unknown>> {
    await expect(this.page.locator('#record')).toBeVisible();
    return JSON.parse((await this.page.locator('#record').textContent()) ?? '{}') as Record<string, unknown>;
  }

  /** Requests to the token API, by endpoint name (Generate, List, Bind). */
  tokenCalls(endpoint: string): Request[] {
    return this.requests.filter(
      (r) => r.method() === 'POST' && r.url() === `${TOKEN_ORIGIN}/api/Token/${endpoint}`,
    );
  }
}
