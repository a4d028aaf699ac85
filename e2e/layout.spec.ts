// The card form's layout in every shipped locale at phone and desktop widths, measured from the input
// boxes (no screenshots): the inputs of a row line up, whatever their labels' length.

import { expect, test } from '@playwright/test';
import { CardPage } from './models/card-page.ts';

const WIDTHS = [320, 390, 448, 1280];

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

for (const locale of ['pt-BR', 'en', 'es']) {
  test(`the inputs of a row line up at ${WIDTHS.join(', ')} px (${locale})`, async ({ page }) => {
    const card = new CardPage(page);
    await page.setViewportSize({ width: WIDTHS[0] ?? 320, height: 900 });
    await card.open(`?locale=${locale}`);
    // The four card inputs, then the installments select the shop offers on this order.
    const inputs = card.frame.locator('.svc-input');
    await expect(inputs).toHaveCount(5);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const misaligned = async () => {
        const [number, expiry, cvc, holder, installments] = await inputs.evaluateAll((elements) =>
          elements.map((element): Box => {
            const { top, bottom, left, right } = element.getBoundingClientRect();
            return { top, bottom, left, right };
          }),
        );
        if (!number || !expiry || !cvc || !holder || !installments) return ['missing inputs'];
        const off = (a: number, b: number) => Math.abs(a - b) > 0.5;
        return [
          off(expiry.top, cvc.top) && `expiry top ${String(expiry.top)} vs security code ${String(cvc.top)}`,
          off(expiry.bottom, cvc.bottom) && `expiry bottom ${String(expiry.bottom)} vs ${String(cvc.bottom)}`,
          off(number.left, expiry.left) && 'expiry not under the number’s left edge',
          off(number.right, cvc.right) && 'security code not under the number’s right edge',
          (off(holder.left, number.left) || off(holder.right, number.right)) &&
            'name not as wide as the number',
          (off(installments.left, number.left) || off(installments.right, number.right)) &&
            'installments not as wide as the number',
          !(expiry.top > number.bottom && holder.top > cvc.bottom && installments.top > holder.bottom) &&
            'rows overlap',
        ].filter(Boolean);
      };
      await expect.poll(misaligned, { message: `${locale} at ${String(width)} px` }).toEqual([]);
    }
  });
}

// The Layout Instability API is Chromium's only: elsewhere the observer would see nothing, and prove nothing.
for (const locale of ['pt-BR', 'en', 'es']) {
  test(`the card page does not jump while the form loads, at 390 and 1280 px (${locale})`, async ({
    page,
    browserName,
  }) => {
    test.skip(browserName !== 'chromium', 'layout-shift entries exist in Chromium only');
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[])
          if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const card = new CardPage(page);
      await card.open(`?locale=${locale}`);
      // The frame has reported its own height by the time it is ready; a shift would have happened.
      await page.waitForTimeout(500);
      const total = await page.evaluate(() =>
        (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0),
      );
      expect(total, `cumulative layout shift at ${String(width)} px`).toBeLessThan(0.01);
    }
  });
}
