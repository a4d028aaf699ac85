// 3DS calls that fail: the setup and the enrollment (Token/Generate with the setup's code) answering
// 500, not answering, or answering with broken JSON. Each ends in a typed error the shopper is told
// about, the form stays usable, and paying again once the fault is gone works.

import { expect, test, type Page, type Route } from '@playwright/test';
import { TEST_CARDS } from '../sandbox/three-ds/test-cards.ts';
import { CardPage, TOKEN_ORIGIN, year } from './models/card-page.ts';

const TEST_EXPIRY = `01 / ${String(year % 100)}`;

const FAULTS: [string, (route: Route) => Promise<void>, { code: string; type: string }][] = [
  [
    'HTTP 500',
    (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }),
    { code: 'service_unavailable', type: 'service' },
  ],
  [
    'a connection that times out',
    (route) => route.abort('timedout'),
    { code: 'network_error', type: 'network' },
  ],
  [
    'malformed JSON',
    (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"enabled": tru' }),
    { code: 'invalid_response', type: 'service' },
  ],
];

async function lastError(page: Page): Promise<{ code: string; type: string; message: string } | undefined> {
  return page.evaluate(() => {
    const result = (window as unknown as { demo: { lastResult?: { error?: Record<string, string> } } }).demo
      .lastResult;
    const error = result?.error;
    return error === undefined
      ? undefined
      : { code: error['code'] ?? '', type: error['type'] ?? '', message: error['message'] ?? '' };
  });
}

for (const endpoint of ['ThreeDS/Setup', 'Token/Generate']) {
  test(`a failing ${endpoint} ends in a typed error each time, and paying again works`, async ({ page }) => {
    test.slow(); // four payments
    const card = new CardPage(page);
    await card.open();
    const url = `${TOKEN_ORIGIN}/api/${endpoint}`;
    for (const [name, fault, expected] of FAULTS) {
      await page.route(url, fault);
      await card.fill({ number: TEST_CARDS['001'].frictionless_success, expiry: TEST_EXPIRY });
      await card.pay();
      await expect(card.status, name).toContainText(`(${expected.code})`);
      expect(await lastError(page), name).toMatchObject(expected);
      // No card data in what the merchant got.
      expect((await lastError(page))?.message).not.toContain('4000000000002701');
      await expect(card.frame.getByRole('alert'), name).not.toBeEmpty();
      await expect(card.payButton).toBeEnabled();
      await expect(card.number).toBeEditable();
      await page.unroute(url);
    }
    await card.pay();
    await expect(card.status).toContainText('Payment authorized');
    await expect(card.status).toContainText('3DS Y');
  });
}
