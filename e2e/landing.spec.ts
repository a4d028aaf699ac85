import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './models/axe.ts';

test('the landing page lists the four integration modes and sees the sandbox', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout demo' })).toBeVisible();
  const modes = page
    .getByRole('table', { name: "The service's integration modes for direct integrators" })
    .getByRole('rowheader');
  await expect(modes).toHaveText([
    '3DS with pure JS',
    '3DS using the client script for tokenization',
    '3DS using the client script for everything',
    '3DS with manual tokenization',
  ]);
  await expect(page.getByRole('status')).toHaveText('Sandbox connected: account "demo" (sandbox).');
  // Each mode has its demo page.
  const pages = page.locator('tr[data-mode] a');
  expect(await pages.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
    '/manual.html',
    '/card.html',
    '/everything.html',
    '/manual.html?own-fetch',
  ]);
});

test('the landing page has no WCAG 2.1 AA violation', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('status')).toContainText('Sandbox connected');
  await expectNoAxeViolations(page);
});
