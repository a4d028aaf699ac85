// The demo pages' layout at a phone's and a desktop's width, in Portuguese and English, measured from
// boxes (no screenshots): nothing scrolls sideways, the main column's blocks do not overlap, and the
// outcome after a declined or failed payment (the shopper's sentence, the developer's detail opened)
// stays within the viewport. The language is the page's and the form's: ?locale=… and the browser's.

import { expect, test, type Page } from '@playwright/test';
import { CardPage, EXPIRY } from './models/card-page.ts';
import { WalletsPage } from './models/wallets-page.ts';

const WIDTHS = [390, 1280];
const LOCALES = ['pt-BR', 'en'] as const;

/** What the page shows once it is ready, and how to end a payment there in a decline or a failure. */
interface DemoPage {
  path: string;
  ready: (page: Page) => Promise<void>;
  fail?: (page: Page) => Promise<void>;
}

/** A card page: ready when its Pay button is; the sandbox's declined card, paid. */
const cardPage = (path: string): DemoPage => ({
  path,
  ready: async (page) => {
    await expect(new CardPage(page, path).payButton).toBeEnabled({ timeout: 15_000 });
  },
  fail: async (page) => {
    const card = new CardPage(page, path);
    // By the fields' elements: their labels are in the form's language.
    await card.frame.locator('svc-card-number input').fill('4000000000000002');
    await card.frame.locator('svc-card-expiry input').fill(EXPIRY);
    await card.frame.locator('svc-card-cvc input').fill('123');
    await card.frame.locator('svc-card-holder input').fill('Ada Lovelace');
    await card.pay();
  },
});

const PAGES: DemoPage[] = [
  {
    path: '/',
    ready: async (page) => {
      await expect(page.locator('#sandbox-status')).toContainText('Sandbox');
    },
  },
  cardPage('/card.html'),
  cardPage('/everything.html'),
  cardPage('/plain.html'),
  cardPage('/debit.html'),
  {
    path: '/manual.html',
    ready: async (page) => {
      await expect(page.locator('#pay')).toBeEnabled();
    },
    // A number that fails its check digit: card_number_invalid, with the error's message in the detail.
    fail: async (page) => {
      await page.locator('#number').fill('4111 1111 1111 1112');
      await page.locator('#month').fill('12');
      await page.locator('#year').fill(String(new Date().getUTCFullYear() + 3));
      await page.locator('#cvv').fill('123');
      await page.locator('#holder').fill('Ada Lovelace');
      await page.locator('#pay').click();
    },
  },
  {
    path: '/boleto.html',
    ready: async (page) => {
      await expect(page.locator('#pay')).toBeEnabled();
    },
    // A CPF with wrong check digits: payer_invalid, naming the field in the detail.
    fail: async (page) => {
      await page.locator('#payer-document').fill('111.111.111-11');
      await page.locator('#pay').click();
    },
  },
  {
    path: '/pix.html',
    ready: async (page) => {
      await expect(page.locator('#pix-slot').getByRole('img').first()).toBeVisible({ timeout: 15_000 });
    },
    // The shop's backend could not create the Pix: a long message, without spaces to break at.
    fail: async (page) => {
      await page.route('**/api/pix', (route) =>
        route.fulfill({
          status: 502,
          contentType: 'application/json',
          body: JSON.stringify({
            error: {
              code: 'service_unavailable',
              message: `https://service.example/Payment/Init/${'x'.repeat(120)} did not answer`,
            },
          }),
        }),
      );
      await page.reload();
    },
  },
  {
    path: '/wallets.html',
    // Both wallets' scripts answered and their buttons show (WalletsPage.open()'s wait).
    ready: async (page) => {
      const wallets = new WalletsPage(page);
      await expect(wallets.googlePay).toHaveAttribute('data-svc-wallet', 'ready', { timeout: 15_000 });
      await expect(wallets.applePay).toHaveAttribute('data-svc-wallet', 'ready');
      await expect(wallets.googlePayButton).toBeVisible();
    },
    // The shopper closes Google Pay's sheet: wallet_cancelled.
    fail: async (page) => {
      const wallets = new WalletsPage(page);
      await wallets.googlePayButton.click();
      await wallets.googleSheet.getByRole('button', { name: 'Cancel' }).click();
    },
  },
  {
    path: '/spa/',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    },
  },
];

