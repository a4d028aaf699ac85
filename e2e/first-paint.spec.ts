// "Ready" means the shopper can see the fields: the card frame paints (its skeleton, from the document
// and the styles in it, before the handshake) before it tells the page it is ready. Read on the frame's
// own clock: its paint timing entries and the `svc-ready` mark it records just before posting `ready`.

import { expect, test, type Route } from '@playwright/test';
import { framesDir } from '../scripts/artifacts.ts';
import { CardPage, EXPIRY, TOKEN_ORIGIN } from './models/card-page.ts';

for (const width of [390, 1280]) {
  test(`the card frame paints before it says ready, at ${String(width)} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const card = new CardPage(page);
    await card.open('?locale=en');
    const frame = page.frames().find((f) => f.url().startsWith(`${TOKEN_ORIGIN}/${framesDir()}/card.html`));
    if (frame === undefined) throw new Error('no card frame on the page');
    // Paint entries are queued after the paint: waited for (a frame that painted late has them later).
    const times = await frame.evaluate(
      () =>
        new Promise<{ ready: number[]; paints: Record<string, number> }>((resolve) => {
          const read = () => {
            const paints = Object.fromEntries(
              performance.getEntriesByType('paint').map((entry) => [entry.name, entry.startTime]),
            );
            const ready = performance.getEntriesByName('svc-ready', 'mark').map((entry) => entry.startTime);
            return { ready, paints };
          };
          const observer = new PerformanceObserver(() => {
            if (performance.getEntriesByName('first-contentful-paint').length === 0) return;
            observer.disconnect();
            resolve(read());
          });
          observer.observe({ type: 'paint', buffered: true });
          // Without a contentful paint, what there is (the test then says which entry is missing).
          setTimeout(() => {
            resolve(read());
          }, 5_000);
        }),
    );
    console.log(`first paint vs ready at ${String(width)} px:`, JSON.stringify(times));
    expect(times.ready, 'the frame marks svc-ready once').toHaveLength(1);
    const contentful = times.paints['first-contentful-paint'];
    expect(contentful, 'first-contentful-paint').toBeDefined();
    for (const [name, at] of Object.entries(times.paints))
      expect(at, `${name} (ms on the frame's clock) after svc-ready`).toBeLessThanOrEqual(
        times.ready[0] ?? 0,
      );
  });
}

/**
 * The card frame's height on the page (what the page reserves, or what the fields reported) and its
 * four card inputs' boxes (the skeleton's, or the fields').
 */
function frameBoxes(selector: string) {
  const inputs = [...document.querySelectorAll(selector)].slice(0, 4).map((element) => {
    const { top, left, width, height } = element.getBoundingClientRect();
    return { top, left, width, height };
  });
  return { height: window.innerHeight, inputs };
}

// Swapping the skeleton for the fields moves nothing on the page: the skeleton fills the height the page
// reserves for the fields (the form's own, give or take the 3 px the reservation allows:
// layout.spec.ts). Inside the frame its boxes are the inputs' own where its labels take the lines the
// page's language's do (card-frame.css): the frame cannot know that language before the page sends
// its strings, so the number's box always, all four where the skeleton's lines are the language's.
const ALL_FOUR: Readonly<Record<string, readonly number[]>> = {
  en: [1280],
  'pt-BR': [390],
  es: [390, 1280],
};

// Per field set: the card page's (the save-card box and installments; the CPF/CNPJ field with
// `document`), and the plain page's card alone (in English only). The skeleton draws the boxes every
// set shares, the four card inputs, where the fields put them; the page reserves the height of the
// rest, where the set's other fields appear below them.
const FIELD_SETS = [
  { set: 'save-card box and installments', path: '/card.html?locale=', locales: ['en', 'pt-BR', 'es'] },
  {
    set: 'CPF/CNPJ, save-card box and installments',
    path: '/card.html?document&locale=',
    locales: ['en', 'pt-BR', 'es'],
  },
  { set: 'the card alone', path: '/plain.html?locale=', locales: ['en'] },
] as const;

