// The script-tag builds carry pt-BR's strings and load en's and es's from a file next to the script
// (src/i18n/load-locale.script.ts): the shopper never sees the wrong language while it comes, and a
// file that does not come leaves a working form in Portuguese, with the reason on the console.
import { expect, test, type Page } from '@playwright/test';
import { localeFile } from '../scripts/artifacts.ts';
import { CardPage } from './models/card-page.ts';

/** Every text the card frame's body showed, recorded in the frame from its first script on. */
async function recordFrameTexts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (!location.pathname.includes('/frames/')) return;
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    new MutationObserver(() => {
      seen.push(document.body.innerText);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

const frameTexts = (page: Page) =>
  page
    .frames()
    .find((frame) => frame.url().includes('/frames/'))
    ?.evaluate(() => (window as unknown as { seen: string[] }).seen.join('\n'));

test('an English page loads its strings beside the frame, once, and shows no Portuguese meanwhile', async ({
  page,
}) => {
  await recordFrameTexts(page);
  const order: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url.endsWith(`/sdk/${localeFile('en')}`)) order.push('strings');
    // What the frame asks for once its fields show (its own script comes in its document).
    else if (/\/frames\/.*\/assets\/card-later-[\w-]+\.js$/.test(url)) order.push('frame chunk');
  });
  // The strings come late: the frame waits for them, not the shopper for pt-BR's.
  await page.route(`**/sdk/${localeFile('en')}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  const card = new CardPage(page);
  await card.open('?locale=en');
  await expect(card.frame.getByLabel('Card number')).toBeVisible();
  await expect(page.locator('svc-card-form iframe')).toHaveAttribute('title', 'Secure card payment form');
  // Asked for at construction, once, in parallel with the frame's document: long before the fields
  // show, which is when the frame asks for its later chunk.
  expect(order).toEqual(['strings', 'frame chunk']);
  const texts = await frameTexts(page);
  expect(texts).toContain('Card number');
  expect(texts).not.toMatch(/cartão|Validade/);
});

test('Spanish strings pinned by their integrity: a changed file is refused and the form is ready in pt-BR', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.route(`**/sdk/${localeFile('es')}`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: (await response.text()).replace('tarjeta', 'tarjetx') });
  });
  const card = new CardPage(page);
  await card.open('?locale=es');
  await expect(card.frame.getByLabel('Número do cartão')).toBeVisible();
  expect(errors.join('\n')).toContain('es strings not loaded, pt-BR shown');
});

test('a locale file that cannot be fetched leaves the form in pt-BR, ready as soon as the failure is known', async ({
  page,
}) => {
  await page.route(`**/sdk/${localeFile('en')}`, (route) => route.abort());
  const card = new CardPage(page);
  await card.open('?locale=en');
  await expect(card.frame.getByLabel('Número do cartão')).toBeVisible();
});