/** Sideways scrolling, if any: how far the document is wider than the viewport. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * The blocks of the main column (and of its sections and forms), in document order, that overlap the
 * one before them: each should start below where the previous one ends.
 */
const overlaps = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${
        element.classList.length > 0 ? `.${[...element.classList].join('.')}` : ''
      }`;
    for (const group of document.querySelectorAll('main, main > section, main .checkout')) {
      const boxes = [...group.children]
        .filter((element) => {
          const style = getComputedStyle(element);
          return style.display !== 'none' && style.position !== 'absolute' && style.position !== 'fixed';
        })
        .map((element) => ({ element, box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && box.height > 0);
      for (let i = 1; i < boxes.length; i++) {
        const before = boxes[i - 1];
        const after = boxes[i];
        if (before === undefined || after === undefined) continue;
        const apart =
          after.box.top >= before.box.bottom - 0.5 ||
          after.box.left >= before.box.right - 0.5 ||
          after.box.right <= before.box.left + 0.5;
        if (!apart) found.push(`${name(before.element)} and ${name(after.element)} overlap`);
      }
    }
    return found;
  });

/** The outcome's box against the viewport, its developer's detail opened if it has one. */
const statusOutside = (page: Page) =>
  page.evaluate(() => {
    const status = document.getElementById('status');
    if (status === null) return ['no #status'];
    const box = status.getBoundingClientRect();
    const widest = Math.max(
      box.right,
      ...[...status.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right),
    );
    return [
      box.left < 0 && `starts at ${String(box.left)}`,
      widest > window.innerWidth + 0.5 && `reaches ${String(widest)} of ${String(window.innerWidth)}`,
    ].filter((problem): problem is string => typeof problem === 'string');
  });

for (const locale of LOCALES) {
  test.describe(`in ${locale}`, () => {
    // The browser's language and the address's agree: every page speaks the form's.
    test.use({ locale: locale === 'en' ? 'en-US' : 'pt-BR' });

    for (const demo of PAGES) {
      test(`${demo.path} fits ${WIDTHS.join(' and ')} px without overlaps${
        demo.fail ? ', its outcome after a failed payment too' : ''
      } (${locale})`, async ({ page }) => {
        test.setTimeout(60_000);
        await page.setViewportSize({ width: WIDTHS[0] ?? 390, height: 900 });
        await page.goto(`${demo.path}?locale=${locale}`);
        await demo.ready(page);
        if (demo.path !== '/spa/') await expect(page.locator('html')).toHaveAttribute('lang', locale);
        const check = async (when: string) => {
          for (const width of WIDTHS) {
            await page.setViewportSize({ width, height: 900 });
            const at = `${when} at ${String(width)} px`;
            await expect
              .poll(() => overflow(page), { message: `${at}: sideways scroll` })
              .toBeLessThanOrEqual(0);
            await expect.poll(() => overlaps(page), { message: at }).toEqual([]);
          }
        };
        await check('ready');
        if (demo.path === '/spa/') {
          // The payment view: the form, its Pay button and the way back.
          await page.locator('main button').first().click();
          await expect(page.locator('svc-card-form iframe')).toHaveCount(1);
          await check('payment view');
        }
        if (demo.fail === undefined) return;
        await page.setViewportSize({ width: WIDTHS[0] ?? 390, height: 900 });
        await demo.fail(page);
        const status = page.locator('#status');
        await expect(status.locator('p').first()).not.toBeEmpty({ timeout: 15_000 });
        // Not a step on the way: the payment ended.
        await expect(status).not.toHaveText(/…$/, { timeout: 15_000 });
        const details = status.locator('details');
        if ((await details.count()) > 0) {
          // The page may write its outcome again (the same words, a new element) once the form has
          // shown the decline: open whichever is there until it stays open.
          await expect(async () => {
            if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
            await expect(details).toHaveAttribute('open', '', { timeout: 1_000 });
          }).toPass({ timeout: 10_000 });
        }
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          const at = `the outcome at ${String(width)} px`;
          await expect.poll(() => statusOutside(page), { message: at }).toEqual([]);
          await expect
            .poll(() => overflow(page), { message: `${at}: sideways scroll` })
            .toBeLessThanOrEqual(0);
          await expect.poll(() => overlaps(page), { message: at }).toEqual([]);
        }
      });
    }
  });
}