for (const { set, path, locales } of FIELD_SETS)
  for (const locale of locales)
    test(`the skeleton has the fields' size and boxes at 390 and 1280 px (${locale}, ${set})`, async ({
      page,
    }) => {
      const card = new CardPage(page, path.slice(0, path.indexOf('?')));
      // The frame's document without its script (the last thing in it): what the shopper sees before
      // it runs.
      const frameDocument = /\/frames\/[^/]+\/card\.html/;
      const withoutScript = async (route: Route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(/<script type="module">[\s\S]*<\/script>/, '');
        await route.fulfill({ response, body });
      };
      const inFrame = () => {
        // The live one: right after a navigation, the last page's frame may still be listed, detached.
        const frame = page
          .frames()
          .find((f) => !f.isDetached() && f.url().startsWith(`${TOKEN_ORIGIN}/${framesDir()}/card.html`));
        if (frame === undefined) throw new Error('no card frame on the page');
        return frame;
      };
      for (const width of [390, 1280]) {
        const at = `${locale} at ${String(width)} px`;
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${path}${locale}`);
        await expect(card.payButton).toBeEnabled();
        await card.settled();
        const fields = await inFrame().evaluate(frameBoxes, 'svc-card-fields .svc-input');
        // The same page with the frame's script held back.
        await page.context().route(frameDocument, withoutScript);
        await page.goto(`${path}${locale}`);
        await expect(card.frame.locator('.svc-skeleton')).toBeVisible();
        // Polled: the page lays out the host (its reservation) while the frame loads.
        const same = ALL_FOUR[locale]?.includes(width) === true ? 4 : 1;
        const differences = async () => {
          // A frame replaced while it is read is read again on the next poll.
          const skeleton = await inFrame()
            .evaluate(frameBoxes, '.svc-skeleton .svc-input')
            .catch((error: unknown) => String(error));
          if (typeof skeleton === 'string') return [skeleton];
          const off = (a: number, b: number | undefined, by: number) => !(Math.abs(a - (b ?? NaN)) <= by);
          return [
            off(skeleton.height, fields.height, 3) &&
              `height ${String(skeleton.height)}, the fields' ${String(fields.height)}`,
            skeleton.inputs.length !== 4 && `${String(skeleton.inputs.length)} boxes`,
            ...skeleton.inputs
              .slice(0, same)
              .flatMap((box, i) =>
                (['top', 'left', 'width', 'height'] as const)
                  .filter((side) => off(box[side], fields.inputs[i]?.[side], 0.5))
                  .map(
                    (side) =>
                      `input ${String(i)} ${side} ${String(box[side])}, the field's ${String(fields.inputs[i]?.[side])}`,
                  ),
              ),
          ].filter(Boolean);
        };
        await expect.poll(differences, { message: at }).toEqual([]);
        await page.context().unroute(frameDocument, withoutScript);
      }
    });

// A stored card's field set: the security code (mode=cvv), and the installments on the card page, whose
// frame the page reserves one field high; its skeleton shows only the code's box (card-frame.css), the
// field's own where its label takes the skeleton's lines: two below 406 px, one above, where Spanish's
// still takes two. Saved once, then chosen with the frame's script and without.
const CVC_BOX: Readonly<Record<string, readonly number[]>> = {
  en: [390, 1280],
  'pt-BR': [390, 1280],
  es: [390],
};
for (const locale of ['en', 'pt-BR', 'es'])
  test(`the stored card's skeleton has its field's size and box at 390 and 1280 px (${locale})`, async ({
    page,
  }, testInfo) => {
    const card = new CardPage(page);
    const url = `/card.html?locale=${locale}&customer=skeleton-${testInfo.project.name}-${String(Date.now())}`;
    const cvvFrame = () => {
      const frame = page.frames().find((f) => /\/card\.html\?.*mode=cvv/.test(f.url()));
      if (frame === undefined) throw new Error('no stored card frame on the page');
      return frame;
    };
    const frameDocument = /\/frames\/[^/]+\/card\.html\?.*mode=cvv/;
    const withoutScript = async (route: Route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/<script type="module">[\s\S]*<\/script>/, '');
      await route.fulfill({ response, body });
    };
    await page.goto(url);
    await expect(card.payButton).toBeEnabled();
    await card.frame.locator('svc-card-number input').fill('5555555555554444');
    await card.frame.locator('svc-card-expiry input').fill(EXPIRY);
    await card.frame.locator('svc-card-cvc input').fill('123');
    await card.frame.locator('svc-card-holder input').fill('Ada Lovelace');
    await card.frame.locator('.svc-save input').check();
    await card.pay();
    // In the page's language, the form's.
    await expect(card.status).toHaveText(
      { en: /^Payment authorized/, 'pt-BR': /^Pagamento autorizado/, es: /^Pago autorizado/ }[locale] ?? /^$/,
    );
    const saved = page.getByLabel(/Mastercard •••• 4444/);
    for (const width of [390, 1280]) {
      const at = `${locale} at ${String(width)} px`;
      await page.setViewportSize({ width, height: 900 });
      await page.goto(url);
      await saved.check();
      await expect(card.frame.locator('svc-card-cvc input')).toBeVisible();
      await card.settled();
      const field = await cvvFrame().evaluate(frameBoxes, 'svc-card-fields .svc-input');
      await page.context().route(frameDocument, withoutScript);
      await page.goto(url);
      await saved.check();
      await expect(card.frame.locator('.svc-skeleton')).toBeVisible();
      const differences = async () => {
        const skeleton = await cvvFrame().evaluate(frameBoxes, '.svc-skeleton svc-card-cvc .svc-input');
        const off = (a: number, b: number | undefined, by: number) => !(Math.abs(a - (b ?? NaN)) <= by);
        const box = skeleton.inputs[0];
        return [
          off(skeleton.height, field.height, 3) &&
            `height ${String(skeleton.height)}, the field's ${String(field.height)}`,
          ...(['top', 'left', 'width', 'height'] as const)
            .filter((side) => side !== 'top' || CVC_BOX[locale]?.includes(width) === true)
            .filter((side) => off(box?.[side] ?? NaN, field.inputs[0]?.[side], 0.5))
            .map((side) => `${side} ${String(box?.[side])}, the field's ${String(field.inputs[0]?.[side])}`),
        ].filter(Boolean);
      };
      await expect.poll(differences, { message: at }).toEqual([]);
      await page.context().unroute(frameDocument, withoutScript);
    }
  });
